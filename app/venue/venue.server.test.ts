import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { getVenuePackages, getVenueSpaces } from "./venue.server";

describe.each(drivers)("the venue on %s", (driver) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
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
});
