/** Seed constant: after one reload, no other for 10 s, so a broken chunk cannot loop. */
export const RELOAD_GUARD_MS = 10_000;

const STORAGE_KEY = "chunk-reload-at";

type ReloadDeps = {
  storage: Pick<Storage, "getItem" | "setItem">;
  now: number;
  reload: () => void;
};

/**
 * Reloads the page unless it was reloaded for the same reason less than
 * RELOAD_GUARD_MS ago. Returns whether it reloaded.
 */
export function reloadOnce({ storage, now, reload }: ReloadDeps): boolean {
  const last = Number(storage.getItem(STORAGE_KEY));
  if (last > 0 && now >= last && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

const CHUNK_LOAD_MESSAGES = [
  "Failed to fetch dynamically imported module", // Chromium
  "error loading dynamically imported module", // Firefox
  "Importing a module script failed", // Safari
  "Unable to preload CSS", // Vite's stylesheet preloads
];

/** Whether an error means a code chunk could not be loaded, as after a deployment. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_LOAD_MESSAGES.some((known) => message.includes(known));
}

/** Reloads the page in this tab once, if its storage allows keeping the guard. */
export function reloadPageOnce(): boolean {
  try {
    return reloadOnce({
      storage: window.sessionStorage,
      now: Date.now(),
      reload: () => window.location.reload(),
    });
  } catch {
    // No session storage (a locked-down browser): without the guard a reload
    // could loop, so the error is left to the error view instead.
    return false;
  }
}

/**
 * A chunk that fails to load after a deployment reloads the page once, so the
 * visitor gets the new build's HTML and chunks instead of an error.
 */
export function installChunkReloadGuard(target: Window): void {
  target.addEventListener("vite:preloadError", (event) => {
    if (reloadPageOnce()) event.preventDefault();
  });
  target.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason) && reloadPageOnce()) event.preventDefault();
  });
}

/**
 * Loads a lazily split module once, however often it is asked for. If its
 * chunk is gone (a deployment replaced it), the page reloads once to get the
 * new build; a second failure within the guard window is thrown to the caller.
 */
export function chunkLoader<T>(
  load: () => Promise<T>,
  reload: () => boolean = reloadPageOnce,
): () => Promise<T> {
  // The page is going away: nothing is left to do with the result.
  const reloading = new Promise<never>(() => {});
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().then(
      (module) => {
        // Vite resolves an import to undefined when a vite:preloadError
        // listener (ours, reloading the page) has handled its failure.
        if (module === undefined) return reloading;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        if (isChunkLoadError(error) && reload()) return reloading;
        throw error;
      },
    ));
}
