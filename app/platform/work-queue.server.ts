/** More tasks are waiting than the queue holds; the client should try again shortly. */
export class QueueFullError extends Error {
  override name = "QueueFullError";
}

/**
 * Runs at most `limit` tasks at once; up to `maxWaiting` more, costing
 * `maxWaitingCost` in all, wait their turn, and any beyond that are refused.
 * There is always room for one task to wait, whatever its cost. Turns go by
 * `priority` (higher first; 0 unless given), and in order of arrival within
 * one. Picture renders take turns in one (the host's cores), sign-ins in
 * another (their share of the database's connections).
 */
export function createWorkQueue(
  limit: number,
  maxWaiting: number,
  maxWaitingCost = Number.POSITIVE_INFINITY,
) {
  let running = 0;
  let waitingCost = 0;
  const waiting: Array<{ start: () => void; cost: number; priority: number }> = [];
  return async function run<T>(task: () => Promise<T>, cost = 1, priority = 0): Promise<T> {
    if (running < limit) {
      running++;
    } else {
      if (
        waiting.length >= maxWaiting ||
        (waiting.length > 0 && waitingCost + cost > maxWaitingCost)
      ) {
        throw new QueueFullError();
      }
      waitingCost += cost;
      // The finishing task hands its slot straight over, so `running` stays.
      await new Promise<void>((start) => {
        const after = waiting.findLastIndex((task) => task.priority >= priority);
        waiting.splice(after + 1, 0, { start, cost, priority });
      });
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) {
        waitingCost -= next.cost;
        next.start();
      } else {
        running--;
      }
    }
  };
}

/**
 * A line for answers that may wait behind everyone else's: each `wait()`
 * resolves on a later turn of the event loop, at most `perTurn` of them a
 * turn, in order of arrival. Between turns the server reads what has arrived
 * (requests, database answers, other services'), so a burst of answers that
 * are cheap to decide but costly to draw (a refused sign-in's page) is drawn
 * a few at a time, and the requests that matter go through in between
 * instead of after all of them. Nothing waits on a clock: with nothing else
 * to do, each turn is immediate.
 */
export function createBackOfTheLine(perTurn: number) {
  const waiting: Array<() => void> = [];
  let turning = false;
  function turn() {
    for (let n = 0; n < perTurn && waiting.length > 0; n++) waiting.shift()!();
    if (waiting.length > 0) setImmediate(turn);
    else turning = false;
  }
  return {
    wait(): Promise<void> {
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (!turning) {
          turning = true;
          setImmediate(turn);
        }
      });
    },
    /** How many answers are waiting. */
    get waiting(): number {
      return waiting.length;
    },
  };
}
