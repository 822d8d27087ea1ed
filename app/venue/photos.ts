import { imageUrl } from "~/images/images";
import type { Picture } from "~/images/pictures";

/** The width a photo opens at without JavaScript, and the largest the viewer shows. */
export const FULL_SIZE_WIDTH = 1536;

/** How far (CSS px) a finger must travel sideways, more than up or down, to turn the photo. */
export const SWIPE_DISTANCE = 48;

/** A photo on its own, as large as the viewer shows it: where a thumbnail leads without JavaScript. */
export function fullSizeUrl(picture: Picture): string {
  return imageUrl(picture.source, { width: FULL_SIZE_WIDTH });
}

/** The photo `step` places from `index` among `count`, going round at either end. */
export function stepPhoto(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}

/** The step a swipe from `start` to `end` asks for: 1 (next, leftwards), -1 (previous) or 0. */
export function swipeStep(
  start: { x: number; y: number },
  end: { x: number; y: number },
): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}
