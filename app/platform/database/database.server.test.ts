import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import {
  DatabaseUnavailableError,
  classifyDatabaseError,
  outcomeUnknown,
  pingDatabase,
} from "./database.server";

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

describe("classifyDatabaseError", () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });

  test.each(["ECONNREFUSED", "CONNECT_TIMEOUT", "ENOTFOUND", "57P03", "53300"])(
    "%s: unavailable, and nothing was sent",
    (code) => {
      const error = classifyDatabaseError(withCode(code));
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(outcomeUnknown(error)).toBe(false);
    },
  );

  test.each(["CONNECTION_CLOSED", "CONNECTION_DESTROYED", "ECONNRESET", "EPIPE", "57P01"])(
    "%s: unavailable, and what was sent may have landed",
    (code) => {
      const error = classifyDatabaseError(withCode(code));
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect(outcomeUnknown(error)).toBe(true);
    },
  );

  test("SQL errors stay what they are, a cancelled statement among them", () => {
    const cancelled = withCode("57014");
    expect(classifyDatabaseError(cancelled)).toBe(cancelled);
    expect(outcomeUnknown(cancelled)).toBe(false);
    expect(outcomeUnknown(new Error("no code"))).toBe(false);
  });
});
