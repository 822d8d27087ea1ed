import type { AuthBackend } from "~/platform/auth-backend.server";
import type { Database } from "~/platform/database/database.server";
import { findUserByEmail } from "./add-staff.server";
import { createAdminClient } from "./session.server";
import { createMemberCode, staffMemberByEmail, type MemberCodePurpose } from "./staff.server";

/**
 * `staff-reset`: a one-time link for a member of staff to set a new
 * password, made at the command line, for the owner who has no other owner
 * to ask (or who has forgotten their own password and has no mail). The
 * same link an owner makes at /staff/people.
 */

/** What the command could not do, in words for whoever ran it. */
export class StaffResetError extends Error {
  override name = "StaffResetError";
}

export type StaffResetLink = {
  email: string;
  /** "reset" for a member who has joined; "invitation" for one who has not yet. */
  purpose: MemberCodePurpose;
  link: string;
  expiresAt: Date;
};

/** The link for `email` on the site at `origin`; StaffResetError for an unknown or non-staff address. */
export async function staffResetLink(
  db: Database,
  backend: AuthBackend,
  { email, origin }: { email: string; origin: string },
): Promise<StaffResetLink> {
  const address = email.trim().toLowerCase();
  const member = await staffMemberByEmail(db, address);
  if (!member) {
    const admin = createAdminClient(backend);
    const account = admin ? await findUserByEmail(admin, address) : null;
    throw new StaffResetError(
      account
        ? `${address} has an account but is not on the staff list, so a link would not let them in. Put them on it with: npm run staff:add -- --email ${address} --role owner (their password stays as it is).`
        : `Nobody on the staff list has the email ${address}. Check the address, or add them with: npm run staff:add -- --email ${address} --role owner`,
    );
  }
  const purpose: MemberCodePurpose = member.joined ? "reset" : "invitation";
  const { code, expiresAt } = await createMemberCode(db, member.userId, purpose);
  const link = `${origin.replace(/\/$/, "")}/staff/setup?${new URLSearchParams({ code })}`;
  return { email: member.email, purpose, link, expiresAt };
}
