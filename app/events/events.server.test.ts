import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { getEvents } from "./events.server";

describe.each(drivers)("the events on %s", (driver) => {
  test.override({ driver });

  test("events come back as ISO instants, soonest first, ending after the given time", async ({
    db,
  }) => {
    const since = new Date();
    const events = await getEvents(db, since);
    expect(events.length).toBeGreaterThanOrEqual(6);
    const starts = events.map((event) => event.startsAt);
    expect(starts).toEqual([...starts].sort());
    for (const event of events) expect(new Date(event.startsAt).toISOString()).toBe(event.startsAt);
    expect(events.some((event) => event.status === "cancelled")).toBe(true);
  });
});
