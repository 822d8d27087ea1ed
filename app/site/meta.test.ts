import { describe, expect, test } from "vitest";
import { documentTitle, pageMeta } from "./meta";

const frame = (name: string) => ({
  id: "routes/site-layout",
  loaderData: { settings: { name, shortName: name, tagline: "", description: "" } },
});
const root = { id: "root", loaderData: { origin: "https://pub.example" } };

describe("page titles", () => {
  test("carry the site's name as the settings have it", () => {
    const meta = pageMeta({
      title: "Menu",
      description: "What we serve.",
      path: "/menu",
      matches: [root, frame("The Renamed Tavern")],
    });
    expect(meta).toContainEqual({ title: "Menu | The Renamed Tavern" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "The Renamed Tavern" });
    expect(meta).toContainEqual({
      property: "og:image:alt",
      content: "The Renamed Tavern: the taproom at dusk",
    });
  });

  test("the home page is the name alone; without the settings, the title alone", () => {
    expect(documentTitle("The Renamed Tavern", "The Renamed Tavern")).toBe("The Renamed Tavern");
    expect(documentTitle("Page Not Found", undefined)).toBe("Page Not Found");
    const meta = pageMeta({ title: "Menu", description: "", path: "/menu", matches: [root] });
    expect(meta).toContainEqual({ title: "Menu" });
    expect(meta.some((tag) => "property" in tag && tag.property === "og:site_name")).toBe(false);
  });
});
