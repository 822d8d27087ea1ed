import type { RouterContextProvider } from "react-router";
import type { ContentImage } from "./content-image";
import { describeImage } from "./image-store.server";
import type { Picture } from "./pictures";

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
