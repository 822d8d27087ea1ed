import type { Database } from "~/platform/database/database.server";
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
import { insertItem, listMenuForEditor, updateItem } from "./menu-editor.server";
import type { ImportOutcome, ImportPreview, ImportRow } from "./menu-import";
import { itemSchema, itemSectionProblem, type ItemInput } from "./menu-rules";
import { readSheet, type SheetColumn, type SheetRow } from "./menu-sheet";

/**
 * Rows from a spreadsheet as dishes: each row names its section and its
 * dish, and is matched to the dish of that name in that section (letter
 * case aside), which it changes, or added at the end of the section. Each
 * is checked by the dish form's rules, and the section's traces, exactly as
 * a save of the form would be; columns the sheet leaves out keep what the
 * dish has (a new one: as the form starts). Its picture and its event stay.
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

type Planned = { row: ImportRow; existing: EditorItem | null; input: ItemInput | null };

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

const sameValues = (a: FormValues<ItemField>, b: FormValues<ItemField>) =>
  (Object.keys(COLUMN_OF) as ItemField[]).every((field) => a[field] === b[field]);

/** What each row of `text` would do to the menu as it is in `tx`, or the problem with the whole paste. */
async function plan(tx: Database, text: string): Promise<{ problem: string } | Planned[]> {
  const sheet = readSheet(text);
  if ("problem" in sheet) return sheet;
  const menu: EditorMenu = await listMenuForEditor(tx);
  const sections = new Map(menu.map((section) => [folded(section.name), section]));
  const seen = new Map<string, number>();
  const schema = itemSchema;

  return sheet.rows.map((row): Planned => {
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
      return { row: result("refused", [problem]), existing: null, input: null };
    }
    const key = `${section.id}\n${folded(name)}`;
    const twice = seen.get(key);
    if (name !== "" && twice !== undefined) {
      return {
        row: result("refused", [`Name: line ${twice} names this dish in ${section.name} too.`]),
        existing: null,
        input: null,
      };
    }
    seen.set(key, row.line);
    const existing = section.items.find((item) => folded(item.name) === folded(name)) ?? null;
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
      return { row: result("refused", [...new Set(problems)]), existing, input: null };
    }
    const outcome = !existing
      ? "add"
      : sameValues(values, itemValues(existing))
        ? "same"
        : "change";
    return { row: result(outcome), existing, input: parsed.data };
  });
}

function previewOf(planned: Planned[]): ImportPreview {
  const counts = { add: 0, change: 0, same: 0, refused: 0 };
  for (const { row } of planned) counts[row.outcome] += 1;
  return { rows: planned.map(({ row }) => row), counts };
}

/** What saving `text` would do, row by row; nothing is written. */
export async function previewImport(
  tx: Database,
  text: string,
): Promise<{ problem: string } | ImportPreview> {
  const planned = await plan(tx, text);
  return "problem" in planned ? planned : previewOf(planned);
}

/**
 * Saves `text`'s rows in `tx`, checked again against the menu as it now is:
 * all of them, or, if any row has a problem, none (with the preview that
 * says why). New dishes go to the end of their section, in the sheet's order.
 */
export async function saveImport(
  tx: Database,
  text: string,
): Promise<
  | { problem: string }
  | { refused: ImportPreview }
  | { added: number; changed: number; same: number }
> {
  const planned = await plan(tx, text);
  if ("problem" in planned) return planned;
  const preview = previewOf(planned);
  if (preview.counts.refused > 0) return { refused: preview };
  for (const { row, existing, input } of planned) {
    if (!input) continue;
    if (row.outcome === "add") await insertItem(tx, input, null);
    if (row.outcome === "change" && existing) {
      await updateItem(tx, existing.id, input, existing.imagePath);
    }
  }
  return { added: preview.counts.add, changed: preview.counts.change, same: preview.counts.same };
}
