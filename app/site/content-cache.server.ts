/** How long content read from the database is served before it is read again. */
export const CONTENT_TTL_MS = 60_000;

/**
 * How often an instance asks the database whether the content has changed.
 * With public pages kept by a CDN for at most four seconds, an edit shows
 * everywhere within five.
 */
export const REVISION_CHECK_MS = 1_000;

/** How long a page waits for that answer before serving what it has. */
export const REVISION_CHECK_TIMEOUT_MS = 500;

type Entry = { value: unknown; loadedAt: number };

export type ContentCacheOptions = {
  ttlMs?: number;
  now?: () => number;
  /** Called when a background refresh fails; the last good copy is kept. */
  onRefreshError?: (key: string, error: unknown) => void;
  /**
   * The content's current revision. When given, it is checked (at most once
   * every `revisionCheckMs`) before anything is served, and the cache is
   * dropped whenever it has moved.
   */
  revision?: () => Promise<string>;
  revisionCheckMs?: number;
  revisionCheckTimeoutMs?: number;
  /** Called when the revision cannot be read; what is cached goes on being served. */
  onRevisionError?: (error: unknown) => void;
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
  readonly #reads = new Map<string, Promise<unknown>>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #onRefreshError: (key: string, error: unknown) => void;
  readonly #revision: (() => Promise<string>) | undefined;
  readonly #revisionCheckMs: number;
  readonly #revisionCheckTimeoutMs: number;
  readonly #onRevisionError: (error: unknown) => void;
  /** The revision the entries belong to (undefined until first read). */
  #knownRevision: string | undefined;
  /** Moves on with every drop, so a read that began before one is not kept. */
  #generation = 0;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #check: Promise<void> | undefined;
  /** Moves on when the revision is told (`revisionMoved`), so an answer asked for before is not kept. */
  #told = 0;

  constructor({
    ttlMs = CONTENT_TTL_MS,
    now = Date.now,
    onRefreshError,
    revision,
    revisionCheckMs = REVISION_CHECK_MS,
    revisionCheckTimeoutMs = REVISION_CHECK_TIMEOUT_MS,
    onRevisionError,
  }: ContentCacheOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#now = now;
    this.#onRefreshError = onRefreshError ?? (() => {});
    this.#revision = revision;
    this.#revisionCheckMs = revisionCheckMs;
    this.#revisionCheckTimeoutMs = revisionCheckTimeoutMs;
    this.#onRevisionError = onRevisionError ?? (() => {});
  }

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    await this.#checkRevision();
    const entry = this.#entries.get(key);
    if (!entry) return this.#load(key, load);
    if (this.#now() - entry.loadedAt >= this.#ttlMs) {
      this.#load(key, load).catch((error: unknown) => this.#onRefreshError(key, error));
    }
    return entry.value as T;
  }

  /**
   * The revision the cached content belongs to, checked as a read would
   * check it; undefined until a check has answered.
   */
  async revision(): Promise<string | undefined> {
    await this.#checkRevision();
    return this.#knownRevision;
  }

  /**
   * Told that the revision is now `revision` (a notification from the
   * database): what is cached is dropped at once, without waiting for the
   * next check, and counts as checked now.
   */
  revisionMoved(revision: string) {
    this.#told++;
    this.#checkedAt = this.#now();
    if (revision === this.#knownRevision) return;
    if (this.#knownRevision !== undefined) this.clear();
    this.#knownRevision = revision;
  }

  /** Every entry dropped: the next read of each key goes to the database. */
  clear() {
    this.#generation++;
    this.#entries.clear();
    this.#reads.clear();
  }

  /**
   * Asks for the revision when the last answer is older than the check
   * interval (one question at a time, shared by the requests waiting on it)
   * and drops the cache when it has moved. A slow or failed answer leaves the
   * cache as it is: a page is not held up by the check.
   */
  #checkRevision(): Promise<void> {
    const revision = this.#revision;
    if (!revision) return Promise.resolve();
    if (!this.#check && this.#now() - this.#checkedAt >= this.#revisionCheckMs) {
      this.#checkedAt = this.#now();
      const told = this.#told;
      this.#check = revision()
        .then(
          (current) => {
            if (told !== this.#told) return;
            if (this.#knownRevision !== undefined && current !== this.#knownRevision) this.clear();
            this.#knownRevision = current;
          },
          (error: unknown) => this.#onRevisionError(error),
        )
        .finally(() => (this.#check = undefined));
    }
    const check = this.#check;
    if (!check) return Promise.resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.#revisionCheckTimeoutMs);
    });
    return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
  }

  /** One read per key at a time; callers arriving meanwhile share it. */
  #load<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.#reads.get(key);
    if (running) return running as Promise<T>;
    const generation = this.#generation;
    const read = load()
      .then((value) => {
        if (generation === this.#generation) {
          this.#entries.set(key, { value, loadedAt: this.#now() });
          this.#prune();
        }
        return value;
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
