import type { Database } from "../database/database.server";
import { log } from "../logger.server";
import { isLaterRevision } from "./revision-order";

/**
 * The content revision: one number that moves, by trigger, with every change
 * to a content table. This module is the one place a process knows it: the
 * content cache asks it before serving, the page cache keys pages by it, and
 * the live feed tells it of each move and passes it on to open pages, so all
 * three always agree on the same number.
 */

/**
 * How often an instance asks the database whether the content has changed.
 * With public pages kept by a CDN for at most four seconds, an edit shows
 * everywhere within five.
 */
export const REVISION_CHECK_MS = 1_000;

/** How long a page waits for that answer before serving what it has. */
export const REVISION_CHECK_TIMEOUT_MS = 500;

/** The content's revision as the database has it now. */
export async function readContentRevision(db: Database): Promise<string> {
  const [row] = await db.query<{ revision: string }>(
    "select revision::text as revision from public.content_revision",
  );
  if (!row) throw new Error("The content_revision table has no row");
  return row.revision;
}

/** When the content last changed: the revision's time, as an ISO instant (UTC). */
export async function contentChangedAt(db: Database): Promise<string> {
  const [row] = await db.query<{ changedAt: string }>(
    `select to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "changedAt"
     from public.content_revision`,
  );
  if (!row) throw new Error("The content_revision table has no row");
  return row.changedAt;
}

export type ContentRevisionOptions = {
  /** Reads the revision from the database. */
  read: () => Promise<string>;
  checkMs?: number;
  timeoutMs?: number;
  now?: () => number;
  /** Called when the revision cannot be read; what is known stays. */
  onReadError?: (error: unknown) => void;
};

/** Told each time the revision moves: the new one, and the one before (undefined the first time). */
export type RevisionListener = (revision: string, previous: string | undefined) => void;

/**
 * What this process knows of one database's content revision. Asked for it,
 * it reads the database when its last answer is older than `checkMs` (one
 * read at a time, shared by everyone asking meanwhile) and waits at most
 * `timeoutMs` for it; told of a move (the feed heard a NOTIFY), it takes it
 * at once, and an answer asked for before that is not let take it back.
 * Every move, however learnt, is passed on once to every listener.
 */
export class ContentRevision {
  readonly #read: () => Promise<string>;
  readonly #checkMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #onReadError: (error: unknown) => void;
  readonly #listeners = new Set<RevisionListener>();
  #known: string | undefined;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #check: Promise<void> | undefined;
  /** Moves on with every move told, so an answer asked for before one is not kept. */
  #told = 0;

  constructor({
    read,
    checkMs = REVISION_CHECK_MS,
    timeoutMs = REVISION_CHECK_TIMEOUT_MS,
    now = Date.now,
    onReadError = () => {},
  }: ContentRevisionOptions) {
    this.#read = read;
    this.#checkMs = checkMs;
    this.#timeoutMs = timeoutMs;
    this.#now = now;
    this.#onReadError = onReadError;
  }

  /** The revision last known, without asking; undefined until one is. */
  get known(): string | undefined {
    return this.#known;
  }

  /**
   * The revision, asked of the database when the last answer is older than
   * `maxAgeMs` (`checkMs` unless given), waiting at most `waitMs` for the
   * answer (`timeoutMs` unless given). A slow or failed answer leaves what
   * is known; undefined until anything is.
   */
  async current({
    maxAgeMs = this.#checkMs,
    waitMs = this.#timeoutMs,
  }: { maxAgeMs?: number; waitMs?: number } = {}): Promise<string | undefined> {
    if (!this.#check && this.#now() - this.#checkedAt >= maxAgeMs) {
      this.#checkedAt = this.#now();
      const told = this.#told;
      this.#check = this.#read()
        .then(
          (revision) => {
            if (told === this.#told) this.#take(revision);
          },
          (error: unknown) => this.#onReadError(error),
        )
        .finally(() => (this.#check = undefined));
    }
    const check = this.#check;
    if (check) await waitAtMost(check, waitMs);
    return this.#known;
  }

  /**
   * Told that the revision is now `revision` (the database said so): taken
   * at once when it is later than what is known, and it counts as checked now.
   */
  moved(revision: string): void {
    this.#told++;
    this.#checkedAt = this.#now();
    if (isLaterRevision(revision, this.#known)) this.#take(revision);
  }

  /** Calls `listener` with each move from now on. Returns the way to stop. */
  onMove(listener: RevisionListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  #take(revision: string): void {
    const previous = this.#known;
    if (revision === previous) return;
    this.#known = revision;
    for (const listener of [...this.#listeners]) listener(revision, previous);
  }
}

async function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  if (ms === Number.POSITIVE_INFINITY) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const revisions = new WeakMap<Database, ContentRevision>();

/**
 * The one `ContentRevision` of a database in this process, shared by the
 * content cache, the page cache and the live feed.
 */
export function contentRevisionOf(db: Database): ContentRevision {
  let revision = revisions.get(db);
  if (!revision) {
    revision = new ContentRevision({
      read: () => readContentRevision(db),
      onReadError(error) {
        log.warn("The content revision could not be read; serving what is kept", { error });
      },
    });
    revisions.set(db, revision);
  }
  return revision;
}
