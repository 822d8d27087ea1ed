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

  test("a deal on several things has no one price; a dish special has its own", async () => {
    const specials = await getSpecials(db, today);
    const happyHours = specials.filter((special) => special.title === "Happy Hour");
    expect(happyHours).toHaveLength(5);
    for (const happyHour of happyHours) {
      expect(happyHour.priceCents).toBeNull();
      expect(happyHour.description).toMatch(/\$7 house pints/);
    }
    expect(specials.find((special) => special.title === "Wing Night")?.priceCents).toBe(1200);
  });
});
