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

  test("a json or jsonb parameter is bound as its JSON text", async () => {
    const links = JSON.stringify([{ label: "Instagram", url: "https://example.com/pub" }]);
    const [row] = await db.query<{ json: string; jsonb: string; kind: string; count: number }>(
      `select $1::json::text as json, $2::jsonb::text as jsonb,
         jsonb_typeof($2::jsonb) as kind, jsonb_array_length($2::jsonb)::int as count`,
      [links, links],
    );
    expect(row).toEqual({
      json: links,
      jsonb: '[{"url": "https://example.com/pub", "label": "Instagram"}]',
      kind: "array",
      count: 1,
    });
  });

  test("JSON text that is itself a string stays one string", async () => {
    const [row] = await db.query<{ value: string }>(`select ($1::jsonb) #>> '{}' as value`, [
      JSON.stringify("[]"),
    ]);
    expect(row).toEqual({ value: "[]" });
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
