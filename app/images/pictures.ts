import type { ContentImage } from "./content-image";
import { SHARE_IMAGE, imageUrl, type ImageSource } from "./images";

/** A content image ready for `ResponsiveImage`: its source described, its alt text kept. */
export type Picture = { source: ImageSource; alt: string };

/** For structured data: the share image (a 1200-px JPEG) of the picture, as the optimiser's URL. */
export function shareImageUrl(picture: Picture): string {
  return imageUrl(picture.source, { width: SHARE_IMAGE.width, format: SHARE_IMAGE.format });
}

/**
 * For structured data: the absolute-ready URL of a 1200-px JPEG of each
 * pictured item's image, looked up by its path (undefined when not pictured).
 */
export function shareImageUrls(
  items: readonly { image: ContentImage | null; picture: Picture | null }[],
): (image: ContentImage) => string | undefined {
  const pictures = new Map(
    items.flatMap((item) =>
      item.image && item.picture ? [[item.image.path, item.picture] as const] : [],
    ),
  );
  return (image) => {
    const picture = pictures.get(image.path);
    return picture ? shareImageUrl(picture) : undefined;
  };
}
