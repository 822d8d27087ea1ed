import type { RouterContextProvider } from "react-router";
import type { ContentImage } from "./content-image";
import { describeImage } from "./image-store.server";
import { SHARE_IMAGE, imageUrl, type ImageSource } from "./images";

/** A content image ready for `ResponsiveImage`: its source described, its alt text kept. */
export type Picture = { source: ImageSource; alt: string };

/** The picture for a content image, or null when there is none or its file is missing. */
export async function pictureFor(
  context: Readonly<RouterContextProvider>,
  image: ContentImage | null,
): Promise<Picture | null> {
  if (!image) return null;
  const source = await describeImage(context, image.path);
  return source ? { source, alt: image.alt } : null;
}

/** Each item with its `picture`, described in parallel. */
export function withPictures<T extends { image: ContentImage | null }>(
  context: Readonly<RouterContextProvider>,
  items: readonly T[],
): Promise<(T & { picture: Picture | null })[]> {
  return Promise.all(
    items.map(async (item) => ({ ...item, picture: await pictureFor(context, item.image) })),
  );
}

/**
 * For structured data: the absolute-ready URL of a share image (1200-px JPEG) of each
 * pictured item's image, looked up by its path (undefined when not pictured).
 */
export function shareImageUrls(
  items: readonly { image: ContentImage | null; picture: Picture | null }[],
): (image: ContentImage) => string | undefined {
  const sources = new Map(
    items.flatMap((item) =>
      item.image && item.picture ? [[item.image.path, item.picture.source] as const] : [],
    ),
  );
  return (image) => {
    const source = sources.get(image.path);
    return source
      ? imageUrl(source, { width: SHARE_IMAGE.width, format: SHARE_IMAGE.format })
      : undefined;
  };
}
