/**
 * Where a toast goes so it never covers the control just used, nor the list
 * rows beside it (after moving a row, the next tap is often the next row's
 * button): the seed's bottom-right, unless they sit where the toast would
 * land (on a phone, where toasts take the whole width, anywhere near the
 * bottom), and then the top. Pure, so it can be tested without a browser.
 */

export type ToastPosition = "bottom-right" | "top-right";

export type Box = { top: number; bottom: number; left: number; right: number };

/** Phones: sonner lays toasts across the whole width below this. */
export const FULL_WIDTH_BELOW = 600;
/** The band a toast takes at an edge: its height (two lines and a close button) and offset. */
export const TOAST_BAND_HEIGHT = 150;
/** A toast's width on a wider screen, with its offset from the side. */
export const TOAST_BAND_WIDTH = 420;

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** The band a toast at `position` covers in a viewport of `width` × `height`. */
export function toastBand(position: ToastPosition, width: number, height: number): Box {
  const left = width < FULL_WIDTH_BELOW ? 0 : Math.max(0, width - TOAST_BAND_WIDTH);
  return position === "bottom-right"
    ? { top: height - TOAST_BAND_HEIGHT, bottom: height, left, right: width }
    : { top: 0, bottom: TOAST_BAND_HEIGHT, left, right: width };
}

const POSITIONS: readonly ToastPosition[] = ["bottom-right", "top-right"];

/**
 * Bottom-right, unless `control` (its box in the viewport; null when there is
 * none in view) or the boxes `nearby` it (the list rows around it, which the
 * next tap most likely lands on) would be under it there and not at the top;
 * when no place clears them all, the first that clears the control.
 */
export function toastPositionFor(
  control: Box | null,
  { width, height }: { width: number; height: number },
  nearby: readonly Box[] = [],
): ToastPosition {
  if (!control) return "bottom-right";
  const clearOf = (position: ToastPosition, boxes: readonly Box[]) =>
    boxes.every((box) => !overlaps(box, toastBand(position, width, height)));
  return (
    POSITIONS.find((position) => clearOf(position, [control, ...nearby])) ??
    POSITIONS.find((position) => clearOf(position, [control])) ??
    "bottom-right"
  );
}
