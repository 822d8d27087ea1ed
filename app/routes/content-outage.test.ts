import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UNSAFE_DataWithResponseInit } from "react-router";
import { afterEach, describe, expect, vi } from "vitest";
import { caught, routeArgs, routeTest as test } from "../../tests/support/route-test";
import { contextWithDatabase, databaseWithOutage } from "../../tests/support/test-database";
import { CONTENT_TTL_MS } from "~/site/content-cache.server";
import type { Database } from "~/platform/database/database.server";
import { fileLastGoodStore, memoryLastGoodStore } from "~/platform/last-good-store.server";
import { loader as homeLoader } from "./home";
import { loader as menuLoader } from "./menu";

afterEach(() => {
  vi.useRealTimers();
});

function menuRequest(database: Database) {
  return routeArgs(new Request("http://localhost/menu"), {
    context: contextWithDatabase(database),
  });
}

async function itemCount(database: Database): Promise<number> {
  const result = await menuLoader(menuRequest(database));
  return "init" in result ? result.data.itemCount : result.itemCount;
}

describe("when the database goes down", () => {
  test("the menu is served from the last good copy, and the failed refresh logged", async ({
    db,
  }) => {
    // The content cache reads Date.now; only the clock is faked, so promises and I/O run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    const { database, startOutage } = databaseWithOutage(db);
    const before = await itemCount(database);
    expect(before).toBeGreaterThan(0);

    startOutage();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.setSystemTime(Date.now() + CONTENT_TTL_MS);

    expect(await itemCount(database)).toBe(before);
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(
          /^error Content refresh failed; serving the last good copy .*"key":"menu".*DatabaseUnavailableError/,
        ),
      ),
    );
  });

  test("with nothing cached yet, the page answers 503 and asks to be tried again", async ({
    db,
  }) => {
    const { database, startOutage } = databaseWithOutage(db);
    startOutage();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});

    const thrown = await caught(() => menuLoader(menuRequest(database)));

    expect(thrown).toHaveProperty("type", "DataWithResponseInit");
    const { init } = thrown as UNSAFE_DataWithResponseInit<unknown>;
    expect(init?.status).toBe(503);
    expect(new Headers(init?.headers).get("Retry-After")).toBe("30");
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^error Content could not be read .*DatabaseUnavailableError/),
    );
  });

  test("a page never read by this server is served from the last good copy in DATA_DIR", async ({
    db,
  }) => {
    const directory = await mkdtemp(path.join(tmpdir(), "last-good-"));
    try {
      const file = path.join(directory, "last-good-content.json");
      // A server that read the menu once, then stopped...
      const before = await menuLoader(
        routeArgs(new Request("http://localhost/menu"), {
          context: contextWithDatabase(databaseWithOutage(db).database, fileLastGoodStore(file)),
        }),
      );
      const expected = "init" in before ? before.data.itemCount : before.itemCount;
      await vi.waitFor(() => expect(existsSync(file)).toBe(true), { timeout: 3_000 });

      // ...and one started during an outage, with the same DATA_DIR.
      const { database, startOutage } = databaseWithOutage(db);
      startOutage();
      const warned = vi.spyOn(console, "error").mockImplementation(() => {});
      const after = await menuLoader(
        routeArgs(new Request("http://localhost/menu"), {
          context: contextWithDatabase(database, fileLastGoodStore(file)),
        }),
      );
      expect("init" in after ? after.data.itemCount : after.itemCount).toBe(expected);
      expect(warned).toHaveBeenCalledWith(
        expect.stringMatching(/^warn Content could not be read; serving the last good copy/),
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  test("the day's content falls back to the latest day kept, after midnight", async ({ db }) => {
    const lastGood = memoryLastGoodStore();
    const { database, startOutage } = databaseWithOutage(db);
    await homeLoader(
      routeArgs(new Request("http://localhost/"), {
        context: contextWithDatabase(database, lastGood),
      }),
    );
    // The next day, with the database down and nothing read for that day yet.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 24 * 60 * 60 * 1000 });
    startOutage();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const outage = databaseWithOutage(db);
    outage.startOutage();
    const next = await homeLoader(
      routeArgs(new Request("http://localhost/"), {
        context: contextWithDatabase(outage.database, lastGood),
      }),
    );
    expect(next.week).toHaveLength(7);
    expect(next.settings.name).toBeTruthy();
  });
});
