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

describe("the share image", () => {
  const meta = pageMeta({
    title: "Menu",
    description: "",
    path: "/menu",
    matches: [root, frame("The Renamed Tavern")],
  });
  const content = (key: string) => {
    const tag = meta.find(
      (tag) => ("property" in tag ? tag.property : "name" in tag ? tag.name : "") === key,
    );
    return tag && "content" in tag ? tag.content : undefined;
  };

  test("is a 1200 × 630 JPEG rendition of the share card, typed as one", () => {
    const url = new URL(String(content("og:image")));
    expect(url.origin + url.pathname).toBe("https://pub.example/img/social/share-card.svg");
    expect(Object.fromEntries(url.searchParams)).toEqual({ w: "1200", h: "630", fm: "jpeg" });
    expect(content("og:image:type")).toBe("image/jpeg");
    expect(content("og:image:width")).toBe("1200");
    expect(content("og:image:height")).toBe("630");
  });

  test("is the same picture, with the same description, for X (Twitter)", () => {
    expect(content("twitter:card")).toBe("summary_large_image");
    expect(content("twitter:image")).toBe(content("og:image"));
    expect(content("twitter:image:alt")).toBe("The Renamed Tavern: the taproom at dusk");
  });

  test("is left out while the origin is not known", () => {
    const withoutOrigin = pageMeta({ title: "Menu", description: "", path: "/menu", matches: [] });
    expect(JSON.stringify(withoutOrigin)).not.toContain("image");
  });
});
