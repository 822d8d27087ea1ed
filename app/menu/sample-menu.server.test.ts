import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { listMenuForEditor } from "~/menu/editor/menu-editor.server";
import { getMenu } from "./menu.server";
import { allergensNamedInNote, dietConflicts } from "~/menu/editor/menu-rules";
import { DIET_FILTERS, tracesLine } from "./menu";
import { filterMenu } from "./menu-filter";

/**
 * The sample menu a fresh install starts with obeys the menu's rules: no
 * item's diet tags are ruled out by its own allergens or by what its section
 * may pass on, and no section's note speaks of traces its list leaves out.
 * Read through the site's own queries, on each driver.
 */
describe.each(drivers)("the sample menu on %s", (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db[Symbol.asyncDispose]();
  });

  test("no item's diet tags contradict its allergens or its section's traces", async () => {
    // Hidden sections and items too: staff can show them at any time.
    const menu = await listMenuForEditor(db);
    const problems = menu.flatMap((section) =>
      section.items.flatMap((item) =>
        [
          ...dietConflicts(item.dietaryTags, item.allergens),
          ...dietConflicts(item.dietaryTags, section.mayContain),
        ].map(
          (conflict) =>
            `${section.name}: ${item.name} is ${conflict.tag} despite ${conflict.allergens.join(", ")}`,
        ),
      ),
    );
    expect(problems).toEqual([]);
    // The rule has something to hold: the sample has a section with traces, and tagged items.
    expect(menu.some((section) => section.mayContain.length > 0)).toBe(true);
  });

  test("every note that speaks of traces has them in its section's list", async () => {
    const menu = await listMenuForEditor(db);
    const unlisted = menu.flatMap((section) =>
      allergensNamedInNote(section.note)
        .filter((allergen) => !section.mayContain.includes(allergen))
        .map((allergen) => `${section.name}: ${allergen}`),
    );
    expect(unlisted).toEqual([]);
  });

  test("the diet filters never return a dish from the shared fryer", async () => {
    const menu = await getMenu(db);
    const fryer = menu.find((section) => section.slug === "fryer")!;
    expect(fryer.items.map((item) => item.name)).toEqual([
      "Hand-Cut Fries",
      "Sweet Potato Fries",
      "Onion Rings",
    ]);
    expect(tracesLine(fryer.mayContain)).toBe(
      "May contain traces of eggs, milk, fish, wheat and barley.",
    );
    for (const diet of DIET_FILTERS) {
      const { sections } = filterMenu(menu, { diet, query: "" });
      expect(sections.map((section) => section.slug)).not.toContain("fryer");
    }
    // Vegan dishes are still found where they are true.
    const vegan = filterMenu(menu, { diet: "vegan", query: "" });
    expect(vegan.itemCount).toBeGreaterThan(5);
  });

  test("the draught list is beers and ciders by the glass, not pitchers", async () => {
    const menu = await getMenu(db);
    const draught = menu.find((section) => section.slug === "draught")!;
    expect(draught.items.length).toBeGreaterThan(0);
    expect(draught.items.filter((item) => /pitcher/i.test(item.name))).toEqual([]);
  });
});
