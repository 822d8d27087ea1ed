import type { Database } from "~/platform/database/database.server";
import {
  RECENT_CHANGES_LIMIT,
  changedBy,
  describeChange,
  type AuditEntry,
  type RecentChange,
} from "./recent-changes";
import { withStaffClaims, type StaffClaims } from "./staff-transaction.server";

/**
 * The newest changes to the content, the staff list and enquiries' handling,
 * newest first, read as the signed-in member (row level security: only staff
 * read the log), with who made each and what it did in words.
 */
export async function recentChanges(
  db: Database,
  claims: StaffClaims,
  { limit = RECENT_CHANGES_LIMIT }: { limit?: number } = {},
): Promise<RecentChange[]> {
  const entries = await withStaffClaims(db, claims, (tx) =>
    tx.query<AuditEntry>(
      `select a.id::int as id,
         to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
         a.actor::text as actor, s.email as "actorEmail", a.table_name as "tableName",
         a.operation, a.old_row as "oldRow", a.new_row as "newRow"
       from public.audit_log a
       left join public.staff s on s.user_id = a.actor
       order by a.at desc, a.id desc
       limit $1::int`,
      [Math.max(1, Math.min(limit, 200))],
    ),
  );
  return entries.map((entry) => ({
    id: entry.id,
    at: entry.at,
    who: changedBy(entry),
    what: describeChange(entry),
  }));
}
