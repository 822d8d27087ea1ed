import type { RouterContextProvider } from "react-router";
import { pictureFor } from "~/images/pictures.server";
import type { Picture } from "~/images/pictures";
import type { Database } from "~/platform/database/database.server";
import {
  RECENT_CHANGES_LIMIT,
  changedBy,
  describeChange,
  describeNamedChange,
  formatChangedAt,
  type AuditEntry,
  type ChangeLookups,
  type RecentChange,
  CONTENT_TABLES,
} from "./recent-changes";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";
import { undoOffer, undoable, type UndoFacts } from "./undo";

/** A log entry with what came after it, as the list and the undo read it. */
export type LoggedChange = AuditEntry & UndoFacts & { xact: string };

/** The column naming each table's row in the log ("weekday" for the hours, else "id"). */
const ROW_KEY = `case a.table_name ${Object.entries(CONTENT_TABLES)
  .filter(([, key]) => key !== "id")
  .map(([table, key]) => `when '${table}' then '${key}'`)
  .join(" ")} else 'id' end`;

const LOGGED_CHANGE = `
  select a.id::int as id,
    to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
    a.actor::text as actor, s.email as "actorEmail", a.table_name as "tableName",
    a.operation, a.old_row as "oldRow", a.new_row as "newRow", a.undoes::int as undoes,
    a.note, a.xact::text as xact,
    exists (select from public.audit_log u where u.undoes = a.id) as undone,
    exists (
      select from public.audit_log b
      where b.table_name = a.table_name and b.id > a.id
        -- Undone changes, and the undos, are as if never made: undoing goes back step by step.
        and b.undoes is null and not exists (select from public.audit_log u where u.undoes = b.id)
        -- A later row of the same named change is part of it: undone with it, in turn.
        and not (a.note is not null and b.note is not null and b.xact = a.xact)
        and coalesce(b.new_row, b.old_row) -> (${ROW_KEY})
          = coalesce(a.new_row, a.old_row) -> (${ROW_KEY})
    ) as "changedSince"
  from public.audit_log a
  left join public.staff s on s.user_id = a.actor`;

/** One change of the log with what came after it, read as the member; null when there is none. */
export async function loggedChange(tx: Database, id: number): Promise<LoggedChange | null> {
  const [entry] = await tx.query<LoggedChange>(`${LOGGED_CHANGE} where a.id = $1`, [id]);
  return entry ?? null;
}

/**
 * Every row of the named change `entry` is one of (itself alone when it is a
 * change of its own), in the order they were written.
 */
export async function changeRows(tx: Database, entry: LoggedChange): Promise<LoggedChange[]> {
  if (!entry.note) return [entry];
  return tx.query<LoggedChange>(
    `${LOGGED_CHANGE} where a.xact = $1::xid8 and a.note is not null order by a.id`,
    [entry.xact],
  );
}

/** Whether the rows of one change, together, can be undone, and if not, why (as one entry's facts). */
export function changeFacts(rows: readonly LoggedChange[]): UndoFacts {
  // A row not undone here speaks for them all; else any row does.
  const { tableName, operation } = rows.find((row) => !undoable(row)) ?? rows[0]!;
  return {
    tableName,
    operation,
    undone: rows.some((row) => row.undone),
    changedSince: rows.some((row) => row.changedSince),
  };
}

/** Whether the member whose claims the transaction holds is an owner. */
export async function isOwner(tx: Database): Promise<boolean> {
  const [row] = await tx.query<{ owner: boolean }>("select public.is_owner() as owner");
  return row?.owner === true;
}

/** The names of the menu's sections by id, for a change that moved an item between them. */
async function sectionNames(tx: Database): Promise<Map<number, string>> {
  const rows = await tx.query<{ id: number; name: string }>(
    "select id::int as id, name from public.menu_sections",
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The events' titles by id, for a special tied to one. */
async function eventTitles(tx: Database): Promise<Map<number, string>> {
  const rows = await tx.query<{ id: number; title: string }>(
    "select id::int as id, title from public.events",
  );
  return new Map(rows.map((row) => [row.id, row.title]));
}

/**
 * A logged change in words, with who, when and whether this member may undo
 * it: one entry, or the rows of a named change (`rows`, the entry first).
 */
export function recentChange(
  entry: LoggedChange,
  {
    owner,
    now,
    lookups,
    rows = [entry],
  }: { owner: boolean; now: Date; lookups: ChangeLookups; rows?: readonly LoggedChange[] },
): RecentChange {
  return {
    id: entry.id,
    at: entry.at,
    when: formatChangedAt(entry.at, now),
    who: changedBy(entry),
    ...(entry.note
      ? describeNamedChange(entry.note, rows, lookups)
      : describeChange(entry, lookups)),
    undo: undoOffer(entry.note ? changeFacts(rows) : entry, { owner }),
  };
}

/**
 * The newest changes to the content, the staff list and enquiries' handling,
 * newest first, read as the signed-in member (row level security: only staff
 * read the log), with who made each, what it changed from what to what, and
 * for owners whether it can be undone. Saves that changed nothing are left
 * out (the log no longer records them; older ones may be there).
 */
export async function recentChanges(
  db: Database,
  claims: StaffClaims,
  { limit = RECENT_CHANGES_LIMIT, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<RecentChange[]> {
  return withStaffClaims(db, claims, async (tx) => {
    // A named change (many rows, one step) is listed once, by its first row.
    const entries = await tx.query<LoggedChange>(
      `${LOGGED_CHANGE}
       where (a.operation <> 'UPDATE' or (a.old_row - 'updated_at') is distinct from (a.new_row - 'updated_at'))
         and (a.note is null or a.id = (
           select min(g.id) from public.audit_log g where g.xact = a.xact and g.note is not null))
       order by a.at desc, a.id desc
       limit $1::int`,
      [Math.max(1, Math.min(limit, 200))],
    );
    if (entries.length === 0) return [];
    const owner = await isOwner(tx);
    const lookups = { sectionNames: await sectionNames(tx), eventTitles: await eventTitles(tx) };
    const changes: RecentChange[] = [];
    for (const entry of entries) {
      const rows = await changeRows(tx, entry);
      changes.push(recentChange(entry, { owner, now, lookups, rows }));
    }
    return changes;
  });
}

/** A picture change's pictures, as the page shows them (those whose file is gone left out). */
export type ChangePictures = { before: Picture[]; after: Picture[] };

/** The pictures each change shows, by the change's id and the line's place. */
export async function changePictures(
  context: Readonly<RouterContextProvider>,
  changes: readonly RecentChange[],
): Promise<Record<string, ChangePictures>> {
  const shown: Record<string, ChangePictures> = {};
  const found = async (images: readonly { path: string; alt: string }[]) =>
    (await Promise.all(images.map((image) => pictureFor(context, image)))).filter(
      (picture): picture is Picture => picture !== null,
    );
  await Promise.all(
    changes.flatMap((change) =>
      change.details.map(async (detail, index) => {
        if (detail.kind !== "picture") return;
        shown[`${change.id}-${index}`] = {
          before: await found(detail.before),
          after: await found(detail.after),
        };
      }),
    ),
  );
  return shown;
}
