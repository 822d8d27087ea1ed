import type { UNSAFE_DataWithResponseInit } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { caught, routeArgs } from "../../tests/support/route-args";
import {
  contextWithDatabase,
  databaseWithOutage,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { CONTENT_TTL_MS } from "~/site/content-cache.server";
import type { Database } from "~/platform/database/database.server";
import { loader as menuLoader } from "./menu";

let db: TestDatabase;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.[Symbol.asyncDispose]();
});
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
  test("the menu is served from the last good copy, and the failed refresh logged", async () => {
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

  test("with nothing cached yet, the page answers 503 and asks to be tried again", async () => {
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
});
