import { describe, expect, test } from "vitest";
import type { EditorItem, EditorMenu, EditorSection } from "./menu-editor";
import { menuSheet, readSheet, SHEET_COLUMNS } from "./menu-sheet";

const section: EditorSection = {
  id: 1,
  slug: "mains",
  name: "Mains",
  description: "",
  note: "",
  mayContain: [],
  hidden: false,
  sample: false,
};

const item: EditorItem = {
  id: 7,
  sectionId: 1,
  name: "Fish & Chips",
  description: 'Haddock in beer batter, "proper" chips,\nand tartar sauce',
  priceCents: 1895,
  portion: "",
  dietaryTags: [],
  allergens: ["fish", "wheat", "eggs"],
  badges: [],
  available: true,
  unavailableUntil: null,
  featured: true,
  hidden: false,
  sample: false,
  eventId: null,
  imagePath: null,
  imageAlt: "",
  eventTitle: null,
};

/** The rows of a CSV (RFC 4180), for reading the sheet back in the test. */
function rowsOf(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < csv.length; index += 1) {
    const char = csv[index]!;
    if (quoted) {
      if (char === '"' && csv[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && csv[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe("the menu as a spreadsheet", () => {
  test("one row a dish under the column names, tags in words, prices in dollars", () => {
    const menu: EditorMenu = [
      {
        ...section,
        items: [
          item,
          {
            ...item,
            id: 8,
            name: "Veggie Burger",
            description: "",
            priceCents: 1700,
            dietaryTags: ["vegetarian"],
            allergens: ["wheat"],
            featured: false,
            hidden: true,
            available: false,
            portion: "6 oz",
          },
        ],
      },
    ];
    const rows = rowsOf(menuSheet(menu));
    expect(rows[0]).toEqual([...SHEET_COLUMNS]);
    expect(rows[1]).toEqual([
      "Mains",
      "Fish & Chips",
      'Haddock in beer batter, "proper" chips,\nand tartar sauce',
      "18.95",
      "",
      "",
      "Fish; Wheat (gluten); Eggs",
      "",
      "yes",
      "yes",
      "no",
    ]);
    expect(rows[2]).toEqual([
      "Mains",
      "Veggie Burger",
      "",
      "17.00",
      "6 oz",
      "Vegetarian",
      "Wheat (gluten)",
      "",
      "no",
      "no",
      "yes",
    ]);
    expect(rows).toHaveLength(3);
  });
});

describe("rows read back", () => {
  test("as a spreadsheet copies them (tabs), the columns named by the first row in any order", () => {
    expect(readSheet("price\tNAME\tSection\n14.50\tWings\tStarters\n\n\t\t\n")).toEqual({
      rows: [{ line: 2, cells: { Price: "14.50", Name: "Wings", Section: "Starters" } }],
    });
  });

  test("as a CSV file holds them: quotes, commas and lines within a cell, and the export's formula guard undone", () => {
    const csv =
      'Section,Name,Description,Price\r\nMains,"Fish, Chips","Battered\r\n""proper""",\'-5\r\nMains,Pie,,9\r\n';
    expect(readSheet(csv)).toEqual({
      rows: [
        {
          line: 2,
          cells: {
            Section: "Mains",
            Name: "Fish, Chips",
            Description: 'Battered\n"proper"',
            Price: "-5",
          },
        },
        { line: 4, cells: { Section: "Mains", Name: "Pie", Description: "", Price: "9" } },
      ],
    });
  });

  test("without a row of names, in the download's order", () => {
    expect(readSheet("Mains\tPie\tWith gravy\t9.00")).toEqual({
      rows: [
        {
          line: 1,
          cells: { Section: "Mains", Name: "Pie", Description: "With gravy", Price: "9.00" },
        },
      ],
    });
  });
});
