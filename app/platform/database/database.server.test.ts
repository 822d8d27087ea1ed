import postgres from "postgres";
import { describe, expect, vi } from "vitest";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import { openTestDatabase } from "../../../tests/support/test-database";
import {
  DatabaseUnavailableError,
  SLOW_QUERY_MS,
  classifyDatabaseError,
  outcomeUnknown,
  pingDatabase,
} from "./database.server";

describe.each(drivers)("the database on %s", (driver) => {
  test.override({ driver });

  test("a query slower than a second is logged with its name, its time and how many were ahead of it", async ({
    db,
  }) => {
    const warnings = vi.spyOn(console, "error").mockImplementation(() => {});
    // One slow query on each of the pool's connections, and one more that waits for a connection.
    const connections = driver === "postgres" ? 5 : 1;
    await Promise.all(
      Array.from({ length: connections + 1 }, () =>
        db.query("select pg_sleep(($1::int + 100) / 1000.0)", [SLOW_QUERY_MS]),
      ),
    );
    const logged = warnings.mock.calls
      .map(([line]) => String(line))
      .filter((line) => line.includes("A slow query"));
    expect(logged).toHaveLength(connections + 1);
    expect(logged[0]).toMatch(
      /"query":"select pg_sleep\(\(\$1::int \+ 100\) \/ 1000\.0\)","ms":\d{4,}/,
    );
    const behind = logged.map((line) => Number(/"queuedBehind":(\d+)/.exec(line)?.[1]));
    expect(Math.max(...behind)).toBe(1);
    // A quick one is not.
    await db.query("select 1");
    expect(
      warnings.mock.calls.filter(([line]) => String(line).includes("A slow query")),
    ).toHaveLength(connections + 1);
  });

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

describe.runIf(drivers.includes("postgres"))("a database server restarted under the pool", () => {
  test("reads and transactions go through the first time on fresh connections; a single write whose outcome cannot be known is not sent twice", async () => {
    await using db = await openTestDatabase("postgres");
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const database = new URL(db.url!).pathname.slice(1);
      for (let round = 0; round < 3; round += 1) {
        // Every connection of the pool in use once, then ended by the server
        // as a restart ends them (admin_shutdown, 57P01).
        await Promise.all(Array.from({ length: 5 }, () => db.query("select pg_sleep(0.02)")));
        const ended = await admin<{ pid: number }[]>`
          select pg_terminate_backend(pid) as pid from pg_stat_activity
          where datname = ${database} and pid <> pg_backend_pid()`;
        expect(ended.length).toBeGreaterThan(0);

        const [saved, read, written] = await Promise.allSettled([
          db.transaction(async (tx) => {
            await tx.query(
              "update public.site_settings set tagline = tagline where true returning 1",
            );
            return "saved";
          }),
          db.query<{ answer: number }>("select 42 as answer"),
          db.query(
            "insert into public.form_rate_limits (bucket, window_start, hits) values ($1, now(), 1)",
            [`restart-${round}`],
          ),
        ]);
        expect(saved, `round ${round}`).toEqual({ status: "fulfilled", value: "saved" });
        expect(read, `round ${round}`).toEqual({ status: "fulfilled", value: [{ answer: 42 }] });
        // Sent on a connection that was lost: it may have landed, so it is
        // not sent again, and the caller is told so.
        if (written.status === "rejected") expect(outcomeUnknown(written.reason)).toBe(true);
        const [{ rows }] = (await db.query<{ rows: number }>(
          "select count(*)::int as rows from public.form_rate_limits where bucket = $1",
          [`restart-${round}`],
        )) as [{ rows: number }];
        expect(rows).toBeLessThanOrEqual(1);
      }
    } finally {
      await admin.end();
    }
  });
});
