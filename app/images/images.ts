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

/** The formats pages ask for: WebP for every picture, JPEG for the share images. */
export const IMAGE_FORMATS = ["webp", "jpeg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The widths each format is asked for at: JPEG only for the share images. */
export const FORMAT_WIDTHS: Record<ImageFormat, readonly number[]> = {
  webp: IMAGE_WIDTHS,
  jpeg: [SHARE_IMAGE.width],
};

/** Pages crop to a shape, never letterbox or stretch. */
export const IMAGE_FITS = ["cover"] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

/** Source types the optimiser reads. */
export const IMAGE_EXTENSIONS = ["svg", "png", "jpg", "jpeg", "webp", "avif"] as const;

/**
 * The one quality each format is encoded at.
 */
export const IMAGE_QUALITY: Record<ImageFormat, number> = {
  webp: 75,
  jpeg: 75,
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
  /** Always `cover`: pages crop to a shape, and without a height there is nothing to crop. */
  fit: ImageFit;
};

/** A request the optimiser will not serve; the message is the plain-text answer. */
export class ImageRequestError extends Error {
  override name = "ImageRequestError";
}

/**
 * A well-formed request for a size no page asks for: the query of the
 * nearest variant that is served, to send the client to instead.
 */
export class NearestImageVariant extends Error {
  override name = "NearestImageVariant";
  constructor(readonly query: string) {
    super(`The nearest variant served is ?${query}`);
  }
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
    throw new ImageRequestError(
      allowed.length === 1
        ? `${name} must be ${allowed[0]}, or left out`
        : `${name} must be one of ${allowed.join(", ")}`,
    );
  }
  return value as T;
}

/** A number written plainly (no sign, no leading zero, at most five digits), else NaN. */
function plainNumber(value: string): number {
  return /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : Number.NaN;
}

/** The entry of `allowed` closest to `wanted`, the larger on a tie. */
function nearest(
  wanted: number,
  allowed: readonly number[],
  distance = (a: number, b: number) => Math.abs(a - b),
): number {
  let best = allowed[0]!;
  for (const each of allowed) {
    if (distance(each, wanted) <= distance(best, wanted)) best = each;
  }
  return best;
}

/**
 * Reads the query of an optimiser URL. Only the variants the site's pages ask
 * for are served: a width from `FORMAT_WIDTHS` for its format, a height that
 * crops it to one of the site's shapes, a format pages use at its one
 * quality, and `cover`. A width or height written as a plain number but not
 * served throws `NearestImageVariant` with the query of the closest one (the
 * nearest width, cropped to the nearest shape); anything else throws
 * `ImageRequestError`. So the set of variants (and of renders and cache
 * files) stays the short list the pages use.
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

  const format = read("fm", (value) => oneOf("fm", value, IMAGE_FORMATS)) ?? "webp";
  const widths = FORMAT_WIDTHS[format];
  const widthReason =
    widths.length === 1
      ? `w with fm=${format} must be ${widths[0]}`
      : `w must be one of ${widths.join(", ")}`;
  const asked = read("w", plainNumber);
  if (asked === undefined || Number.isNaN(asked)) throw new ImageRequestError(widthReason);
  const width = nearest(asked, widths);
  const askedHeight = read("h", plainNumber);
  let height = askedHeight;
  if (askedHeight !== undefined) {
    const heights = heightsFor(width);
    if (Number.isNaN(askedHeight)) {
      throw new ImageRequestError(`h with w=${width} must be one of ${heights.join(", ")}`);
    }
    if (width !== asked || !heights.includes(askedHeight)) {
      // The shape closest to the one asked for, compared as ratios.
      const ratio = nearest(asked / askedHeight, IMAGE_ASPECT_RATIOS, (a, b) =>
        Math.abs(Math.log(a / b)),
      );
      height = heightFor(width, ratio);
    }
  }
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
  if (width !== asked || height !== askedHeight) {
    const served = new URLSearchParams({ w: String(width) });
    if (height !== undefined) served.set("h", String(height));
    for (const name of ["fm", "q", "fit", "v"] as const) {
      const value = given.get(name);
      if (value !== undefined) served.set(name, value);
    }
    throw new NearestImageVariant(served.toString());
  }
  return {
    variant: {
      width,
      ...(height === undefined ? {} : { height }),
      format,
      quality,
      fit,
    },
    version,
  };
}
