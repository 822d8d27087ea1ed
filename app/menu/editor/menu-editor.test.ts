import { describe, expect, test } from "vitest";
import {
  findItems,
  parseStaffMenuView,
  staffMenuPath,
  type EditorItem,
  type EditorMenu,
} from "./menu-editor";
import { menuItem } from "~/menu/menu.test-support";

function item(id: number, name: string): EditorItem {
  const { image: _image, eventDay: _eventDay, ...dish } = menuItem({ id, name, priceCents: 1000 });
  return {
    ...dish,
    sectionId: 1,
    hidden: false,
    sample: false,
    imagePath: null,
    imageAlt: "",
    eventTitle: null,
  };
}

const menu: EditorMenu = [
  {
    id: 1,
    slug: "starters",
    name: "Starters",
    description: "",
    note: "",
    mayContain: [],
    hidden: false,
    sample: false,
    items: [item(1, "Squire Nachos"), item(2, "Crème Brûlée Bites"), item(3, "Hot Wings Dip")],
  },
  {
    id: 2,
    slug: "wings",
    name: "Wings",
    description: "",
    note: "",
    mayContain: [],
    hidden: false,
    sample: false,
    items: [item(4, "Honey Garlic"), item(5, "Buffalo")],
  },
];

describe("findItems", () => {
  test("an empty search finds the whole menu", () => {
    expect(findItems(menu, "  ")).toEqual({ sections: menu, itemCount: 5 });
  });

  test("finds items by every word of their name, without case or accents", () => {
    const found = findItems(menu, "creme BRULEE");
    expect(found.itemCount).toBe(1);
    expect(found.sections.map((section) => section.items.map((i) => i.name))).toEqual([
      ["Crème Brûlée Bites"],
    ]);
  });

  test("a section's name finds its items; sections with nothing found are left out", () => {
    const found = findItems(menu, "wings");
    expect(found.sections.map((section) => section.items.map((i) => i.id))).toEqual([[3], [4, 5]]);
    expect(found.itemCount).toBe(3);
    expect(findItems(menu, "garlic wings").sections.map((section) => section.id)).toEqual([2]);
  });

  test("a search that finds nothing leaves no sections", () => {
    expect(findItems(menu, "lobster")).toEqual({ sections: [], itemCount: 0 });
  });

  test("a search too long to apply finds everything (the page says why)", () => {
    expect(findItems(menu, "n".repeat(81)).itemCount).toBe(5);
  });
});

describe("the staff list's view", () => {
  test("reads the search and reorder mode, and writes them back", () => {
    const view = parseStaffMenuView(new URLSearchParams("q=hot+wings"));
    expect(view).toEqual({ query: "hot wings", reorder: false, problem: null });
    expect(staffMenuPath(view)).toBe("/staff/menu?q=hot+wings");
    expect(staffMenuPath({ query: " ", reorder: false })).toBe("/staff/menu");
    const reorder = parseStaffMenuView(new URLSearchParams("reorder=1&q=wings"));
    expect(reorder).toEqual({ query: "", reorder: true, problem: null });
    expect(staffMenuPath(reorder)).toBe("/staff/menu?reorder=1");
  });

  test("a search over 80 characters is kept as typed, with the reason it is not applied", () => {
    const view = parseStaffMenuView(new URLSearchParams({ q: "é".repeat(81) }));
    expect(view.query).toBe("é".repeat(81));
    expect(view.problem).toMatch(/limited to 80 characters/);
    expect(parseStaffMenuView(new URLSearchParams({ q: "é".repeat(80) })).problem).toBeNull();
  });

  test("control characters in a search become spaces", () => {
    expect(parseStaffMenuView(new URLSearchParams({ q: "wings\u0000hot" })).query).toBe(
      "wings hot",
    );
  });
});
