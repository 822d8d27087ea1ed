import { ALLERGEN_LABELS, BADGE_LABELS, DIETARY_LABELS } from "~/menu/menu";
import type { EditorMenu } from "./menu-editor";
import { priceInput } from "./menu-editor";
import { csvText } from "~/platform/csv";

/**
 * The menu as a spreadsheet: one row a dish, with its section, in the order
 * the menu lists them. Tags are written as the staff forms label them,
 * several in a cell joined by "; ". Written by the site's one CSV writer
 * (`app/platform/csv.ts`), which never lets a cell run as a formula.
 */

export const SHEET_COLUMNS = [
  "Section",
  "Name",
  "Description",
  "Price",
  "Portion",
  "Diets",
  "Allergens",
  "Badges",
  "On the menu",
  "Featured",
  "Hidden",
] as const;

const yes = (on: boolean) => (on ? "yes" : "no");

/** The whole menu as CSV (RFC 4180: CRLF between rows), headed by SHEET_COLUMNS. */
export function menuSheet(menu: EditorMenu): string {
  const rows: string[][] = [[...SHEET_COLUMNS]];
  for (const section of menu) {
    for (const item of section.items) {
      rows.push([
        section.name,
        item.name,
        item.description,
        priceInput(item.priceCents),
        item.portion,
        item.dietaryTags.map((tag) => DIETARY_LABELS[tag]).join("; "),
        item.allergens.map((allergen) => ALLERGEN_LABELS[allergen]).join("; "),
        item.badges.map((badge) => BADGE_LABELS[badge]).join("; "),
        yes(item.available),
        yes(item.featured),
        yes(item.hidden),
      ]);
    }
  }
  return csvText(rows);
}

export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/** Rows one paste or file may bring: a whole menu, with room to spare. */
export const SHEET_ROWS_MAX = 500;

/** A row of a sheet read back: its line in what was pasted, and its cells by column (absent: not in the sheet). */
export type SheetRow = { line: number; cells: Partial<Record<SheetColumn, string>> };

/**
 * Rows as a spreadsheet copies them (tab-separated) or as a CSV file holds
 * them (comma-separated, RFC 4180 quotes): the first line says which. Each
 * row comes with the line it starts on.
 */
function splitRows(text: string): { line: number; cells: string[] }[] {
  const delimiter = (text.split("\n", 1)[0] ?? "").includes("\t") ? "\t" : ",";
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
    cells = [];
    cell = "";
    rowLine = line;
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === "\n") line += 1;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else if (char !== "\r" || text[index + 1] !== "\n") cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n") endRow();
    else if (char !== "\r") cell += char;
  }
  if (cell !== "" || cells.length > 0) endRow();
  return rows;
}

/** A cell as typed: trimmed, without the apostrophe the export puts before a formula's first sign. */
const cellText = (cell: string) => cell.trim().replace(/^'(?=[=+\-@])/, "");

const columnNamed = (name: string) =>
  SHEET_COLUMNS.find((column) => column.toLowerCase() === name.trim().toLowerCase());

/**
 * Reads rows pasted from a spreadsheet, or a CSV file's text (`from` says
 * which, for the words). A first row of column names (as the download has
 * them; any order, any case) says which column is which; without one, the
 * columns are taken to be in the download's order. Empty rows are skipped.
 * A problem with the whole sheet is said in words.
 */
export function readSheet(
  text: string,
  from: "paste" | "file" = "paste",
): { rows: SheetRow[] } | { problem: string } {
  const table = splitRows(text).filter((row) => row.cells.some((cell) => cell.trim() !== ""));
  if (table.length === 0) {
    return {
      problem:
        from === "paste"
          ? "Paste the rows from your spreadsheet, with its first row of column names."
          : "The file has no rows. Choose the file saved from the spreadsheet, with its first row of column names.",
    };
  }
  const named = table[0]!.cells.map(columnNamed);
  const headed = named.filter(Boolean).length >= 2;
  const columns = headed ? named : [...SHEET_COLUMNS];
  if (headed) {
    const missing = (["Section", "Name", "Price"] as const).filter(
      (column) => !columns.includes(column),
    );
    if (missing.length > 0) {
      return {
        problem: `The first row names the columns, and it has no ${missing.join(", ")} column. Copy the first row of the downloaded spreadsheet too.`,
      };
    }
  }
  const body = headed ? table.slice(1) : table;
  if (body.length === 0) return { problem: "There are no rows under the column names." };
  if (body.length > SHEET_ROWS_MAX) {
    return {
      problem: `${from === "paste" ? "Paste" : "Check"} at most ${SHEET_ROWS_MAX} rows at a time: split the sheet in two. This has ${body.length}.`,
    };
  }
  return {
    rows: body.map(({ line, cells }) => {
      const byColumn: Partial<Record<SheetColumn, string>> = {};
      cells.forEach((cell, index) => {
        const column = columns[index];
        if (column) byColumn[column] = cellText(cell);
      });
      return { line, cells: byColumn };
    }),
  };
}
