import { defineForm } from "~/platform/forms/form-spec";

/**
 * Dishes added or updated from a spreadsheet: what the page shares between
 * the server and the browser. Staff paste the rows, the site checks each
 * with the dish form's own rules and shows what it would do (nothing saved
 * yet), and a second post saves them all as one change.
 */

/** The most text one paste may bring (a whole menu is a fraction of it). */
export const IMPORT_TEXT_MAX = 60_000;

export const importFields = ["rows"] as const;

const rules = () => import("./menu-import-rules").then((module) => module.importSchema);

/** Checks the pasted rows and shows what saving them would do. */
export const importCheckForm = defineForm({
  id: "menu-import",
  fields: importFields,
  labels: { rows: "Rows from the spreadsheet" },
  verb: "check",
  rules,
});

/** Saves the rows checked a moment ago (checked again as they are saved). */
export const importSaveForm = defineForm({
  id: "menu-import-save",
  fields: importFields,
  labels: { rows: "Rows from the spreadsheet" },
  verb: "save",
  rules,
});

/** What saving a row would do: add a dish, change one, leave one as it is, or nothing (a problem). */
export type ImportOutcome = "add" | "change" | "same" | "refused";

/** A row of the check's answer. */
export type ImportRow = {
  /** The line it starts on in what was pasted. */
  line: number;
  section: string;
  name: string;
  outcome: ImportOutcome;
  /** What stops it, each starting with its column: "Price: Enter a price such as 14.50". */
  problems: string[];
};

export type ImportPreview = {
  rows: ImportRow[];
  counts: Record<ImportOutcome, number>;
};

/** "3 dishes", "1 dish" */
export const dishes = (count: number) => `${count} ${count === 1 ? "dish" : "dishes"}`;
