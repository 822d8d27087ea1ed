import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { sectionWith as ownSection } from "../../tests/support/menu-sections";
import type { Database } from "~/platform/database/database.server";
import { toastCookie } from "~/platform/toast.server";
import { SHEET_FILE_BYTES } from "~/menu/editor/menu-import";
import { action as importAction } from "./staff/menu-import";
import { loader as sheetLoader } from "./staff/menu-sheet";
import { recentChangesAs, undoAs } from "../../tests/support/recent-changes";

type Handler = (args: never) => unknown;

type Answer = {
  values: Record<string, string>;
  errors: Record<string, string>;
  changed?: boolean;
  sheet?: { text: string; fileName: string };
  preview?: {
    mode: string;
    rows: { line: number; name: string; outcome: string; problems: string[] }[];
    counts: Record<string, number>;
    removing: { section: string; names: string[] }[];
    key: string;
  };
};

const test = routeTest
  .extend(
    "send",
    ({ staff, editor }) =>
      (fields: Record<string, string> | FormData) =>
        staff.submit(editor, "/staff/menu/import", fields, importAction as Handler, {}),
  )
  .extend(
    "download",
    ({ staff, editor }) =>
      async () =>
        (await staff.load(editor, "/staff/menu/menu.csv", sheetLoader as Handler, {})).text(),
  );

type Mode = "update" | "add" | "replace";

const check = (rows: string, mode: Mode = "update") => ({ "form-id": "menu-import", rows, mode });

/** The check's post with a file chosen (and, beside it, whatever was pasted). */
function checkFile(file: BlobPart, name = "menu.csv", { rows = "", mode = "update" } = {}) {
  const form = new FormData();
  form.set("form-id", "menu-import");
  form.set("file", new File([file], name, { type: "text/csv" }));
  form.set("rows", rows);
  form.set("mode", mode);
  return form;
}

/** The save the check's answer offers: the rows it read, its mode and its key. */
const saveFrom = ({ sheet, preview }: Answer) => ({
  "form-id": "menu-import-save",
  rows: sheet!.text,
  mode: preview!.mode,
  fileName: sheet!.fileName,
  key: preview!.key,
});

const HEADER = "Section\tName\tDescription\tPrice\tDiets\tAllergens";

const priceOf = async (db: Database, name: string) =>
  (
    await db.query<{ priceCents: number }>(
      `select price_cents as "priceCents" from public.menu_items where lower(name) = lower($1)`,
      [name],
    )
  ).map((row) => row.priceCents);

/** The toast's words a response leaves for the next page. */
async function toastOf(response: Response): Promise<{ title: string; description?: string }> {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
  return (await toastCookie.parse(set?.split(";")[0] ?? null)) as { title: string };
}

/** A section of the test's own, with dishes at these prices; its name. */
const sectionWith = async (db: Database, dishes: Record<string, number>) =>
  (await ownSection(db, dishes, "Sheet Section")).name;

const dishesIn = async (db: Database, section: string) =>
  (
    await db.query<{ name: string; priceCents: number }>(
      `select i.name, i.price_cents as "priceCents" from public.menu_items i
       join public.menu_sections s on s.id = i.section_id
       where s.name = $1 order by i.sort_order, i.id`,
      [section],
    )
  ).map(({ name, priceCents }) => `${name} ${priceCents}`);

const itemCount = async (db: Database) =>
  (await db.query<{ count: number }>("select count(*)::int as count from public.menu_items"))[0]!
    .count;

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
    expect(checked.sheet).toEqual({ text: rows, fileName: "" });
    expect(await priceOf(db, "Spreadsheet Nachos")).toEqual([]);

    const saved = await send(saveFrom(checked));
    expect(saved).toHaveRedirect("/staff/menu");
    expect((await toastOf(saved)).description).toBe("Added 1 dish and changed 1 dish.");
    expect(await priceOf(db, wings!.name)).toEqual([wings!.priceCents + 100]);
    expect(await priceOf(db, "Spreadsheet Nachos")).toEqual([1550]);
    const [nachos] = await db.query<{ dietaryTags: string[]; allergens: string[] }>(
      `select dietary_tags as "dietaryTags", allergens from public.menu_items where name = 'Spreadsheet Nachos'`,
    );
    expect(nachos).toEqual({ dietaryTags: ["vegetarian"], allergens: ["milk"] });
  });

  test("a save is one change in Recent changes, and one undo takes every row back", async ({
    db,
    send,
    staff,
    owner,
  }) => {
    const section = await sectionWith(db, { "Undo Wings": 1200 });
    const rows = [
      HEADER,
      `${section}\tUndo Wings\t\t13.00\t\t`,
      `${section}\tUndo Fries\t\t6.00\t\t`,
    ].join("\n");
    const checked = (await (await send(check(rows))).json()) as Answer;
    expect(await send(saveFrom(checked))).toHaveRedirect("/staff/menu");
    expect(await dishesIn(db, section)).toEqual(["Undo Wings 1300", "Undo Fries 600"]);

    const [change] = await recentChangesAs(staff, owner);
    expect(change!.what).toBe("Saved dishes from a spreadsheet (2 entries)");
    expect(await undoAs(staff, owner, change!.id)).toHaveRedirect("/staff/changes");
    expect(await dishesIn(db, section)).toEqual(["Undo Wings 1200"]);
    expect((await recentChangesAs(staff, owner))[0]!.what).toBe(
      "Undid “Saved dishes from a spreadsheet” (2 entries)",
    );
  });

  test("a 200-row file with 5 bad rows names those 5, by line, and saves nothing", async ({
    db,
    send,
  }) => {
    const section = await sectionWith(db, {});
    const bad = new Map([
      [17, "cheap"],
      [58, "-4.00"],
      [99, ""],
      [140, "twelve"],
      [201, '"$1,000,000"'],
    ]);
    const lines = [HEADER.replaceAll("\t", ",")];
    for (let line = 2; line <= 201; line += 1) {
      lines.push(`${section},Batch Dish ${line},,${bad.has(line) ? bad.get(line) : "9.50"},,`);
    }
    const before = await itemCount(db);
    const response = await send(checkFile(lines.join("\r\n"), "batch.csv"));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.preview!.rows).toHaveLength(200);
    const refused = answer.preview!.rows.filter((row) => row.outcome === "refused");
    expect(refused.map((row) => row.line)).toEqual([...bad.keys()]);
    for (const row of refused) expect(row.problems.join()).toMatch(/^Price: /);
    expect(answer.preview!.counts).toMatchObject({ add: 195, refused: 5 });

    const saved = await send(saveFrom(answer));
    expect(saved.status).toBe(409);
    expect(await itemCount(db)).toBe(before);
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
    const refused = await send(saveFrom(answer));
    expect(refused.status).toBe(409);
    expect(await priceOf(db, "Good Row Fries")).toEqual([]);
  });

  test.for([
    ["nothing", "", /^Choose a CSV file, or paste the rows/],
    ["a header only", HEADER, /no rows under the column names/],
    ["columns without a name", "Section\tPrice\nMains\t5.00", /has no Name column/],
    ["too many rows", `${HEADER}\n${"Mains\tFries\t\t5\t\t\n".repeat(501)}`, /at most 500 rows/],
    ["too much text", "x".repeat(60_001), /at most 60,000 characters/],
  ] as const)("refuses %s, keeping what was pasted", async ([, rows, message], { send }) => {
    const response = await send(check(rows, "add"));
    expect(response.status).toBe(400);
    const answer = (await response.json()) as Answer;
    expect(answer.errors.rows).toMatch(message);
    expect(answer.values).toMatchObject({ rows, mode: "add" });
  });

  test("refuses a choice of what the rows do that is not offered, keeping the rows", async ({
    send,
  }) => {
    const rows = `${HEADER}\nWings\tFries\t\t5\t\t`;
    const response = await send({ "form-id": "menu-import", rows, mode: "delete-all" });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as Answer;
    expect(answer.errors.mode).toMatch(/^Choose what the rows do/);
    expect(answer.values.rows).toBe(rows);
  });

  describe("a CSV file", () => {
    test("the downloaded file, chosen as it is (byte-order mark, CRLF), changes nothing", async ({
      send,
      download,
    }) => {
      const response = await send(checkFile(await download(), "menu-2026-12-03.csv"));
      expect(response.status).toBe(200);
      const answer = (await response.json()) as Answer;
      expect(answer.sheet!.fileName).toBe("menu-2026-12-03.csv");
      expect(answer.preview!.counts).toMatchObject({ add: 0, change: 0, refused: 0 });
      expect(answer.preview!.counts.same).toBeGreaterThan(50);
    });

    test("is checked as pasted rows are, and the save carries its text", async ({ db, send }) => {
      const section = await sectionWith(db, { "File Fries": 500 });
      const csv = `\uFEFFSection,Name,Price,Description\r\n${section},File Fries,5.50,\r\n${section},"Crème Brûlée, Torched",9,"Sugar, cream"\r\n`;
      const pasted = "Rows pasted too, not checked";
      const response = await send(checkFile(csv, "dishes.csv", { rows: pasted }));
      const answer = (await response.json()) as Answer;
      expect(answer.preview!.rows.map((row) => [row.line, row.name, row.outcome])).toEqual([
        [2, "File Fries", "change"],
        [3, "Crème Brûlée, Torched", "add"],
      ]);
      // The paste stays in its box; the file's text goes to the save.
      expect(answer.values.rows).toBe(pasted);
      expect(answer.sheet!.text).toMatch(/^Section,Name,Price,Description\n/);
      expect(await dishesIn(db, section)).toEqual(["File Fries 500"]);

      const saved = await send(saveFrom(answer));
      expect(saved).toHaveRedirect("/staff/menu");
      expect(await dishesIn(db, section)).toEqual(["File Fries 550", "Crème Brûlée, Torched 900"]);
    });

    test("with a problem in a row: each named by column and line, nothing saved", async ({
      db,
      send,
    }) => {
      const section = await sectionWith(db, {});
      const csv = `Section,Name,Price\n${section},Good Fries,5\n${section},Bad Fries,five\n`;
      const response = await send(checkFile(csv));
      expect(response.status).toBe(200);
      const answer = (await response.json()) as Answer;
      expect(answer.preview!.rows[1]).toMatchObject({ line: 3, outcome: "refused" });
      expect(answer.preview!.rows[1]!.problems.join()).toMatch(/^Price: /);
      expect((await send(saveFrom(answer))).status).toBe(409);
      expect(await dishesIn(db, section)).toEqual([]);
    });

    const latin1 = new Uint8Array([
      ...new TextEncoder().encode("Section,Name,Price\nWings,Caf"),
      0xe9,
      0x0a,
    ]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    test.for([
      ["an empty file", new Uint8Array(0), "menu.csv", /^menu\.csv is empty\./],
      [
        "a file too large",
        new Uint8Array(SHEET_FILE_BYTES + 1).fill(0x41),
        "menu.csv",
        /^menu\.csv is 513 KB; a file can be at most 512 KB\./,
      ],
      ["a picture", png, "menu.png", /^menu\.png is not a CSV file/],
      ["a spreadsheet's own file", png, "menu.xlsx", /^menu\.xlsx is not a CSV file/],
      ["text not in UTF-8", latin1, "menu.csv", /^menu\.csv is not written in UTF-8/],
      [
        "too many rows",
        new TextEncoder().encode(`Section,Name,Price\n${"Wings,Fries,5\n".repeat(501)}`),
        "menu.csv",
        /^Check at most 500 rows at a time/,
      ],
      ["no rows at all", new TextEncoder().encode("\n\n"), "menu.csv", /^The file has no rows/],
    ] as const)(
      "refuses %s by the file input, keeping the paste and the choice",
      async ([, bytes, name, message], { db, send }) => {
        const before = await itemCount(db);
        const response = await send(
          checkFile(bytes, name, { rows: "kept as typed", mode: "replace" }),
        );
        expect(response.status).toBe(400);
        const answer = (await response.json()) as Answer;
        expect(answer.errors.file).toMatch(message);
        expect(answer.values).toMatchObject({ rows: "kept as typed", mode: "replace" });
        expect(await itemCount(db)).toBe(before);
      },
    );
  });

  test("only adding: a dish the section has is listed and left as it is; new ones are added", async ({
    db,
    send,
  }) => {
    const section = await sectionWith(db, { "Kept Wings": 1200 });
    const rows = `Section\tName\tPrice\n${section}\tkept wings\t99\n${section}\tNew Wings\t13`;
    const answer = (await (await send(check(rows, "add"))).json()) as Answer;
    expect(answer.preview!.rows.map((row) => row.outcome)).toEqual(["exists", "add"]);
    expect(answer.preview!.counts).toMatchObject({ add: 1, exists: 1 });

    const saved = await send(saveFrom(answer));
    expect(saved).toHaveRedirect("/staff/menu");
    expect((await toastOf(saved)).description).toBe(
      "Added 1 dish. 1 dish already on the menu, left as it is.",
    );
    expect(await dishesIn(db, section)).toEqual(["Kept Wings 1200", "New Wings 1300"]);
  });

  test("replacing a section: the preview names each dish removed, and the save removes them and nothing else", async ({
    db,
    send,
  }) => {
    const replaced = await sectionWith(db, {
      Stays: 500,
      Changes: 600,
      Goes: 700,
      "Goes Too": 800,
    });
    const untouched = await sectionWith(db, { "Not Named": 900 });
    const before = await itemCount(db);
    const rows = `Section\tName\tPrice\n${replaced}\tStays\t5\n${replaced}\tChanges\t6.50\n${replaced}\tArrives\t7`;
    const answer = (await (await send(check(rows, "replace"))).json()) as Answer;
    expect(answer.preview!.rows.map((row) => row.outcome)).toEqual(["same", "change", "add"]);
    expect(answer.preview!.removing).toEqual([{ section: replaced, names: ["Goes", "Goes Too"] }]);
    // Checked, nothing changed yet.
    expect(await itemCount(db)).toBe(before);

    const saved = await send(saveFrom(answer));
    expect(saved).toHaveRedirect("/staff/menu");
    expect((await toastOf(saved)).description).toBe(
      "Added 1 dish, changed 1 dish and removed 2 dishes. 1 dish already as the sheet says.",
    );
    expect(await dishesIn(db, replaced)).toEqual(["Stays 500", "Changes 650", "Arrives 700"]);
    expect(await dishesIn(db, untouched)).toEqual(["Not Named 900"]);
    expect(await itemCount(db)).toBe(before - 1);
  });

  test("a save after the menu changed is refused with the new preview, and saves nothing", async ({
    db,
    send,
  }) => {
    const section = await sectionWith(db, { Stays: 500, Goes: 700 });
    const rows = `Section\tName\tPrice\n${section}\tStays\t5.25`;
    const checked = (await (await send(check(rows, "replace"))).json()) as Answer;
    expect(checked.preview!.removing).toEqual([{ section, names: ["Goes"] }]);

    // Someone adds a dish to the section before the save.
    await db.query(
      `insert into public.menu_items (section_id, name, price_cents, sort_order)
       select id, 'Added Meanwhile', 400, 1000 from public.menu_sections where name = $1`,
      [section],
    );
    const refused = await send(saveFrom(checked));
    expect(refused.status).toBe(409);
    const answer = (await refused.json()) as Answer;
    expect(answer.changed).toBe(true);
    expect(answer.preview!.removing).toEqual([{ section, names: ["Goes", "Added Meanwhile"] }]);
    expect(answer.values).toMatchObject({ rows, mode: "replace" });
    expect(answer.sheet!.text).toBe(rows);
    expect(await dishesIn(db, section)).toEqual(["Stays 500", "Goes 700", "Added Meanwhile 400"]);

    // The new preview saves.
    expect(await send(saveFrom(answer))).toHaveRedirect("/staff/menu");
    expect(await dishesIn(db, section)).toEqual(["Stays 525"]);
  });

  test("a save without its check is refused, keeping the rows", async ({ db, send }) => {
    const section = await sectionWith(db, {});
    const rows = `Section\tName\tPrice\n${section}\tUnchecked\t5`;
    const response = await send({
      "form-id": "menu-import-save",
      rows,
      mode: "update",
      fileName: "",
      key: "",
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as Answer;
    expect(answer.errors.rows).toMatch(/^Check the rows first/);
    expect(answer.values.rows).toBe(rows);
    expect(await dishesIn(db, section)).toEqual([]);
  });
});
