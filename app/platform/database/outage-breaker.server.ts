import {
  DatabaseUnavailableError,
  pingDatabase,
  type Database,
  type SqlValue,
} from "./database.server";

/** While the database is known to be down, how often it is asked again in the background. */
export const OUTAGE_PROBE_MS = 1_000;
/**
 * While it is known to be down, a call more than this long after the last
 * failed ping asks again at once, rather than waiting for the next probe:
 * a staff save the moment the database is back is taken, not refused.
 */
export const OUTAGE_RECHECK_MS = 250;
/** How long such a call waits for its ping before it is refused (the ping goes on). */
export const OUTAGE_PATIENCE_MS = 1_000;

export type OutageBreakerOptions = {
  probeMs?: number;
  recheckMs?: number;
  patienceMs?: number;
  /** Waits `ms` (a timer; tests pass their own). */
  wait?: (ms: number) => Promise<void>;
  /** The time in milliseconds (tests pass their own). */
  now?: () => number;
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
 * ping then failed too), calls fail with DatabaseUnavailableError without
 * being sent, until a ping answers: one in the background every `probeMs`,
 * or one a call asks for when the last failed more than `recheckMs` ago
 * (that call waits up to `patienceMs` for it, calls meanwhile share it). A
 * call that failed while a ping answers (one query held up by a lock, a
 * connection a restart had ended and the pool has replaced) was the
 * caller's failure alone: the breaker stays closed. The failed call is
 * answered once the ping has, so whoever sees it fail sees the breaker as it
 * then is.
 *
 * So during an outage a page is not held up by the content revision check,
 * a health check answers at once, and a visitor's post is told in a moment
 * instead of waiting for the driver's reconnection back-off; at most one
 * ping waits on the database at a time. And the moment it is back, the next
 * call finds out. A failure refused here was never sent: it cannot have
 * been stored.
 */
export function withOutageBreaker(
  db: Database,
  {
    probeMs = OUTAGE_PROBE_MS,
    recheckMs = OUTAGE_RECHECK_MS,
    patienceMs = OUTAGE_PATIENCE_MS,
    wait = defaultWait,
    now = () => performance.now(),
    onChange,
  }: OutageBreakerOptions = {},
): GuardedDatabase {
  let outage: { error: unknown } | undefined;
  let closed = false;
  let pinging: Promise<boolean> | undefined;
  let lastFailedPing = -Infinity;

  /**
   * One ping at a time, shared by whoever asks meanwhile: true if it
   * answered. A failed one opens the breaker (for `error`, the call that
   * failed, when there was one); one that answers closes it.
   */
  function ping(error?: unknown): Promise<boolean> {
    pinging ??= pingDatabase(db)
      .then(
        () => {
          if (outage && !closed) {
            outage = undefined;
            onChange?.("up");
          }
          return true;
        },
        (pingError: unknown) => {
          lastFailedPing = now();
          if (!outage && !closed) {
            outage = { error: error ?? pingError };
            onChange?.("down", outage.error);
            void probe();
          }
          return false;
        },
      )
      .finally(() => (pinging = undefined));
    return pinging;
  }

  /** Pings every `probeMs` (the first after one, the ping that opened it having failed) until one answers. */
  async function probe() {
    while (outage && !closed) {
      await wait(probeMs);
      if (!outage || closed) return;
      await ping();
    }
  }

  /** While the breaker is open: whether the database answers again, asking if it is time to. */
  async function back(): Promise<boolean> {
    if (!pinging && now() - lastFailedPing < recheckMs) return false;
    return Promise.race([ping(), wait(patienceMs).then(() => false)]);
  }

  function refused(): Promise<never> {
    return Promise.reject(
      new DatabaseUnavailableError("The database is out of reach; not tried again yet", {
        cause: outage?.error,
      }),
    );
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    if (outage && (closed || !(await back()))) return refused();
    try {
      return await work();
    } catch (error) {
      // A call failed as if the database were out of reach: it is, if a ping fails too.
      if (error instanceof DatabaseUnavailableError && !outage && !closed) await ping(error);
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
