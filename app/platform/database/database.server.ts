import { cp, mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import { PGlite, type PGliteOptions, type Transaction } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import postgres from "postgres";
import { log } from "../logger.server";

/** A query that may take no longer than this before it counts as a database outage. */
export const QUERY_TIMEOUT_MS = 5_000;

/**
/**
 * Row values a query may bind: every query is parameterised. A `json` or
 * `jsonb` parameter is bound as its JSON text (`JSON.stringify(value)`);
 * bytes (a `Uint8Array`, a `Buffer` among them) are bound as `bytea`. Both
 * drivers alike.
 */
export type SqlValue = string | number | boolean | null | readonly string[] | Uint8Array;

/**
 * The little of Postgres the site needs, over both drivers: the embedded
 * PGlite and the `postgres` client for a server URL.
 *
 * Drivers disagree on how they parse some types (bigint, date, numeric), so
 * queries cast what they select to text, integers, floats or JSON. A `bytea`
 * comes back from both as a plain `Uint8Array`.
 */
export interface Database {
  readonly kind: "pglite" | "postgres";
  /** One parameterised statement. */
  query<Row extends object>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** A script of several statements without parameters (migrations, the seed). */
  exec(script: string): Promise<void>;
  /** Runs `work` in one transaction: all of it lands, or none. */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Listens on a NOTIFY channel: `onNotify` gets each payload. Resolves once
   * listening. `onLost` is called (once) if the listening connection drops
   * or stops answering; listening has then ended, and it is the caller's to
   * listen again. Absent where this database cannot listen at all (a
   * transaction pooler without a listener URL; a test's stand-in).
   */
  listen?(channel: string, onNotify: (payload: string) => void, onLost: Lost): Promise<Listening>;
}

/** Told why listening ended: see `Database.listen`. */
export type Lost = (error: unknown) => void;

/** A channel being listened on. */
export type Listening = {
  /** Stops listening (and closes its connection); `onLost` is not called for this. */
  close(): Promise<void>;
};

/**
 * The database could not answer: down, unreachable or too slow. When the
 * connection was lost, or the wait given up, after work had been sent,
 * `outcomeUnknown` says so: a write may have landed (a commit whose answer
 * never came back) or not, and nobody can tell until the database answers.
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: ErrorOptions & { outcomeUnknown?: boolean } = {}) {
    super(message, options);
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/** Whether `error` leaves it unknown if the work sent to the database took effect. */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError && error.outcomeUnknown;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new DatabaseUnavailableError(`${what} took longer than ${QUERY_TIMEOUT_MS} ms`, {
            outcomeUnknown: true,
          }),
        ),
      QUERY_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Failures to connect at all: nothing was sent. */
const NOT_CONNECTED = [
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
];

/** A connection lost, perhaps after work was sent on it. */
const CONNECTION_LOST = [
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
];

/** Connection failures become DatabaseUnavailableError; SQL errors stay what they are. */
export function classifyDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return error;
  const lost = CONNECTION_LOST.includes(code);
  if (!lost && !NOT_CONNECTED.includes(code)) return error;
  return new DatabaseUnavailableError(`The database is unavailable (${code})`, {
    cause: error,
    outcomeUnknown: lost,
  });
}

async function guarded<T>(work: () => Promise<T>, what?: string): Promise<T> {
  try {
    // Scripts and transactions (migrations) may rightly take long; single queries may not.
    return await (what ? withTimeout(work(), what) : work());
  } catch (error) {
    throw classifyDatabaseError(error);
  }
}

/** A single query slower than this is logged: what it was, how long it took, how many were ahead of it. */
export const SLOW_QUERY_MS = 1_000;

/** Queries sent and not yet answered on one client, and the connections it has for them. */
type Traffic = { inFlight: number; connections: number };
const traffic = new WeakMap<object, Traffic>();

function trafficOf(root: object, connections: number): Traffic {
  let found = traffic.get(root);
  if (!found) {
    found = { inFlight: 0, connections };
    traffic.set(root, found);
  }
  return found;
}

/** A query's name in the log: its text on one line, cut short. */
function queryName(sql: string): string {
  return sql.replace(/\s+/g, " ").trim().slice(0, 120);
}

/**
 * `work` (one query), timed: one slower than SLOW_QUERY_MS is logged with
 * its name, its time, and how many queries were ahead of it for a
 * connection as it was sent (the embedded database runs one at a time), so
 * a query that waited is told from one that ran long.
 */
async function timed<T>(sql: string, on: Traffic, work: () => Promise<T>): Promise<T> {
  const queuedBehind = Math.max(0, on.inFlight - on.connections + 1);
  on.inFlight += 1;
  const started = performance.now();
  try {
    return await work();
  } finally {
    on.inFlight -= 1;
    const ms = Math.round(performance.now() - started);
    if (ms >= SLOW_QUERY_MS) log.warn("A slow query", { query: queryName(sql), ms, queuedBehind });
  }
}

type PGliteQueryable = Pick<PGlite | Transaction, "query" | "exec">;

function pgliteDatabase(client: PGliteQueryable, root: PGlite): Database {
  return {
    kind: "pglite",
    async query<Row extends object>(sql: string, params: readonly SqlValue[] = []) {
      const result = await timed(sql, trafficOf(root, 1), () =>
        guarded(() => client.query<Row>(sql, [...params]), "A query"),
      );
      return result.rows;
    },
    async exec(script) {
      await guarded(() => client.exec(script));
    },
    transaction(work) {
      if (client !== root) return work(this);
      return guarded(() => root.transaction((tx) => work(pgliteDatabase(tx, root))));
    },
    close: () => root.close(),
    // In-process: the embedded database's own session hears its NOTIFYs at
    // commit, and there is no connection to lose.
    async listen(channel, onNotify) {
      const unlisten = await root.listen(channel, onNotify);
      return { close: () => unlisten() };
    },
  };
}

/**
 * How the embedded Postgres starts: PGlite's own settings, with 16 MB of
 * shared buffers instead of Postgres's default 128 MB. The buffer pool lives
 * in the WebAssembly memory and is touched as Postgres starts, so its size is
 * resident from the first query on; the site's database is a few megabytes,
 * and the files behind it stay in the operating system's cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * A PGlite instance with the extensions a Supabase project has that the
 * schema creates (pgcrypto).
 */
export function createPGlite(options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  return PGlite.create({ startParams: PGLITE_START_PARAMS, ...options, extensions: { pgcrypto } });
}

/** An open PGlite instance as a Database. */
export function fromPGlite(db: PGlite): Database {
  return pgliteDatabase(db, db);
}

/** Postgres writes this file first in every data folder it makes. */
const hasDatabase = (dataDirectory: string) =>
  readdir(dataDirectory).then(
    (files) => files.includes("PG_VERSION"),
    () => false,
  );

/**
 * Writes an empty embedded database (initdb's output, none of the site's
 * tables) to `directory`, for `openPGlite` to copy, unless one is there
 * already. Making one runs initdb, which briefly holds several copies of
 * PGlite's WebAssembly memory (over 500 MB, about 1 GB when V8 optimises
 * it): the build does it, so that a server never has to.
 */
export async function createPGliteTemplate(directory: string): Promise<void> {
  if (await hasDatabase(directory)) return;
  const staging = `${directory}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  await (await createPGlite({ dataDir: staging })).close();
  await mkdir(path.dirname(directory), { recursive: true });
  await rm(directory, { recursive: true, force: true });
  try {
    await rename(staging, directory);
  } catch (error) {
    // Another build made it meanwhile.
    await rm(staging, { recursive: true, force: true });
    if (!(await hasDatabase(directory))) throw error;
  }
}

/**
 * Puts a copy of `template` at `dataDirectory` when no database is there yet,
 * so PGlite opens it as an existing one instead of running initdb. Copied
 * beside it and renamed, so an interrupted copy never looks like a database.
 * A folder already there is used only when empty: anything else in it is left
 * for PGlite to deal with, as before.
 */
export async function copyPGliteTemplate(
  template: string,
  dataDirectory: string,
): Promise<boolean> {
  const present = await readdir(dataDirectory).catch(() => undefined);
  if (present?.length || !(await hasDatabase(template))) return false;
  const staging = `${dataDirectory}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await cp(template, staging, { recursive: true });
  try {
    if (present) await rmdir(dataDirectory);
    await rename(staging, dataDirectory);
    return true;
  } catch (error) {
    // Another process starting on the same folder got there first.
    await rm(staging, { recursive: true, force: true });
    if (!(await hasDatabase(dataDirectory))) throw error;
    return false;
  }
}

export type PGliteTemplate = {
  /** An empty embedded database made by `createPGliteTemplate` (the build's). */
  directory: string;
  /** Called when it was copied, that is when this start made the database. */
  onCopied?: () => void;
};

/**
 * The embedded database: real Postgres in WebAssembly, kept in a folder (in
 * memory without one). A folder without a database gets a copy of the
 * template when one is given; otherwise PGlite creates it.
 */
export async function openPGlite(
  dataDirectory?: string,
  template?: PGliteTemplate,
): Promise<Database> {
  if (dataDirectory) {
    await mkdir(path.dirname(dataDirectory), { recursive: true });
    if (template && (await copyPGliteTemplate(template.directory, dataDirectory))) {
      template.onCopied?.();
    }
    await mkdir(dataDirectory, { recursive: true });
  }
  return fromPGlite(await createPGlite({ dataDir: dataDirectory }));
}

type PostgresClient = postgres.Sql | postgres.TransactionSql;

/** Connections the pool to a database server keeps at most. */
const POOL_CONNECTIONS = 5;

/** The driver's code for why `error` happened (as classified, or not yet), if it gave one. */
function driverCode(error: unknown): string | undefined {
  const raw = error instanceof DatabaseUnavailableError ? error.cause : error;
  const code = (raw as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Whether `error` is the loss of the connection the work was sent on. */
function connectionLost(error: unknown): boolean {
  const code = driverCode(error);
  return code !== undefined && CONNECTION_LOST.includes(code);
}

/** Whether `error` is a connection lost or one that could not be made. */
export function isConnectionFailure(error: unknown): boolean {
  return connectionLost(error) || notConnected(error);
}

/** Whether `error` is a connection that could not be made: nothing was sent. */
function notConnected(error: unknown): boolean {
  const code = driverCode(error);
  return code !== undefined && NOT_CONNECTED.includes(code);
}

/**
 * A statement that only reads: sent again, it changes nothing. (Conservative:
 * a read that names a writing word anywhere is not taken for one.)
 */
function onlyReads(text: string): boolean {
  return (
    /^\s*select\b/i.test(text) && !/\b(insert|update|delete|merge|nextval|setval)\b/i.test(text)
  );
}

/**
 * Work whose connection was lost is tried again, on another, when it cannot
 * have taken effect: a read, or a transaction that had not reached COMMIT
 * (PostgreSQL rolls back a transaction whose connection ends); work whose
 * connection could not be made at all (nothing was sent) likewise, whatever
 * it is. A restart (`pg_ctl restart -m fast`, a failover) ends every
 * connection the pool holds, and the pool learns of it only as each is next
 * used, and the first new ones may be slow to open: so the first statements
 * after it would otherwise fail with the database already back. At most once
 * per connection of the pool: a database still down is the breaker's.
 */
async function onceMoreIfLost<T>(work: () => Promise<T>, untouched: () => boolean): Promise<T> {
  // Each of the pool's connections may be one the restart ended.
  for (let tries = 1; ; tries++) {
    try {
      return await work();
    } catch (error) {
      const again = notConnected(error) || (connectionLost(error) && untouched());
      if (tries > POOL_CONNECTIONS || !again) throw error;
    }
  }
}

function postgresDatabase(
  pool: postgres.Sql,
  tx?: postgres.TransactionSql,
  listenUrl?: string,
): Database {
  const sql = (): PostgresClient => tx ?? pool;
  return {
    kind: "postgres",
    query<Row extends object>(text: string, params: readonly SqlValue[] = []) {
      const run = async () =>
        (await sql().unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as Row[];
      // Within a transaction the transaction is tried again as a whole, or not at all.
      return timed(text, trafficOf(pool, POOL_CONNECTIONS), () =>
        tx
          ? guarded(run, "A query")
          : guarded(() => onceMoreIfLost(run, () => onlyReads(text)), "A query"),
      );
    },
    async exec(script) {
      await guarded(() => sql().unsafe(script).simple());
    },
    transaction<T>(work: (tx: Database) => Promise<T>) {
      if (tx) return work(this);
      let committing = false;
      const run = () => {
        committing = false;
        return pool.begin(async (inner) => {
          const result = await work(postgresDatabase(pool, inner));
          // COMMIT is sent next: lost from here on, it may have landed.
          committing = true;
          return result;
        }) as Promise<T>;
      };
      return guarded(() => onceMoreIfLost(run, () => !committing));
    },
    close() {
      return pool.end({ timeout: 5 });
    },
    ...(listenUrl && {
      listen: (channel: string, onNotify: (payload: string) => void, onLost: Lost) =>
        listenPostgres(listenUrl, channel, onNotify, onLost),
    }),
  };
}

/** While listening, how often the listener's connection is asked whether it still answers. */
export const LISTENER_CHECK_MS = 30_000;

/**
 * Whether `url` reaches a pooler in transaction mode (Supabase's on port
 * 6543, or one marked `pgbouncer=true`), where a session's LISTEN does not
 * outlast the statement: notifications never arrive there.
 */
export function isTransactionPooler(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.port === "6543" || parsed.searchParams.get("pgbouncer") === "true";
  } catch {
    return false;
  }
}

/**
 * LISTEN on a connection of its own to `url`, kept open (no idle or
 * lifetime limit). A dropped connection, or one that has not answered a
 * check within the query time-out (every LISTENER_CHECK_MS: a connection
 * cut without a word is otherwise only noticed by TCP minutes later), ends
 * listening and is told to `onLost`.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLost: Lost,
): Promise<Listening> {
  let state: "starting" | "listening" | "ended" = "starting";
  const checks: { timer?: NodeJS.Timeout } = {};
  const end = (error: unknown) => {
    if (state === "ended") return;
    const wasListening = state === "listening";
    state = "ended";
    clearInterval(checks.timer);
    void sql.end({ timeout: 0 }).catch(() => {});
    if (wasListening) onLost(error);
  };
  const options = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    connect_timeout: 5,
    fetch_types: false,
    prepare: false,
    onnotice: () => {},
    connection: { application_name: "pub-site-listener" },
    onnotify: (from: string, payload: string) => {
      if (from === channel && state === "listening") onNotify(payload);
    },
    onclose: () => end(new DatabaseUnavailableError("The listener's connection closed")),
  };
  // `onnotify` is how postgres.js's own `listen` hears notifications; it is not in the typings.
  const sql = postgres(url, options as postgres.Options<Record<string, never>>);
  try {
    await withTimeout(sql.unsafe(`listen "${channel.replaceAll('"', '""')}"`), "LISTEN");
  } catch (error) {
    state = "ended";
    await sql.end({ timeout: 0 }).catch(() => {});
    throw classifyDatabaseError(error);
  }
  state = "listening";
  checks.timer = setInterval(() => {
    withTimeout(sql.unsafe("select 1"), "The listener's check").catch(end);
  }, LISTENER_CHECK_MS);
  checks.timer.unref();
  return {
    async close() {
      if (state === "ended") return;
      state = "ended";
      clearInterval(checks.timer);
      await sql.end({ timeout: 1 }).catch(() => {});
    },
  };
}

/**
 * postgres.js writes a value bound to a `json`/`jsonb` parameter through
 * `JSON.stringify`, so JSON text given as a string would arrive as a JSON
 * string ("[]" becomes "\"[]\""). PGlite passes text through as it is. The
 * site binds JSON as text (`SqlValue` holds no plain objects), so text goes through
 * unchanged here too, as PGlite does it; anything else is stringified.
 */
const JSON_AS_TEXT = {
  to: 114,
  from: [114, 3802],
  serialize: (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value)),
  parse: (text: string) => JSON.parse(text) as unknown,
};

/**
 * `bytea` as PGlite has it: bound from any Uint8Array, read as a plain
 * Uint8Array (postgres.js's own reads a Buffer, which compares, copies and
 * serialises differently). Values travel as Postgres's hex text.
 */
const bytea = {
  to: 17,
  from: [17],
  serialize: (bytes: Uint8Array) =>
    `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`,
  parse: (hex: string) => new Uint8Array(Buffer.from(hex.slice(2), "hex")),
};

/**
 * A Postgres server (Supabase's pooled connection string in production).
 * Listening (`Database.listen`) goes to `listenUrl`, else to `url`; where
 * that is a transaction pooler, which cannot, the database has no `listen`.
 */
export function openPostgres(url: string, { listenUrl }: { listenUrl?: string } = {}): Database {
  const pool = postgres(url, {
    types: { json: JSON_AS_TEXT, bytea },
    max: POOL_CONNECTIONS,
    connect_timeout: 5,
    // After failed connections postgres.js waits up to 20 s before trying
    // again, so a database back from an outage went unused that long. The
    // server's outage breaker already sends only one ping a second while the
    // database is away; a second is the most to wait.
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
    idle_timeout: 60,
    // Supabase's pooler in transaction mode cannot keep prepared statements.
    prepare: false,
    onnotice: () => {},
    connection: { application_name: "pub-site" },
  });
  const listener = listenUrl ?? url;
  return postgresDatabase(pool, undefined, isTransactionPooler(listener) ? undefined : listener);
}

export type DatabaseConfig = {
  databaseUrl?: string;
  /** Where a server database is listened on, when DATABASE_URL cannot (LIVE_LISTEN_DATABASE_URL). */
  listenUrl?: string;
  dataDirectory: string;
  /** What a first start copies instead of creating the embedded database; see `openPGlite`. */
  pgliteTemplate?: PGliteTemplate;
};

/** `DATABASE_URL` when set; otherwise the embedded database in `DATA_DIR/pglite`. */
export function openDatabase({
  databaseUrl,
  listenUrl,
  dataDirectory,
  pgliteTemplate,
}: DatabaseConfig): Promise<Database> {
  if (databaseUrl) return Promise.resolve(openPostgres(databaseUrl, { listenUrl }));
  return openPGlite(path.join(dataDirectory, "pglite"), pgliteTemplate);
}

/** For the health check: answers within the query time-out, or throws. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.query("select 1");
}

/** The Postgres error code of a failed statement, when it has one. */
export function databaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
