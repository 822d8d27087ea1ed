import { describe, expect, vi } from "vitest";
import { routeTest as test } from "../../tests/support/route-test";
import { contextWithDatabase } from "../../tests/support/test-database";
import { memoryLastGoodStore } from "~/platform/last-good-store.server";
import {
  DatabaseUnavailableError,
  QUERY_TIMEOUT_MS,
  type Database,
} from "~/platform/database/database.server";
import { RouterContextProvider } from "react-router";
import { databaseContext, lastGoodContentContext } from "~/platform/context";
import { HEALTH_CHECK_DATABASE_WAIT_MS, loader } from "./healthz";

/** What a server that has read the content once keeps to serve during an outage. */
const kept = () => memoryLastGoodStore({ settings: { name: "The pub" } });

/** `db` unreachable: every query refused. */
const down = (db: Database): Database => ({
  ...db,
  query: () => Promise.reject(new DatabaseUnavailableError("connection refused")),
});

describe("GET /healthz", () => {
  test("reports ok, the database up and the build it runs, never cached", async ({ get }) => {
    const response = await loader(get("/healthz"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: "up",
      buildId: __BUILD_ID__,
    });
  });

  test("says how the server learns of content changes, and how many live streams are open", async ({
    get,
  }) => {
    const response = await loader(get("/healthz"));
    expect(await response.json()).toMatchObject({
      live: { mode: expect.stringMatching(/^(listen|poll)$/), streams: 0 },
    });
  });

  test("reports the database down while still answering 200 (pages serve from cache)", async ({
    db,
    get,
  }) => {
    const response = await loader(get("/healthz", { on: contextWithDatabase(down(db), kept()) }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "degraded",
      database: "down",
      content: "last good copy",
    });
  });

  test("with the database down and nothing kept to serve, 503: the proxy sends visitors elsewhere", async ({
    db,
    get,
  }) => {
    const response = await loader(get("/healthz", { on: contextWithDatabase(down(db)) }));
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({
      status: "unavailable",
      database: "down",
      content: "none",
    });
  });

  /** Health checks on `context` at once, with the test's clock; their answers once it has run `ms`. */
  async function checksAfter(
    get: (path: string, options: { on: RouterContextProvider }) => Parameters<typeof loader>[0],
    context: RouterContextProvider,
    ms: number,
  ) {
    let answered = 0;
    const answering = Promise.all(
      Array.from({ length: 3 }, () =>
        loader(get("/healthz", { on: context })).then((response) => {
          answered += 1;
          return response;
        }),
      ),
    );
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(answered).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    return Promise.all(
      (await answering).map(async (response) => ({
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
      })),
    );
  }

  test("answers within a fraction of a second when the database stalls: up until the stall outlasts the query time-out, then degraded", async ({
    db,
    get,
  }) => {
    let queries = 0;
    const stalled: Database = {
      ...db,
      query: () => {
        queries += 1;
        return new Promise<never>(() => {});
      },
    };
    const context = contextWithDatabase(stalled, kept());
    // The check's clock is the test's: the answers come when its wait is up,
    // well inside the 5 s a load balancer waits, however busy the machine.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      // One slow ping is no outage: nothing has failed yet.
      for (const answer of await checksAfter(get, context, HEALTH_CHECK_DATABASE_WAIT_MS)) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ status: "ok", database: "up" });
      }
      // Unanswered for the query time-out: down.
      await vi.advanceTimersByTimeAsync(QUERY_TIMEOUT_MS);
      for (const answer of await checksAfter(get, context, HEALTH_CHECK_DATABASE_WAIT_MS)) {
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ status: "degraded", database: "down" });
      }
    } finally {
      vi.useRealTimers();
    }
    // Every check shared one question to the stalled database.
    expect(queries).toBe(1);
  });

  test("a ping that failed makes the next checks degraded, while they wait for the next", async ({
    db,
    get,
  }) => {
    let failing = true;
    let release = () => {};
    const flaky: Database = {
      ...db,
      query: (sql, params) =>
        failing
          ? Promise.reject(new DatabaseUnavailableError("connection refused"))
          : new Promise((resolve) => (release = () => resolve(db.query(sql, params)))),
    };
    const context = contextWithDatabase(flaky, kept());
    expect(await (await loader(get("/healthz", { on: context }))).json()).toMatchObject({
      database: "down",
    });
    // Back, but the next ping is slow: the check says what the last one found.
    failing = false;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const [answer] = await checksAfter(get, context, HEALTH_CHECK_DATABASE_WAIT_MS);
      expect(answer!.body).toMatchObject({ status: "degraded", database: "down" });
    } finally {
      vi.useRealTimers();
    }
    release();
    await vi.waitFor(async () =>
      expect(await (await loader(get("/healthz", { on: context }))).json()).toMatchObject({
        status: "ok",
        database: "up",
      }),
    );
  });

  test("answers at once when the database cannot even be opened, and degraded once that has lasted the query time-out", async ({
    get,
  }) => {
    const context = new RouterContextProvider();
    context.set(databaseContext, () => new Promise<never>(() => {}));
    context.set(lastGoodContentContext, kept());
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const [first] = await checksAfter(get, context, HEALTH_CHECK_DATABASE_WAIT_MS);
      expect(first!.body).toMatchObject({ status: "ok" });
      await vi.advanceTimersByTimeAsync(QUERY_TIMEOUT_MS);
      const [later] = await checksAfter(get, context, HEALTH_CHECK_DATABASE_WAIT_MS);
      expect(later!.body).toMatchObject({ status: "degraded", database: "down" });
    } finally {
      vi.useRealTimers();
    }
  });
});
