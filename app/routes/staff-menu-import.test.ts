import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import type { Database } from "~/platform/database/database.server";
import { action as importAction } from "./staff/menu-import";
import { loader as sheetLoader } from "./staff/menu-sheet";

type Handler = (args: never) => unknown;

type Answer = {
  values: Record<string, string>;
  errors: Record<string, string>;
  preview?: {
    rows: { line: number; name: string; outcome: string; problems: string[] }[];
    counts: Record<string, number>;
  };
};

const test = routeTest
  .extend(
    "send",
    ({ staff, editor }) =>
      (fields: Record<string, string>) =>
        staff.submit(editor, "/staff/menu/import", fields, importAction as Handler, {}),
  )
  .extend(
    "download",
    ({ staff, editor }) =>
      async () =>
        (await staff.load(editor, "/staff/menu/menu.csv", sheetLoader as Handler, {})).text(),
  );

const check = (rows: string) => ({ "form-id": "menu-import", rows });
const save = (rows: string) => ({ "form-id": "menu-import-save", rows });

const HEADER = "Section\tName\tDescription\tPrice\tDiets\tAllergens";

const priceOf = async (db: Database, name: string) =>
  (
    await db.query<{ priceCents: number }>(
      `select price_cents as "priceCents" from public.menu_items where lower(name) = lower($1)`,
      [name],
    )
  ).map((row) => row.priceCents);

describe.each(drivers)("the menu from a spreadsheet on %s", (driver) => {
  test.override({ driver });

  test("the downloaded menu, pasted back unchanged, changes nothing", async ({
    send,
    download,
  }) => {
    const csv = await download();
    const response = await send(check(csv));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.preview!.counts).toMatchObject({ add: 0, change: 0, refused: 0 });
    expect(answer.preview!.counts.same).toBeGreaterThan(50);
  });

  test("a check shows what would change and saves nothing; the save adds and changes in one go", async ({
    db,
    send,
  }) => {
    const [wings] = await db.query<{ name: string; section: string; priceCents: number }>(
      `select i.name, s.name as section, i.price_cents as "priceCents"
       from public.menu_items i join public.menu_sections s on s.id = i.section_id
       order by i.id limit 1`,
    );
    const rows = [
      HEADER,
      // Letter case aside, the same section and dish: a price rise (and the name as the sheet writes it).
      `${wings!.section.toUpperCase()}\t${wings!.name.toLowerCase()}\t\t${((wings!.priceCents + 100) / 100).toFixed(2)}\t\t`,
      `${wings!.section}\tSpreadsheet Nachos\tCorn chips, cheese, jalapeños\t$15.50\tVegetarian\tMilk`,
    ].join("\n");

    const checked = (await (await send(check(rows))).json()) as Answer;
    expect(checked.preview!.rows.map((row) => [row.line, row.outcome])).toEqual([
      [2, "change"],
      [3, "add"],
    ]);
    expect(checked.values.rows).toBe(rows);
    expect(await priceOf(db, "Spreadsheet Nachos")).toEqual([]);

    const saved = await send(save(rows));
    expect(saved).toHaveRedirect("/staff/menu");
    expect(await priceOf(db, wings!.name)).toEqual([wings!.priceCents + 100]);
    expect(await priceOf(db, "Spreadsheet Nachos")).toEqual([1550]);
    const [nachos] = await db.query<{ dietaryTags: string[]; allergens: string[] }>(
      `select dietary_tags as "dietaryTags", allergens from public.menu_items where name = 'Spreadsheet Nachos'`,
    );
    expect(nachos).toEqual({ dietaryTags: ["vegetarian"], allergens: ["milk"] });
  });

  test("each row's problems are named by column and line, and nothing is saved while one has one", async ({
    db,
    send,
  }) => {
    const [first] = await db.query<{ section: string }>(
      `select name as section from public.menu_sections order by sort_order limit 1`,
    );
    const section = first!.section;
    const rows = [
      HEADER,
      `${section}\tGood Row Fries\t\t6.00\t\t`,
      `${section}\t\t\t6.00\t\t`,
      `${section}\tNo Price Fries\t\tsix\t\t`,
      `The Basement\tLost Fries\t\t6.00\t\t`,
      `${section}\tGlutan Fries\t\t6.00\t\tGlutan`,
      `${section}\tVegan Cheese Fries\t\t6.00\tVegan\tMilk`,
      `${section}\tGood Row Fries\t\t7.00\t\t`,
    ].join("\n");
    const answer = (await (await send(check(rows))).json()) as Answer;
    const byLine = new Map(answer.preview!.rows.map((row) => [row.line, row]));
    expect(byLine.get(2)!.outcome).toBe("add");
    expect(byLine.get(3)!.problems.join()).toMatch(/^Name: Enter the item’s name/);
    expect(byLine.get(4)!.problems.join()).toMatch(/^Price: /);
    expect(byLine.get(5)!.problems.join()).toMatch(
      /^Section: there is no section called “The Basement”/,
    );
    expect(byLine.get(6)!.problems.join()).toMatch(
      /^Allergens: “Glutan” is not one of the allergens/,
    );
    expect(byLine.get(7)!.problems.join()).toMatch(/^Diets: /);
    expect(byLine.get(8)!.problems.join()).toBe(`Name: line 2 names this dish in ${section} too.`);
    expect(answer.preview!.counts.refused).toBe(6);

    // Posted anyway, the save refuses them all.
    const refused = await send(save(rows));
    expect(refused.status).toBe(409);
    expect(await priceOf(db, "Good Row Fries")).toEqual([]);
  });

  test.for([
    ["nothing", "", /^Paste the rows/],
    ["a header only", HEADER, /no rows under the column names/],
    ["columns without a name", "Section\tPrice\nMains\t5.00", /has no Name column/],
    ["too many rows", `${HEADER}\n${"Mains\tFries\t\t5\t\t\n".repeat(501)}`, /at most 500 rows/],
    ["too much text", "x".repeat(60_001), /at most 60,000 characters/],
  ] as const)("refuses %s, keeping what was pasted", async ([, rows, message], { send }) => {
    const response = await send(check(rows));
    expect(response.status).toBe(400);
    const answer = (await response.json()) as Answer;
    expect(answer.errors.rows).toMatch(message);
    if (rows !== "") expect(answer.values.rows).toBe(rows);
  });
});
