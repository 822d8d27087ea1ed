import type { ContentImage } from "./content-image";
import { SHARE_IMAGE, heightFor, imageUrl, type ImageSource } from "./images";

/** A content image ready for `ResponsiveImage`: its source described, its alt text kept. */
export type Picture = { source: ImageSource; alt: string };

/** For structured data: the share image (a 1200-px JPEG) of the picture, as the optimiser's URL. */
export function shareImageUrl(picture: Picture): string {
  return imageUrl(picture.source, { width: SHARE_IMAGE.width, format: SHARE_IMAGE.format });
}

/** The shapes search engines ask a pictured event or place for: 16:9, 4:3 and 1:1. */
export const SEARCH_IMAGE_RATIOS = [16 / 9, 4 / 3, 1] as const;

/**
 * For structured data that search engines show large (an event, the pub):
 * the picture as a 1200-px JPEG cropped to each of `SEARCH_IMAGE_RATIOS`,
 * as the optimiser's URLs.
 */
export function searchImageUrls(picture: Picture): string[] {
  return SEARCH_IMAGE_RATIOS.map((ratio) =>
    imageUrl(picture.source, {
      width: SHARE_IMAGE.width,
      height: heightFor(SHARE_IMAGE.width, ratio),
      format: SHARE_IMAGE.format,
      fit: "cover",
    }),
  );
}

/**
 * For structured data: the absolute-ready URL of a 1200-px JPEG of each
 * pictured item's image, looked up by its path (undefined when not pictured).
 */
export function shareImageUrls(
  items: readonly { image: ContentImage | null; picture: Picture | null }[],
): (image: ContentImage) => string | undefined {
  return pictureUrls(items, shareImageUrl);
}

/** As `shareImageUrls`, each picture in the shapes search engines ask for (`searchImageUrls`). */
export function searchImageUrlsOf(
  items: readonly { image: ContentImage | null; picture: Picture | null }[],
): (image: ContentImage) => string[] | undefined {
  return pictureUrls(items, searchImageUrls);
}

/** What `urls` makes of each pictured item's picture, looked up by its image's path. */
function pictureUrls<T>(
  items: readonly { image: ContentImage | null; picture: Picture | null }[],
  urls: (picture: Picture) => T,
): (image: ContentImage) => T | undefined {
  const pictures = new Map(
    items.flatMap((item) =>
      item.image && item.picture ? [[item.image.path, item.picture] as const] : [],
    ),
  );
  return (image) => {
    const picture = pictures.get(image.path);
    return picture ? urls(picture) : undefined;
  };
}
