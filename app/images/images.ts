/**
 * The image optimiser's URL contract, shared by the pages that build image
 * URLs and the route that reads them: `/img/<path>?w=&h=&fm=&q=&fit=&bg=&v=`.
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

export const IMAGE_FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_FITS = ["cover", "contain", "fill", "inside", "outside"] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

export const MAX_IMAGE_DIMENSION = 4096;

/** Source types the optimiser reads. */
export const IMAGE_EXTENSIONS = ["svg", "png", "jpg", "jpeg", "webp", "avif"] as const;

/** AVIF looks as good as WebP or JPEG at a lower number; PNG at 100 stays lossless. */
export const DEFAULT_QUALITY: Record<ImageFormat, number> = {
  webp: 75,
  avif: 50,
  jpeg: 75,
  png: 100,
};

export type ImageOptions = {
  width?: number;
  height?: number;
  format?: ImageFormat;
  quality?: number;
  fit?: ImageFit;
  /** Hex colour without `#`: 3, 6 or 8 digits. */
  background?: string;
};

/** A request's options with the defaults filled in: what a rendered variant is made from. */
export type ImageVariant = {
  width?: number;
  height?: number;
  format: ImageFormat;
  quality: number;
  fit: ImageFit;
  /** Lower-case 6- or 8-digit hex, without `#`. */
  background?: string;
};

/** A request the optimiser will not serve; the message is the plain-text answer. */
export class ImageRequestError extends Error {
  override name = "ImageRequestError";
}

/** The optimiser URL of `source` with `options`, versioned so it can be cached for good. */
export function imageUrl(source: ImageSource, options: ImageOptions = {}): string {
  const query = new URLSearchParams();
  if (options.width !== undefined) query.set("w", String(options.width));
  if (options.height !== undefined) query.set("h", String(options.height));
  if (options.format !== undefined) query.set("fm", options.format);
  if (options.quality !== undefined) query.set("q", String(options.quality));
  if (options.fit !== undefined) query.set("fit", options.fit);
  if (options.background !== undefined) query.set("bg", options.background);
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

const PARAMETERS = ["w", "h", "fm", "q", "fit", "bg", "v"] as const;
type Parameter = (typeof PARAMETERS)[number];

function whole(name: string, value: string, max: number): number {
  if (!/^[1-9][0-9]{0,3}$/.test(value) || Number(value) > max) {
    throw new ImageRequestError(`${name} must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ImageRequestError(`${name} must be one of ${allowed.join(", ")}`);
  }
  return value as T;
}

function hexColour(value: string): string {
  if (!/^(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) {
    throw new ImageRequestError("bg must be a hex colour of 3, 6 or 8 digits, without #");
  }
  const hex = value.toLowerCase();
  return hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
}

/**
 * Reads the query of an optimiser URL. Anything not in the contract is
 * refused, so the set of variants (and of cache files) stays closed.
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
  const version = read("v", (value) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
      throw new ImageRequestError("v must be the version from the image's URL");
    }
    return value;
  });
  return {
    variant: {
      width: read("w", (value) => whole("w", value, MAX_IMAGE_DIMENSION)),
      height: read("h", (value) => whole("h", value, MAX_IMAGE_DIMENSION)),
      format,
      quality: read("q", (value) => whole("q", value, 100)) ?? DEFAULT_QUALITY[format],
      fit: read("fit", (value) => oneOf("fit", value, IMAGE_FITS)) ?? "cover",
      background: read("bg", hexColour),
    },
    version,
  };
}
