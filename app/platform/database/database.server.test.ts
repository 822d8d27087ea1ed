import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { pingDatabase } from "./database.server";

describe.each(drivers)("the database on %s", (driver) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  test("the ping answers while the database is up", async () => {
    await expect(pingDatabase(db)).resolves.toBeUndefined();
  });
});
