/** A picture as content stores it: a path in the image folder and its alt text. */
export type ContentImage = { path: string; alt: string };

/** The picture a row names, or null where it has none. */
export function contentImage(path: string | null, alt: string): ContentImage | null {
  return path ? { path, alt } : null;
}
