import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { databaseContext } from "~/platform/context";
import { DatabaseUnavailableError, type Database } from "~/platform/database/database.server";
import {
  checkAnswersMessage,
  checkForm,
  formValues,
  type CheckedFormData,
  type FieldErrors,
  type FormValues,
} from "~/platform/form-check";
import { ROW_ID_PATTERN } from "~/platform/form-rules";
import { log } from "~/platform/logger.server";
import { redirectWithToast } from "~/platform/toast.server";
import { CONFIRM_FIELD, DELETE_INTENT } from "./editor-ui";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
import {
  readPictureFields,
  type PictureFields,
  type PictureFormNames,
} from "~/staff/editor/picture-uploads.server";
import { DATABASE_UNREACHABLE, keepsFormOnOutage, outageAnswer } from "./outage.server";
import { confirmSession, staffClaims } from "~/staff/accounts/session.server";
import { withStaffClaims } from "./staff-transaction.server";

/**
 * What the staff editors share on the server: reading a post against the
 * form's schema, answering a refused one so nothing typed is lost, and
 * writing as the signed-in staff member so row level security and the audit
 * log see who did it.
 */

/** The summary over a refused staff form, as the browser's check words it. */
export const saveAgainMessage = (count: number) => checkAnswersMessage(count, "save");

/**
 * A refused post: 400 with what was typed, each field's problem and a word
 * about the whole post, for the form to show again as it was sent.
 */
export function refusePost<Field extends string>(
  values: Partial<FormValues<Field>>,
  errors: FieldErrors<Field>,
  formError: string | null = saveAgainMessage(Object.keys(errors).length),
) {
  return data<CheckedFormData<Field>>({ values, errors, formError }, { status: 400 });
}

export type CheckedPost<Field extends string, Schema extends z.ZodType> =
  | { ok: true; form: FormData; values: FormValues<Field>; data: z.output<Schema> }
  | { ok: false; form: FormData; values: FormValues<Field>; errors: FieldErrors<Field> };

/**
 * A post's fields read as text and checked by the form's schema (the one the
 * browser runs too); `lists` are groups of checkboxes, read as all their values.
 */
export function checkPost<const Field extends string, Schema extends z.ZodType>(
  form: FormData,
  fields: readonly Field[],
  schema: Schema,
  lists: readonly Field[] = [],
): CheckedPost<Field, Schema> {
  const values = formValues(form, fields, lists);
  const checked = checkForm<Schema, Field>(schema, values);
  return checked.ok
    ? { ok: true, form, values, data: checked.data }
    : { ok: false, form, values, errors: checked.errors };
}

/** A write the database refused for a reason staff can act on, in words. */
export class EditRefusedError extends Error {
  override name = "EditRefusedError";
}

/**
 * Runs `work` in one transaction as the signed-in staff member, after making
 * sure their session still stands: row level security decides what they may
 * change, and the audit log records them as the one who changed it. Errors
 * staff cannot act on are the server's; a database that cannot be reached
 * becomes a 503 that says so.
 */
export async function writeAsStaff<T>(
  context: Readonly<RouterContextProvider>,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const claims = staffClaims(context);
  await confirmSession(context);
  try {
    const db = await context.get(databaseContext)();
    return await withStaffClaims(db, claims, work);
  } catch (error) {
    throw answerForDatabaseError(error);
  }
}

/** Reads as the signed-in staff member (unpublished rows included, as their policies allow). */
export async function readAsStaff<T>(
  context: Readonly<RouterContextProvider>,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  try {
    const db = await context.get(databaseContext)();
    return await withStaffClaims(db, staffClaims(context), work);
  } catch (error) {
    throw answerForDatabaseError(error);
  }
}

function answerForDatabaseError(error: unknown): unknown {
  if (error instanceof Response || error instanceof EditRefusedError) return error;
  if (isRouteResponse(error)) return error;
  if (error instanceof DatabaseUnavailableError) {
    log.error("A staff edit could not reach the database", { error });
    return outageAnswer(DATABASE_UNREACHABLE);
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "42501") {
    log.warn("A staff edit was refused by row level security", { error });
    return data("You do not have permission to make that change.", { status: 403 });
  }
  return error;
}

/** `data()` and `redirect()` results thrown on purpose pass through untouched. */
function isRouteResponse(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "type" in error &&
    (error as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** The Postgres error code of a failed statement, when it has one. */
export function databaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * What a post asks to delete: nothing, "ask first" (the first press of
 * Delete), or "confirmed" (the press of "Yes, delete").
 */
export function deleteRequest(form: FormData): "none" | "ask" | "confirmed" {
  if (form.get("intent") !== DELETE_INTENT) return "none";
  return form.get(CONFIRM_FIELD) === "yes" ? "confirmed" : "ask";
}

/**
 * Fields posted more than once that take one value: a browser never sends
 * them so, so the post is refused with a word by each.
 */
export function repeatedFieldErrors<Field extends string>(
  form: FormData,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    if (form.getAll(field).length > 1) {
      errors[field] = "This was sent more than once; enter one value and save again.";
    }
  }
  return errors;
}

/** The answer for an address that names nothing there is: 404. */
export function notFound() {
  return data("Not Found", { status: 404 });
}

/** A row's id from an address or a post: a positive whole number, or null for anything else. */
export function parseRowId(raw: unknown): number | null {
  return typeof raw === "string" && ROW_ID_PATTERN.test(raw) ? Number(raw) : null;
}

/** The row an editor's address names: "new" for a new one, or its id; anything else is no page. */
export function editorRowId(raw: string | undefined): "new" | number {
  if (raw === "new") return "new";
  const id = parseRowId(raw);
  if (id === null) throw notFound();
  return id;
}

/** What an editor's action answers the first press of Delete: the form asks "are you sure?". */
export const CONFIRM_DELETE = { confirmDelete: true } as const;

/**
 * An editor's answer to a post that asks to delete row `id`, or null when the
 * post does not ask that. A row not yet saved, or gone, is no page; the first
 * press asks to confirm; the confirmed press deletes as the staff member and
 * answers with `deleted` (given what `remove` returned).
 */
export async function answerDelete<Removed>(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  id: "new" | number,
  {
    find,
    remove,
    deleted,
  }: {
    find: (tx: Database, id: number) => Promise<unknown>;
    remove: (tx: Database, id: number) => Promise<Removed>;
    deleted: (removed: NonNullable<Removed>) => Response | Promise<Response>;
  },
): Promise<Response | typeof CONFIRM_DELETE | null> {
  const request = deleteRequest(form);
  if (request === "none") return null;
  if (id === "new") throw notFound();
  if (request === "ask") {
    if (!(await readAsStaff(context, (tx) => find(tx, id)))) {
      throw notFound();
    }
    return CONFIRM_DELETE;
  }
  const removed = await writeAsStaff(context, (tx) => remove(tx, id));
  if (!removed) throw notFound();
  return deleted(removed);
}

/**
 * The row an editor's page shows for `id`: null for a new one, the saved row
 * read as the staff member, or a 404 when there is none.
 */
export async function editorRow<Row>(
  context: Readonly<RouterContextProvider>,
  id: "new" | number,
  find: (tx: Database, id: number) => Promise<Row | null | undefined>,
): Promise<Row | null> {
  if (id === "new") return null;
  const row = await readAsStaff(context, (tx) => find(tx, id));
  if (!row) throw notFound();
  return row;
}

/** What every editor's toast says after a save: it is public at once. */
export const SAVED_TITLE = "Saved. Visitors see it now.";

/** After a save: on to `url`, with the toast that says so (and, when given, what changed). */
export function redirectSaved(url: string, description?: string) {
  return redirectWithToast(url, {
    type: "success",
    title: SAVED_TITLE,
    ...(description ? { description } : {}),
  });
}

/** A picture an editor's form takes: its fields, the one describing it among them. */
export type EditorPicture<Field extends string> = PictureFormNames & {
  file: Field;
  kept: Field;
  alt: Field;
};

/** What a save answers when the row cannot be saved as posted: words on the fields, or on the form. */
export type SaveRefused<Field extends string> = { refused: FieldErrors<Field> | string };

/**
 * What makes one staff editor (a row of a content table, at
 * `/staff/<things>/:id`, "new" for a new one): its form, its rules, how it
 * reads, saves and deletes a row, and where each ends up. `editorAction`
 * makes the action every editor shares from it.
 */
export type EditorSpec<Field extends string, Schema extends z.ZodType, Removed> = {
  /** The form's id (its hidden `form-id`). */
  formId: string;
  fields: readonly Field[];
  /** Groups of checkboxes, read as all their values. */
  lists?: readonly Field[];
  /** Fields that take one value: one sent twice is refused. */
  single?: readonly Field[];
  /** The form's rules, as the browser runs them too (made per post: some depend on today). */
  schema: () => Schema;
  /** Pictures the form takes. Each chosen file is stored before the rest is checked, so a refusal keeps it. */
  pictures?: readonly EditorPicture<Field>[];
  /** The saved row, for "Delete" to ask about. */
  find: (tx: Database, id: number) => Promise<unknown>;
  /** Deletes the row: falsy when it was not there. */
  remove: (tx: Database, id: number) => Promise<Removed>;
  /** The answer once deleted. */
  deleted: (removed: NonNullable<Removed>) => Response | Promise<Response>;
  /**
   * Saves a checked post as the staff member: the row's id, null when the row
   * is gone, or why it cannot be saved as posted. `pictures` are what the
   * post says of each picture, in `pictures`' order (see `readPictureFields`).
   */
  save: (
    tx: Database,
    id: "new" | number,
    data: z.output<Schema>,
    pictures: readonly PictureFields[],
  ) => Promise<number | null | SaveRefused<Field>>;
  /** A constraint the database enforced, in words for staff; null for any other error. */
  refused?: (error: unknown, data: z.output<Schema>) => FieldErrors<Field> | string | null;
  /** Where a saved row's editor goes next. */
  savedTo: (id: number) => string;
};

type EditorArgs = {
  request: Request;
  params: { id?: string };
  context: Readonly<RouterContextProvider>;
};

/**
 * The action of a staff editor: delete (asked, then confirmed), or check
 * and save the post as the staff member. A refused post comes back as it was
 * sent with each field's problem; a save goes on to `savedTo` with a toast;
 * the database out of reach gives the form back as typed (503).
 */
export function editorAction<Field extends string, Schema extends z.ZodType, Removed>(
  spec: EditorSpec<Field, Schema, Removed>,
) {
  return keepsFormOnOutage(
    { [spec.formId]: { fields: spec.fields, lists: spec.lists } },
    async ({ params, context }: EditorArgs, form) => {
      const id = editorRowId(params.id);
      const deleting = await answerDelete(context, form, id, spec);
      if (deleting) return deleting;

      const pictures: PictureFields[] = [];
      for (const picture of spec.pictures ?? []) {
        pictures.push(await readPictureFields(context, form, picture));
      }
      const post = checkPost(form, spec.fields, spec.schema(), spec.lists);
      const values: Partial<FormValues<Field>> = { ...post.values };
      const errors: FieldErrors<Field> = {
        ...(post.ok ? {} : post.errors),
        ...repeatedFieldErrors(form, spec.single ?? []),
      };
      spec.pictures?.forEach(({ file, kept, alt }, index) => {
        const { path, error } = pictures[index]!;
        if (typeof path === "string") values[kept] = path;
        if (error) errors[file] = error;
        if (typeof path === "string" && !values[alt]?.trim() && !errors[alt]) {
          errors[alt] = ALT_TEXT_REQUIRED;
        }
      });
      if (!post.ok || Object.keys(errors).length > 0) return refusePost(values, errors);

      let saved: number | null | SaveRefused<Field>;
      try {
        saved = await writeAsStaff(context, (tx) => spec.save(tx, id, post.data, pictures));
      } catch (error) {
        const refusal = spec.refused?.(error, post.data);
        if (!refusal) throw error;
        saved = { refused: refusal };
      }
      if (saved === null) throw notFound();
      if (typeof saved === "object") {
        const { refused } = saved;
        return typeof refused === "string"
          ? refusePost(values, {}, refused)
          : refusePost(values, refused);
      }
      return redirectSaved(spec.savedTo(saved));
    },
  );
}
