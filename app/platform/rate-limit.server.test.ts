import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import {
  addressHashKey,
  attemptChecks,
  countInTurn,
  countSubmission,
  hashIdentifier,
  KnownRefusals,
  secondsUntilAllowed,
  secondsUntilAllowedBy,
  uncount,
} from "./rate-limit.server";

describe("secondsUntilAllowedBy: a sliding window over fixed ones", () => {
  const limit = { max: 20, windowSeconds: 900 };

  test("within the limit, no wait", () => {
    expect(
      secondsUntilAllowedBy({ hits: 20, previousHits: 0, elapsedSeconds: 10 }, limit),
    ).toBeNull();
    // Half the previous window is still covered: 10 + 20 × 0.5 = 20.
    expect(
      secondsUntilAllowedBy({ hits: 10, previousHits: 20, elapsedSeconds: 450 }, limit),
    ).toBeNull();
  });

  test("a burst across the end of a window counts as one", () => {
    // Ten attempts just before the window ended, eleven just after.
    const wait = secondsUntilAllowedBy({ hits: 11, previousHits: 10, elapsedSeconds: 1 }, limit);
    expect(wait).not.toBeNull();
    // One more fits once the previous window's weight drops to 8 of 10: 12 + 8 = 20.
    expect(wait).toBe(Math.ceil(900 * (1 - 8 / 10) - 1));
  });

  test("over the limit within this window, the wait reaches into the next", () => {
    // 25 attempts in the first 100 s: in the next window one more fits when
    // 1 + 25 × (1 − u/900) ≤ 20, that is u = 900 × (1 − 19/25) = 216.
    expect(secondsUntilAllowedBy({ hits: 25, previousHits: 0, elapsedSeconds: 100 }, limit)).toBe(
      900 - 100 + 216,
    );
  });

  test("the wait told is enough: an attempt after it is within the limit", () => {
    for (const [hits, previousHits, elapsedSeconds] of [
      [11, 10, 1],
      [21, 0, 0],
      [21, 30, 899],
      [5, 40, 300],
      [60, 60, 450],
    ] as const) {
      const wait = secondsUntilAllowedBy({ hits, previousHits, elapsedSeconds }, limit);
      expect(wait, `${hits}/${previousHits}@${elapsedSeconds}`).not.toBeNull();
      const at = elapsedSeconds + wait!;
      const next =
        at < 900
          ? { hits: hits + 1, previousHits, elapsedSeconds: at }
          : { hits: 1, previousHits: hits, elapsedSeconds: at - 900 };
      expect(
        secondsUntilAllowedBy(next, limit),
        `${hits}/${previousHits}@${elapsedSeconds}`,
      ).toBeNull();
      // …and not a second too long.
      const earlier =
        at - 1 < 900
          ? { hits: hits + 1, previousHits, elapsedSeconds: at - 1 }
          : { hits: 1, previousHits: hits, elapsedSeconds: at - 1 - 900 };
      if (wait! > 1) expect(secondsUntilAllowedBy(earlier, limit)).not.toBeNull();
    }
  });
});

describe.each(drivers)("rate limits on %s", (driver) => {
  test.override({ driver });

  test("submissions are counted per bucket and window, also at the same moment", async ({ db }) => {
    const fiveAtOnce = () => {
      const bucket = `email:${randomUUID()}`;
      return Promise.all(Array.from({ length: 5 }, () => countSubmission(db, bucket, 600)));
    };
    let counts = await fiveAtOnce();
    // Windows start on the database's clock: when one began among the five (a
    // count in the new window sees the old one's), once more, well inside it.
    if (counts.some(({ previousHits }) => previousHits > 0)) counts = await fiveAtOnce();
    expect(counts.map((count) => count.hits).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const { previousHits, elapsedSeconds } of counts) {
      expect(previousHits).toBe(0);
      expect(elapsedSeconds).toBeGreaterThanOrEqual(0);
      expect(elapsedSeconds).toBeLessThan(600);
    }
    expect((await countSubmission(db, `email:${randomUUID()}`, 600)).hits).toBe(1);
  });

  test("the previous window's count comes back with the current one", async ({ db }) => {
    const bucket = `email:${randomUUID()}`;
    // In one transaction, so one now(): a window cannot begin between the two.
    const counts = await db.transaction(async (tx) => {
      await tx.query(
        `insert into public.form_rate_limits (bucket, window_start, hits)
         values ($1, to_timestamp(floor(extract(epoch from now()) / 600) * 600 - 600), 7)`,
        [`${bucket}/600s`],
      );
      return [await countSubmission(tx, bucket, 600), await countSubmission(tx, bucket, 60)];
    });
    expect(counts[0]).toMatchObject({ hits: 1, previousHits: 7 });
    // Another window length is another count.
    expect(counts[1]).toMatchObject({ hits: 1, previousHits: 0 });
  });

  test("a window of another length that starts where the previous one did is not counted with it", async ({
    db,
  }) => {
    const bucket = `email:${randomUUID()}`;
    // A 600 s window and the 60 s window before the current minute, starting together.
    await db.query(
      `insert into public.form_rate_limits (bucket, window_start, hits)
       values ($1, to_timestamp(floor(extract(epoch from now()) / 60) * 60 - 60), 4)`,
      [`${bucket}/600s`],
    );
    expect(await countSubmission(db, bucket, 60)).toMatchObject({ hits: 1, previousHits: 0 });
  });

  test("the address hash key is made once and shared", async ({ db }) => {
    const key = await addressHashKey(db);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await addressHashKey(db)).toBe(key);
    expect(hashIdentifier(key, "203.0.113.7")).toBe(hashIdentifier(key, " 203.0.113.7 "));
    expect(hashIdentifier(key, "Sam@Example.com")).toBe(hashIdentifier(key, "sam@example.com"));
    expect(hashIdentifier(key, "203.0.113.7")).not.toBe(hashIdentifier("other", "203.0.113.7"));
  });

  test("an attempt over either limit is told to wait; purposes count apart", async ({ db }) => {
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
    // Three attempts in this window at a limit of two: the window after it still counts them.
    expect(wait).toBeLessThanOrEqual(2 * 600);
    // Another address in the same /64 is the same client.
    expect(
      await secondsUntilAllowed(
        db,
        await attemptChecks(db, "sign-in", { address: "2001:db8:1:2::99", email }, limits),
      ),
    ).toBeGreaterThan(0);
    expect(await attempt("contact")).toBeNull();
  });

  test("without a known address only the email is counted", async ({ db }) => {
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

  test("counted in turn: at most the first limit's max get past it however many come at once, and only those reach the next", async ({
    db,
  }) => {
    // Windows of a day: the test never straddles one's start, as a shorter one might.
    const day = 24 * 60 * 60;
    const checks = [
      { bucket: `first:${randomUUID()}`, limit: { max: 5, windowSeconds: day } },
      { bucket: `second:${randomUUID()}`, limit: { max: 3, windowSeconds: day } },
    ];
    const counts = await Promise.all(Array.from({ length: 40 }, () => countInTurn(db, checks)));
    const firsts = counts.map(([first]) => first!.hits).sort((a, b) => a - b);
    expect(firsts).toEqual(Array.from({ length: 40 }, (_, n) => n + 1));
    const seconds = counts.flatMap(([, second]) => (second ? [second.hits] : []));
    expect(seconds.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    // Let through by both: three, as the second limit says.
    const within = counts.filter(
      ([first, second]) => first!.hits <= 5 && second !== null && second!.hits <= 3,
    );
    expect(within).toHaveLength(3);
    // Taken back: the next attempt's counts are one lower.
    await uncount(db, checks, within[0]!);
    const [first, second] = await countInTurn(db, checks);
    expect(first!.hits).toBe(40);
    expect(second).toBeNull();
  });

  test("counted in turn: one check alone, and none", async ({ db }) => {
    const day = 24 * 60 * 60;
    const only = [{ bucket: `only:${randomUUID()}`, limit: { max: 1, windowSeconds: day } }];
    expect((await countInTurn(db, only))[0]!.hits).toBe(1);
    expect((await countInTurn(db, only))[0]!.hits).toBe(2);
    expect(await countInTurn(db, [])).toEqual([]);
  });
});

describe("known refusals: what this instance counted, kept until it runs out", () => {
  const minute = { max: 2, windowSeconds: 60 };
  const hour = { max: 3, windowSeconds: 3600 };
  const refusing = (hits: number) => ({
    hits,
    previousHits: 0,
    elapsedSeconds: 0,
    windowStart: "",
  });

  function clock() {
    let now = 1_000_000;
    return { now: () => now, pass: (seconds: number) => (now += seconds * 1000) };
  }

  test("a refusal counted is known until its wait runs out; a count within every limit teaches nothing", () => {
    const time = clock();
    const known = new KnownRefusals({ now: time.now });
    const checks = [
      { bucket: "pair:a", limit: minute },
      { bucket: "email:e", limit: hour },
    ];
    known.learn(checks, [refusing(1), refusing(2)]);
    expect(known.find(checks)).toBeNull();
    expect(known.size).toBe(0);

    // The email's count refuses: 4 in its first second, past 3 an hour.
    known.learn(checks, [refusing(1), refusing(4)]);
    const wait = secondsUntilAllowedBy(refusing(4), hour)!;
    expect(known.find(checks)).toEqual({ index: 1, seconds: wait });
    // Another pair on the same email is refused too; another email is not.
    expect(known.find([{ bucket: "pair:b", limit: minute }, checks[1]!])).toEqual({
      index: 1,
      seconds: wait,
    });
    expect(known.find([checks[0]!, { bucket: "email:f", limit: hour }])).toBeNull();
    // The same bucket counted over another window is another count.
    expect(known.find([{ bucket: "email:e", limit: minute }])).toBeNull();

    time.pass(wait - 1.5);
    expect(known.find(checks)).toEqual({ index: 1, seconds: 2 });
    time.pass(1.5);
    expect(known.find(checks)).toBeNull();
    expect(known.size).toBe(0);
  });

  test("the first refusal in turn is the one kept, and the first known in turn is the one found", () => {
    const known = new KnownRefusals({ now: clock().now });
    const checks = [
      { bucket: "pair:a", limit: minute },
      { bucket: "email:e", limit: hour },
    ];
    // Refused by the pair: the email was not reached (null), so nothing is known of it.
    known.learn(checks, [refusing(3), null]);
    expect(known.find(checks)).toEqual({
      index: 0,
      seconds: secondsUntilAllowedBy(refusing(3), minute),
    });
    expect(known.find([checks[1]!])).toBeNull();
    known.learn([checks[1]!], [refusing(9)]);
    expect(known.find(checks)!.index).toBe(0);
  });

  test("holds no more than it is given room for: those run out go first, then the oldest", () => {
    const time = clock();
    const known = new KnownRefusals({ maxBuckets: 3, now: time.now });
    const check = (name: string, limit = hour) => [{ bucket: name, limit }];
    known.learn(check("short", minute), [refusing(5)]);
    known.learn(check("a"), [refusing(5)]);
    known.learn(check("b"), [refusing(5)]);
    time.pass(120);
    // "short" has run out: it makes the room.
    known.learn(check("c"), [refusing(5)]);
    expect(known.size).toBe(3);
    expect(["a", "b", "c"].map((name) => known.find(check(name)) !== null)).toEqual([
      true,
      true,
      true,
    ]);
    // None has run out: the oldest goes.
    known.learn(check("d"), [refusing(5)]);
    expect(known.size).toBe(3);
    expect(["a", "b", "c", "d"].map((name) => known.find(check(name)) !== null)).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });
});
