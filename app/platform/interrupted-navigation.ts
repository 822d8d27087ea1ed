/**
 * Whether `reason` is the abort of a navigation or submission that a newer
 * one replaced (a second press while the page still loads after the first).
 * The router drops the older one on purpose; nothing went wrong.
 */
export function isInterruptedNavigation(reason: unknown): boolean {
  return (
    typeof DOMException !== "undefined" &&
    reason instanceof DOMException &&
    reason.name === "AbortError"
  );
}

/**
 * The router aborts a navigation that a newer one replaces, and in places
 * leaves the promise of the aborted one unhandled: the browser would report
 * an uncaught error for what is a visitor moving on. Those rejections are
 * marked handled; any other error is reported as before.
 */
export function quietInterruptedNavigations(target: Pick<Window, "addEventListener">): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (isInterruptedNavigation(event.reason)) event.preventDefault();
  });
}
