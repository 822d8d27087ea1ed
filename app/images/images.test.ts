import { describe, expect, test } from "vitest";
import {
  ImageRequestError,
  imageUrl,
  parseImagePath,
  parseImageQuery,
  type ImageSource,
} from "./images";

const wings: ImageSource = { path: "dishes/wings.svg", width: 800, height: 600, version: "abc123" };

function reason(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ImageRequestError) return error.message;
    throw error;
  }
  throw new Error("expected an ImageRequestError");
}

describe("imageUrl", () => {
  test("points at the optimiser with the source's version", () => {
    expect(imageUrl(wings)).toBe("/img/dishes/wings.svg?v=abc123");
  });

  test("carries each option under its short name", () => {
    expect(
      imageUrl(wings, {
        width: 640,
        height: 480,
        format: "avif",
        quality: 60,
        fit: "contain",
        background: "ffffff",
      }),
    ).toBe("/img/dishes/wings.svg?w=640&h=480&fm=avif&q=60&fit=contain&bg=ffffff&v=abc123");
  });

  test("builds URLs the optimiser reads back as the same options", () => {
    const url = new URL(imageUrl(wings, { width: 320, format: "jpeg" }), "http://localhost");
    expect(parseImageQuery(url.searchParams)).toEqual({
      variant: { width: 320, format: "jpeg", quality: 75, fit: "cover" },
      version: "abc123",
    });
  });
});

describe("parseImagePath", () => {
  test("accepts a plain path under the image folder", () => {
    expect(parseImagePath("dishes/wings-2_large.v1.jpeg")).toBe("dishes/wings-2_large.v1.jpeg");
  });

  test("accepts names and paths up to the lengths file systems take", () => {
    const name = `${"a".repeat(251)}.png`;
    expect(parseImagePath(name)).toBe(name);
    const deep = `${"a/".repeat(508)}aaaa.png`;
    expect(deep).toHaveLength(1024);
    expect(parseImagePath(deep)).toBe(deep);
  });

  test.each([
    ["https://example.com/a.png", "Remote images are not served"],
    ["//example.com/a.png", "Remote images are not served"],
    ["../secret.png", "Image path is outside the image folder"],
    ["dishes/../../secret.png", "Image path is outside the image folder"],
    ["..%2Fsecret.png", "Image path is outside the image folder"],
    ["dishes\\..\\secret.png", "Image path is outside the image folder"],
    ["/etc/secret.png", "Image path is outside the image folder"],
    ["Dishes/Wings.svg", "Image path may only use a-z, 0-9, /, _, . and -"],
    ["dishes/.hidden.svg", "Image path may only use a-z, 0-9, /, _, . and -"],
    ["dishes//wings.svg", "Image path may only use a-z, 0-9, /, _, . and -"],
    ["dishes/wings.gif", "Image type must be one of svg, png, jpg, jpeg, webp, avif"],
    ["", "Image path may only use a-z, 0-9, /, _, . and -"],
    [`${"a".repeat(252)}.png`, "Image names are at most 255 characters"],
    [`${"a/".repeat(510)}aa.png`, "Image paths are at most 1024 characters"],
  ])("refuses %s", (path, expected) => {
    expect(reason(() => parseImagePath(path))).toBe(expected);
  });
});

describe("parseImageQuery", () => {
  const parse = (query: string) => parseImageQuery(new URLSearchParams(query));

  test("fills in webp, its default quality and cover", () => {
    expect(parse("")).toEqual({ variant: { format: "webp", quality: 75, fit: "cover" } });
  });

  test("uses each format's own default quality", () => {
    expect(parse("fm=avif").variant.quality).toBe(50);
    expect(parse("fm=png").variant.quality).toBe(100);
  });

  test("normalises a short colour so equal colours share a variant", () => {
    expect(parse("bg=FA0").variant.background).toBe("ffaa00");
    expect(parse("bg=ffaa0080").variant.background).toBe("ffaa0080");
  });

  test.each([
    ["w=0", "w must be a whole number from 1 to 4096"],
    ["w=4097", "w must be a whole number from 1 to 4096"],
    ["w=12.5", "w must be a whole number from 1 to 4096"],
    ["w=0640", "w must be a whole number from 1 to 4096"],
    ["w=", "w must be a whole number from 1 to 4096"],
    ["h=0", "h must be a whole number from 1 to 4096"],
    ["h=4097", "h must be a whole number from 1 to 4096"],
    ["h=abc", "h must be a whole number from 1 to 4096"],
    ["q=0", "q must be a whole number from 1 to 100"],
    ["q=101", "q must be a whole number from 1 to 100"],
    ["fm=gif", "fm must be one of webp, avif, jpeg, png"],
    ["fit=stretch", "fit must be one of cover, contain, fill, inside, outside"],
    ["bg=red", "bg must be a hex colour of 3, 6 or 8 digits, without #"],
    ["bg=%23ffffff", "bg must be a hex colour of 3, 6 or 8 digits, without #"],
    ["v=<script>", "v must be the version from the image's URL"],
    ["width=640", "Unknown parameter; use w, h, fm, q, fit, bg, v"],
    ["w=320&w=640", "w is given twice"],
  ])("refuses %s", (query, expected) => {
    expect(reason(() => parse(query))).toBe(expected);
  });
});
