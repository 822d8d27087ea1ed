import type { Database, Listening } from "../database/database.server";
import { contentRevisionOf, type ContentRevision } from "./content-revision.server";

/** The NOTIFY channel the content revision's trigger speaks on; the payload is the new revision. */
export const REVISION_CHANNEL = "content_revision";

/** Without a listener, how often the revision is read while anyone follows it. */
export const POLL_MS = 2_000;

/** Asked for the revision (a stream opening, a page polling), a reading this recent is answered. */
export const READ_REUSE_MS = 1_000;

/** Waits before listening again after a failure: the seed's reconnect back-off, 1, 2, 5, 10 s. */
export const RELISTEN_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** How the feed learns that the revision moved: told by the database, or by asking it. */
export type LiveMode = "listen" | "poll";

export type RevisionFeedOptions = {
  /** The database; its `listen`, where it has one, tells of each new revision at once. */
  database: () => Promise<Database>;
  /**
   * What the process knows of the revision, which the feed tells what it
   * hears and reads through: by default the database's own
   * (`contentRevisionOf`), shared with the content cache and the page cache.
   */
  revision?: ContentRevision;
  pollMs?: number;
  /** Why the database has no `listen`, for the log (a transaction pooler without a listener URL). */
  cannotListen?: string;
  log: {
    info(message: string, fields?: Record<string, unknown>): void;
    warn(message: string, fields?: Record<string, unknown>): void;
  };
};

type Subscriber = { onRevision: (revision: string) => void; poll: boolean };

/**
 * How the process hears that the content revision moved, one per process,
 * whatever follows it: what it hears it tells the process's
 * `ContentRevision`, whose every move reaches the feed's subscribers.
 *
 * With a database that can listen (PGlite in-process; PostgreSQL on a
 * connection of its own), the trigger's NOTIFY says at once. Where it
 * cannot (Supabase's transaction pooler without LIVE_LISTEN_DATABASE_URL),
 * or while the listener is lost (listened again after 1, 2, 5, then every
 * 10 s), the revision is read every `pollMs`, but only while a subscriber
 * that asks for it (an open stream) is there.
 */
export class RevisionFeed {
  readonly #options: RevisionFeedOptions;
  readonly #pollMs: number;
  readonly #subscribers = new Set<Subscriber>();
  /** The revision of the database as last reached, and how to stop hearing its moves. */
  #revision: ContentRevision | undefined;
  #stopHearing: (() => void) | undefined;
  #mode: LiveMode = "poll";
  #listening: Listening | undefined;
  #failures = 0;
  #pollTimer: NodeJS.Timeout | undefined;
  #relistenTimer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: RevisionFeedOptions) {
    this.#options = options;
    if (options.revision) this.#follow(options.revision);
    this.#pollMs = options.pollMs ?? POLL_MS;
  }

  get mode(): LiveMode {
    return this.#mode;
  }

  /** The latest revision seen, if any. */
  get latest(): string | undefined {
    return this.#revision?.known;
  }

  /**
   * Starts listening where the database can, and says in the log how the
   * feed learns of changes. Resolves with the mode once the first attempt
   * is over (a failed one is tried again in the background).
   */
  async start(): Promise<LiveMode> {
    await this.#listen();
    if (this.#mode === "listen") {
      this.#options.log.info(
        `Live updates: listening on "${REVISION_CHANNEL}" for content changes`,
      );
    } else {
      this.#options.log.info(
        `Live updates: reading the content revision every ${this.#pollMs / 1000} s while pages follow it` +
          (this.#options.cannotListen ? ` (${this.#options.cannotListen})` : ""),
      );
    }
    return this.#mode;
  }

  /**
   * Calls `onRevision` with each later revision. A subscriber with `poll`
   * (the default) keeps the revision read every `pollMs` while the feed is
   * not listening; one without only hears what others cause. Returns the
   * unsubscribe function.
   */
  subscribe(onRevision: (revision: string) => void, { poll = true } = {}): () => void {
    const subscriber = { onRevision, poll };
    this.#subscribers.add(subscriber);
    this.#schedulePoll();
    return () => {
      this.#subscribers.delete(subscriber);
      if (!this.#wantsPolling()) this.#stopPolling();
    };
  }

  /**
   * The current revision: the latest heard while listening, else read now
   * (and passed on to subscribers when it moved), unless it was read less
   * than READ_REUSE_MS ago: a thousand pages reconnecting at once cost one
   * query. Undefined when it cannot be read.
   */
  async current(): Promise<string | undefined> {
    const revision = this.#revision ?? (await this.#reach());
    if (!revision) return undefined;
    if (this.#mode === "listen" && revision.known !== undefined) return revision.known;
    return revision.current({ maxAgeMs: READ_REUSE_MS, waitMs: Number.POSITIVE_INFINITY });
  }

  /** A revision heard: the process takes it when it is later than the last, and passes it on. */
  publish(revision: string): void {
    this.#revision?.moved(revision);
  }

  /** Stops listening and polling (on shutdown). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopPolling();
    clearTimeout(this.#relistenTimer);
    const listening = this.#listening;
    this.#listening = undefined;
    await listening?.close();
  }

  /** Reads the revision now (sharing a read already under way); a move reaches the subscribers. */
  async #refresh(): Promise<void> {
    const revision = await this.#reach();
    await revision?.current({ maxAgeMs: 0, waitMs: Number.POSITIVE_INFINITY });
  }

  /** The database's revision, followed from now on; the last one reached while it cannot be. */
  async #reach(): Promise<ContentRevision | undefined> {
    try {
      this.#follow(this.#options.revision ?? contentRevisionOf(await this.#options.database()));
    } catch {
      // Out of reach: what was known stays.
    }
    return this.#revision;
  }

  /** Hears the moves of `revision` (a database reopened after a failure has a new one). */
  #follow(revision: ContentRevision): void {
    if (revision === this.#revision) return;
    this.#stopHearing?.();
    this.#revision = revision;
    this.#stopHearing = revision.onMove((moved) => {
      for (const subscriber of [...this.#subscribers]) subscriber.onRevision(moved);
    });
  }

  async #listen(): Promise<void> {
    if (this.#stopped) return;
    let db: Database;
    try {
      db = await this.#options.database();
    } catch (error) {
      return this.#lost(error);
    }
    this.#follow(this.#options.revision ?? contentRevisionOf(db));
    if (!db.listen) return;
    try {
      const listening = await db.listen(
        REVISION_CHANNEL,
        (payload) => this.publish(payload.trim()),
        (error) => {
          if (this.#listening === listening) this.#lost(error);
        },
      );
      if (this.#stopped) return void (await listening.close());
      this.#listening = listening;
    } catch (error) {
      return this.#lost(error);
    }
    if (this.#failures > 0) this.#options.log.info("Live updates: listening again");
    this.#mode = "listen";
    this.#failures = 0;
    this.#stopPolling();
    // What moved while nobody listened.
    await this.#refresh();
  }

  #lost(error: unknown): void {
    this.#listening = undefined;
    this.#mode = "poll";
    if (this.#stopped) return;
    const wait = RELISTEN_BACKOFF_MS[Math.min(this.#failures, RELISTEN_BACKOFF_MS.length - 1)];
    // Said once per outage, not at every attempt.
    if (this.#failures === 0) {
      this.#options.log.warn(
        `Live updates: not listening for content changes; reading the revision every ${this.#pollMs / 1000} s while pages follow it, and listening again meanwhile`,
        { error },
      );
    }
    this.#failures++;
    clearTimeout(this.#relistenTimer);
    this.#relistenTimer = setTimeout(() => void this.#listen(), wait);
    this.#relistenTimer.unref();
    this.#schedulePoll();
  }

  #wantsPolling(): boolean {
    if (this.#stopped || this.#mode === "listen") return false;
    return [...this.#subscribers].some((subscriber) => subscriber.poll);
  }

  #schedulePoll(): void {
    if (this.#pollTimer || !this.#wantsPolling()) return;
    this.#pollTimer = setTimeout(() => {
      this.#pollTimer = undefined;
      void this.#refresh().finally(() => this.#schedulePoll());
    }, this.#pollMs);
    this.#pollTimer.unref();
  }

  #stopPolling(): void {
    clearTimeout(this.#pollTimer);
    this.#pollTimer = undefined;
  }
}
