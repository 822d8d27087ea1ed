/**
 * A list page's reorder mode, `?reorder=1`: its rows with their move buttons
 * and nothing else to tap, so the everyday list is not crowded with them and
 * a tap meant for a row's editor (or the menu's "Not available today") can
 * never reorder what visitors see. An address of its own, so it works as
 * plain links and posts.
 */

export const REORDER_PARAM = "reorder";

/** Whether an address's query asks for reorder mode. */
export function isReordering(params: URLSearchParams): boolean {
  return params.get(REORDER_PARAM) === "1";
}

/** A list page's address in reorder mode: `/staff/specials?reorder=1`. */
export const reorderPath = (path: string) => `${path}?${REORDER_PARAM}=1`;
