import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { getVenuePackages, getVenueSpaces } from "./venue.server";

describe.each(drivers)("the venue on %s", (driver) => {
  test.override({ driver });

  test("venue spaces carry capacities and photos; packages their prices", async ({ db }) => {
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
});
