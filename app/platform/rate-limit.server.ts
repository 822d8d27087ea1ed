import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import type { Database } from "./database/database.server";
import type { RateLimit } from "./form-protection";
import { serverSecret } from "./server-secret.server";

/**
 * Rate limits kept in Postgres, so every instance counts alike: the public
 * forms and staff sign-in count attempts per client address and per email,
 * each stored only as a keyed hash.
 */

/** One bucket's count as an attempt is made: its window's hits (this one included), the window before's, and how far into its window it is. */
export type WindowCount = { hits: number; previousHits: number; elapsedSeconds: number };

/**
 * Counts one submission in `bucket`'s current window and returns the count so
 * far, the previous window's and how far into the window the database's
 * clock is. One statement, so concurrent posts on several instances each get
 * their own count.
 */
export async function countSubmission(
  db: Database,
  bucket: string,
  windowSeconds: number,
): Promise<WindowCount> {
  // Counts of different window lengths are kept apart: a 60 s window that
  // starts where a 600 s one does is another count.
  const key = `${bucket}/${windowSeconds}s`;
  const [row] = await db.query<WindowCount>(
    `with counted as (
       insert into public.form_rate_limits as limits (bucket, window_start, hits)
       values (
         $1,
         to_timestamp(floor(extract(epoch from now()) / $2::int) * $2::int),
         1
       )
       on conflict (bucket, window_start) do update set hits = limits.hits + 1
       returning hits, window_start
     )
     select counted.hits,
       coalesce((
         select previous.hits from public.form_rate_limits previous
         where previous.bucket = $1
           and previous.window_start = counted.window_start - make_interval(secs => $2::int)
       ), 0) as "previousHits",
       extract(epoch from now() - counted.window_start)::float8 as "elapsedSeconds"
     from counted`,
    [key, windowSeconds],
  );
  if (!row) throw new Error("The rate limit count returned no row");
  return row;
}

/** One check's count from `countInTurn`, or null when an earlier check refused the attempt. */
export type TurnCount = (WindowCount & { windowStart: string }) | null;

const withinLimit = ({ hits, previousHits, elapsedSeconds }: WindowCount, limit: RateLimit) =>
  secondsUntilAllowedBy({ hits, previousHits, elapsedSeconds }, limit) === null;

/**
 * Counts one attempt against each check in turn, in one statement: a check
 * is counted only when every check before it is within its limit, so an
 * attempt refused by the first (the narrowest) adds nothing to the others.
 * Each count is taken by an upsert that returns it, so attempts made at the
 * same moment, on any instance, each get a count of their own and no more
 * than a limit's `max` can be within it. Returns each check's count, or null
 * for those not reached; `windowStart` names the row, for `uncount`.
 */
export async function countInTurn(
  db: Database,
  checks: readonly RateLimitCheck[],
): Promise<TurnCount[]> {
  if (checks.length === 0) return [];
  const params: (string | number)[] = [];
  const ctes: string[] = [];
  const columns: string[] = [];
  checks.forEach(({ bucket, limit }, i) => {
    params.push(`${bucket}/${limit.windowSeconds}s`, limit.windowSeconds);
    // The last check's limit is applied here, after the statement; the others' in it.
    if (i < checks.length - 1) params.push(limit.max);
    const [key, window] = [`$${i * 3 + 1}`, `$${i * 3 + 2}::int`];
    const start = `to_timestamp(floor(extract(epoch from now()) / ${window}) * ${window})`;
    // Reached only when the check before it was within its limit, counted the
    // way secondsUntilAllowedBy counts (the previous window in proportion).
    const [before, beforeWindow, beforeMax] = [`c${i - 1}`, `$${i * 3 - 1}::int`, `$${i * 3}::int`];
    const reached =
      i === 0
        ? ""
        : `from ${before} where ${before}.hits + ${before}."previousHits"
             * greatest(0, 1 - ${before}."elapsedSeconds" / ${beforeWindow}) <= ${beforeMax}`;
    ctes.push(
      `w${i} as (
         insert into public.form_rate_limits as limits (bucket, window_start, hits)
         select ${key}, ${start}, 1 ${reached}
         on conflict (bucket, window_start) do update set hits = limits.hits + 1
         returning hits, window_start
       )`,
      `c${i} as (
         select w${i}.hits, w${i}.window_start,
           coalesce((select previous.hits from public.form_rate_limits previous
             where previous.bucket = ${key}
               and previous.window_start = w${i}.window_start - make_interval(secs => ${window})), 0)
             as "previousHits",
           extract(epoch from now() - w${i}.window_start)::float8 as "elapsedSeconds"
         from w${i}
       )`,
    );
    columns.push(
      `(select json_build_object('hits', hits, 'previousHits', "previousHits",
         'elapsedSeconds', "elapsedSeconds", 'windowStart', window_start::text)
       from c${i})::text as c${i}`,
    );
  });
  const [row] = await db.query<Record<string, string | null>>(
    `with ${ctes.join(",\n")} select ${columns.join(", ")}`,
    params,
  );
  if (!row) throw new Error("The rate limit count returned no row");
  let refused = false;
  return checks.map(({ limit }, i) => {
    const text = row[`c${i}`];
    if (refused || !text) {
      refused = true;
      return null;
    }
    const count = JSON.parse(text) as WindowCount & { windowStart: string };
    if (!withinLimit(count, limit)) refused = true;
    return count;
  });
}

/** A refusal known without asking the database: the check that refuses, and for how long. */
export type KnownRefusal = { index: number; seconds: number };

/**
 * The refusals this instance has counted, until they run out, so that
 * attempts past a limit are refused with no statement at all while it holds
 * (a burst of guesses costs the database one count each only until the
 * first refusal). Safe to trust: within its wait a bucket's count can only
 * grow, whoever counts (other instances included), so no attempt it refuses
 * could have been let through; the one exception, a successful sign-in taken
 * back out of the counts, lets through at most one attempt sooner than this
 * does. Refused attempts it answers are not counted, which costs nothing: a
 * refusal was never to check a password.
 *
 * Holds at most `maxBuckets` refusals (a stranger varies addresses freely):
 * past that, those run out are dropped first, then the oldest.
 */
export class KnownRefusals {
  readonly #until = new Map<string, number>();
  readonly #maxBuckets: number;
  readonly #now: () => number;

  constructor({
    maxBuckets = 10_000,
    now = () => performance.now(),
  }: { maxBuckets?: number; now?: () => number } = {}) {
    this.#maxBuckets = maxBuckets;
    this.#now = now;
  }

  /** The first of `checks`, in their order, known to refuse an attempt now, or null. */
  find(checks: readonly RateLimitCheck[]): KnownRefusal | null {
    const now = this.#now();
    for (const [index, { bucket, limit }] of checks.entries()) {
      const key = `${bucket}/${limit.windowSeconds}s`;
      const until = this.#until.get(key);
      if (until === undefined) continue;
      if (until <= now) this.#until.delete(key);
      else return { index, seconds: Math.max(1, Math.ceil((until - now) / 1000)) };
    }
    return null;
  }

  /** Keeps the refusal among `counts` (from `countInTurn` on `checks`), if there is one. */
  learn(checks: readonly RateLimitCheck[], counts: readonly TurnCount[]): void {
    for (const [index, count] of counts.entries()) {
      if (!count) return;
      const { bucket, limit } = checks[index]!;
      const seconds = secondsUntilAllowedBy(count, limit);
      if (seconds === null) continue;
      this.#keep(`${bucket}/${limit.windowSeconds}s`, this.#now() + seconds * 1000);
      return;
    }
  }

  /** How many refusals are kept. */
  get size(): number {
    return this.#until.size;
  }

  #keep(key: string, until: number) {
    this.#until.delete(key);
    if (this.#until.size >= this.#maxBuckets) {
      const now = this.#now();
      for (const [kept, keptUntil] of this.#until) {
        if (keptUntil <= now) this.#until.delete(kept);
      }
      const oldest = this.#until.keys().next();
      if (this.#until.size >= this.#maxBuckets && !oldest.done) this.#until.delete(oldest.value);
    }
    this.#until.set(key, until);
  }
}

/**
 * Takes back one attempt from each count `countInTurn` made (for attempts
 * that turned out not to count, such as a successful sign-in).
 */
export async function uncount(
  db: Database,
  checks: readonly RateLimitCheck[],
  counts: readonly TurnCount[],
): Promise<void> {
  const rows = checks.flatMap(({ bucket, limit }, i) => {
    const count = counts[i];
    return count ? [[`${bucket}/${limit.windowSeconds}s`, count.windowStart]] : [];
  });
  if (rows.length === 0) return;
  await db.query(
    `update public.form_rate_limits as limits set hits = greatest(limits.hits - 1, 0)
     from unnest($1::text[], $2::text[]) as taken (bucket, window_start)
     where limits.bucket = taken.bucket and limits.window_start = taken.window_start::timestamptz`,
    [rows.map(([bucket]) => bucket!), rows.map(([, start]) => start!)],
  );
}

/**
 * The seconds until another attempt is allowed, or null when this one is
 * within the limit. The limit holds over any `windowSeconds`, not only within
 * fixed windows: the previous window's attempts count in proportion to how
 * much of it the sliding window still covers (so a burst across a window's
 * end cannot double the limit). The wait is until one more attempt, counted
 * the same way, would be within the limit, if none is made meanwhile.
 */
export function secondsUntilAllowedBy(
  { hits, previousHits, elapsedSeconds }: WindowCount,
  { max, windowSeconds }: RateLimit,
): number | null {
  const covered = Math.max(0, 1 - elapsedSeconds / windowSeconds);
  if (hits + previousHits * covered <= max) return null;
  // Seconds from this window's start at which one more attempt would fit.
  const allowedAt =
    hits + 1 <= max && previousHits > 0
      ? windowSeconds * (1 - (max - hits - 1) / previousHits)
      : windowSeconds * (2 - Math.max(0, max - 1) / hits);
  return Math.max(1, Math.ceil(allowedAt - elapsedSeconds));
}

const ADDRESS_KEY = "client-address-hash";

/**
 * The key that hashes client addresses and emails for the rate limits. Made
 * once per database (by whichever instance gets there first) and shared, so
 * every instance hashes alike. The hashes keep addresses and emails out of
 * plain sight in the table; they are no protection against someone holding
 * the whole database, key included, who could test guesses against them.
 * Rows last at most a day after their window (the retention purge).
 */
export function addressHashKey(db: Database): Promise<string> {
  return serverSecret(db, ADDRESS_KEY);
}

/** A keyed hash of an address or email: comparable, not reversible without the key. */
export function hashIdentifier(key: string, value: string): string {
  return createHmac("sha256", key).update(value.trim().toLowerCase()).digest("base64url");
}

/** One limit to count an attempt against: a bucket (what is counted) and its limit. */
export type RateLimitCheck = { bucket: string; limit: RateLimit };

/**
 * Counts an attempt against each check. Returns the seconds until every
 * limit allows another, or null when all are within their limits.
 */
export async function secondsUntilAllowed(
  db: Database,
  checks: readonly RateLimitCheck[],
): Promise<number | null> {
  let wait: number | null = null;
  for (const { bucket, limit } of checks) {
    const count = await countSubmission(db, bucket, limit.windowSeconds);
    const seconds = secondsUntilAllowedBy(count, limit);
    if (seconds !== null) wait = Math.max(wait ?? 0, seconds);
  }
  return wait;
}

/**
 * The checks for one attempt from `address` (when known) for `email`, with
 * both hashed under the database's key: `<purpose>:address:…` and
 * `<purpose>:email:…`, so each purpose counts on its own.
 */
export async function attemptChecks(
  db: Database,
  purpose: string,
  { address, email }: { address: string | null; email: string },
  limits: { perAddress: RateLimit; perEmail: RateLimit },
): Promise<RateLimitCheck[]> {
  const key = await addressHashKey(db);
  const prefix = purpose ? `${purpose}:` : "";
  const client = rateLimitAddress(address);
  return [
    ...(client
      ? [{ bucket: `${prefix}address:${hashIdentifier(key, client)}`, limit: limits.perAddress }]
      : []),
    { bucket: `${prefix}email:${hashIdentifier(key, email)}`, limit: limits.perEmail },
  ];
}

/**
 * The part of a client address that identifies a client: the whole of an
 * IPv4 address, the /64 network of an IPv6 one (a single host may hold a
 * whole /64 and would otherwise get a fresh limit with every address in it).
 */
export function rateLimitAddress(address: string | null): string | null {
  if (!address || isIP(address) !== 6) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
