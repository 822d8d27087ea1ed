import { preload } from "react-dom";
import {
  IMAGE_BREAKPOINTS,
  IMAGE_DENSITIES,
  heightFor,
  imageUrl,
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
};

/** A width to ask the optimiser for, and how wide the picture it sends is. */
type Candidate = { width: number; height?: number; delivered: number };

const DEFAULT_MAX_WIDTH = Math.max(...IMAGE_BREAKPOINTS) as ImageLayoutWidth;

/** The widest picture worth delivering: a bitmap's own pixels (at the cropped shape); an SVG has no limit. */
function widthLimit(image: ImageSource, aspectRatio?: number): number {
  if (image.path.endsWith(".svg")) return Number.POSITIVE_INFINITY;
  return aspectRatio ? Math.min(image.width, Math.floor(image.height * aspectRatio)) : image.width;
}

/** Asks for `wanted` widths (all ones the optimiser renders), up to the first that reaches the limit. */
function upToLimit(wanted: readonly number[], limit: number, aspectRatio?: number): Candidate[] {
  const past = wanted.findIndex((width) => width >= limit);
  return (past === -1 ? wanted : wanted.slice(0, past + 1)).map((width) => ({
    width,
    height: aspectRatio ? heightFor(width, aspectRatio) : undefined,
    delivered: Math.max(1, Math.min(width, limit)),
  }));
}

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
  return upToLimit(wanted, widthLimit(image, aspectRatio), aspectRatio);
}

/**
 * For an image shown at one width whatever the screen: the layout width at
 * each density (widths the optimiser renders), up to the bitmap's own.
 */
function densityCandidates(image: ImageSource, width: number, aspectRatio?: number): Candidate[] {
  const wanted = [...new Set(IMAGE_DENSITIES.map((density) => width * density))].sort(
    (a, b) => a - b,
  );
  return upToLimit(wanted, widthLimit(image, aspectRatio), aspectRatio);
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
}: ResponsiveImageProps) {
  const ratio = aspectRatio ?? image.width / image.height;
  const url = ({ width, height }: Candidate) =>
    imageUrl(image, { width, height, fit: aspectRatio ? "cover" : undefined });
  // Shown at one width whatever the screen: density descriptors say the same
  // as width descriptors and `sizes`, in fewer bytes (a menu has many such images).
  const fixedWidth = sizes === `${maxWidth}px`;
  let src: string;
  let srcSet: string | undefined;
  if (fixedWidth) {
    // Never empty: there is always the layout width at 1x.
    const [first, ...denser] = densityCandidates(image, maxWidth, aspectRatio);
    src = url(first!);
    srcSet =
      denser.map((each) => `${url(each)} ${each.delivered / first!.delivered}x`).join(", ") ||
      undefined;
  } else {
    const offered = candidates(image, maxWidth, aspectRatio);
    srcSet = offered.map((candidate) => `${url(candidate)} ${candidate.delivered}w`).join(", ");
    // Never empty: there is always at least the largest layout at 1x.
    src = url(offered[Math.floor((offered.length - 1) / 2)]!);
  }
  const imageSizes = fixedWidth ? undefined : sizes;

  if (priority) {
    preload(src, { as: "image", imageSrcSet: srcSet, imageSizes, fetchPriority: "high" });
  }

  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={imageSizes}
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
