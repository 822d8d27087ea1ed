import { describe, expect, test } from "vitest";
import {
  availabilityAt,
  featuredItems,
  menuAt,
  menuChangesAfter,
  type MenuItem,
  type MenuSection,
} from "./menu";
import {
  filterMenu,
  MENU_QUERY_MAX_LENGTH,
  menuFilterSearch,
  parseMenuFilter,
} from "./menu-filter";
import { menuItem } from "./menu.test-support";

let nextId = 1;

const item = (fields: Partial<MenuItem> & Pick<MenuItem, "name">): MenuItem =>
  menuItem({ id: nextId++, ...fields });

function section(name: string, items: MenuItem[]): MenuSection {
  return {
    id: nextId++,
    slug: name.toLowerCase().replace(/\W+/g, "-"),
    name,
    description: "",
    note: "",
    mayContain: [],
    items,
  };
}

const picture = (path: string) => ({ path, alt: `A photo of ${path}` });

const smashBurger = item({
  name: "Smash Burger",
  description: "Two patties, cheddar and pickles on a potato bun.",
});
const gardenBurger = item({
  name: "Garden Burger",
  description: "A plant-based patty with vegan cheddar.",
  dietaryTags: ["vegan", "vegetarian", "dairy-free"],
});
const mushroomBurger = item({
  name: "Mushroom Swiss",
  description: "Sautéed mushrooms and Swiss cheese.",
  dietaryTags: ["vegetarian"],
});
const cremeBrulee = item({
  name: "Crème brûlée",
  description: "Vanilla custard under burnt sugar.",
  dietaryTags: ["vegetarian", "gluten-free"],
});
const sorbet = item({
  name: "Lemon sorbet",
  description: "Three scoops.",
  dietaryTags: ["vegan", "vegetarian", "dairy-free", "gluten-free"],
});
const burgers = section("Burgers", [smashBurger, gardenBurger, mushroomBurger]);
const desserts = section("Desserts", [cremeBrulee, sorbet]);
const menu = [burgers, desserts];

const names = (sections: MenuSection[]) => sections.flatMap((s) => s.items.map((i) => i.name));

describe("parseMenuFilter", () => {
  const parse = (query: string) => parseMenuFilter(new URLSearchParams(query));

  test("a known diet is kept, with no problem", () => {
    expect(parse("diet=vegan")).toEqual({ filter: { diet: "vegan", query: "" }, problems: [] });
  });

  test('"all" means no diet filter', () => {
    expect(parse("diet=all")).toEqual({ filter: { diet: null, query: "" }, problems: [] });
  });

  test("an unknown diet is dropped and described", () => {
    const { filter, problems } = parse("diet=carnivore");
    expect(filter.diet).toBeNull();
    expect(problems).toEqual([expect.stringContaining("There is no “carnivore” filter")]);
    expect(problems[0]).toContain("vegetarian, vegan, gluten-free, dairy-free");
  });

  test("the diet is read regardless of case and surrounding spaces", () => {
    expect(parse("diet=%20Gluten-FREE%20").filter.diet).toBe("gluten-free");
  });

  test("control characters are taken out of the search", () => {
    expect(parse("q=fish%00and%1Fchips%7F").filter.query).toBe("fish and chips");
  });

  test("a search is trimmed", () => {
    expect(parse("q=%20%20wings%0A").filter.query).toBe("wings");
  });

  test("a search longer than the limit is cut, and the visitor told", () => {
    const { filter, problems } = parse(`q=${"a".repeat(MENU_QUERY_MAX_LENGTH + 20)}`);
    expect(filter.query).toBe("a".repeat(MENU_QUERY_MAX_LENGTH));
    expect(problems).toEqual([
      `Searches are limited to ${MENU_QUERY_MAX_LENGTH} characters; yours was shortened.`,
    ]);
  });

  test("a search at the limit is kept whole", () => {
    const query = "b".repeat(MENU_QUERY_MAX_LENGTH);
    expect(parse(`q=${query}`)).toEqual({ filter: { diet: null, query }, problems: [] });
  });
});

describe("menuFilterSearch", () => {
  test("the whole menu has no query string", () => {
    expect(menuFilterSearch({ diet: null, query: "" })).toBe("");
  });

  test("only what narrows the menu is named", () => {
    expect(menuFilterSearch({ diet: "vegan", query: "" })).toBe("?diet=vegan");
    expect(menuFilterSearch({ diet: null, query: "fish and chips" })).toBe("?q=fish+and+chips");
    expect(menuFilterSearch({ diet: "gluten-free", query: "wings" })).toBe(
      "?diet=gluten-free&q=wings",
    );
  });

  test("reads back as the same filter", () => {
    const filter = { diet: "dairy-free", query: "crème & “brûlée”" } as const;
    const search = menuFilterSearch(filter);
    expect(parseMenuFilter(new URLSearchParams(search)).filter).toEqual(filter);
  });
});

describe("filterMenu", () => {
  test("with no diet and no search, the whole menu comes back", () => {
    expect(filterMenu(menu, { diet: null, query: "" })).toEqual({ sections: menu, itemCount: 5 });
  });

  test("a diet keeps only the items tagged with it", () => {
    const { sections } = filterMenu(menu, { diet: "vegan", query: "" });
    expect(names(sections)).toEqual(["Garden Burger", "Lemon sorbet"]);
  });

  test("a section with nothing left is dropped", () => {
    const { sections } = filterMenu(menu, { diet: "gluten-free", query: "" });
    expect(sections.map((s) => s.name)).toEqual(["Desserts"]);
  });

  test("a search matches an item's name", () => {
    expect(names(filterMenu(menu, { diet: null, query: "sorbet" }).sections)).toEqual([
      "Lemon sorbet",
    ]);
  });

  test("a search matches an item's description", () => {
    expect(names(filterMenu(menu, { diet: null, query: "pickles" }).sections)).toEqual([
      "Smash Burger",
    ]);
  });

  test("a search matches the section's name", () => {
    expect(names(filterMenu(menu, { diet: null, query: "desserts" }).sections)).toEqual([
      "Crème brûlée",
      "Lemon sorbet",
    ]);
  });

  test("a search matches the labels of an item's dietary tags", () => {
    expect(names(filterMenu(menu, { diet: null, query: "dairy-free" }).sections)).toEqual([
      "Garden Burger",
      "Lemon sorbet",
    ]);
  });

  test("a search ignores case and accents", () => {
    expect(names(filterMenu(menu, { diet: null, query: "CREME brulee" }).sections)).toEqual([
      "Crème brûlée",
    ]);
  });

  test("accents in the search are ignored too", () => {
    expect(names(filterMenu(menu, { diet: null, query: "sautéed" }).sections)).toEqual([
      "Mushroom Swiss",
    ]);
  });

  test("every word of the search must match", () => {
    expect(names(filterMenu(menu, { diet: null, query: "burger cheddar" }).sections)).toEqual([
      "Smash Burger",
      "Garden Burger",
    ]);
    expect(names(filterMenu(menu, { diet: null, query: "burger sorbet" }).sections)).toEqual([]);
  });

  test("a diet and a search together keep only items that fit both", () => {
    expect(names(filterMenu(menu, { diet: "vegetarian", query: "burger" }).sections)).toEqual([
      "Garden Burger",
      "Mushroom Swiss",
    ]);
  });

  test("itemCount counts the items left across sections", () => {
    expect(filterMenu(menu, { diet: "vegetarian", query: "" }).itemCount).toBe(4);
  });

  test("nothing matching gives no sections and a count of nought", () => {
    expect(filterMenu(menu, { diet: "vegan", query: "steak" })).toEqual({
      sections: [],
      itemCount: 0,
    });
  });
});

describe("featuredItems", () => {
  const starred = (name: string, fields: Partial<MenuItem> = {}) =>
    item({ name, featured: true, image: picture(`dishes/${name}.svg`), ...fields });

  test("only featured, available, pictured items are shown off", () => {
    const sections = [
      section("Mains", [
        starred("wings"),
        starred("poutine", { featured: false }),
        starred("nachos", { available: false }),
        starred("perogies", { image: null }),
        starred("steak"),
      ]),
    ];
    expect(featuredItems(sections).map((i) => i.name)).toEqual(["wings", "steak"]);
  });

  test("items come in menu order across sections, up to the limit", () => {
    const sections = [
      section("Starters", [starred("a"), starred("b")]),
      section("Mains", [starred("c"), starred("d")]),
    ];
    expect(featuredItems(sections, 3).map((i) => i.name)).toEqual(["a", "b", "c"]);
  });

  test("six at most by default", () => {
    const sections = [
      section(
        "Mains",
        "abcdefgh".split("").map((name) => starred(name)),
      ),
    ];
    expect(featuredItems(sections)).toHaveLength(6);
  });
});

describe("availability at a moment", () => {
  // Marked not available today at 10:30 pm Thursday; back at 4 am Friday (09:00 UTC).
  const backAt = "2026-11-27T09:00:00.000Z";
  const outTonight = item({ name: "Oysters", unavailableUntil: backAt });
  const offTheMenu = item({ name: "Poutine", available: false });
  const onTheMenu = item({ name: "Wings" });
  const menu = [section("Starters", [outTonight, offTheMenu, onTheMenu])];

  test("at 3:59 am an item out for the day is still out; at 4:01 am it is back", () => {
    expect(availabilityAt(outTonight, new Date("2026-11-27T08:59:00Z"))).toBe("not-today");
    expect(availabilityAt(outTonight, new Date("2026-11-27T09:01:00Z"))).toBe("available");
  });

  test("off the menu stays off, whatever the time", () => {
    expect(availabilityAt(offTheMenu, new Date("2026-11-27T09:01:00Z"))).toBe("off-menu");
    expect(availabilityAt(offTheMenu, new Date("2027-01-01T12:00:00Z"))).toBe("off-menu");
  });

  test("the menu read before 4 am marks the item out for today; read after, available", () => {
    const before = menuAt(menu, new Date("2026-11-27T08:59:00Z"))[0]!.items;
    expect(
      before.map(({ available, unavailableUntil }) => ({ available, unavailableUntil })),
    ).toEqual([
      { available: false, unavailableUntil: backAt },
      { available: false, unavailableUntil: null },
      { available: true, unavailableUntil: null },
    ]);
    const after = menuAt(menu, new Date("2026-11-27T09:01:00Z"))[0]!.items;
    expect(after.map((entry) => entry.available)).toEqual([true, false, true]);
    expect(after[0]!.unavailableUntil).toBeNull();
  });

  test("a menu with nothing out for the day is the same menu", () => {
    const plain = [section("Sides", [item({ name: "Fries" })])];
    expect(menuAt(plain, new Date())).toBe(plain);
  });

  test("the page changes when an item comes back, and not after", () => {
    expect(menuChangesAfter(menu, new Date("2026-11-27T03:30:00Z"))).toEqual([new Date(backAt)]);
    expect(menuChangesAfter(menu, new Date("2026-11-27T09:01:00Z"))).toEqual([]);
  });
});

describe("a dish tied to an event", () => {
  // Quiz night on Wednesday, December 2 (Toronto); the platter goes with it.
  const platter = item({ name: "Quiz Platter", eventId: 7, eventDay: "2026-12-02" });
  // Its event hidden or cancelled: no day at all.
  const orphan = item({ name: "Cancelled Gig Nachos", eventId: 8, eventDay: null });
  const wings = item({ name: "Wings" });
  const menu = [section("Sharing", [platter, orphan, wings])];
  const names = (at: string) => menuAt(menu, new Date(at))[0]!.items.map((entry) => entry.name);

  test("is on the menu on its event's day only, midnight to midnight in Toronto", () => {
    // 11:59 pm Tuesday, then 12:01 am and 11:59 pm Wednesday, then 12:01 am Thursday (EST).
    expect(names("2026-12-02T04:59:00Z")).toEqual(["Wings"]);
    expect(names("2026-12-02T05:01:00Z")).toEqual(["Quiz Platter", "Wings"]);
    expect(names("2026-12-03T04:59:00Z")).toEqual(["Quiz Platter", "Wings"]);
    expect(names("2026-12-03T05:01:00Z")).toEqual(["Wings"]);
  });

  test("the page changes at each midnight until its event's day is over", () => {
    expect(menuChangesAfter(menu, new Date("2026-12-01T15:00:00Z"))).toEqual([
      new Date("2026-12-02T05:00:00Z"),
    ]);
    expect(menuChangesAfter(menu, new Date("2026-12-02T15:00:00Z"))).toEqual([
      new Date("2026-12-03T05:00:00Z"),
    ]);
    expect(menuChangesAfter(menu, new Date("2026-12-03T15:00:00Z"))).toEqual([]);
  });
});
