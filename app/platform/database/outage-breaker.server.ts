import {
  DatabaseUnavailableError,
  pingDatabase,
  type Database,
  type SqlValue,
} from "./database.server";

/** While the database is known to be down, how often it is asked again. */
export const OUTAGE_PROBE_MS = 1_000;

export type OutageBreakerOptions = {
  probeMs?: number;
  /** Waits `ms` (a timer; tests pass their own). */
  wait?: (ms: number) => Promise<void>;
  /** Told when the database goes down and when it answers again. */
  onChange?: (state: "down" | "up", error?: unknown) => void;
};

export type GuardedDatabase = Database & {
  /** Whether the database is known to be down just now (calls fail at once). */
  readonly down: boolean;
};

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * `db` behind a breaker. Once the database is out of reach (a call could not
 * reach it, lost its connection or had no answer within the time-out, and a
 * ping then failed too), every call fails at once with
 * DatabaseUnavailableError, without being sent, until a ping in the
 * background (every `probeMs`) answers. A call that failed while a ping
 * answers (one query held up by a lock, a connection a restart had ended and
 * the pool has replaced) was the caller's failure alone: the breaker stays
 * closed. The failed call is answered once the ping has, so whoever sees it
 * fail sees the breaker as it then is.
 *
 * So during an outage a page is not held up by the content revision check, a
 * health check answers at once, and a visitor's post is told in a moment
 * instead of waiting for the driver's reconnection back-off; each ping is
 * the only thing waiting on the database. A failure refused here was never
 * sent: it cannot have been stored.
 */
export function withOutageBreaker(
  db: Database,
  { probeMs = OUTAGE_PROBE_MS, wait = defaultWait, onChange }: OutageBreakerOptions = {},
): GuardedDatabase {
  let outage: { error: unknown } | undefined;
  let closed = false;
  let confirming: Promise<void> | undefined;

  /** Pings every `probeMs` (the first after one, the ping that opened it having failed) until one answers. */
  async function probe() {
    while (outage && !closed) {
      await wait(probeMs);
      if (!outage || closed) return;
      try {
        await pingDatabase(db);
        outage = undefined;
        onChange?.("up");
        return;
      } catch {
        // Still out of reach: the next after another interval.
      }
    }
  }

  /** A call failed as if the database were out of reach: it is, if a ping fails too. One ping for every call failing meanwhile. */
  function confirm(error: unknown): Promise<void> {
    confirming ??= pingDatabase(db)
      .then(
        () => {},
        () => {
          if (outage || closed) return;
          outage = { error };
          onChange?.("down", error);
          void probe();
        },
      )
      .finally(() => (confirming = undefined));
    return confirming;
  }

  function refused(): Promise<never> {
    return Promise.reject(
      new DatabaseUnavailableError("The database is out of reach; not tried again yet", {
        cause: outage?.error,
      }),
    );
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    if (outage) return refused();
    try {
      return await work();
    } catch (error) {
      if (error instanceof DatabaseUnavailableError && !outage && !closed) await confirm(error);
      throw error;
    }
  }

  return {
    kind: db.kind,
    get down() {
      return outage !== undefined;
    },
    query<Row extends object>(sql: string, params?: readonly SqlValue[]) {
      return guarded(() => db.query<Row>(sql, params));
    },
    exec: (script) => guarded(() => db.exec(script)),
    transaction: (work) => guarded(() => db.transaction(work)),
    // Listening has a connection of its own (or none: PGlite), and its own
    // way of telling it is lost: the breaker stays out of it.
    ...(db.listen && { listen: db.listen.bind(db) }),
    close() {
      closed = true;
      return db.close();
    },
  };
}
