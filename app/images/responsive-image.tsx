import { preload } from "react-dom";
import {
  IMAGE_BREAKPOINTS,
  IMAGE_DENSITIES,
  heightFor,
  imageUrl,
  type ImageFormat,
  type ImageLayoutWidth,
  type ImageSource,
} from "./images";

export type ResponsiveImageProps = {
  image: ImageSource;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /**
   * Width / height to crop to (fit=cover), one of `IMAGE_ASPECT_RATIOS`; the
   * source's own shape when left out.
   */
  aspectRatio?: number;
  /** The largest CSS width the image is shown at: a breakpoint or one of the fixed widths. */
  maxWidth?: ImageLayoutWidth;
  /** For the page's largest image: loaded first, preloaded from the head. */
  priority?: boolean;
  className?: string;
  format?: ImageFormat;
};

/** A width to ask the optimiser for, and how wide the picture it sends is. */
type Candidate = { width: number; height?: number; delivered: number };

const DEFAULT_MAX_WIDTH = Math.max(...IMAGE_BREAKPOINTS) as ImageLayoutWidth;

/**
 * The widths to offer: the breakpoints up to the widest one needed, plus the
 * largest layout at each density, all of them widths the optimiser renders.
 * A bitmap is never delivered wider than it is (or than its height allows at
 * the cropped shape): the first width at or past that is offered at the
 * bitmap's own width, and wider ones, which would be the same picture, are
 * left out. An SVG renders at any size.
 */
function candidates(image: ImageSource, maxWidth: number, aspectRatio?: number): Candidate[] {
  const largest = maxWidth * Math.max(...IMAGE_DENSITIES);
  const wanted = [
    ...new Set([
      ...IMAGE_BREAKPOINTS.filter((width) => width < largest),
      ...IMAGE_DENSITIES.map((density) => maxWidth * density),
    ]),
  ].sort((a, b) => a - b);
  const limit = image.path.endsWith(".svg")
    ? Number.POSITIVE_INFINITY
    : aspectRatio
      ? Math.min(image.width, Math.floor(image.height * aspectRatio))
      : image.width;
  const past = wanted.findIndex((width) => width >= limit);
  return (past === -1 ? wanted : wanted.slice(0, past + 1)).map((width) => ({
    width,
    height: aspectRatio ? heightFor(width, aspectRatio) : undefined,
    delivered: Math.max(1, Math.min(width, limit)),
  }));
}

/**
 * An image served by the optimiser in the sizes the layout needs, with its
 * box reserved by width and height so nothing shifts when it arrives.
 * Lazy unless it is the page's `priority` image, which is preloaded instead.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  aspectRatio,
  maxWidth = DEFAULT_MAX_WIDTH,
  priority = false,
  className,
  format,
}: ResponsiveImageProps) {
  const ratio = aspectRatio ?? image.width / image.height;
  const offered = candidates(image, maxWidth, aspectRatio);
  const url = ({ width, height }: Candidate) =>
    imageUrl(image, { width, height, format, fit: aspectRatio ? "cover" : undefined });
  const srcSet = offered.map((candidate) => `${url(candidate)} ${candidate.delivered}w`).join(", ");
  // Never empty: there is always at least the largest layout at 1x.
  const src = url(offered[Math.floor((offered.length - 1) / 2)]!);

  if (priority) {
    preload(src, { as: "image", imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: "high" });
  }

  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={maxWidth}
      height={Math.round(maxWidth / ratio)}
      decoding="async"
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}
