import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { getSpecials } from "./specials.server";

describe.each(drivers)("the specials on %s", (driver) => {
  test.override({ driver });
  const today = "2026-11-22";

  test("specials that ended before today are left out", async ({ db }) => {
    await db.query(
      `insert into public.specials (title, starts_on, ends_on) values ('Last year', '2025-01-01', '2025-01-31')`,
    );
    const specials = await getSpecials(db, today);
    expect(specials.map((s) => s.title)).not.toContain("Last year");
    const weekdays = new Set(specials.flatMap((s) => (s.weekday === null ? [] : [s.weekday])));
    expect(weekdays.size).toBe(7);
  });

  test("a deal on several things has no one price; a dish special has its own", async ({ db }) => {
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
