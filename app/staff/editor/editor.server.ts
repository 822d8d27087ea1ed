import { data, type RouterContextProvider } from "react-router";
import { databaseContext } from "~/platform/context";
import { DatabaseUnavailableError, type Database } from "~/platform/database/database.server";
import { ROW_ID_PATTERN } from "~/platform/forms/field-rules";
import { log } from "~/platform/logger.server";
import { redirectWithToast } from "~/platform/toast.server";
import { DATABASE_UNREACHABLE, outageAnswer } from "./outage.server";
import { confirmSession, staffClaims } from "~/staff/accounts/session.server";
import { withStaffClaims } from "./staff-transaction.server";

/**
 * What the staff area's writes share: reading and writing as the signed-in
 * staff member, so row level security and the audit log see who did it,
 * with the database's refusals and outages in words staff can act on; and
 * the ids and answers every editor uses.
 */

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

/** What every editor's toast says after a save: it is public at once. */
export const SAVED_TITLE = "Saved. Visitors see it now.";
/** The toast after saving a row kept from visitors. */
export const SAVED_HIDDEN_TITLE = "Saved. It is hidden from visitors.";

/**
 * After a save: on to `url`, with the toast that says so (and, when given,
 * what changed); `shown: false` for a row saved hidden.
 */
export function redirectSaved(url: string, description?: string, { shown = true } = {}) {
  return redirectWithToast(url, {
    type: "success",
    title: shown ? SAVED_TITLE : SAVED_HIDDEN_TITLE,
    ...(description ? { description } : {}),
  });
}
