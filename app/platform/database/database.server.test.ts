import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import {
  DatabaseUnavailableError,
  classifyDatabaseError,
  outcomeUnknown,
  pingDatabase,
} from "./database.server";

describe.each(drivers)("the database on %s", (driver) => {
  test.override({ driver });

  test("the ping answers while the database is up", async ({ db }) => {
    await expect(pingDatabase(db)).resolves.toBeUndefined();
  });

  test("a json or jsonb parameter is bound as its JSON text", async ({ db }) => {
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

  test("JSON text that is itself a string stays one string", async ({ db }) => {
    const [row] = await db.query<{ value: string }>(`select ($1::jsonb) #>> '{}' as value`, [
      JSON.stringify("[]"),
    ]);
    expect(row).toEqual({ value: "[]" });
  });

  describe("binary values", () => {
    /** Every byte value, and the ones drivers tend to mangle (NUL, backslash, invalid UTF-8). */
    const bytes = Uint8Array.from([...Array(256).keys(), 0, 92, 0xc3, 0x28, 0xff, 0]);

    test("a Uint8Array goes in as bytea and comes back the same, as a plain Uint8Array", async ({
      db,
    }) => {
      const [row] = await db.query<{ value: Uint8Array; size: number; hex: string }>(
        "select $1::bytea as value, octet_length($1::bytea) as size, encode($1::bytea, 'hex') as hex",
        [bytes],
      );
      expect(row?.size).toBe(bytes.length);
      expect(row?.hex).toBe(Buffer.from(bytes).toString("hex"));
      // The same type from both drivers: postgres.js's own would be a Buffer.
      expect(Object.getPrototypeOf(row?.value)).toBe(Uint8Array.prototype);
      expect(row?.value).toEqual(bytes);
    });

    test("a Buffer is bound as bytes too, and an empty array as empty bytea", async ({ db }) => {
      const [row] = await db.query<{ buffer: Uint8Array; empty: Uint8Array; none: null }>(
        "select $1::bytea as buffer, $2::bytea as empty, null::bytea as none",
        [Buffer.from("a picture"), new Uint8Array(0)],
      );
      expect(row).toEqual({
        buffer: new TextEncoder().encode("a picture"),
        empty: new Uint8Array(0),
        none: null,
      });
    });

    test("bytes are stored in a bytea column and read back inside a transaction", async ({
      db,
    }) => {
      const large = Uint8Array.from({ length: 300_000 }, (_, index) => (index * 31) % 256);
      const read = await db.transaction(async (tx) => {
        await tx.query("create temporary table binary_values (bytes bytea not null)");
        await tx.query("insert into binary_values (bytes) values ($1), ($2)", [bytes, large]);
        return tx.query<{ bytes: Uint8Array }>(
          "select bytes from binary_values order by octet_length(bytes)",
        );
      });
      expect(read.map((row) => row.bytes)).toEqual([bytes, large]);
    });
  });
});

describe("classifyDatabaseError", () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });

  test.for([
    ...["ECONNREFUSED", "CONNECT_TIMEOUT", "ENOTFOUND", "57P03", "53300"].map(
      (code) => [code, "nothing was sent", false] as const,
    ),
    ...["CONNECTION_CLOSED", "CONNECTION_DESTROYED", "ECONNRESET", "EPIPE", "57P01"].map(
      (code) => [code, "what was sent may have landed", true] as const,
    ),
  ])("%s: unavailable, and %s", ([code, , mayHaveLanded]) => {
    const error = classifyDatabaseError(withCode(code));
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(outcomeUnknown(error)).toBe(mayHaveLanded);
  });

  test("SQL errors stay what they are, a cancelled statement among them", () => {
    const cancelled = withCode("57014");
    expect(classifyDatabaseError(cancelled)).toBe(cancelled);
    expect(outcomeUnknown(cancelled)).toBe(false);
    expect(outcomeUnknown(new Error("no code"))).toBe(false);
  });
});
