import { randomUUID } from "node:crypto";
import type { Database } from "~/platform/database/database.server";
import { addStaffMember } from "~/staff/accounts/staff.server";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";

/** The tables of the pub's content, which visitors read and staff edit. */
export const contentTables = [
  "site_settings",
  "opening_hours",
  "hours_exceptions",
  "menu_sections",
  "menu_items",
  "specials",
  "events",
  "venue_spaces",
  "venue_packages",
  "questions",
] as const;

class Rollback extends Error {}

/**
 * Runs `work` inside the transaction `begin` opens, then rolls that
 * transaction back, so nothing `work` wrote stays; returns what `work` returned.
 */
export async function rolledBack<T>(
  begin: (inner: (tx: Database) => Promise<never>) => Promise<unknown>,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  await begin(async (tx) => {
    result = await work(tx);
    throw new Rollback();
  }).catch((error: unknown) => {
    if (!(error instanceof Rollback)) throw error;
  });
  return result as T;
}

/**
 * Runs `work` as `role` (as Supabase's REST API would for a caller holding
 * that role), with no claims, in a transaction that is rolled back.
 */
export function asRole<T>(db: Database, role: string, work: (tx: Database) => Promise<T>) {
  return rolledBack(
    (inner) =>
      db.transaction(async (tx) => {
        await tx.query(`set local role ${role}`);
        return inner(tx);
      }),
    work,
  );
}

/** A user in the auth schema, as Supabase Auth would have made them; their id. */
export async function createAuthUser(db: Database, email: string): Promise<string> {
  const id = randomUUID();
  await db.query(
    "insert into auth.users (id, email, encrypted_password) values ($1::uuid, $2, 'x')",
    [id, email],
  );
  return id;
}

/** Claims of a signed-in user, as the staff middleware reads them from a session. */
export function claimsOf(userId: string): StaffClaims {
  return { sub: userId, role: "authenticated", session_id: randomUUID() };
}

/**
 * A new staff member with `role`, added in `db` as the staff list adds them
 * (an auth user and a staff row): their email, and claims as the staff
 * middleware reads them from a session.
 */
export async function staffMemberClaims(db: Database, role: "owner" | "editor") {
  const email = `${role}-${randomUUID()}@example.com`;
  const userId = await createAuthUser(db, email);
  await addStaffMember(db, { userId, email, role });
  return { email, claims: { sub: userId, role: "authenticated" } as StaffClaims };
}

/**
 * Claims of a staff editor and of a signed-in user who is not staff, made in
 * `db` from `prefix` ("menu": menu-editor@example.com, menu-stranger@example.com).
 */
export async function editorAndStranger(
  db: Database,
  prefix: string,
): Promise<{ editor: StaffClaims; stranger: StaffClaims }> {
  const email = `${prefix}-editor@example.com`;
  const editorId = await createAuthUser(db, email);
  await db.query(
    "insert into public.staff (user_id, email, role) values ($1::uuid, $2, 'editor')",
    [editorId, email],
  );
  const strangerId = await createAuthUser(db, `${prefix}-stranger@example.com`);
  return { editor: claimsOf(editorId), stranger: claimsOf(strangerId) };
}

/** Runs `work` as the user with `claims`, in a transaction that is rolled back. */
export function asUser<T>(db: Database, claims: StaffClaims, work: (tx: Database) => Promise<T>) {
  return rolledBack((inner) => withStaffClaims(db, claims, inner), work);
}
