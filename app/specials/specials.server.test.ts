import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { getSpecials } from "./specials.server";

describe.each(drivers)("the specials on %s", (driver) => {
  let db: TestDatabase;
  const today = "2026-11-22";

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  test("specials that ended before today are left out", async () => {
    await db.query(
      `insert into public.specials (title, starts_on, ends_on) values ('Last year', '2025-01-01', '2025-01-31')`,
    );
    const specials = await getSpecials(db, today);
    expect(specials.map((s) => s.title)).not.toContain("Last year");
    const weekdays = new Set(specials.flatMap((s) => (s.weekday === null ? [] : [s.weekday])));
    expect(weekdays.size).toBe(7);
  });
});
