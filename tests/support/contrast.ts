/**
 * WCAG 2.2 contrast, for checks on colours as the browser painted them
 * (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio).
 */

/** An sRGB colour, each channel 0 to 255. */
export type Rgb = readonly [red: number, green: number, blue: number];

/** Relative luminance: 0 for black, 1 for white. */
export function relativeLuminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** From 1 (the same) to 21 (black on white), whichever colour is lighter. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [first, second] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}
