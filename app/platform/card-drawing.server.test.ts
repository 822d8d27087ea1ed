import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { exifAscii, woffToSfnt } from "./card-drawing.server";

const WOFF = readFileSync("node_modules/@fontsource/fraunces/files/fraunces-latin-600-normal.woff");

describe("drawing a card", () => {
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

  test("writes a card's description in EXIF's ASCII", () => {
    expect(exifAscii("Café Night, 7:30\u00a0pm – 10\u00a0pm, “Le Tigre”")).toBe(
      'Cafe Night, 7:30 pm - 10 pm, "Le Tigre"',
    );
  });
});
