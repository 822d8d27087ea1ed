import { describe, expect, test } from "vitest";
import {
  IMAGE_WIDTHS,
  ImageRequestError,
  NearestImageVariant,
  heightsFor,
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
  test("points at the optimiser with the width and the source's version", () => {
    expect(imageUrl(wings, { width: 640 })).toBe("/img/dishes/wings.svg?w=640&v=abc123");
  });

  test("carries each option under its short name", () => {
    expect(imageUrl(wings, { width: 1200, height: 630, format: "jpeg", fit: "cover" })).toBe(
      "/img/dishes/wings.svg?w=1200&h=630&fm=jpeg&fit=cover&v=abc123",
    );
  });

  test("builds URLs the optimiser reads back as the same options", () => {
    const url = new URL(imageUrl(wings, { width: 1200, format: "jpeg" }), "http://localhost");
    expect(parseImageQuery(url.searchParams)).toEqual({
      variant: { width: 1200, format: "jpeg", quality: 75, fit: "cover" },
      version: "abc123",
    });
  });
});

describe("IMAGE_WIDTHS", () => {
  test("are each layout width at 1x and 2x, and the share images' 1200", () => {
    expect(IMAGE_WIDTHS).toEqual([
      96, 192, 240, 320, 480, 640, 768, 1024, 1200, 1280, 1536, 2048, 2560, 3072,
    ]);
  });

  test("offer each a height for every shape the pages crop to", () => {
    expect(heightsFor(640)).toEqual([336, 360, 480, 640]);
    expect(heightsFor(1200)).toEqual([630, 675, 900, 1200]);
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

  test("fills in webp, its quality and cover", () => {
    expect(parse("w=640")).toEqual({
      variant: { width: 640, format: "webp", quality: 75, fit: "cover" },
    });
  });

  test("takes JPEG at the share images' width, at its quality", () => {
    expect(parse("w=1200&fm=jpeg&q=75").variant).toMatchObject({ format: "jpeg", quality: 75 });
  });

  test("accepts a height that crops the width to one of the site's shapes", () => {
    expect(parse("w=1024&h=576&fit=cover").variant).toMatchObject({ width: 1024, height: 576 });
    expect(parse("w=1200&h=630&fm=jpeg").variant).toMatchObject({ width: 1200, height: 630 });
    expect(parse("w=96&h=96").variant).toMatchObject({ width: 96, height: 96 });
  });

  test("takes cover, the one fit pages use, with or without a height", () => {
    expect(parse("w=640&fit=cover").variant.fit).toBe("cover");
    expect(parse("w=640&h=480&fit=cover").variant.fit).toBe("cover");
  });

  /** The query a well-formed request for a size no page asks for is sent on to. */
  function nearest(query: string): string {
    try {
      parse(query);
    } catch (error) {
      if (error instanceof NearestImageVariant) return error.query;
      throw error;
    }
    throw new Error("expected a NearestImageVariant");
  }

  test.each([
    ["w=641", "w=640"],
    ["w=700", "w=640"],
    ["w=704", "w=768"],
    ["w=1", "w=96"],
    ["w=4096", "w=3072"],
    ["w=99999&fm=webp&v=abc", "w=3072&fm=webp&v=abc"],
    ["w=640&h=481", "w=640&h=480"],
    ["w=640&h=400", "w=640&h=360"],
    ["w=3072&h=4096", "w=3072&h=3072"],
    ["w=1000&h=750&fit=cover", "w=1024&h=768&fit=cover"],
    ["w=4000&h=2100&fm=webp", "w=3072&h=1613&fm=webp"],
    ["w=640&fm=jpeg", "w=1200&fm=jpeg"],
    ["w=3072&h=3072&fm=jpeg&q=75", "w=1200&h=1200&fm=jpeg&q=75"],
  ])("sends %s on to the nearest variant served, %s", (query, served) => {
    expect(nearest(query)).toBe(served);
  });

  const widths =
    "w must be one of 96, 192, 240, 320, 480, 640, 768, 1024, 1200, 1280, 1536, 2048, 2560, 3072";
  test.each([
    ["", widths],
    ["fm=webp", widths],
    ["w=0", widths],
    ["w=12.5", widths],
    ["w=0640", widths],
    ["w=+640", widths],
    ["w=", widths],
    ["w=640&h=0", "h with w=640 must be one of 336, 360, 480, 640"],
    ["w=640&h=abc", "h with w=640 must be one of 336, 360, 480, 640"],
    ["w=640&q=0", "q with fm=webp must be 75, or left out"],
    ["w=640&q=100", "q with fm=webp must be 75, or left out"],
    ["w=640&fm=png", "fm must be one of webp, jpeg"],
    ["w=640&fm=avif", "fm must be one of webp, jpeg"],
    ["w=640&fm=gif", "fm must be one of webp, jpeg"],
    ["w=640&fit=contain", "fit must be cover, or left out"],
    ["w=640&h=480&fit=fill", "fit must be cover, or left out"],
    ["w=4096&fm=png", "fm must be one of webp, jpeg"],
    ["w=641&q=100", "q with fm=webp must be 75, or left out"],
    ["fm=jpeg", "w with fm=jpeg must be 1200"],
    ["w=640&bg=ffffff", "Unknown parameter; use w, h, fm, q, fit, v"],
    ["w=640&v=<script>", "v must be the version from the image's URL"],
    ["width=640", "Unknown parameter; use w, h, fm, q, fit, v"],
    ["w=320&w=640", "w is given twice"],
  ])("refuses %s", (query, expected) => {
    expect(reason(() => parse(query))).toBe(expected);
  });
});
