import type { z } from "zod";
import type { Database } from "../database/database.server";
import type { EditorRow, EditorSpec, EditorStore } from "./editor-spec";
import { checkForm } from "./form-check";

/**
 * What a content table's rows must keep when a change to them is undone,
 * as the domain whose editor writes them says. An undo puts a row back as
 * it was; the row as it then is must still pass its editor's rules, and
 * some rows may not be taken away again while others hang on them.
 */
export type RowRules = {
  /** The first rule the row keyed `key` now breaks, in words; null when it keeps them all (or is gone). */
  check: (tx: Database, key: string, now: Date) => Promise<string | null>;
  /** Why the added row keyed `key` may not be removed again now (items in a section); null when it may. */
  removal?: (tx: Database, key: string) => Promise<string | null>;
};

/** Each content table's rules, by the table's name. */
export type TableRowRules = Readonly<Record<string, RowRules>>;

/** The first problem `schema` finds with `values`; null when there is none. */
export function firstProblem(schema: z.ZodType, values: Record<string, string>): string | null {
  const checked = checkForm(schema, values);
  if (checked.ok) return null;
  const [message] = Object.values(checked.errors);
  return message ?? null;
}

/**
 * The rules of an editor of one row at a time: the row read as staff read
 * it, shown as the editor's form would show it, through the form's own
 * schema made for `now` (today's date, where the rules need it).
 */
export function editorRowCheck<Field extends string, Row extends EditorRow, Context>(
  editor: Pick<EditorSpec<Field, Row, Context>, "form" | "values">,
  store: Pick<EditorStore<Field, Row, unknown, Context>, "find" | "rulesContext">,
): RowRules["check"] {
  return async (tx, key, now) => {
    const row = await store.find(tx, Number(key));
    if (!row) return null;
    const schema = await editor.form.rules(store.rulesContext(now));
    const blank = Object.fromEntries(editor.form.fields.map((field) => [field, ""]));
    return firstProblem(schema, { ...blank, ...editor.values(row) });
  };
}
