import { describe, expect, test } from "vitest";
import { contrastRatio, relativeLuminance, type Rgb } from "./contrast";

const black: Rgb = [0, 0, 0];
const white: Rgb = [255, 255, 255];

describe("relative luminance", () => {
  test("runs from 0 for black to 1 for white", () => {
    expect(relativeLuminance(black)).toBe(0);
    expect(relativeLuminance(white)).toBeCloseTo(1, 10);
  });

  test("weighs green most and blue least, as the eye does", () => {
    expect(relativeLuminance([0, 255, 0])).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance([255, 0, 0])).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance([0, 0, 255])).toBeCloseTo(0.0722, 4);
  });

  test("treats the darkest channels linearly", () => {
    expect(relativeLuminance([10, 10, 10])).toBeCloseTo(10 / 255 / 12.92, 10);
  });
});

describe("contrast ratio", () => {
  test("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio(black, white)).toBeCloseTo(21, 10);
    expect(contrastRatio([113, 113, 123], [113, 113, 123])).toBe(1);
  });

  test("does not depend on which colour is the background", () => {
    expect(contrastRatio([21, 128, 61], white)).toBe(contrastRatio(white, [21, 128, 61]));
  });

  test("matches known pairs", () => {
    // #767676 on white: the lightest grey that passes 4.5:1.
    expect(contrastRatio([0x76, 0x76, 0x76], white)).toBeCloseTo(4.54, 2);
    // #949494 on white: just over the 3:1 for borders and icons.
    expect(contrastRatio([0x94, 0x94, 0x94], white)).toBeCloseTo(3.03, 2);
  });
});
