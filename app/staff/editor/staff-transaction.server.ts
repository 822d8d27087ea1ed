import type { Database } from "~/platform/database/database.server";
import { STATEMENT_TIMEOUT_MS } from "~/platform/database/statement-timeout.server";

/**
 * A signed-in staff member's verified access-token claims (Supabase Auth's
 * `getClaims()`), as the database's `auth.uid()`, `auth.role()` and
 * `auth.jwt()` read them.
 */
export type StaffClaims = {
  /** The user's id (auth.users.id). */
  sub: string;
  role: "authenticated";
  email?: string;
  session_id?: string;
  [claim: string]: unknown;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `work` in one transaction as the signed-in user: the claims go in
 * `request.jwt.claims` and the role becomes `authenticated`, both for this
 * transaction only (so safe behind a transaction pooler), and row level
 * security decides what `work` may read and write. The claims must be the
 * verified ones; they are sent as a parameter, never written into the SQL.
 *
 * Given a transaction already under way, it runs inside it and puts the
 * role and claims back as they were when `work` is done.
 */
export function withStaffClaims<T>(
  db: Database,
  claims: StaffClaims,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  if (typeof claims.sub !== "string" || !UUID.test(claims.sub)) {
    return Promise.reject(new TypeError("The staff claims' subject is not a user id"));
  }
  if (claims.role !== "authenticated") {
    return Promise.reject(new TypeError("The staff claims are not an authenticated user's"));
  }
  const serialized = JSON.stringify(claims);
  return db.transaction(async (tx) => {
    const [before] = await tx.query<{ role: string; claims: string }>(
      `select current_setting('role') as role,
         coalesce(current_setting('request.jwt.claims', true), '') as claims`,
    );
    // A write the staff member is told was not saved must not land later.
    await tx.query(
      "select set_config('request.jwt.claims', $1, true), set_config('statement_timeout', $2, true)",
      [serialized, `${STATEMENT_TIMEOUT_MS}ms`],
    );
    await tx.query("set local role authenticated");
    const result = await work(tx);
    await tx.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
      [before?.role ?? "none", before?.claims ?? ""],
    );
    return result;
  });
}
