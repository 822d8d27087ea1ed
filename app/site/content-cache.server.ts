import type { ContentRevision } from "~/platform/live/content-revision.server";

/** How long content read from the database is served before it is read again. */
export const CONTENT_TTL_MS = 60_000;

/**
 * The content revision a read was made at: the one known as it began (the
 * content read is that new or newer); undefined when none was known.
 */
type ReadAt = string | undefined;

type Entry = { value: unknown; loadedAt: number; revision: ReadAt };

/** A value read through the cache, and the content revision it was read at. */
export type CachedRead<T> = { value: T; revision: ReadAt };

export type ContentCacheOptions = {
  ttlMs?: number;
  now?: () => number;
  /** Called when a background refresh fails; the last good copy is kept. */
  onRefreshError?: (key: string, error: unknown) => void;
  /**
   * The content's revision. When given, it is checked (as often as it
   * allows) before anything is served, and the cache is dropped whenever it
   * moves, however that is learnt.
   */
  revision?: ContentRevision;
};

/**
 * A small read-through cache for content. A fresh entry is served as it is; a
 * stale one is served at once while one background read replaces it; when that
 * read fails, the last good copy goes on being served. Only the very first read
 * of a key waits for the database, and its failure is the caller's. When the
 * content's revision moves, every entry is dropped, and reads begun before
 * that are not kept.
 */
export class ContentCache {
  readonly #entries = new Map<string, Entry>();
  readonly #reads = new Map<string, Promise<CachedRead<unknown>>>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #onRefreshError: (key: string, error: unknown) => void;
  readonly #revision: ContentRevision | undefined;
  /** Moves on with every drop, so a read that began before one is not kept. */
  #generation = 0;

  constructor({
    ttlMs = CONTENT_TTL_MS,
    now = Date.now,
    onRefreshError,
    revision,
  }: ContentCacheOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#now = now;
    this.#onRefreshError = onRefreshError ?? (() => {});
    this.#revision = revision;
    // What was read at an earlier revision is dropped when it moves on.
    revision?.onMove((_, previous) => {
      if (previous !== undefined) this.clear();
    });
  }

  /** `key`'s value, read by `load` (given the revision it reads at) when none is kept. */
  async read<T>(key: string, load: (at: ReadAt) => Promise<T>): Promise<CachedRead<T>> {
    await this.#revision?.current();
    const entry = this.#entries.get(key);
    if (!entry) return this.#load(key, load);
    if (this.#now() - entry.loadedAt >= this.#ttlMs) {
      this.#load(key, load).catch((error: unknown) => this.#onRefreshError(key, error));
    }
    return { value: entry.value as T, revision: entry.revision };
  }

  /** Every entry dropped: the next read of each key goes to the database. */
  clear() {
    this.#generation++;
    this.#entries.clear();
    this.#reads.clear();
  }

  /** One read per key at a time; callers arriving meanwhile share it. */
  #load<T>(key: string, load: (at: ReadAt) => Promise<T>): Promise<CachedRead<T>> {
    const running = this.#reads.get(key);
    if (running) return running as Promise<CachedRead<T>>;
    const generation = this.#generation;
    const revision = this.#revision?.known;
    const read = load(revision)
      .then((value) => {
        if (generation === this.#generation) {
          this.#entries.set(key, { value, loadedAt: this.#now(), revision });
          this.#prune();
        }
        return { value, revision };
      })
      .finally(() => {
        if (this.#reads.get(key) === read) this.#reads.delete(key);
      });
    this.#reads.set(key, read);
    return read;
  }

  /** Date-keyed entries (today's specials, say) are dropped once a day has moved on. */
  #prune() {
    const oldest = this.#now() - 2 * 24 * 60 * 60 * 1000;
    for (const [key, entry] of this.#entries) {
      if (entry.loadedAt < oldest) this.#entries.delete(key);
    }
  }
}
