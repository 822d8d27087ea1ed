/**
 * Runs `work` once the browser has nothing more pressing to do (the page's
 * parts woken, its first paints done), or after `timeoutMs` at the latest;
 * where requestIdleCallback is missing (Safari), in a task of its own.
 * Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 0);
  return () => window.clearTimeout(timer);
}
