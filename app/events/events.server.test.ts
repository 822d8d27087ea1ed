import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { getEvents } from "./events.server";

describe.each(drivers)("the events on %s", (driver) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  test("events come back as ISO instants, soonest first, ending after the given time", async () => {
    const since = new Date();
    const events = await getEvents(db, since);
    expect(events.length).toBeGreaterThanOrEqual(6);
    const starts = events.map((event) => event.startsAt);
    expect(starts).toEqual([...starts].sort());
    for (const event of events) expect(new Date(event.startsAt).toISOString()).toBe(event.startsAt);
    expect(events.some((event) => event.status === "cancelled")).toBe(true);
  });
});
