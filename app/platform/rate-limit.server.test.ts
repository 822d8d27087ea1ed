import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import {
  addressHashKey,
  attemptChecks,
  countSubmission,
  hashIdentifier,
  secondsUntilAllowed,
} from "./rate-limit.server";

describe.each(drivers)("rate limits on %s", (driver) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  test("submissions are counted per bucket and window, also at the same moment", async () => {
    const bucket = `email:${randomUUID()}`;
    const counts = await Promise.all(
      Array.from({ length: 5 }, () => countSubmission(db, bucket, 600)),
    );
    expect(counts.map((count) => count.hits).sort()).toEqual([1, 2, 3, 4, 5]);
    const { resetsAt } = counts[0]!;
    expect(resetsAt.getTime()).toBeGreaterThan(Date.now());
    expect(resetsAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000);
    expect((await countSubmission(db, `email:${randomUUID()}`, 600)).hits).toBe(1);
  });

  test("the address hash key is made once and shared", async () => {
    const key = await addressHashKey(db);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await addressHashKey(db)).toBe(key);
    expect(hashIdentifier(key, "203.0.113.7")).toBe(hashIdentifier(key, " 203.0.113.7 "));
    expect(hashIdentifier(key, "Sam@Example.com")).toBe(hashIdentifier(key, "sam@example.com"));
    expect(hashIdentifier(key, "203.0.113.7")).not.toBe(hashIdentifier("other", "203.0.113.7"));
  });

  test("an attempt over either limit waits until that window ends; purposes count apart", async () => {
    const email = `${randomUUID()}@example.com`;
    const limits = {
      perAddress: { max: 2, windowSeconds: 600 },
      perEmail: { max: 10, windowSeconds: 600 },
    };
    const attempt = async (purpose: string) =>
      secondsUntilAllowed(
        db,
        await attemptChecks(db, purpose, { address: "2001:db8:1:2::7", email }, limits),
      );
    expect(await attempt("sign-in")).toBeNull();
    expect(await attempt("sign-in")).toBeNull();
    const wait = await attempt("sign-in");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    // Another address in the same /64 is the same client.
    expect(
      await secondsUntilAllowed(
        db,
        await attemptChecks(db, "sign-in", { address: "2001:db8:1:2::99", email }, limits),
      ),
    ).toBeGreaterThan(0);
    expect(await attempt("contact")).toBeNull();
  });

  test("without a known address only the email is counted", async () => {
    const checks = await attemptChecks(
      db,
      "sign-in",
      { address: null, email: "sam@example.com" },
      { perAddress: { max: 1, windowSeconds: 60 }, perEmail: { max: 1, windowSeconds: 60 } },
    );
    expect(checks.map((check) => check.bucket.split(":").slice(0, 2).join(":"))).toEqual([
      "sign-in:email",
    ]);
  });
});
