import { describe, expect, test, vi } from "vitest";
import {
  ContentRevision,
  type ContentRevisionOptions,
} from "~/platform/live/content-revision.server";
import { ContentCache } from "./content-cache.server";

function clock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/** A loader that answers with each value in turn, or throws an Error value. */
function loaderOf<T>(...answers: (T | Error)[]) {
  const load = vi.fn(async () => {
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer as T;
  });
  return load;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The value a read through `cache` gives, without the revision it came with. */
async function valueOf<T>(cache: ContentCache, key: string, load: () => Promise<T>) {
  return (await cache.read(key, load)).value;
}

describe("ContentCache", () => {
  test("a fresh entry is served without reading again", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 60_000, now: time.now });
    const load = loaderOf("menu v1", "menu v2");
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
    time.advance(59_999);
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("a stale entry is served at once and replaced in the background", async () => {
    const time = clock();
    const cache = new ContentCache({ ttlMs: 60_000, now: time.now });
    const load = loaderOf("menu v1", "menu v2");
    await cache.read("menu", load);
    time.advance(60_000);
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
    await settle();
    expect(await valueOf(cache, "menu", load)).toBe("menu v2");
  });

  test("when the refresh fails, the last good copy goes on being served and the failure is reported", async () => {
    const time = clock();
    const failures: string[] = [];
    const cache = new ContentCache({
      ttlMs: 60_000,
      now: time.now,
      onRefreshError: (key, error) => failures.push(`${key}: ${(error as Error).message}`),
    });
    const load = loaderOf<string>("menu v1", new Error("connection refused"));
    await cache.read("menu", load);
    time.advance(120_000);
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
    await settle();
    expect(failures).toEqual(["menu: connection refused"]);
    expect(await valueOf(cache, "menu", loaderOf("menu v3"))).toBe("menu v1");
    await settle();
    expect(await valueOf(cache, "menu", load)).toBe("menu v3");
  });

  test("the first read's failure is the caller's, and the next read tries again", async () => {
    const cache = new ContentCache();
    const load = loaderOf<string>(new Error("down"), "menu v1");
    await expect(cache.read("menu", load)).rejects.toThrow("down");
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
  });

  test("readers arriving during a read share it", async () => {
    const cache = new ContentCache();
    const load = loaderOf("menu v1");
    const [a, b] = await Promise.all([valueOf(cache, "menu", load), valueOf(cache, "menu", load)]);
    expect([a, b]).toEqual(["menu v1", "menu v1"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("keys are kept apart", async () => {
    const cache = new ContentCache();
    expect(await valueOf(cache, "menu", loaderOf("the menu"))).toBe("the menu");
    expect(await valueOf(cache, "events", loaderOf("the events"))).toBe("the events");
  });
});

describe("ContentCache with a content revision", () => {
  /** The database's revision, `initial` until `set`, as the process's `ContentRevision` reads it. */
  function revisionOf(initial: string, options: Omit<ContentRevisionOptions, "read">) {
    let current: string | Error = initial;
    const read = vi.fn(async () => {
      if (current instanceof Error) throw current;
      return current;
    });
    const revision = new ContentRevision({ read, ...options });
    return { read, revision, set: (value: string | Error) => void (current = value) };
  }

  test("an entry is dropped as soon as the revision moves, and not before", async () => {
    const time = clock();
    const revision = revisionOf("1", { now: time.now });
    const cache = new ContentCache({ now: time.now, revision: revision.revision });
    const load = loaderOf("menu v1", "menu v2");
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
    time.advance(1_000);
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
    revision.set("2");
    time.advance(1_000);
    expect(await valueOf(cache, "menu", load)).toBe("menu v2");
    expect(load).toHaveBeenCalledTimes(2);
  });

  test("told the revision moved (a notification), the cache drops at once, without asking", async () => {
    const time = clock();
    const revision = revisionOf("1", { now: time.now });
    const cache = new ContentCache({ now: time.now, revision: revision.revision });
    const load = loaderOf("menu v1", "menu v2");
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
    revision.set("2");
    revision.revision.moved("2");
    // Within the second after the last check: no question asked, the new content read.
    expect(await valueOf(cache, "menu", load)).toBe("menu v2");
    expect(await revision.revision.current()).toBe("2");
    expect(revision.read).toHaveBeenCalledTimes(1);
    // Told the revision it already has, it keeps what it holds.
    revision.revision.moved("2");
    expect(await valueOf(cache, "menu", load)).toBe("menu v2");
    expect(load).toHaveBeenCalledTimes(2);
  });

  test("an answer asked for before a notification does not take the revision back", async () => {
    const time = clock();
    let answer: (value: string) => void = () => {};
    const revision = new ContentRevision({
      now: time.now,
      read: () => new Promise<string>((resolve) => (answer = resolve)),
      timeoutMs: 0,
    });
    const asked = revision.current();
    revision.moved("6");
    answer("5");
    await asked;
    await settle();
    expect(await revision.current()).toBe("6");
  });

  test("the revision is asked at most once a second, whatever the traffic", async () => {
    const time = clock();
    const revision = revisionOf("1", { now: time.now });
    const cache = new ContentCache({ now: time.now, revision: revision.revision });
    const load = loaderOf("menu v1");
    await Promise.all(Array.from({ length: 20 }, () => cache.read("menu", load)));
    time.advance(999);
    await cache.read("menu", load);
    expect(revision.read).toHaveBeenCalledTimes(1);
    time.advance(1);
    await cache.read("menu", load);
    expect(revision.read).toHaveBeenCalledTimes(2);
  });

  test("a revision that cannot be read leaves the cached copy in service", async () => {
    const time = clock();
    const onRevisionError = vi.fn();
    const revision = revisionOf("1", { now: time.now, onReadError: onRevisionError });
    const cache = new ContentCache({ now: time.now, revision: revision.revision });
    const load = loaderOf("menu v1", "menu v2");
    await cache.read("menu", load);
    revision.set(new Error("connection refused"));
    time.advance(1_000);
    expect(await valueOf(cache, "menu", load)).toBe("menu v1");
    expect(onRevisionError).toHaveBeenCalledOnce();
  });

  test("a slow revision check does not hold a page up", async () => {
    const time = clock();
    const revision = new ContentRevision({
      now: time.now,
      read: () => new Promise<string>(() => {}),
      timeoutMs: 10,
    });
    const cache = new ContentCache({ now: time.now, revision });
    expect(await valueOf(cache, "menu", loaderOf("menu v1"))).toBe("menu v1");
  });

  test("a read begun before the revision moved is not kept", async () => {
    const time = clock();
    const revision = revisionOf("1", { now: time.now });
    const cache = new ContentCache({ now: time.now, revision: revision.revision });
    let finish: (value: string) => void = () => {};
    const slow = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const reading = cache.read("menu", slow);
    await settle();
    cache.clear();
    finish("menu before the edit");
    expect(await reading).toEqual({ value: "menu before the edit", revision: "1" });
    expect(await valueOf(cache, "menu", loaderOf("menu after the edit"))).toBe(
      "menu after the edit",
    );
  });

  test("each value comes with the revision it was read at, kept with its entry", async () => {
    const time = clock();
    const revision = revisionOf("7", { now: time.now });
    const cache = new ContentCache({ now: time.now, revision: revision.revision });
    const load = vi.fn(loaderOf("menu at 7", "menu at 8"));
    expect(await cache.read("menu", load)).toEqual({ value: "menu at 7", revision: "7" });
    // The loader is told the revision it reads at, to keep beside its copy.
    expect(load).toHaveBeenCalledWith("7");
    time.advance(500);
    expect(await cache.read("menu", load)).toEqual({ value: "menu at 7", revision: "7" });
    revision.set("8");
    time.advance(1_000);
    expect(await cache.read("menu", load)).toEqual({ value: "menu at 8", revision: "8" });
  });

  test("a read begun before a move gives the revision it began at, not the new one", async () => {
    const time = clock();
    const revision = revisionOf("7", { now: time.now });
    const cache = new ContentCache({ now: time.now, revision: revision.revision });
    let finish: (value: string) => void = () => {};
    const reading = cache.read("menu", () => new Promise<string>((resolve) => (finish = resolve)));
    await settle();
    revision.revision.moved("8");
    finish("menu read as 8 was saved");
    expect(await reading).toEqual({ value: "menu read as 8 was saved", revision: "7" });
  });

  test("with no revision known, a value says so", async () => {
    const cache = new ContentCache({
      revision: new ContentRevision({ read: () => Promise.reject(new Error("down")) }),
    });
    expect(await cache.read("menu", loaderOf("menu"))).toEqual({
      value: "menu",
      revision: undefined,
    });
  });
});
