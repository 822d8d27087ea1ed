/**
 * The image optimiser's URL contract, shared by the pages that build image
 * URLs and the route that reads them: `/img/<path>?w=&h=&fm=&q=&fit=&v=`.
 */

/** A source image under the image folder, as loaders hand it to `ResponsiveImage`. */
export type ImageSource = {
  /** Relative to the image folder, e.g. `dishes/wings.svg`. */
  path: string;
  /** Intrinsic size of the source. */
  width: number;
  height: number;
  /** Short content hash of the source file; a URL carrying it may be cached for good. */
  version: string;
};

/** The layout widths (CSS pixels) the site's srcsets are built from. */
export const IMAGE_BREAKPOINTS = [320, 640, 768, 1024, 1280, 1536] as const;
export const IMAGE_DENSITIES = [1, 2] as const;

/** The menu's dish thumbnails are shown this wide (CSS pixels). */
export const THUMBNAIL_WIDTH = 96;
/** The staff editors' picture previews are shown this wide (CSS pixels). */
export const PREVIEW_WIDTH = 240;

/** The widths a picture is laid out at: the breakpoints and the two fixed sizes below them. */
export const IMAGE_LAYOUT_WIDTHS = [...IMAGE_BREAKPOINTS, THUMBNAIL_WIDTH, PREVIEW_WIDTH] as const;
export type ImageLayoutWidth = (typeof IMAGE_LAYOUT_WIDTHS)[number];

/**
 * Share images (Open Graph, structured data): 1200 px JPEG, the size sharing
 * sites ask for; the share card is cropped to their 1200 × 630.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, format: "jpeg" } as const;

/**
 * The shapes pictures are cropped to (width / height): the pages' 16:9, 4:3
 * and square pictures, and the share card's.
 */
export const IMAGE_ASPECT_RATIOS = [16 / 9, 4 / 3, 1, SHARE_IMAGE.width / SHARE_IMAGE.height];

/**
 * Every width the optimiser renders: each layout width at each density, and
 * the share images'. Nothing else is rendered, so the variants of an image
 * stay a short list.
 */
export const IMAGE_WIDTHS: readonly number[] = [
  ...new Set([
    ...IMAGE_LAYOUT_WIDTHS.flatMap((width) => IMAGE_DENSITIES.map((density) => width * density)),
    SHARE_IMAGE.width,
  ]),
].sort((a, b) => a - b);

/** The height of a picture `width` wide cropped to `aspectRatio`. */
export function heightFor(width: number, aspectRatio: number): number {
  return Math.max(1, Math.round(width / aspectRatio));
}

/** The heights allowed with `width`: one for each shape. */
export function heightsFor(width: number): number[] {
  return [...new Set(IMAGE_ASPECT_RATIOS.map((ratio) => heightFor(width, ratio)))].sort(
    (a, b) => a - b,
  );
}

export const IMAGE_FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_FITS = ["cover", "contain", "fill", "inside", "outside"] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

/** Source types the optimiser reads. */
export const IMAGE_EXTENSIONS = ["svg", "png", "jpg", "jpeg", "webp", "avif"] as const;

/**
 * The one quality each format is encoded at. AVIF looks as good as WebP or
 * JPEG at a lower number; PNG at 100 stays lossless.
 */
export const IMAGE_QUALITY: Record<ImageFormat, number> = {
  webp: 75,
  avif: 50,
  jpeg: 75,
  png: 100,
};

export type ImageOptions = {
  /** One of `IMAGE_WIDTHS`. */
  width: number;
  /** `heightFor(width, ratio)` for one of `IMAGE_ASPECT_RATIOS`; the source's shape when left out. */
  height?: number;
  format?: ImageFormat;
  fit?: ImageFit;
};

/** A request's options with the defaults filled in: what a rendered variant is made from. */
export type ImageVariant = {
  width: number;
  height?: number;
  format: ImageFormat;
  quality: number;
  /** Without a height the fit changes nothing, and is always `cover`. */
  fit: ImageFit;
};

/** A request the optimiser will not serve; the message is the plain-text answer. */
export class ImageRequestError extends Error {
  override name = "ImageRequestError";
}

/** The optimiser URL of `source` with `options`, versioned so it can be cached for good. */
export function imageUrl(source: ImageSource, options: ImageOptions): string {
  const query = new URLSearchParams();
  query.set("w", String(options.width));
  if (options.height !== undefined) query.set("h", String(options.height));
  if (options.format !== undefined) query.set("fm", options.format);
  if (options.fit !== undefined) query.set("fit", options.fit);
  query.set("v", source.version);
  return `/img/${source.path.replace(/^\/+/, "")}?${query}`;
}

/** File systems refuse longer names (255 bytes) and much longer paths; the URL is refused first. */
export const MAX_IMAGE_NAME = 255;
export const MAX_IMAGE_PATH = 1024;

const SEGMENT = /^[a-z0-9_-][a-z0-9_.-]*$/;
const EXTENSION = new RegExp(`\\.(${IMAGE_EXTENSIONS.join("|")})$`);

/**
 * Checks a path under the image folder as it came in the URL. Only plain
 * lower-case names pass, so nothing that a file system or a later decoding
 * step could read as a way out of the folder gets through.
 */
export function parseImagePath(value: string | undefined): string {
  const path = value ?? "";
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith("//")) {
    throw new ImageRequestError("Remote images are not served");
  }
  if (
    path.startsWith("/") ||
    path.includes("\\") ||
    path.includes("%") ||
    path.split("/").includes("..")
  ) {
    throw new ImageRequestError("Image path is outside the image folder");
  }
  if (!path.split("/").every((segment) => SEGMENT.test(segment))) {
    throw new ImageRequestError("Image path may only use a-z, 0-9, /, _, . and -");
  }
  // Only ASCII gets this far, so characters are bytes.
  if (path.split("/").some((segment) => segment.length > MAX_IMAGE_NAME)) {
    throw new ImageRequestError(`Image names are at most ${MAX_IMAGE_NAME} characters`);
  }
  if (path.length > MAX_IMAGE_PATH) {
    throw new ImageRequestError(`Image paths are at most ${MAX_IMAGE_PATH} characters`);
  }
  if (!EXTENSION.test(path)) {
    throw new ImageRequestError(`Image type must be one of ${IMAGE_EXTENSIONS.join(", ")}`);
  }
  return path;
}

const PARAMETERS = ["w", "h", "fm", "q", "fit", "v"] as const;
type Parameter = (typeof PARAMETERS)[number];

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ImageRequestError(`${name} must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

/** `value` as one of `allowed`, numbers written plainly (no sign, no leading zero). */
function oneNumberOf(value: string, allowed: readonly number[], reason: string): number {
  const number = /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : Number.NaN;
  if (!allowed.includes(number)) throw new ImageRequestError(reason);
  return number;
}

/**
 * Reads the query of an optimiser URL. Only the variants the site's pages ask
 * for are served: a width from `IMAGE_WIDTHS`, a height that crops it to one
 * of the site's shapes, a known format at its one quality. Anything else is
 * refused, so the set of variants (and of cache files) stays small.
 */
export function parseImageQuery(query: URLSearchParams): {
  variant: ImageVariant;
  version?: string;
} {
  const given = new Map<Parameter, string>();
  for (const [name, value] of query) {
    if (!(PARAMETERS as readonly string[]).includes(name)) {
      throw new ImageRequestError(`Unknown parameter; use ${PARAMETERS.join(", ")}`);
    }
    if (given.has(name as Parameter)) throw new ImageRequestError(`${name} is given twice`);
    given.set(name as Parameter, value);
  }
  const read = <T>(name: Parameter, parse: (value: string) => T): T | undefined => {
    const value = given.get(name);
    return value === undefined ? undefined : parse(value);
  };

  const widths = `w must be one of ${IMAGE_WIDTHS.join(", ")}`;
  const width = read("w", (value) => oneNumberOf(value, IMAGE_WIDTHS, widths));
  if (width === undefined) throw new ImageRequestError(widths);
  const height = read("h", (value) => {
    const heights = heightsFor(width);
    return oneNumberOf(value, heights, `h with w=${width} must be one of ${heights.join(", ")}`);
  });
  const format = read("fm", (value) => oneOf("fm", value, IMAGE_FORMATS)) ?? "webp";
  const quality = IMAGE_QUALITY[format];
  read("q", (value) => {
    if (value !== String(quality)) {
      throw new ImageRequestError(`q with fm=${format} must be ${quality}, or left out`);
    }
  });
  const fit = read("fit", (value) => oneOf("fit", value, IMAGE_FITS)) ?? "cover";
  const version = read("v", (value) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
      throw new ImageRequestError("v must be the version from the image's URL");
    }
    return value;
  });
  return {
    variant: {
      width,
      ...(height === undefined ? {} : { height }),
      format,
      quality,
      fit: height === undefined ? "cover" : fit,
    },
    version,
  };
}
