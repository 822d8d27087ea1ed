import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { renderShareCard } from "./share-card.server";
import { cardTagline, shareCardAlt, shareCardPath, shareCardVersion } from "./share-card";

describe("the share card", () => {
  test("is a 1200 × 630 JPEG with the words drawn on it", async () => {
    const card = await renderShareCard({ name: "The Squire Pub & Grill", tagline: "Pub & Grill" });
    const { format, width, height } = await sharp(card).metadata();
    expect({ format, width, height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
    // The text column holds light letters on the green ground; the same card without words has none.
    const bare = await renderShareCard({ name: " ", tagline: "" });
    const lightIn = async (image: Buffer) => {
      const { data, info } = await sharp(image)
        .extract({ left: 80, top: 150, width: 700, height: 300 })
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let light = 0;
      for (let index = 0; index < info.width * info.height; index++)
        if (data[index]! > 200) light++;
      return light;
    };
    expect(await lightIn(card)).toBeGreaterThan(2000);
    expect(await lightIn(bare)).toBe(0);
  });

  test("a long name is wrapped and shrunk to fit the card, not cut", async () => {
    const card = await renderShareCard({
      name: "The Very Long-Named Public House and Grill of Downtown London on Dundas Street",
      tagline:
        "A proper local with Ontario beer on tap and a kitchen that cooks from scratch every day",
    });
    expect((await sharp(card).metadata()).height).toBe(630);
  });

  test("its address changes with the name or the tagline, and only then", () => {
    const squire = { name: "The Squire Pub & Grill", tagline: "Pub & Grill" };
    expect(shareCardVersion(squire)).toMatch(/^[0-9a-f]{8}$/);
    expect(shareCardPath(squire)).toBe(`/share-card.jpg?v=${shareCardVersion(squire)}`);
    expect(shareCardVersion({ ...squire })).toBe(shareCardVersion(squire));
    expect(shareCardVersion({ ...squire, name: "The Squire" })).not.toBe(shareCardVersion(squire));
    expect(shareCardVersion({ ...squire, tagline: "" })).not.toBe(shareCardVersion(squire));
    // A tagline the name already says is not said again under it.
    expect(shareCardAlt(squire)).toBe("The Squire Pub & Grill");
    expect(cardTagline(squire)).toBe("");
    expect(shareCardAlt({ ...squire, tagline: "Live music on Dundas" })).toBe(
      "The Squire Pub & Grill: Live music on Dundas",
    );
    expect(shareCardAlt({ ...squire, tagline: " " })).toBe("The Squire Pub & Grill");
  });
});
