import { defineForm } from "~/platform/forms/form-spec";
import type { RadioOption } from "~/platform/forms/form-fields";
import { listWords } from "~/platform/list-words";

/**
 * Dishes added, updated or replaced from a spreadsheet: what the page
 * shares between the server and the browser. Staff choose a CSV file or
 * paste the rows, and what the rows do; the site checks each with the dish
 * form's own rules and shows what it would do (nothing saved yet), and a
 * second post saves them all as one change.
 */

/** The most text one paste may bring (a whole menu is a fraction of it). */
export const IMPORT_TEXT_MAX = 60_000;

/** The largest spreadsheet file the page reads: a whole menu is a few dozen kilobytes. */
export const SHEET_FILE_BYTES = 512 * 1024;

/** The files the file input offers: a spreadsheet saved as CSV, tab-separated or plain text. */
export const SHEET_FILE_ACCEPT = ".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain";

/** What the rows do to the menu. */
export const IMPORT_MODES = ["update", "add", "replace"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_MODE_OPTIONS: readonly (RadioOption & { value: ImportMode })[] = [
  {
    value: "update",
    label: "Add new dishes and update by name",
    hint: "A row changes the dish of that name in its section; a name the section does not have is added at its end.",
  },
  {
    value: "add",
    label: "Only add new dishes",
    hint: "A row naming a dish the section has already is listed and left as it is.",
  },
  {
    value: "replace",
    label: "Replace a section",
    hint: "Each section the rows name ends up with exactly those dishes: its other dishes are removed, and listed by name before anything is saved. Sections the rows do not name stay as they are.",
  },
];

/** "12 KB": a file's size as its message names it. */
export const kilobytes = (bytes: number) => `${Math.max(1, Math.ceil(bytes / 1024))} KB`;

/** What is wrong with a chosen file, in words; `name` is the file's. */
export const SHEET_FILE_ERRORS = {
  empty: (name: string) =>
    `${name} is empty. Choose the file saved from the spreadsheet, with its first row of column names.`,
  tooLarge: (name: string, bytes: number) =>
    `${name} is ${kilobytes(bytes)}; a file can be at most ${kilobytes(SHEET_FILE_BYTES)}. Split the sheet in two, or leave out the columns you are not changing.`,
  notText: (name: string) =>
    `${name} is not a CSV file: it looks like a spreadsheet’s own file, a picture or a document. In the spreadsheet, choose Save as (or Download) and CSV, then choose that file.`,
  notUtf8: (name: string) =>
    `${name} is not written in UTF-8, so its accents and symbols would come out wrong. Save it again as “CSV UTF-8” (Excel) or as CSV (Google Sheets and Numbers use UTF-8), then choose it again.`,
} as const;

/** A chosen file's problem the browser can see at once (its size), or null. */
export function chosenSheetProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return SHEET_FILE_ERRORS.empty(file.name);
  if (file.size > SHEET_FILE_BYTES) return SHEET_FILE_ERRORS.tooLarge(file.name, file.size);
  return null;
}

/** The check's fields: the paste, the file (read apart from the text fields), and what the rows do. */
export const importFields = ["file", "rows", "mode"] as const;
/** The save's: the rows checked (the file's text, or the paste), what they do, and the check it follows. */
export const importSaveFields = ["rows", "mode", "fileName", "key"] as const;

const rules = () => import("./menu-import-rules");

/** Checks the rows (a file's, or pasted) and shows what saving them would do. */
export const importCheckForm = defineForm({
  id: "menu-import",
  fields: importFields,
  files: ["file"],
  labels: { file: "File", rows: "Rows from the spreadsheet", mode: "What the rows do" },
  verb: "try",
  rules: () => rules().then((module) => module.importSchema),
});

/** Saves the rows checked a moment ago (checked again as they are saved). */
export const importSaveForm = defineForm({
  id: "menu-import-save",
  fields: importSaveFields,
  labels: { rows: "Rows from the spreadsheet", mode: "What the rows do" },
  verb: "save",
  rules: () => rules().then((module) => module.importSaveSchema),
});

/**
 * What saving a row would do: add a dish, change one, leave one as it is,
 * leave one the section has already (only adding), or nothing (a problem).
 */
export type ImportOutcome = "add" | "change" | "same" | "exists" | "refused";

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

/** The dishes replacing a section removes from it, by name. */
export type ImportRemoval = { section: string; names: string[] };

export type ImportPreview = {
  mode: ImportMode;
  rows: ImportRow[];
  counts: Record<ImportOutcome, number>;
  /** Replacing sections: what goes from each, in the menu's order. */
  removing: ImportRemoval[];
  /** Names this very preview: a save that would now do anything else is refused. */
  key: string;
};

/** The rows a check read: their text (carried to the save), and the file's name when they came in one. */
export type CheckedSheet = { text: string; fileName: string };

/** "3 dishes", "1 dish" */
export const dishes = (count: number) => `${count} ${count === 1 ? "dish" : "dishes"}`;

/** How many dishes a preview removes. */
export const removedCount = (preview: Pick<ImportPreview, "removing">) =>
  preview.removing.reduce((sum, { names }) => sum + names.length, 0);

/** What the save button says: "Save 3 dishes", "Save 2 dishes and remove 4", "Remove 1 dish". */
export function saveLabel(preview: ImportPreview): string {
  const saving = preview.counts.add + preview.counts.change;
  const removing = removedCount(preview);
  if (removing === 0) return `Save ${dishes(saving)}`;
  if (saving === 0) return `Remove ${dishes(removing)}`;
  return `Save ${dishes(saving)} and remove ${removing}`;
}

/** What a save did, counted. */
export type ImportSaved = {
  added: number;
  changed: number;
  same: number;
  exists: number;
  removed: number;
};

/** The toast's words after a save: "Added 2 dishes and removed 1 dish. 3 dishes already as the sheet says." */
export function importSavedWords(saved: ImportSaved): string {
  const done = [
    saved.added > 0 ? `added ${dishes(saved.added)}` : "",
    saved.changed > 0 ? `changed ${dishes(saved.changed)}` : "",
    saved.removed > 0 ? `removed ${dishes(saved.removed)}` : "",
  ].filter(Boolean);
  const said = listWords(done);
  const sentences = [
    said ? `${said[0]!.toUpperCase()}${said.slice(1)}.` : "",
    saved.same > 0 && said ? `${dishes(saved.same)} already as the sheet says.` : "",
    saved.exists > 0
      ? `${dishes(saved.exists)} already on the menu, left as ${saved.exists === 1 ? "it is" : "they are"}.`
      : "",
  ].filter(Boolean);
  return sentences.length > 0 ? sentences.join(" ") : "Every dish was already as the sheet says.";
}
