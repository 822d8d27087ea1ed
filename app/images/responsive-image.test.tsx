import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ResponsiveImage, type ResponsiveImageProps } from "./responsive-image";
import {
  IMAGE_ASPECT_RATIOS,
  IMAGE_LAYOUT_WIDTHS,
  parseImageQuery,
  type ImageSource,
} from "./images";

const wings: ImageSource = { path: "dishes/wings.svg", width: 800, height: 600, version: "v1" };
const photo: ImageSource = { path: "venue/bar.jpg", width: 1000, height: 800, version: "v2" };

type Tag = Map<string, string>;

/** The attributes of each `<name …>` tag in `html`, entities decoded. */
function tags(html: string, name: string): Tag[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "g"))].map(
    ([, attributes = ""]) =>
      new Map(
        [...attributes.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, key = "", value = ""]) => [
          key.toLowerCase(),
          value.replaceAll("&amp;", "&"),
        ]),
      ),
  );
}

/** A whole page around the image, as the server renders it, split into head and image. */
function render(props: Partial<ResponsiveImageProps> = {}) {
  const html = renderToString(
    <html lang="en">
      <head />
      <body>
        <ResponsiveImage image={wings} alt="Wings" sizes="100vw" {...props} />
      </body>
    </html>,
  );
  const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
  const [img] = tags(html, "img");
  if (!img) throw new Error("no <img> rendered");
  return { preloads: tags(head, "link").filter((link) => link.get("rel") === "preload"), img };
}

/** The `w` descriptors of a srcset, in order. */
function widths(srcSet: string | undefined): number[] {
  return (srcSet ?? "")
    .split(", ")
    .map((candidate) => Number(candidate.split(" ")[1]?.slice(0, -1)));
}

describe("ResponsiveImage", () => {
  test("offers the breakpoints and both densities of the largest layout", () => {
    const { img } = render();
    expect(widths(img.get("srcset"))).toEqual([320, 640, 768, 1024, 1280, 1536, 3072]);
    expect(img.get("srcset")).toContain("/img/dishes/wings.svg?w=640&v=v1 640w");
    expect(img.get("sizes")).toBe("100vw");
  });

  test("covers exactly maxWidth and twice it when the layout is narrower", () => {
    expect(widths(render({ maxWidth: 640 }).img.get("srcset"))).toEqual([
      320, 640, 768, 1024, 1280,
    ]);
    expect(widths(render({ maxWidth: 96 }).img.get("srcset"))).toEqual([96, 192]);
  });

  test("never delivers a bitmap wider than it is, asking for the next width the optimiser renders", () => {
    const { img } = render({ image: photo, maxWidth: 768 });
    expect(widths(img.get("srcset"))).toEqual([320, 640, 768, 1000]);
    expect(img.get("srcset")).toContain("/img/venue/bar.jpg?w=1024&v=v2 1000w");
  });

  test("crops to the aspect ratio, within the bitmap's height", () => {
    const { img } = render({ image: photo, aspectRatio: 16 / 9, maxWidth: 1024 });
    expect(widths(img.get("srcset"))).toEqual([320, 640, 768, 1000]);
    expect(img.get("srcset")).toContain("w=1024&h=576&fit=cover&v=v2 1000w");
  });

  test("offers a bitmap narrower than the smallest width at its own width", () => {
    const tiny: ImageSource = {
      path: "uploads/0123456789abcdef.png",
      width: 50,
      height: 50,
      version: "v3",
    };
    const { img } = render({ image: tiny, aspectRatio: 1, maxWidth: 96 });
    expect(img.get("srcset")).toBe(
      "/img/uploads/0123456789abcdef.png?w=96&h=96&fit=cover&v=v3 50w",
    );
  });

  test.each(
    IMAGE_LAYOUT_WIDTHS.flatMap((maxWidth) => [
      [maxWidth, undefined],
      ...IMAGE_ASPECT_RATIOS.map((ratio) => [maxWidth, ratio] as const),
    ]),
  )(
    "asks at maxWidth %s and aspect ratio %s only for variants the optimiser renders",
    (maxWidth, aspectRatio) => {
      for (const image of [wings, photo]) {
        const { img } = render({ image, maxWidth, aspectRatio });
        const urls = [
          img.get("src"),
          ...(img.get("srcset") ?? "").split(", ").map((candidate) => candidate.split(" ")[0]),
        ];
        for (const url of urls) {
          const { searchParams } = new URL(url ?? "", "http://localhost");
          expect(() => parseImageQuery(searchParams), url).not.toThrow();
        }
      }
    },
  );

  test("reserves its box with width and height in the image's shape", () => {
    const { img } = render({ maxWidth: 640 });
    expect(img.get("width")).toBe("640");
    expect(img.get("height")).toBe("480");
  });

  test("reserves the cropped shape when given an aspect ratio", () => {
    const { img } = render({ maxWidth: 640, aspectRatio: 16 / 9 });
    expect(img.get("height")).toBe("360");
  });

  test("offers an image shown at one width at 1x and 2x, without sizes", () => {
    const { img } = render({ sizes: "96px", maxWidth: 96, aspectRatio: 1 });
    expect(img.get("src")).toBe("/img/dishes/wings.svg?w=96&h=96&fit=cover&v=v1");
    expect(img.get("srcset")).toBe("/img/dishes/wings.svg?w=192&h=192&fit=cover&v=v1 2x");
    expect(img.has("sizes")).toBe(false);
    expect(img.get("width")).toBe("96");
  });

  test("offers a small bitmap shown at one width no denser than its own pixels", () => {
    const small: ImageSource = { path: "dishes/fries.png", width: 120, height: 120, version: "v3" };
    const { img } = render({ image: small, sizes: "96px", maxWidth: 96, aspectRatio: 1 });
    expect(img.get("src")).toBe("/img/dishes/fries.png?w=96&h=96&fit=cover&v=v3");
    // The 2x width the optimiser renders, which sends the bitmap's own 120 px.
    expect(img.get("srcset")).toBe("/img/dishes/fries.png?w=192&h=192&fit=cover&v=v3 1.25x");
  });

  test("falls back to a middle candidate for src", () => {
    const { img } = render();
    expect(img.get("src")).toBe("/img/dishes/wings.svg?w=1024&v=v1");
  });

  test("loads lazily and decodes off the main thread by default", () => {
    const { preloads, img } = render({ className: "h-auto w-full" });
    expect(img.get("loading")).toBe("lazy");
    expect(img.get("decoding")).toBe("async");
    expect(img.has("fetchpriority")).toBe(false);
    expect(img.get("alt")).toBe("Wings");
    expect(img.get("class")).toBe("h-auto w-full");
    expect(preloads).toEqual([]);
  });

  test("as the priority image, loads at once and is preloaded from the head", () => {
    const { preloads, img } = render({ priority: true, sizes: "(min-width: 768px) 50vw, 100vw" });
    expect(img.get("loading")).toBe("eager");
    expect(img.get("fetchpriority")).toBe("high");

    expect(preloads).toHaveLength(1);
    const link = preloads[0];
    expect(link?.get("as")).toBe("image");
    expect(link?.get("imagesrcset")).toBe(img.get("srcset"));
    expect(link?.get("imagesizes")).toBe("(min-width: 768px) 50vw, 100vw");
    expect(link?.get("fetchpriority")).toBe("high");
  });
});
