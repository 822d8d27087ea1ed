import { createHash } from "node:crypto";
import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import { databaseContext, imageStoreContext, type ImageStore } from "~/platform/context";
import sharp from "sharp";
import {
  ImageRequestError,
  parseImagePath,
  type ImageFormat,
  type ImageSource,
  type ImageVariant,
} from "./images";
import { log } from "~/platform/logger.server";
import {
  QueueFullError as RenderQueueFullError,
  createWorkQueue,
} from "~/platform/work-queue.server";
import { createRenderBudget } from "./render-budget.server";
import { findUpload, isUploadPath } from "./uploaded-source.server";
import { DEFAULT_CACHE_MAX_BYTES, variantCacheFor } from "./variant-cache.server";
import { writeWholeFile } from "./whole-file.server";

/** A render holds its decoded image anyway; libvips' operation cache would only keep more. */
sharp.cache(false);
/**
 * One thread a render: with a render at a time in each lane, each lane has a
 * core of the 2-core host, and a large render cannot take the small lane's.
 */
sharp.concurrency(1);

/** Bumped when rendering changes, so variants cached by older code are not served. */
const RENDERING_REVISION = 1;

/**
 * Renders go in one of two lanes by the size drawn, each with its own turn
 * on the 2-core host: variants up to `SMALL_VARIANT_PIXELS` (a 1536-px
 * picture of the pages' shapes, all a phone asks for) in one, the larger ones
 * (the 2x pictures of wide screens) in the other. So a visitor's thumbnail
 * never waits behind a stranger's 3072-px hero. Each lane runs one render at
 * a time and lets a number wait as long as their work (`renderCost`) adds up
 * to at most its pixels: many small renders, a few large ones.
 */
export const SMALL_VARIANT_PIXELS = 1536 * 1152;
export const RENDER_LANES = {
  small: { slots: 1, waiting: 64, waitingPixels: 24_000_000 },
  large: { slots: 1, waiting: 8, waitingPixels: 24_000_000 },
} as const;

/**
 * What one client address may have rendered (`renderCost`), refilled over a
 * minute: a few pages' pictures at 2x on a cold cache, or seven of the
 * largest variants. Variants already rendered cost nothing.
 */
export const RENDER_BUDGET = { pixels: 40_000_000, perSeconds: 60 } as const;

const RENDER_TIMEOUT_SECONDS = 30;

/** An SVG is rasterised at most this many pixels along its longer side. */
const MAX_SVG_RASTER = 8192;

const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: "image/webp",
  jpeg: "image/jpeg",
};

const EXTENSIONS: Record<ImageFormat, string> = {
  webp: "webp",
  jpeg: "jpg",
};

export type SourceImage = ImageSource & {
  filePath: string;
  /** SVG: rasterised at the target size, never limited to its intrinsic size. */
  vector: boolean;
};

export type RenderedImage = {
  /** Names the variant: its cache file and its ETag. */
  key: string;
  filePath: string;
  size: number;
  contentType: string;
};

/** A render lane's wait list is full: the platform's work queue's refusal, as the image route knows it. */
export { RenderQueueFullError };

/** The client's address has had its share of rendering for now. */
export class RenderBudgetSpentError extends Error {
  override name = "RenderBudgetSpentError";
  constructor(readonly retryAfterSeconds: number) {
    super(`Render budget spent; try again in ${retryAfterSeconds} s`);
  }
}

type LaneOptions = { slots: number; waiting: number; waitingPixels: number };

/**
 * Two render queues, one for small variants and one for large: a render goes
 * in the lane of the size it draws (`drawnPixels`), and waits only behind
 * renders in its own lane.
 */
export function createRenderLanes(lanes: { small: LaneOptions; large: LaneOptions }) {
  const queue = ({ slots, waiting, waitingPixels }: LaneOptions) =>
    createWorkQueue(slots, waiting, waitingPixels);
  const small = queue(lanes.small);
  const large = queue(lanes.large);
  return function run<T>(task: () => Promise<T>, drawn: number, cost: number): Promise<T> {
    return (drawn <= SMALL_VARIANT_PIXELS ? small : large)(task, cost);
  };
}

const renderLanes = createRenderLanes(RENDER_LANES);
const renderBudget = createRenderBudget(RENDER_BUDGET);

/** Errors that mean there is no such file to serve (a name too long for the disk names none). */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR" || code === "ELOOP" || code === "ENAMETOOLONG";
}

async function describeFile(filePath: string, imagePath: string): Promise<SourceImage> {
  const bytes = await readFile(filePath);
  const metadata = await sharp(bytes).metadata();
  return {
    path: imagePath,
    // Bitmaps are served upright, so their size is the one after EXIF rotation.
    width: metadata.autoOrient.width,
    height: metadata.autoOrient.height,
    version: createHash("sha256").update(bytes).digest("hex").slice(0, 12),
    filePath,
    vector: metadata.format === "svg",
  };
}

/** Descriptions by path, kept while the file's modification time and size stay the same. */
const descriptions = new Map<
  string,
  { stamp: string; description: Promise<SourceImage>; checkedAt: number }
>();

/**
 * How long a description is trusted before the file is looked at again. Pages
 * describe the same few images on every render; the files only change when
 * the site is deployed again (or edited under the development server).
 */
const RECHECK_MS = 5_000;

/**
 * The source at `imagePath` (relative to the source folder), or null when
 * there is no such file. Throws `ImageRequestError` for a path that is not
 * allowed or that resolves, through symlinks, outside the folder.
 */
export async function findSource(
  store: ImageStore,
  imagePath: string,
): Promise<SourceImage | null> {
  const checked = parseImagePath(imagePath);
  const recent = descriptions.get(checked);
  if (recent && Date.now() - recent.checkedAt < RECHECK_MS) return recent.description;
  let root: string;
  let filePath: string;
  try {
    root = await realpath(store.sourceDirectory);
    filePath = await realpath(path.join(root, checked));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  if (!filePath.startsWith(root + path.sep)) {
    throw new ImageRequestError("Image path is outside the image folder");
  }
  const stats = await stat(filePath);
  if (!stats.isFile()) return null;

  const stamp = `${filePath}:${stats.mtimeMs}:${stats.size}`;
  const known = descriptions.get(checked);
  if (known?.stamp === stamp) {
    known.checkedAt = Date.now();
    return known.description;
  }
  const description = describeFile(filePath, checked);
  descriptions.set(checked, { stamp, description, checkedAt: Date.now() });
  // A file that could not be read may be fixed without changing its stamp.
  description.catch(() => {
    if (descriptions.get(checked)?.description === description) descriptions.delete(checked);
  });
  return description;
}

/**
 * The image at `imagePath`: a staff upload (under `uploads/`, described from
 * its `pictures` row, its bytes from the upload store) or one of the site's
 * own images in the source folder. Null when there is no such image; throws
 * `ImageRequestError` for a path that is not allowed.
 */
export async function findImage(
  context: Readonly<RouterContextProvider>,
  imagePath: string,
): Promise<SourceImage | null> {
  const checked = parseImagePath(imagePath);
  const store = context.get(imageStoreContext);
  if (!isUploadPath(checked)) return findSource(store, checked);
  const upload = await findUpload(store, await context.get(databaseContext)(), checked);
  return upload ? { ...upload, vector: false } : null;
}

/**
 * The intrinsic size and version of an image for a page to show, or null
 * (with a warning in the log) when it is missing or unreadable, so the page
 * leaves the image out rather than showing a broken one.
 */
export async function describeImage(
  context: Readonly<RouterContextProvider>,
  imagePath: string,
): Promise<ImageSource | null> {
  try {
    const source = await findImage(context, imagePath);
    if (source) {
      const { path, width, height, version } = source;
      return { path, width, height, version };
    }
    log.warn("Image not found", { path: imagePath });
  } catch (error) {
    log.warn("Image could not be read", { path: imagePath, error });
  }
  return null;
}

/** The cache key of a variant: the same source bytes with the same options give the same key. */
export function variantKey(source: ImageSource, variant: ImageVariant): string {
  const options = [
    variant.width,
    variant.height ?? null,
    variant.format,
    variant.quality,
    variant.fit,
    // Once a background colour, no longer offered: kept so variants already
    // on disk keep their keys (and their ETags).
    null,
  ];
  return createHash("sha256")
    .update(JSON.stringify([RENDERING_REVISION, source.path, source.version, options]))
    .digest("hex")
    .slice(0, 32);
}

/**
 * The size to ask sharp for. A bitmap cropped to a box larger than itself
 * gets the largest box of the same shape it fills, rather than a crop of
 * the wrong shape (sharp's `withoutEnlargement` keeps each side separately).
 */
function targetSize(source: SourceImage, variant: ImageVariant) {
  const { width, height } = variant;
  if (source.vector || !width || !height) return { width, height };
  const enlargement = Math.max(width / source.width, height / source.height);
  if (enlargement <= 1) return { width, height };
  return {
    width: Math.max(1, Math.round(width / enlargement)),
    height: Math.max(1, Math.round(height / enlargement)),
  };
}

/** The DPI at which an SVG renders at (about) the target size, instead of 72 and upscaled. */
function svgDensity(source: SourceImage, variant: ImageVariant): number {
  const scales = [
    variant.width ? variant.width / source.width : undefined,
    variant.height ? variant.height / source.height : undefined,
  ].filter((scale) => scale !== undefined);
  if (scales.length === 0) return 72;
  // Cropped to cover the box: the scale of the side that fills it.
  const wanted = Math.max(...scales);
  const scale = Math.min(wanted, MAX_SVG_RASTER / Math.max(source.width, source.height));
  return Math.min(100_000, Math.max(1, 72 * scale));
}

async function encode(source: SourceImage, variant: ImageVariant): Promise<Buffer> {
  let image = sharp(source.filePath, {
    density: source.vector ? svgDensity(source, variant) : undefined,
  }).timeout({ seconds: RENDER_TIMEOUT_SECONDS });
  if (!source.vector) image = image.rotate();
  const { width, height } = targetSize(source, variant);
  if (width || height) {
    image = image.resize({
      width,
      height,
      fit: variant.fit,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
      withoutEnlargement: !source.vector,
    });
  }
  // JPEG has no transparency: what was transparent is white.
  if (variant.format === "jpeg") image = image.flatten({ background: "#ffffff" });
  // Metadata is not copied unless asked for, so EXIF and profiles are dropped.
  switch (variant.format) {
    case "webp":
      return image.webp({ quality: variant.quality, effort: 4 }).toBuffer();
    case "jpeg":
      return image.jpeg({ quality: variant.quality, mozjpeg: true }).toBuffer();
  }
}

/** The pixels a render draws: the box asked for, at the source's shape without a height. */
export function drawnPixels(source: SourceImage, variant: ImageVariant): number {
  const height = variant.height ?? Math.round((variant.width * source.height) / source.width);
  return variant.width * height;
}

/** The work of a render in pixels: those drawn, and a bitmap's decoded. */
export function renderCost(source: SourceImage, variant: ImageVariant): number {
  const drawn = drawnPixels(source, variant);
  if (source.vector) return drawn;
  const decoded = source.width * source.height;
  return Math.min(drawn, decoded) + decoded;
}

/** The store's rendered variants on disk, kept under its cap. */
function variantCache(store: ImageStore) {
  return variantCacheFor(store.cacheDirectory, {
    maxBytes: store.cacheMaxBytes ?? DEFAULT_CACHE_MAX_BYTES,
  });
}

async function renderToFile(
  source: SourceImage,
  variant: ImageVariant,
  filePath: string,
): Promise<number> {
  const bytes = await encode(source, variant);
  await writeWholeFile(filePath, bytes);
  return bytes.length;
}

/** Renders in progress by cache file, so concurrent requests for one variant share a render. */
const rendering = new Map<string, Promise<number>>();

/**
 * The variant of `source` on disk: from the cache when it was rendered
 * before, else rendered now (one at a time per variant, one at a time in
 * each lane), charged to `client`'s budget. Throws `RenderBudgetSpentError`
 * when the client has had its share, `RenderQueueFullError` when its lane
 * is full. The cache keeps the most recently served variants up to its cap
 * (`IMAGE_CACHE_MAX_MB`) and deletes the least recently served past it.
 */
export async function renderedImage(
  store: ImageStore,
  source: SourceImage,
  variant: ImageVariant,
  client: string | null,
): Promise<RenderedImage> {
  const key = variantKey(source, variant);
  const filePath = path.join(
    store.cacheDirectory,
    key.slice(0, 2),
    `${key}.${EXTENSIONS[variant.format]}`,
  );
  const image = { key, filePath, contentType: CONTENT_TYPES[variant.format] };
  const cache = variantCache(store);
  await cache.ready();

  let pending = rendering.get(filePath);
  if (!pending) {
    const cached = await stat(filePath).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (cached) {
      cache.used(filePath, cached);
      return { ...image, size: cached.size };
    }
    cache.forget(filePath);
    pending = rendering.get(filePath);
  }
  if (!pending) {
    const cost = renderCost(source, variant);
    const wait = renderBudget.take(client, cost);
    if (wait !== null) throw new RenderBudgetSpentError(wait);
    pending = renderLanes(
      async () => {
        const size = await renderToFile(source, variant, filePath);
        void cache.added(filePath, size);
        return size;
      },
      drawnPixels(source, variant),
      cost,
    ).finally(() => rendering.delete(filePath));
    pending.catch((error: unknown) => {
      // Refused before any work: the client keeps its budget.
      if (error instanceof RenderQueueFullError) renderBudget.refund(client, cost);
    });
    rendering.set(filePath, pending);
  }
  return { ...image, size: await pending };
}
