import { randomBytes } from "node:crypto";
import type { User } from "@supabase/supabase-js";
import type { AuthBackend } from "~/platform/auth-backend.server";
import type { Database } from "~/platform/database/database.server";
import { log } from "~/platform/logger.server";
import { createAdminClient } from "./session.server";
import { addStaffMember, type StaffRole } from "./staff.server";

export type AddedStaff = {
  userId: string;
  email: string;
  role: StaffRole;
  /** Whether the account was made now (or already existed, and only got the role). */
  created: boolean;
  /** A password made for the new account, to hand over once; null when one was given or none made. */
  password: string | null;
};

/** Postgres's error for a row that refers to one that is not there (here: auth.users). */
const FOREIGN_KEY_VIOLATION = "23503";

/** A password to hand over: 120 random bits, easy to copy. */
export function newPassword(): string {
  return randomBytes(15).toString("base64url");
}

/** The auth user with this (lower-case) email, through the admin API; or null. */
export async function findUserByEmail(
  admin: NonNullable<ReturnType<typeof createAdminClient>>,
  email: string,
): Promise<User | null> {
  for (let page = 1; ; page += 1) {
    const { data, error } = await admin.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw error;
    const found = data.users.find((user) => user.email?.toLowerCase() === email);
    if (found) return found;
    if (data.users.length < 1000) return null;
  }
}

/**
 * Puts someone on the staff list with `role`, through Auth's admin API (the
 * Supabase project's, or the embedded service's): a new account with
 * `password` (or a generated one), or the existing account with that email.
 */
export async function addStaff(
  db: Database,
  backend: AuthBackend,
  { email, role, password }: { email: string; role: StaffRole; password?: string },
): Promise<AddedStaff> {
  const admin = createAdminClient(backend);
  if (!admin) {
    throw new Error(
      "Adding staff needs SUPABASE_SECRET_KEY (the project's secret key, from its API settings).",
    );
  }
  const address = email.trim().toLowerCase();
  const chosen = password ?? newPassword();
  const created = await admin.auth.admin.createUser({
    email: address,
    password: chosen,
    email_confirm: true,
  });
  let user = created.data.user;
  if (created.error) {
    if (created.error.code !== "email_exists") throw created.error;
    user = await findUserByEmail(admin, address);
  }
  if (!user) throw new Error(`No account for ${address} could be made or found.`);
  try {
    await addStaffMember(db, { userId: user.id, email: address, role });
  } catch (error) {
    // An account made just now goes again: kept, its password (never shown)
    // would be lost, and a second run would only find it.
    if (!created.error) {
      const removed = await admin.auth.admin.deleteUser(user.id);
      if (removed.error)
        log.warn("The account made for the staff list could not be removed", {
          error: removed.error,
        });
    }
    if (!backend.embedded && (error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) {
      throw new Error(
        `The staff list is not in the Supabase project's database: it has no account ${user.id}. ` +
          "Set DATABASE_URL to the project's database (the one whose auth.users SUPABASE_URL's Auth keeps).",
        { cause: error },
      );
    }
    throw error;
  }
  const isNew = !created.error;
  return {
    userId: user.id,
    email: address,
    role,
    created: isNew,
    password: isNew && !password ? chosen : null,
  };
}
