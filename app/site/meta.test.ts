import { describe, expect, test } from "vitest";
import { documentTitle, homeTitle, pageMeta } from "./meta";
import { shareCardVersion } from "./share-card";

const frame = (name: string, tagline = "") => ({
  id: "routes/site-layout",
  loaderData: { settings: { name, shortName: name, tagline, description: "" } },
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
    expect(meta).toContainEqual({ property: "og:image:alt", content: "The Renamed Tavern" });
  });

  test("the home page's title names the pub and its city", () => {
    const home = homeTitle({ name: "The Renamed Tavern", locality: "London", region: "ON" });
    expect(home).toBe("The Renamed Tavern | London, ON");
    expect(documentTitle(home, "The Renamed Tavern")).toBe(home);
    expect(homeTitle({ name: "The Renamed Tavern", locality: "", region: "" })).toBe(
      "The Renamed Tavern",
    );
  });

  test("a title that is the name is left alone; without the settings, the title alone", () => {
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
    matches: [root, frame("The Renamed Tavern", "Pints and plates")],
  });
  const content = (key: string) => {
    const tag = meta.find(
      (tag) => ("property" in tag ? tag.property : "name" in tag ? tag.name : "") === key,
    );
    return tag && "content" in tag ? tag.content : undefined;
  };

  test("is the 1200 × 630 JPEG card of the name and tagline, its address theirs", () => {
    const url = new URL(String(content("og:image")));
    expect(url.origin + url.pathname).toBe("https://pub.example/share-card.jpg");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      v: shareCardVersion({ name: "The Renamed Tavern", tagline: "Pints and plates" }),
    });
    expect(content("og:image:alt")).toBe("The Renamed Tavern: Pints and plates");
    expect(content("og:image:type")).toBe("image/jpeg");
    expect(content("og:image:width")).toBe("1200");
    expect(content("og:image:height")).toBe("630");
  });

  test("is the same picture, with the same description, for X (Twitter)", () => {
    expect(content("twitter:card")).toBe("summary_large_image");
    expect(content("twitter:image")).toBe(content("og:image"));
    expect(content("twitter:image:alt")).toBe("The Renamed Tavern: Pints and plates");
  });

  test("is the drawing without words while the settings are not known (an error page)", () => {
    const bare = pageMeta({ title: "Oops", description: "", path: "/x", matches: [root] });
    const image = bare.find((tag) => "property" in tag && tag.property === "og:image");
    expect(image && "content" in image ? image.content : "").toBe(
      "https://pub.example/img/social/share-card.svg?w=1200&h=630&fm=jpeg",
    );
  });

  test("is left out while the origin is not known", () => {
    const withoutOrigin = pageMeta({ title: "Menu", description: "", path: "/menu", matches: [] });
    expect(JSON.stringify(withoutOrigin)).not.toContain("image");
  });
});
