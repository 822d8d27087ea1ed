import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { getOpeningSchedule } from "./hours.server";

describe.each(drivers)("the opening hours on %s", (driver) => {
  test.override({ driver });
  const today = "2026-11-22";

  test("the weekly hours come back as wall times keyed by weekday", async ({ db }) => {
    const schedule = await getOpeningSchedule(db, today);
    expect(schedule.weekly).toHaveLength(7);
    for (const day of schedule.weekly) {
      expect(day.weekday).toBeGreaterThanOrEqual(0);
      expect(day.opensAt).toMatch(/^\d\d:\d\d$/);
      expect(day.closesAt).toMatch(/^\d\d:\d\d$/);
    }
  });

  test("hours exceptions that are over are left out; a closed one carries no times", async ({
    db,
  }) => {
    await db.query(
      `insert into public.hours_exceptions (starts_on, ends_on, closed, note)
       values ('2020-01-01', '2020-01-02', true, 'Long ago'), ($1, $1, true, 'Closed today')`,
      [today],
    );
    const { exceptions } = await getOpeningSchedule(db, today);
    expect(exceptions.map((e) => e.note)).not.toContain("Long ago");
    expect(exceptions).toContainEqual({
      startsOn: today,
      endsOn: today,
      closed: true,
      note: "Closed today",
    });
  });
});
