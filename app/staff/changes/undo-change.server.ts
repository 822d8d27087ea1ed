import { CONFIRM_FIELD } from "~/staff/editor/editor-ui";
import { z } from "zod";
import { defineForm } from "~/platform/forms/form-spec";
import { rowIdSchema } from "~/platform/forms/field-rules";
import type { Database } from "~/platform/database/database.server";
import type { TableRowRules } from "~/platform/forms/row-rules.server";
import { eventRowRules } from "~/events/editor/event-editor.server";
import { describeRowPictures } from "~/images/picture-descriptions.server";
import { hoursRowRules } from "~/hours/editor/hours-editor.server";
import { menuRowRules } from "~/menu/editor/menu-editor.server";
import { settingsRowRules } from "~/settings/editor/settings-editor.server";
import { specialsRowRules } from "~/specials/editor/specials-editor.server";
import { venueRowRules } from "~/venue/editor/venue-editor.server";
import { questionsRowRules } from "~/about/editor/questions-editor.server";
import { pageTextsRowRules } from "~/pages/editor/page-text-editor.server";
import { databaseErrorCode } from "~/platform/database/database.server";
import { CONTENT_TABLES, describeChange } from "./recent-changes";
import {
  changeFacts,
  changeRows,
  isOwner,
  loggedChange,
  type LoggedChange,
} from "./recent-changes.server";
import { asOneChange } from "~/platform/database/one-change.server";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";
import { UNDO_WORDS, undoable } from "./undo";

/**
 * Undoing one change from the recent changes, as the signed-in owner: the
 * row goes back to what it was before (an edit's old values, an addition
 * removed, a removal put back), in one transaction under row level security,
 * so the database's policies and constraints decide as they do for the
 * editors, and the undo is logged as a change that undid that one. It is
 * refused when the row has changed since, and when the row as it would be
 * breaks a rule of its editor's form (checked with that form's own schema,
 * and the transaction rolled back).
 */

export type UndoOutcome =
  { ok: true; summary: string } | { ok: false; status: 403 | 404 | 409; message: string };

/** A refusal found part-way through, which rolls the transaction back. */
class UndoRefused extends Error {
  override name = "UndoRefused";
  constructor(
    readonly status: 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const BROKEN_RULE = "Not undone: the row as it was would break a rule of its editor.";

type Row = Record<string, unknown>;

/** What each content table's rows must keep, as the domain of its editor says. */
const ROW_RULES: TableRowRules = {
  ...settingsRowRules,
  ...hoursRowRules,
  ...menuRowRules,
  ...specialsRowRules,
  ...eventRowRules,
  ...venueRowRules,
  ...questionsRowRules,
  ...pageTextsRowRules,
};

/** A column name from the catalog, quoted for SQL. */
const quote = (column: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(column)) throw new Error(`Unexpected column name: ${column}`);
  return `"${column}"`;
};

/** The table's columns as they are now (an old row may lack later ones, or hold dropped ones). */
async function tableColumns(tx: Database, table: string): Promise<Set<string>> {
  const rows = await tx.query<{ name: string }>(
    `select attname as name from pg_catalog.pg_attribute
     where attrelid = ('public.' || $1)::regclass and attnum > 0 and not attisdropped`,
    [table],
  );
  return new Set(rows.map((row) => row.name));
}

/**
 * Whether the row is as the change left it (`expected` null: that it is
 * not there), compared column by column in the database's own types.
 */
async function rowIsAsLeft(
  tx: Database,
  table: string,
  keyColumn: string,
  key: string,
  expected: Row | null,
): Promise<boolean> {
  const [row] = await tx.query<{ unchanged: boolean }>(
    `select (to_jsonb(t) - 'updated_at')
         = (to_jsonb(jsonb_populate_record(t, coalesce($2::jsonb, '{}'::jsonb))) - 'updated_at')
       as unchanged
     from public.${table} t where ${quote(keyColumn)}::text = $1
     for update`,
    [key, expected === null ? null : JSON.stringify(expected)],
  );
  return expected === null ? !row : row?.unchanged === true;
}

/** Puts back the changed columns of an edited row. */
async function restoreColumns(tx: Database, entry: LoggedChange, keyColumn: string, key: string) {
  const columns = await tableColumns(tx, entry.tableName);
  const oldRow = entry.oldRow!;
  const newRow = entry.newRow!;
  const changed = Object.keys(oldRow).filter(
    (column) =>
      column !== "updated_at" &&
      column !== keyColumn &&
      columns.has(column) &&
      JSON.stringify(oldRow[column]) !== JSON.stringify(newRow[column]),
  );
  if (changed.length === 0) return;
  const list = changed.map(quote).join(", ");
  const updatedAt = columns.has("updated_at") ? ", updated_at = now()" : "";
  await tx.query(
    `update public.${entry.tableName}
     set (${list}) = (select ${list} from jsonb_populate_record(null::public.${entry.tableName}, $2::jsonb))${updatedAt}
     where ${quote(keyColumn)}::text = $1`,
    [key, JSON.stringify(oldRow)],
  );
}

/** Puts a removed row back as it was, under its own id. */
async function reinsertRow(tx: Database, entry: LoggedChange) {
  const columns = await tableColumns(tx, entry.tableName);
  const oldRow = entry.oldRow!;
  const list = Object.keys(oldRow)
    .filter((column) => column !== "updated_at" && columns.has(column))
    .map(quote)
    .join(", ");
  await tx.query(
    `insert into public.${entry.tableName} (${list}) overriding system value
     select ${list} from jsonb_populate_record(null::public.${entry.tableName}, $1::jsonb)`,
    [JSON.stringify(oldRow)],
  );
}

/** What a constraint the database enforced means for an undo, in words. */
function constraintRefusal(error: unknown): UndoRefused | null {
  switch (databaseErrorCode(error)) {
    case "23505":
      return new UndoRefused(
        409,
        "Not undone: another row now uses the same web address or day. Change that one first.",
      );
    case "23503":
      return new UndoRefused(
        409,
        "Not undone: what it belonged to (its menu section) is gone. Undo that removal first.",
      );
    case "23514":
    case "23502":
      return new UndoRefused(409, BROKEN_RULE);
    case "42501":
      return new UndoRefused(403, UNDO_WORDS.ownersOnly);
    default:
      return null;
  }
}

/** Puts one logged row back as it was before, once it is checked to be as the change left it. */
async function undoRow(tx: Database, entry: LoggedChange): Promise<string> {
  const keyColumn = CONTENT_TABLES[entry.tableName]!;
  const key = String((entry.newRow ?? entry.oldRow ?? {})[keyColumn] ?? "");
  const leftAs = entry.operation === "DELETE" ? null : entry.newRow;
  if (!key || !(await rowIsAsLeft(tx, entry.tableName, keyColumn, key, leftAs))) {
    throw new UndoRefused(409, UNDO_WORDS.changedSince);
  }

  await tx.query("select set_config('app.undoing', $1, true)", [String(entry.id)]);
  try {
    if (entry.operation === "UPDATE") await restoreColumns(tx, entry, keyColumn, key);
    if (entry.operation === "DELETE") await reinsertRow(tx, entry);
    if (entry.operation === "INSERT") {
      const refused = await ROW_RULES[entry.tableName]?.removal?.(tx, key);
      if (refused) throw new UndoRefused(409, `Not undone: ${refused}`);
      await tx.query(`delete from public.${entry.tableName} where ${quote(keyColumn)}::text = $1`, [
        key,
      ]);
    }
  } catch (error) {
    throw constraintRefusal(error) ?? error;
  }
  return key;
}

async function undoIn(tx: Database, id: number, now: Date): Promise<UndoOutcome> {
  if (!(await isOwner(tx))) throw new UndoRefused(403, UNDO_WORDS.ownersOnly);
  const entry = await loggedChange(tx, id);
  if (!entry) throw new UndoRefused(404, UNDO_WORDS.missing);
  // A named change (a clean slate, a menu from a spreadsheet) is undone whole,
  // from the entry the list shows for it: its first row.
  const rows = await changeRows(tx, entry);
  if (rows[0]?.id !== entry.id) throw new UndoRefused(404, UNDO_WORDS.missing);
  const facts = entry.note ? changeFacts(rows) : entry;
  if (!undoable(facts)) throw new UndoRefused(409, UNDO_WORDS.notHere);
  if (facts.undone) throw new UndoRefused(409, UNDO_WORDS.undoneAlready);
  if (facts.changedSince) throw new UndoRefused(409, UNDO_WORDS.changedSince);

  if (entry.note) await asOneChange(tx, `Undid “${entry.note}”`);
  // The last written first: a row a later one depended on comes back before it.
  const restored: { entry: LoggedChange; key: string }[] = [];
  for (const row of [...rows].reverse()) restored.push({ entry: row, key: await undoRow(tx, row) });
  for (const { entry: row, key } of restored) {
    if (row.operation === "INSERT") continue;
    const problem = await ROW_RULES[row.tableName]?.check(tx, key, now);
    if (problem) throw new UndoRefused(409, `${BROKEN_RULE} ${problem}`);
    // A picture has one description: the one put back goes with it wherever it is shown.
    await describeRowPictures(tx, row.tableName, key);
  }
  if (entry.note) return { ok: true, summary: `Undid “${entry.note}”.` };

  const [undo] = await tx.query<{ id: number }>(
    "select id::int as id from public.audit_log where undoes = $1 order by id desc limit 1",
    [entry.id],
  );
  const logged = undo ? await loggedChange(tx, undo.id) : null;
  return { ok: true, summary: logged ? describeChange(logged).summary : "Undone." };
}

/**
 * Undoes change `id` of the log as the owner whose verified claims these
 * are; refused (and nothing written) for editors, for a change that is not
 * there or not undone here, for a row changed since, and for a row that
 * would break its editor's rules.
 */
export async function undoChange(
  db: Database,
  claims: StaffClaims,
  id: number,
  { now = new Date() }: { now?: Date } = {},
): Promise<UndoOutcome> {
  try {
    return await withStaffClaims(db, claims, (tx) => undoIn(tx, id, now));
  } catch (error) {
    if (error instanceof UndoRefused) {
      return { ok: false, status: error.status, message: error.message };
    }
    throw error;
  }
}

/** The undo buttons of the recent changes: "Undo", then "Yes, undo" (`confirm=yes`). */
export const undoForm = defineForm({
  id: "undo",
  fields: ["intent", "id", CONFIRM_FIELD],
  intents: ["undo"],
  labels: {},
  rules: async () =>
    z.object({ intent: z.literal("undo"), id: rowIdSchema, [CONFIRM_FIELD]: z.string() }),
});
