import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { exifAscii, renderShareCard, woffToSfnt } from "./share-card.server";
import { cardTagline, shareCardAlt, shareCardPath, shareCardVersion } from "./share-card";

const WOFF = readFileSync("node_modules/@fontsource/fraunces/files/fraunces-latin-600-normal.woff");

describe("the share card", () => {
  test("a WOFF font unwraps to the OpenType file it holds, every table in place", () => {
    const sfnt = woffToSfnt(WOFF);
    expect(sfnt.readUInt32BE(0)).toBe(WOFF.readUInt32BE(4));
    const count = sfnt.readUInt16BE(4);
    expect(count).toBe(WOFF.readUInt16BE(12));
    const tags = Array.from({ length: count }, (_, index) =>
      sfnt.toString("latin1", 12 + index * 16, 16 + index * 16),
    );
    expect(tags).toEqual(expect.arrayContaining(["cmap", "glyf", "head", "name"]));
    // The total the WOFF header gives for the unwrapped font.
    expect(sfnt.length).toBe(WOFF.readUInt32BE(16));
    expect(() => woffToSfnt(Buffer.from("not a font"))).toThrow("Not a WOFF 1.0 font");
  });

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

  test("writes a card's description in EXIF's ASCII", () => {
    expect(exifAscii("Café Night, 7:30\u00a0pm – 10\u00a0pm, “Le Tigre”")).toBe(
      'Cafe Night, 7:30 pm - 10 pm, "Le Tigre"',
    );
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
