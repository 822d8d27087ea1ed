import { preload } from "react-dom";
import {
  IMAGE_BREAKPOINTS,
  IMAGE_DENSITIES,
  imageUrl,
  type ImageFormat,
  type ImageSource,
} from "./images";

export type ResponsiveImageProps = {
  image: ImageSource;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** Width / height to crop to (fit=cover); the source's own shape when left out. */
  aspectRatio?: number;
  /** The largest CSS width the image is shown at. */
  maxWidth?: number;
  /** For the page's largest image: loaded first, preloaded from the head. */
  priority?: boolean;
  className?: string;
  format?: ImageFormat;
};

type Candidate = { width: number; height?: number };

const DEFAULT_MAX_WIDTH = Math.max(...IMAGE_BREAKPOINTS);

/** The widest rendition worth asking for: a bitmap's own pixels (at the cropped shape); an SVG has no limit. */
function widthLimit(image: ImageSource, aspectRatio?: number): number {
  if (image.path.endsWith(".svg")) return Number.POSITIVE_INFINITY;
  return aspectRatio ? Math.min(image.width, Math.floor(image.height * aspectRatio)) : image.width;
}

/**
 * The widths to offer: the breakpoints up to the widest one needed, plus the
 * largest layout at each density. A bitmap is never offered wider than it
 * is (or than its height allows at the cropped shape); an SVG renders at any size.
 */
function candidateWidths(image: ImageSource, maxWidth: number, aspectRatio?: number): number[] {
  const largest = maxWidth * Math.max(...IMAGE_DENSITIES);
  const wanted = [
    ...IMAGE_BREAKPOINTS.filter((width) => width < largest),
    ...IMAGE_DENSITIES.map((density) => Math.round(maxWidth * density)),
  ];
  const limit = widthLimit(image, aspectRatio);
  const widths = wanted.map((width) => Math.min(width, limit));
  return [...new Set(widths)].filter((width) => width >= 1).sort((a, b) => a - b);
}

/** For an image shown at one width: a rendition for each screen density, within the limit. */
function densityWidths(image: ImageSource, width: number, aspectRatio?: number): number[] {
  const limit = widthLimit(image, aspectRatio);
  const widths = IMAGE_DENSITIES.map((density) => Math.min(Math.round(width * density), limit));
  return [...new Set(widths)].filter((each) => each >= 1);
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
  const candidate = (width: number): Candidate => ({
    width,
    height: aspectRatio ? Math.max(1, Math.round(width / aspectRatio)) : undefined,
  });
  const url = (candidate: Candidate) =>
    imageUrl(image, {
      ...candidate,
      format,
      fit: aspectRatio ? "cover" : undefined,
    });
  // Shown at one width whatever the screen: density descriptors say the same
  // as width descriptors and `sizes`, in fewer bytes (a menu has many such images).
  const fixedWidth = sizes === `${maxWidth}px`;
  let src: string;
  let srcSet: string | undefined;
  if (fixedWidth) {
    const [first, ...denser] = densityWidths(image, maxWidth, aspectRatio).map(candidate);
    src = first ? url(first) : imageUrl(image, { format });
    srcSet = denser.map((each) => `${url(each)} ${each.width / maxWidth}x`).join(", ") || undefined;
  } else {
    const candidates = candidateWidths(image, maxWidth, aspectRatio).map(candidate);
    srcSet = candidates.map((each) => `${url(each)} ${each.width}w`).join(", ");
    const fallback = candidates[Math.floor((candidates.length - 1) / 2)];
    src = fallback ? url(fallback) : imageUrl(image, { format });
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
