import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  contextWithDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { routeArgs } from "../../tests/support/route-args";
import { DatabaseUnavailableError, type Database } from "~/platform/database/database.server";
import { loader } from "./healthz";

describe("GET /healthz", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  test("reports ok, the database up and the build it runs, never cached", async () => {
    const response = await loader(
      routeArgs(new Request("http://localhost/healthz"), { context: contextWithDatabase(db) }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toMatchObject({
      status: "ok",
      database: "up",
      buildId: __BUILD_ID__,
    });
  });

  test("reports the database down while still answering 200 (pages serve from cache)", async () => {
    const down: Database = {
      ...db,
      query: () => Promise.reject(new DatabaseUnavailableError("connection refused")),
    };
    const response = await loader(
      routeArgs(new Request("http://localhost/healthz"), { context: contextWithDatabase(down) }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "degraded", database: "down" });
  });
});
