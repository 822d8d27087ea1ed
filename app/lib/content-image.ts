/** A picture as content stores it: a path in the image folder and its alt text. */
export type ContentImage = { path: string; alt: string };
