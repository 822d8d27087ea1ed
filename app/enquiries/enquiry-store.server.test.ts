import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { openPostgres } from "~/platform/database/database.server";
import {
  findReceipt,
  purgeExpiredEnquiries,
  storeEnquiry,
  type NewEnquiry,
} from "./enquiry-store.server";
import { contactEnquiry } from "./enquiry.test-support";

/** Where the notifications go: stored in the outbox, never sent here. */
const MAIL = { to: ["pub@example.com"], siteUrl: "https://pub.example" };

describe.each(drivers)("enquiries on %s", (driver) => {
  test.override({ driver });

  const contact = (changes: Partial<NewEnquiry> = {}) =>
    ({ ...contactEnquiry({ phone: "+15195550199" }), ...changes }) as NewEnquiry;

  test.runIf(driver === "postgres")(
    "an insert held up past the time-out is cancelled by the database, never stored later",
    async ({ db }) => {
      const enquiry = contact();
      const holder = openPostgres(db.url!);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      // Another session holds the table for longer than the server waits.
      const holding = holder.transaction(async (tx) => {
        await tx.query("lock table public.enquiries in access exclusive mode");
        locked();
        await released;
      });
      try {
        await lockTaken;
        await expect(storeEnquiry(db, enquiry, MAIL)).rejects.toThrow();
        // Cancelled by the database, not only given up on by the client:
        // nothing is left waiting for the lock to be released.
        await expect
          .poll(
            async () =>
              (
                await db.query<{ waiting: number }>(
                  `select count(*)::int as waiting from pg_stat_activity
                    where datname = current_database() and state = 'active'
                      and query ilike '%insert into public.enquiries%'
                      and pid <> pg_backend_pid()`,
                )
              )[0]?.waiting,
            { timeout: 15_000 },
          )
          .toBe(0);
      } finally {
        release();
        await holding;
        await holder.close();
      }
      const rows = await db.query("select 1 from public.enquiries where submission_token = $1", [
        enquiry.submissionToken,
      ]);
      expect(rows).toEqual([]);
    },
    15_000,
  );

  test("an enquiry is stored once per token, and a different post with the token is told apart", async ({
    db,
  }) => {
    const enquiry = contact();
    const first = await storeEnquiry(db, enquiry, MAIL);
    expect(first).toEqual({ status: "stored", id: expect.any(Number) });
    expect(await storeEnquiry(db, enquiry, MAIL)).toEqual({
      status: "duplicate",
      id: first.status === "stored" ? first.id : -1,
    });
    expect(await storeEnquiry(db, { ...enquiry, fingerprint: "b".repeat(64) }, MAIL)).toEqual({
      status: "token-reused",
    });
    const [row] = await db.query<{ count: number }>(
      "select count(*)::int as count from public.enquiries where submission_token = $1::uuid",
      [enquiry.submissionToken],
    );
    expect(row?.count).toBe(1);
  });

  test("ten posts of one form at once store one row", async ({ db }) => {
    const enquiry = contact();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => storeEnquiry(db, enquiry, MAIL)),
    );
    expect(results.filter((result) => result.status === "stored")).toHaveLength(1);
    expect(results.filter((result) => result.status === "duplicate")).toHaveLength(9);
  });

  test("a venue enquiry keeps the space's name, the date, the time and the party", async ({
    db,
  }) => {
    const [space] = await db.query<{ id: number; name: string }>(
      "select id::int as id, name from public.venue_spaces order by id limit 1",
    );
    const enquiry = {
      ...contact({ newsletterWording: "Yes, send me the newsletter." }),
      kind: "venue",
      topic: undefined,
      spaceId: space!.id,
      spaceName: space!.name,
      space: "the-snug",
      date: "2027-03-14",
      startTime: "19:30",
      partySize: 24,
      newsletter: true,
    } as unknown as NewEnquiry;
    await storeEnquiry(db, enquiry, MAIL);
    expect(await findReceipt(db, enquiry.submissionToken)).toMatchObject({
      kind: "venue",
      spaceName: space!.name,
      date: "2027-03-14",
      startTime: "19:30",
      partySize: 24,
      newsletter: true,
      topic: null,
    });
  });

  test("the table's own checks refuse what the forms never send", async ({ db }) => {
    await expect(storeEnquiry(db, contact({ name: "" }), MAIL)).rejects.toThrow(/check/);
    await expect(storeEnquiry(db, contact({ phone: "555-0199" }), MAIL)).rejects.toThrow(/check/);
    await expect(storeEnquiry(db, contact({ message: "short" }), MAIL)).rejects.toThrow(/check/);
    await expect(
      storeEnquiry(db, contact({ topic: "complaints" } as Partial<NewEnquiry>), MAIL),
    ).rejects.toThrow(/check/);
  });

  test("a receipt is found by its token, and not by another", async ({ db }) => {
    const enquiry = contact({
      newsletterWording: "Yes, send me the newsletter.",
      newsletter: true,
    });
    await storeEnquiry(db, enquiry, MAIL);
    expect(await findReceipt(db, enquiry.submissionToken)).toMatchObject({
      kind: "contact",
      name: "Sam Okafor",
      phone: "+15195550199",
      topic: "general",
      newsletter: true,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    expect(await findReceipt(db, randomUUID())).toBeNull();
  });

  test("the purge deletes enquiries past the retention period and nothing newer", async ({
    db,
  }) => {
    const old = contact();
    const recent = contact();
    await storeEnquiry(db, old, MAIL);
    await storeEnquiry(db, recent, MAIL);
    await db.query(
      "update public.enquiries set created_at = now() - interval '366 days' where submission_token = $1::uuid",
      [old.submissionToken],
    );
    await db.query(
      `insert into public.form_rate_limits (bucket, window_start, hits)
       values ('email:stale', now() - interval '2 days', 3)`,
    );
    const purged = await purgeExpiredEnquiries(db, 365);
    expect(purged.enquiries).toBe(1);
    expect(purged.rateLimitWindows).toBeGreaterThanOrEqual(1);
    const left = await db.query<{ token: string }>(
      "select submission_token::text as token from public.enquiries where submission_token in ($1::uuid, $2::uuid)",
      [old.submissionToken, recent.submissionToken],
    );
    expect(left.map((row) => row.token)).toEqual([recent.submissionToken]);
    expect((await purgeExpiredEnquiries(db, 365)).enquiries).toBe(0);
  });
});
