import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import {
  getEvents,
  getMenu,
  getOpeningSchedule,
  getSiteSettings,
  getSpecials,
  getVenuePackages,
  getVenueSpaces,
  pingDatabase,
} from "./content.server";

describe.each(drivers)("the content on %s", (driver) => {
  let db: TestDatabase;
  const today = "2026-11-22";

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  test("site settings are one row with typed coordinates and social links", async () => {
    const settings = await getSiteSettings(db);
    expect(settings).toMatchObject({ name: "The Squire Pub & Grill", locality: "London" });
    expect(settings?.phone).toMatch(/555/);
    expect(typeof settings?.latitude).toBe("number");
    expect(Array.isArray(settings?.socialLinks)).toBe(true);
  });

  test("the weekly hours come back as wall times keyed by weekday", async () => {
    const schedule = await getOpeningSchedule(db, today);
    expect(schedule.weekly).toHaveLength(7);
    for (const day of schedule.weekly) {
      expect(day.weekday).toBeGreaterThanOrEqual(0);
      expect(day.opensAt).toMatch(/^\d\d:\d\d$/);
      expect(day.closesAt).toMatch(/^\d\d:\d\d$/);
    }
  });

  test("hours exceptions that are over are left out; a closed one carries no times", async () => {
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

  test("the menu lists published sections in order, each with its published items", async () => {
    const menu = await getMenu(db);
    expect(menu.length).toBeGreaterThanOrEqual(8);
    const items = menu.flatMap((section) => section.items);
    expect(items.length).toBeGreaterThanOrEqual(50);
    for (const item of items) {
      expect(Number.isInteger(item.priceCents)).toBe(true);
      expect(Array.isArray(item.dietaryTags)).toBe(true);
    }
    const [unpublished] = await db.query<{ name: string }>(
      "select name from public.menu_items where not published limit 1",
    );
    expect(unpublished).toBeDefined();
    expect(items.map((item) => item.name)).not.toContain(unpublished?.name);
  });

  test("an item in an unpublished section is not on the menu", async () => {
    await db.transaction(async (tx) => {
      await tx.query("update public.menu_sections set published = false where slug = 'kids'");
      const menu = await getMenu(tx);
      expect(menu.map((section) => section.slug)).not.toContain("kids");
      await tx.query("update public.menu_sections set published = true where slug = 'kids'");
    });
  });

  test("pictured items carry their image path and alt text", async () => {
    const items = (await getMenu(db)).flatMap((section) => section.items);
    const pictured = items.filter((item) => item.image);
    expect(pictured.length).toBeGreaterThan(0);
    for (const item of pictured) expect(item.image?.alt).not.toBe("");
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

  test("events come back as ISO instants, soonest first, ending after the given time", async () => {
    const since = new Date();
    const events = await getEvents(db, since);
    expect(events.length).toBeGreaterThanOrEqual(6);
    const starts = events.map((event) => event.startsAt);
    expect(starts).toEqual([...starts].sort());
    for (const event of events) expect(new Date(event.startsAt).toISOString()).toBe(event.startsAt);
    expect(events.some((event) => event.status === "cancelled")).toBe(true);
  });

  test("venue spaces carry capacities and photos; packages their prices", async () => {
    const spaces = await getVenueSpaces(db);
    expect(spaces).toHaveLength(3);
    for (const space of spaces) {
      expect(space.seatedCapacity).toBeGreaterThan(0);
      expect(space.photos[0]?.alt).toBeTruthy();
    }
    const packages = await getVenuePackages(db);
    expect(packages.length).toBeGreaterThan(0);
    expect(packages[0]?.priceUnit).toMatch(/^(per-guest|flat)$/);
  });

  test("values bound to a query are never read as SQL", async () => {
    const hostile = "'); drop table public.menu_items; --";
    await expect(getSpecials(db, hostile)).rejects.toThrow();
    expect((await getMenu(db)).length).toBeGreaterThan(0);
  });

  test("the ping answers while the database is up", async () => {
    await expect(pingDatabase(db)).resolves.toBeUndefined();
  });
});
