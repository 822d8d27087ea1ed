import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { getSiteSettings } from "./site-settings.server";

describe.each(drivers)("the site settings on %s", (driver) => {
  let db: TestDatabase;

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
});
