import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { getSpecials } from "~/specials/specials.server";
import { getMenu } from "./menu.server";
import type { Allergen } from "./menu";

const GLUTEN_CEREALS: readonly Allergen[] = ["wheat", "triticale", "barley", "oats", "rye"];
const glutenSources = (allergens: readonly Allergen[]) =>
  allergens.filter((allergen) => GLUTEN_CEREALS.includes(allergen));

describe.each(drivers)("the menu on %s", (driver) => {
  test.override({ driver });

  test("the menu lists published sections in order, each with its published items", async ({
    db,
  }) => {
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

  test("an item in an unpublished section is not on the menu", async ({ db }) => {
    await db.transaction(async (tx) => {
      await tx.query("update public.menu_sections set published = false where slug = 'kids'");
      const menu = await getMenu(tx);
      expect(menu.map((section) => section.slug)).not.toContain("kids");
      await tx.query("update public.menu_sections set published = true where slug = 'kids'");
    });
  });

  test("pictured items carry their image path and alt text", async ({ db }) => {
    const items = (await getMenu(db)).flatMap((section) => section.items);
    const pictured = items.filter((item) => item.image);
    expect(pictured.length).toBeGreaterThan(0);
    for (const item of pictured) expect(item.image?.alt).not.toBe("");
  });

  test("every beer brewed from grain names the cereal its gluten comes from", async ({ db }) => {
    const menu = await getMenu(db);
    const beers = menu
      .filter((section) => ["draught", "bottles", "non-alcoholic"].includes(section.slug))
      .flatMap((section) => section.items)
      .filter((item) => /\b(ale|lager|stout|bitter|ipa|pilsner|sour|hefeweizen)\b/i.test(item.name))
      .filter((item) => !item.dietaryTags.includes("gluten-free"));
    expect(beers.length).toBeGreaterThanOrEqual(10);
    for (const beer of beers) expect(glutenSources(beer.allergens), beer.name).not.toEqual([]);
    const stout = beers.find((beer) => beer.name.includes("Oatmeal Stout"));
    expect(stout?.allergens).toEqual(expect.arrayContaining(["barley", "oats"]));
  });

  test("nothing tagged gluten-free lists a gluten source", async ({ db }) => {
    const items = (await getMenu(db)).flatMap((section) => section.items);
    const glutenFree = items.filter((item) => item.dietaryTags.includes("gluten-free"));
    expect(glutenFree.length).toBeGreaterThan(0);
    for (const item of glutenFree) expect(glutenSources(item.allergens), item.name).toEqual([]);
  });

  test("values bound to a query are never read as SQL", async ({ db }) => {
    const hostile = "'); drop table public.menu_items; --";
    await expect(getSpecials(db, hostile)).rejects.toThrow();
    expect((await getMenu(db)).length).toBeGreaterThan(0);
  });
});
