import { describe, expect, test } from "vitest";
import { DatabaseUnavailableError, outcomeUnknown, type Database } from "./database.server";
import { withOutageBreaker } from "./outage-breaker.server";

/** A database whose answers the test decides, counting what reaches it. */
function scriptedDatabase() {
  let state: "up" | "down" | "sql-error" | "held-up" | "unanswered" = "up";
  const sent: string[] = [];
  const pings: Array<() => void> = [];
  const unanswered: Array<() => void> = [];
  const answer = (sql: string): Promise<unknown[]> => {
    sent.push(sql);
    if (sql === "select 1") for (const ping of pings.splice(0)) ping();
    if (state === "unanswered") {
      return new Promise((resolve) => unanswered.push(() => resolve(answer(sql))));
    }
    if (state === "down") {
      return Promise.reject(
        new DatabaseUnavailableError("The database is unavailable (ECONNREFUSED)"),
      );
    }
    if (state === "held-up" && sql !== "select 1") {
      return Promise.reject(
        new DatabaseUnavailableError("A query took longer than 5000 ms", { outcomeUnknown: true }),
      );
    }
    if (state === "sql-error") {
      return Promise.reject(Object.assign(new Error("duplicate key"), { code: "23505" }));
    }
    return Promise.resolve([{ ok: true }]);
  };
  const db: Database = {
    kind: "postgres",
    query: <Row extends object>(sql: string) => answer(sql) as Promise<Row[]>,
    exec: (script) => answer(script).then(() => undefined),
    transaction: (work) => answer("begin").then(() => work(db)),
    close: () => Promise.resolve(),
  };
  return {
    db,
    sent,
    set: (next: typeof state) => void (state = next),
    /** Answers, as the database now is, whatever was sent while it did not answer. */
    answerNow: () => {
      for (const resume of unanswered.splice(0)) resume();
    },
    /** Resolves when the next ping reaches the database. */
    nextPing: () => new Promise<void>((resolve) => pings.push(resolve)),
  };
}

/** A wait the test ends by hand: each call waits until `release` is called. */
function manualWait() {
  const waiting: Array<() => void> = [];
  const asked: number[] = [];
  return {
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        asked.push(ms);
        waiting.push(resolve);
      }),
    asked,
    release: () => waiting.shift()?.(),
  };
}

describe("the outage breaker", () => {
  test("passes every call through while the database answers", async () => {
    const { db, sent } = scriptedDatabase();
    const guarded = withOutageBreaker(db);

    await expect(guarded.query("select 2")).resolves.toEqual([{ ok: true }]);
    await guarded.exec("select 3");
    await guarded.transaction((tx) => tx.query("select 4"));

    expect(sent).toEqual(["select 2", "select 3", "begin", "select 4"]);
    expect(guarded.down).toBe(false);
  });

  test("an SQL error is the caller's, not an outage", async () => {
    const database = scriptedDatabase();
    const guarded = withOutageBreaker(database.db);
    database.set("sql-error");

    await expect(guarded.query("insert 1")).rejects.toMatchObject({ code: "23505" });
    database.set("up");
    await expect(guarded.query("select 2")).resolves.toHaveLength(1);
    expect(guarded.down).toBe(false);
  });

  test("once out of reach, calls fail at once without being sent, until a ping answers", async () => {
    const database = scriptedDatabase();
    const timer = manualWait();
    const changes: string[] = [];
    const guarded = withOutageBreaker(database.db, {
      probeMs: 1_000,
      wait: timer.wait,
      // The clock stands still: every call comes within the recheck interval.
      now: () => 0,
      onChange: (state) => changes.push(state),
    });
    database.set("down");

    const firstPing = database.nextPing();
    const failed = await guarded.query("select 2").catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DatabaseUnavailableError);
    expect(guarded.down).toBe(true);
    expect(changes).toEqual(["down"]);
    await firstPing;

    const sentBefore = database.sent.length;
    for (const call of [
      () => guarded.query("insert into enquiries"),
      () => guarded.exec("select 3"),
      () => guarded.transaction((tx) => tx.query("select 4")),
    ]) {
      const refused = await call().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseUnavailableError);
      // Refused before it was sent: it cannot have landed.
      expect(outcomeUnknown(refused)).toBe(false);
    }
    expect(database.sent.length).toBe(sentBefore);

    // The first ping failed: the next waits a probe interval.
    await expect.poll(() => timer.asked).toEqual([1_000]);
    database.set("up");
    const secondPing = database.nextPing();
    timer.release();
    await secondPing;
    await expect.poll(() => guarded.down).toBe(false);

    expect(changes).toEqual(["down", "up"]);
    await expect(guarded.query("select 5")).resolves.toHaveLength(1);
  });

  test("a query held up (a lock) or a connection ended under it, while a ping answers, fails alone: the breaker stays closed", async () => {
    const database = scriptedDatabase();
    const changes: string[] = [];
    const guarded = withOutageBreaker(database.db, { onChange: (state) => changes.push(state) });
    database.set("held-up");

    const ping = database.nextPing();
    const failed = await guarded.query("select * from menu_items").catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DatabaseUnavailableError);
    await ping;
    expect(guarded.down).toBe(false);
    expect(changes).toEqual([]);

    // Many failing at once ask one ping between them.
    const pingsBefore = database.sent.filter((sql) => sql === "select 1").length;
    await Promise.all(
      Array.from({ length: 5 }, () => guarded.query("select 2").catch(() => undefined)),
    );
    expect(database.sent.filter((sql) => sql === "select 1").length).toBe(pingsBefore + 1);

    database.set("up");
    await expect(guarded.query("select 3")).resolves.toHaveLength(1);
    expect(changes).toEqual([]);
  });

  test("once it answers again, a call after the recheck interval asks at once and is taken, without waiting for the probe", async () => {
    const database = scriptedDatabase();
    const timer = manualWait();
    let clock = 0;
    const changes: string[] = [];
    const guarded = withOutageBreaker(database.db, {
      recheckMs: 250,
      patienceMs: 900,
      probeMs: 1_000,
      wait: timer.wait,
      now: () => clock,
      onChange: (state) => changes.push(state),
    });
    database.set("down");
    await guarded.query("select 2").catch(() => undefined);
    expect(guarded.down).toBe(true);

    // Still down: a call past the interval asks, is refused, and the next within it does not ask.
    clock = 300;
    const pings = () => database.sent.filter((sql) => sql === "select 1").length;
    const before = pings();
    await expect(guarded.transaction((tx) => tx.query("insert 1"))).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
    expect(pings()).toBe(before + 1);
    clock = 400;
    await expect(guarded.query("select 3")).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(pings()).toBe(before + 1);
    expect(database.sent).not.toContain("insert 1");

    // Back: the first call past the interval finds out and goes through.
    database.set("up");
    clock = 600;
    await expect(guarded.transaction((tx) => tx.query("insert 2"))).resolves.toEqual([
      { ok: true },
    ]);
    expect(guarded.down).toBe(false);
    expect(changes).toEqual(["down", "up"]);
    // The background probe was never let run.
    expect(timer.asked.filter((ms) => ms === 1_000)).toHaveLength(1);
  });

  test("a call waits no longer than its patience for a ping with no answer; the ping that answers later closes the breaker", async () => {
    const database = scriptedDatabase();
    const timer = manualWait();
    let clock = 0;
    const guarded = withOutageBreaker(database.db, {
      recheckMs: 250,
      patienceMs: 1_000,
      probeMs: 5_000,
      wait: timer.wait,
      now: () => clock,
    });
    database.set("down");
    await guarded.query("select 2").catch(() => undefined);
    expect(guarded.down).toBe(true);

    database.set("unanswered");
    clock = 300;
    const first = guarded.query("select 3").catch((error: unknown) => error);
    const second = guarded.query("select 4").catch((error: unknown) => error);
    // The probe's wait, then one patience each; one ping between them.
    await expect.poll(() => timer.asked).toEqual([5_000, 1_000, 1_000]);
    expect(database.sent.filter((sql) => sql === "select 1")).toHaveLength(2);
    timer.release(); // the probe's wait: it joins the ping in flight
    timer.release();
    timer.release();
    expect(await first).toBeInstanceOf(DatabaseUnavailableError);
    expect(await second).toBeInstanceOf(DatabaseUnavailableError);
    expect(database.sent).not.toContain("select 3");

    database.set("up");
    database.answerNow();
    await expect.poll(() => guarded.down).toBe(false);
    await expect(guarded.query("select 5")).resolves.toHaveLength(1);
  });

  test("closing stops the pings", async () => {
    const database = scriptedDatabase();
    const timer = manualWait();
    const guarded = withOutageBreaker(database.db, { wait: timer.wait });
    database.set("down");
    const ping = database.nextPing();
    await guarded.query("select 1").catch(() => undefined);
    await ping;
    await expect.poll(() => timer.asked.length).toBe(1);

    await guarded.close();
    const pingsBefore = database.sent.filter((sql) => sql === "select 1").length;
    timer.release();
    // Every promise callback has run once the event loop reaches its next phase.
    await new Promise((resolve) => setImmediate(resolve));
    expect(database.sent.filter((sql) => sql === "select 1").length).toBe(pingsBefore);
    expect(timer.asked).toHaveLength(1);
  });
});
