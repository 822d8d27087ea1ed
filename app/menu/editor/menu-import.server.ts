import { asOneChange } from "~/platform/database/one-change.server";
import { createHash } from "node:crypto";
import type { Database } from "~/platform/database/database.server";
import { cleanLine, cleanText } from "~/platform/forms/typed-input";
import type { FormValues } from "~/platform/forms/form-check";
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  BADGE_LABELS,
  BADGES,
  DIETARY_LABELS,
  DIETARY_TAGS,
} from "~/menu/menu";
import {
  ITEM_FIELDS,
  itemValues,
  newItemValues,
  type EditorItem,
  type EditorMenu,
  type ItemField,
} from "./menu-editor";
import { deleteItem, insertItem, listMenuForEditor, updateItem } from "./menu-editor.server";
import {
  chosenSheetProblem,
  SHEET_FILE_ERRORS,
  type CheckedSheet,
  type ImportMode,
  type ImportOutcome,
  type ImportPreview,
  type ImportRow,
} from "./menu-import";
import { itemSchema, itemSectionProblem, type ItemInput } from "./menu-rules";
import { readSheet, type SheetColumn, type SheetRow } from "./menu-sheet";

/**
 * Rows from a spreadsheet as dishes: each row names its section and its
 * dish, and is matched to the dish of that name in that section (letter
 * case aside), which it changes, or added at the end of the section. Each
 * is checked by the dish form's rules, and the section's traces, exactly as
 * a save of the form would be; columns the sheet leaves out keep what the
 * dish has (a new one: as the form starts). Its picture and its event stay.
 * Only adding, a row naming a dish the section has leaves it as it is;
 * replacing, each section the rows name loses the dishes they do not name.
 */

/** The form field each column fills, and the words its problems start with. */
const COLUMN_OF: Partial<Record<ItemField, SheetColumn>> = {
  sectionId: "Section",
  name: "Name",
  description: "Description",
  price: "Price",
  portion: "Portion",
  dietaryTags: "Diets",
  allergens: "Allergens",
  badges: "Badges",
  available: "On the menu",
  featured: "Featured",
  hidden: "Hidden",
};

type Vocabulary = { values: readonly string[]; labels: Record<string, string>; what: string };

const VOCABULARIES: Partial<Record<ItemField, Vocabulary>> = {
  dietaryTags: { values: DIETARY_TAGS, labels: DIETARY_LABELS, what: "diets" },
  allergens: { values: ALLERGENS, labels: ALLERGEN_LABELS, what: "allergens" },
  badges: { values: BADGES, labels: BADGE_LABELS, what: "badges" },
};

const folded = (words: string) => words.trim().toLowerCase();

/** A tag as typed (its label, its label without "(gluten)", or its name) as the tag, or undefined. */
function tagOf(word: string, { values, labels }: Vocabulary): string | undefined {
  const wanted = folded(word);
  return values.find(
    (value) =>
      folded(value) === wanted ||
      folded(labels[value]!) === wanted ||
      folded(labels[value]!.replace(/\s*\(.*\)$/, "")) === wanted,
  );
}

/** "yes"/"no" as a tick box's value, or undefined for words that are neither. */
function tickOf(word: string): "on" | "" | undefined {
  const wanted = folded(word);
  if (["yes", "y", "true", "1", "x", "on"].includes(wanted)) return "on";
  if (["no", "n", "false", "0", "off", ""].includes(wanted)) return "";
  return undefined;
}

/** A row's part in a plan: the dish it names (if the section has it), what it saves, and its section. */
type Planned = {
  row: ImportRow;
  existing: EditorItem | null;
  input: ItemInput | null;
  sectionId: number | null;
};

/** The values a row gives the dish form, or the problems of its cells. */
function rowValues(
  row: SheetRow,
  sectionId: number,
  existing: EditorItem | null,
): { values: FormValues<ItemField>; problems: string[] } {
  const values = {
    ...(existing
      ? itemValues(existing)
      : ({
          ...Object.fromEntries(ITEM_FIELDS.map((field) => [field, ""])),
          ...newItemValues(sectionId),
        } as FormValues<ItemField>)),
    sectionId: String(sectionId),
  };
  const problems: string[] = [];
  for (const [field, column] of Object.entries(COLUMN_OF) as [ItemField, SheetColumn][]) {
    const cell = row.cells[column];
    if (cell === undefined || field === "sectionId") continue;
    const vocabulary = VOCABULARIES[field];
    if (vocabulary) {
      const words = cell.split(/[;,]/).filter((word) => word.trim() !== "");
      const unknown = words.filter((word) => !tagOf(word, vocabulary));
      if (unknown.length > 0) {
        problems.push(
          `${column}: ${unknown.map((word) => `“${word.trim()}”`).join(", ")} ${unknown.length === 1 ? "is not one of the" : "are not among the"} ${vocabulary.what} the site knows (${vocabulary.values.map((value) => vocabulary.labels[value]).join(", ")}).`,
        );
      }
      values[field] = words.flatMap((word) => tagOf(word, vocabulary) ?? []).join(",");
    } else if (field === "available" || field === "featured" || field === "hidden") {
      // An empty "On the menu" cell on a new dish: on the menu, as the form starts.
      if (cell === "" && field === "available" && !existing) continue;
      const tick = tickOf(cell);
      if (tick === undefined) problems.push(`${column}: write yes or no.`);
      else values[field] = tick;
    } else {
      values[field] = cell;
    }
  }
  return { values, problems };
}

/** A field's value as saved: tags in any order are the same tags. */
const asSaved = (value: unknown) =>
  JSON.stringify(Array.isArray(value) ? [...(value as string[])].sort() : value);

/** Whether a row's dish is the dish as it is, field by field as the form reads them ("5" is $5.00). */
function sameDish(input: ItemInput, existing: EditorItem): boolean {
  const saved = itemSchema.safeParse(itemValues(existing));
  if (!saved.success) return false;
  return (Object.keys(COLUMN_OF) as ItemField[]).every(
    (field) => asSaved(input[field]) === asSaved(saved.data[field]),
  );
}

/** What saving would do: each row's part, and the dishes replacing a section removes. */
type Plan = { planned: Planned[]; removing: (EditorItem & { section: string })[] };

/**
 * What each row of `text` would do to the menu as it is in `tx` in `mode`,
 * or the problem with the whole sheet.
 */
async function plan(
  tx: Database,
  text: string,
  mode: ImportMode,
  from: "paste" | "file",
): Promise<{ problem: string } | Plan> {
  const sheet = readSheet(text, from);
  if ("problem" in sheet) return sheet;
  const menu: EditorMenu = await listMenuForEditor(tx);
  const sections = new Map(menu.map((section) => [folded(section.name), section]));
  const seen = new Map<string, number>();
  const schema = itemSchema;

  const planned = sheet.rows.map((row): Planned => {
    const sectionName = row.cells.Section ?? "";
    const name = row.cells.Name ?? "";
    const result = (outcome: ImportOutcome, problems: string[] = []) => ({
      line: row.line,
      section: sectionName,
      name,
      outcome,
      problems,
    });
    const section = sections.get(folded(sectionName));
    if (!section) {
      const problem =
        sectionName === ""
          ? "Section: name the section the dish is in."
          : `Section: there is no section called “${sectionName}”. Add it on the menu page first, or use one of: ${menu.map((known) => known.name).join(", ")}.`;
      return { row: result("refused", [problem]), existing: null, input: null, sectionId: null };
    }
    const key = `${section.id}\n${folded(name)}`;
    const twice = seen.get(key);
    if (name !== "" && twice !== undefined) {
      return {
        row: result("refused", [`Name: line ${twice} names this dish in ${section.name} too.`]),
        existing: null,
        input: null,
        sectionId: section.id,
      };
    }
    seen.set(key, row.line);
    const existing = section.items.find((item) => folded(item.name) === folded(name)) ?? null;
    // Only adding: a dish the section has is left as it is, whatever the row says of it.
    if (existing && mode === "add") {
      return { row: result("exists"), existing, input: null, sectionId: section.id };
    }
    const { values, problems } = rowValues(row, section.id, existing);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ItemField;
        problems.push(`${COLUMN_OF[field] ?? "Row"}: ${issue.message}`);
      }
    } else {
      const traces = itemSectionProblem(parsed.data.dietaryTags, section);
      if (traces) problems.push(`Diets: ${traces}`);
    }
    if (problems.length > 0 || !parsed.success) {
      return {
        row: result("refused", [...new Set(problems)]),
        existing,
        input: null,
        sectionId: section.id,
      };
    }
    const outcome: ImportOutcome = !existing
      ? "add"
      : sameDish(parsed.data, existing)
        ? "same"
        : "change";
    return { row: result(outcome), existing, input: parsed.data, sectionId: section.id };
  });

  // Replacing: each section a row names keeps only the dishes the rows name.
  const removing: Plan["removing"] = [];
  if (mode === "replace") {
    const named = new Set(seen.keys());
    const replaced = new Set(planned.flatMap(({ sectionId }) => sectionId ?? []));
    for (const section of menu) {
      if (!replaced.has(section.id)) continue;
      for (const item of section.items) {
        if (!named.has(`${section.id}\n${folded(item.name)}`)) {
          removing.push({ ...item, section: section.name });
        }
      }
    }
  }
  return { planned, removing };
}

function previewOf({ planned, removing }: Plan, mode: ImportMode): ImportPreview {
  const counts: Record<ImportOutcome, number> = {
    add: 0,
    change: 0,
    same: 0,
    exists: 0,
    refused: 0,
  };
  for (const { row } of planned) counts[row.outcome] += 1;
  const bySection = new Map<string, string[]>();
  for (const item of removing) {
    bySection.set(item.section, [...(bySection.get(item.section) ?? []), item.name]);
  }
  const rows = planned.map(({ row }) => row);
  // What the preview promises, named: the rows' outcomes and the very dishes removed.
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        mode,
        planned.map(({ row, existing }) => [row.line, row.outcome, existing?.id ?? null]),
        removing.map((item) => item.id),
      ]),
    )
    .digest("hex")
    .slice(0, 16);
  return {
    mode,
    rows,
    counts,
    removing: [...bySection].map(([section, names]) => ({ section, names })),
    key,
  };
}

/** Where the rows came from, for the words of a problem with the whole sheet. */
const fromOf = (sheet: CheckedSheet) => (sheet.fileName === "" ? "paste" : "file");

/** What saving `sheet`'s rows in `mode` would do, row by row; nothing is written. */
export async function previewImport(
  tx: Database,
  sheet: CheckedSheet,
  mode: ImportMode,
): Promise<{ problem: string } | ImportPreview> {
  const planned = await plan(tx, sheet.text, mode, fromOf(sheet));
  return "problem" in planned ? planned : previewOf(planned, mode);
}

/** How Recent changes names a save from a spreadsheet, by what its rows were to do. */
const IMPORT_CHANGE_WORDS: Record<ImportMode, string> = {
  update: "Saved dishes from a spreadsheet",
  add: "Added dishes from a spreadsheet",
  replace: "Replaced menu sections from a spreadsheet",
};

/**
 * Saves `sheet`'s rows in `mode` in `tx`, checked again against the menu as
 * it now is: all of them, or none: when a row has a problem by then, or
 * when saving would now do anything but what the check showed (`key`), the
 * answer is the preview as it would be now. New dishes go to the end of
 * their section, in the sheet's order; replacing removes the dishes listed.
 */
export async function saveImport(
  tx: Database,
  sheet: CheckedSheet,
  mode: ImportMode,
  key: string,
): Promise<
  | { problem: string }
  | { refused: ImportPreview }
  | { stale: ImportPreview }
  | { added: number; changed: number; same: number; exists: number; removed: number }
> {
  // Locked first, so nothing changes between the plan and its writes.
  await tx.query("select id from public.menu_sections order by id for update");
  await tx.query("select id from public.menu_items order by id for update");
  const planned = await plan(tx, sheet.text, mode, fromOf(sheet));
  if ("problem" in planned) return planned;
  const preview = previewOf(planned, mode);
  if (preview.counts.refused > 0) return { refused: preview };
  if (preview.key !== key) return { stale: preview };
  // Every row it writes is one change in Recent changes, undone as one.
  await asOneChange(tx, IMPORT_CHANGE_WORDS[mode]);
  for (const { row, existing, input } of planned.planned) {
    if (!input) continue;
    if (row.outcome === "add") await insertItem(tx, input, null);
    if (row.outcome === "change" && existing) {
      await updateItem(tx, existing.id, input, existing.imagePath);
    }
  }
  for (const item of planned.removing) await deleteItem(tx, item.id);
  return {
    added: preview.counts.add,
    changed: preview.counts.change,
    same: preview.counts.same,
    exists: preview.counts.exists,
    removed: planned.removing.length,
  };
}

/** A file input's post: nothing chosen, the file's text and name, or what is wrong with it. */
export type ReadSheetFile = null | CheckedSheet | { error: string };

/** A file's name as its messages give it: without folders, at most 100 characters. */
function fileNameOf(file: File): string {
  const name = cleanLine(file.name.split(/[\\/]/).pop() ?? "");
  if (name === "") return "The file";
  return name.length > 100 ? `${name.slice(0, 99)}…` : name;
}

const TEXT_FILE = /\.(?:csv|tsv|txt)$/i;

/**
 * Reads the spreadsheet file a post chose, checked by its content: at most
 * SHEET_FILE_BYTES, not empty, text (no NUL bytes: a spreadsheet's own file,
 * a picture or a PDF has them), and UTF-8 (a byte-order mark is dropped).
 * Its text is cleaned as a paste is.
 */
export async function readSheetFile(value: FormDataEntryValue | null): Promise<ReadSheetFile> {
  if (!(value instanceof File) || (value.size === 0 && value.name === "")) return null;
  const name = fileNameOf(value);
  const chosen = chosenSheetProblem({ name, size: value.size });
  if (chosen) return { error: chosen };
  const bytes = new Uint8Array(await value.arrayBuffer());
  if (bytes.includes(0)) return { error: SHEET_FILE_ERRORS.notText(name) };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Text in another encoding, or a file that is not text at all: its name says which is likelier.
    return {
      error: TEXT_FILE.test(name)
        ? SHEET_FILE_ERRORS.notUtf8(name)
        : SHEET_FILE_ERRORS.notText(name),
    };
  }
  return { text: cleanText(text), fileName: name };
}
