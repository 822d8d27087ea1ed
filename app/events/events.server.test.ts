import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { getEvents } from "./events.server";
import { torontoWall } from "~/platform/clock/toronto-time";

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
    // The sample's change of plan stays listed, marked, so nobody turns up for it.
    expect(events.find((event) => event.slug === "live-music-lantern-hollow")).toMatchObject({
      status: "postponed",
      previousStartsAt: null,
    });
    const moved = events.find((event) => event.slug === "trivia-championship")!;
    expect(moved.status).toBe("rescheduled");
    // At the same time on the pub's clock a week before, as an ISO instant like the start.
    expect(new Date(moved.previousStartsAt!).toISOString()).toBe(moved.previousStartsAt);
    const now = torontoWall(new Date(moved.startsAt));
    const before = torontoWall(new Date(moved.previousStartsAt!));
    expect(before.time).toBe(now.time);
    expect(Date.parse(now.date) - Date.parse(before.date)).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
