import { describe, expect, test, vi } from "vitest";
import { RELOAD_GUARD_MS, chunkLoader, isChunkLoadError, reloadOnce } from "./chunk-reload";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("reloadOnce", () => {
  test("reloads the first time", () => {
    const reload = vi.fn();
    expect(reloadOnce({ storage: memoryStorage(), now: 1_000_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  test("does not reload again within the guard window", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnce({ storage, now: 1_000_000, reload });
    expect(reloadOnce({ storage, now: 1_000_000 + RELOAD_GUARD_MS - 1, reload })).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });

  test("reloads again once the guard window has passed", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnce({ storage, now: 1_000_000, reload });
    expect(reloadOnce({ storage, now: 1_000_000 + RELOAD_GUARD_MS, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test("a clock that went backwards does not block reloads forever", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    reloadOnce({ storage, now: 5_000_000, reload });
    expect(reloadOnce({ storage, now: 1_000_000, reload })).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  test.each([
    new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"),
    new TypeError("error loading dynamically imported module: https://x/assets/a.js"),
    new TypeError("Importing a module script failed."),
    new Error("Unable to preload CSS for /assets/a.css"),
  ])("recognises %s", (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  test("ignores other errors", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

/**
 * How `promise` stands once everything already queued has run: a loader that
 * settles does so on promises alone, so "pending" then means it never will.
 */
const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => "resolved",
      () => "rejected",
    ),
    new Promise((resolve) => setImmediate(() => resolve("pending"))),
  ]);

describe("chunkLoader", () => {
  const gone = () => new TypeError("Failed to fetch dynamically imported module: /assets/x.js");

  test("loads a chunk once however often it is asked for", async () => {
    const load = vi.fn(async () => ({ ready: true }));
    const get = chunkLoader(load);
    await Promise.all([get(), get(), get()]);
    expect(load).toHaveBeenCalledOnce();
  });

  test("a missing chunk reloads the page and never settles", async () => {
    const reload = vi.fn(() => true);
    const get = chunkLoader(() => Promise.reject(gone()), reload);
    expect(await settled(get())).toBe("pending");
    expect(reload).toHaveBeenCalledOnce();
  });

  test("an import Vite resolved to nothing (its preload error handled by a reload) never settles", async () => {
    const get = chunkLoader(
      () => Promise.resolve(undefined),
      () => false,
    );
    expect(await settled(get())).toBe("pending");
  });

  test("when the guard refuses a second reload, the error reaches the caller", async () => {
    const get = chunkLoader(
      () => Promise.reject(gone()),
      () => false,
    );
    await expect(get()).rejects.toThrow("Failed to fetch dynamically imported module");
  });

  test("other errors are not reloads, and a later call tries again", async () => {
    const reload = vi.fn(() => true);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("boom"))
      .mockResolvedValueOnce("loaded");
    const get = chunkLoader(load, reload);
    await expect(get()).rejects.toThrow("boom");
    await expect(get()).resolves.toBe("loaded");
    expect(reload).not.toHaveBeenCalled();
  });
});
