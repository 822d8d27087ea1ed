import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, expect, test, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { storeEnquiry } from "./enquiry-store.server";
import { contactEnquiry } from "./enquiry.test-support";
import { startDailyPurge } from "./retention.server";

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

async function storeAged(days: number): Promise<string> {
  const token = randomUUID();
  await storeEnquiry(
    db,
    contactEnquiry({
      submissionToken: token,
      fingerprint: "c".repeat(64),
      name: "Ana Souza",
      email: "ana@example.com",
      topic: "feedback",
      message: "The fish and chips were excellent last week.",
    }),
    { to: ["pub@example.com"], siteUrl: undefined },
  );
  await db.query(
    "update public.enquiries set created_at = now() - make_interval(days => $2::int) where submission_token = $1::uuid",
    [token, days],
  );
  return token;
}

async function remaining(tokens: string[]): Promise<string[]> {
  const rows = await db.query<{ token: string }>(
    "select submission_token::text as token from public.enquiries where submission_token = any($1::uuid[])",
    [tokens],
  );
  return rows.map((row) => row.token).sort();
}

test("the daily job purges soon after the start and again each day, until stopped", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const old = await storeAged(400);
  const stop = startDailyPurge({
    database: async () => db,
    retentionDays: 365,
    firstAfterMs: 60_000,
    everyMs: 86_400_000,
  });

  expect(await remaining([old])).toEqual([old]);
  await vi.advanceTimersByTimeAsync(60_000);
  await vi.waitFor(async () => expect(await remaining([old])).toEqual([]));

  // A day later, what has aged past the period since goes too.
  const aging = await storeAged(366);
  await vi.advanceTimersByTimeAsync(86_400_000);
  await vi.waitFor(async () => expect(await remaining([aging])).toEqual([]));

  stop();
  const after = await storeAged(500);
  await vi.advanceTimersByTimeAsync(2 * 86_400_000);
  expect(await remaining([after])).toEqual([after]);
});

test("a failed run is logged and the next day's run still happens", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  let attempts = 0;
  const stop = startDailyPurge({
    database: async () => {
      attempts += 1;
      if (attempts === 1) throw new Error("database unreachable");
      return db;
    },
    retentionDays: 365,
    firstAfterMs: 1_000,
    everyMs: 86_400_000,
  });
  const old = await storeAged(400);
  await vi.advanceTimersByTimeAsync(1_000);
  await vi.waitFor(() =>
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/retention purge failed/)),
  );
  expect(await remaining([old])).toEqual([old]);
  await vi.advanceTimersByTimeAsync(86_400_000);
  await vi.waitFor(async () => expect(await remaining([old])).toEqual([]));
  stop();
});
