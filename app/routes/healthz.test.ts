import { describe, expect, vi } from "vitest";
import { routeTest as test } from "../../tests/support/route-test";
import { contextWithDatabase } from "../../tests/support/test-database";
import { memoryLastGoodStore } from "~/platform/last-good-store.server";
import { DatabaseUnavailableError, type Database } from "~/platform/database/database.server";
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

  test("answers degraded within a fraction of a second when the database stalls", async ({
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
    // well inside the 5 s a load balancer waits (it took the full 5 s query
    // time-out before), however busy the machine.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let answered = 0;
    const answering = Promise.all(
      Array.from({ length: 3 }, () =>
        loader(get("/healthz", { on: context })).then((response) => {
          answered += 1;
          return response;
        }),
      ),
    );
    try {
      await vi.advanceTimersByTimeAsync(HEALTH_CHECK_DATABASE_WAIT_MS - 1);
      expect(answered).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
    const answers = await answering;
    for (const response of answers) {
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "degraded", database: "down" });
    }
    // The checks shared one question to the stalled database.
    expect(queries).toBe(1);
  });

  test("answers degraded at once when the database cannot even be opened", async ({ get }) => {
    const context = new RouterContextProvider();
    context.set(databaseContext, () => new Promise<never>(() => {}));
    context.set(lastGoodContentContext, kept());
    const response = await loader(get("/healthz", { on: context }));
    expect(await response.json()).toMatchObject({ status: "degraded", database: "down" });
  });
});
