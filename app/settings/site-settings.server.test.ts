import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { getSiteSettings } from "./site-settings.server";

describe.each(drivers)("the site settings on %s", (driver) => {
  test.override({ driver });

  test("site settings are one row with typed coordinates and social links", async ({ db }) => {
    const settings = await getSiteSettings(db);
    expect(settings).toMatchObject({ name: "The Squire Pub & Grill", locality: "London" });
    expect(settings?.phone).toMatch(/555/);
    expect(typeof settings?.latitude).toBe("number");
    expect(Array.isArray(settings?.socialLinks)).toBe(true);
  });
});
