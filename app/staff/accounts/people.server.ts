import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import type { AuthBackend } from "~/platform/auth-backend.server";
import type { Database } from "~/platform/database/database.server";
import { log } from "~/platform/logger.server";
import { findUserByEmail } from "./add-staff.server";
import { LAST_OWNER, OWNERS_ONLY } from "./people";
import { createAdminClient } from "./session.server";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";
import {
  createInviteCode,
  createMemberCode,
  getStaffMember,
  MEMBER_COLUMNS,
  type MemberCodePurpose,
  type StaffMember,
  type StaffRole,
} from "./staff.server";

/**
 * Owners manage the staff: invite, change a role, remove. Every read and
 * write runs as the signed-in member (withStaffClaims), so row level security
 * has the last word (only owners may write the staff list); the checks here
 * give the reasons in words. The list keeps at least one owner.
 */

/** Why a change to the staff list was refused, with the HTTP status that says so. */
export type PeopleRefusal = {
  ok: false;
  status: 400 | 403 | 404 | 409 | 503;
  message: string;
  /** The form field the refusal is about, if it is one. */
  field?: "email";
};

export type PeopleResult<T> = ({ ok: true } & T) | PeopleRefusal;

const refuse = (
  status: PeopleRefusal["status"],
  message: string,
  field?: "email",
): PeopleRefusal => ({ ok: false, status, message, ...(field ? { field } : {}) });

/** Postgres's error for a row that row level security refused. */
const INSUFFICIENT_PRIVILEGE = "42501";

/** The staff list as the signed-in member may read it: owners first, then by when they joined. */
export function listStaff(db: Database, claims: StaffClaims): Promise<StaffMember[]> {
  return withStaffClaims(db, claims, (tx) =>
    tx.query<StaffMember>(
      `select ${MEMBER_COLUMNS} from public.staff
       order by role = 'owner' desc, added_at, email`,
    ),
  );
}

async function isOwner(tx: Database): Promise<boolean> {
  const [row] = await tx.query<{ owner: boolean }>("select public.is_owner() as owner");
  return row?.owner ?? false;
}

/**
 * The owners, locked until the transaction ends, so two changes at once
 * cannot each leave the other's owner as the last and then remove them too.
 */
async function lockedOwners(tx: Database): Promise<string[]> {
  const rows = await tx.query<{ userId: string }>(
    `select user_id::text as "userId" from public.staff where role = 'owner' for update`,
  );
  return rows.map((row) => row.userId);
}

/**
 * Invites someone: an account for their email (or the one they have), on
 * the staff list with `role`, and a one-time code with which they set their
 * own password at /staff/setup. The site sends no email: the owner passes
 * the link on.
 */
export async function inviteStaff(
  db: Database,
  backend: AuthBackend,
  claims: StaffClaims,
  { email, role }: { email: string; role: StaffRole },
): Promise<
  PeopleResult<{ member: StaffMember; invitation: { code: string; expiresAt: Date } | null }>
> {
  const before = await withStaffClaims(db, claims, async (tx) => ({
    owner: await isOwner(tx),
    taken: (
      await tx.query("select 1 from public.staff where lower(email) = $1", [email.toLowerCase()])
    ).length,
  }));
  if (!before.owner) return refuse(403, OWNERS_ONLY);
  if (before.taken > 0) return refuse(409, `${email} is on the staff list already.`, "email");

  const admin = createAdminClient(backend);
  if (!admin) {
    return refuse(
      503,
      "Inviting staff needs the sign-in service's secret key (SUPABASE_SECRET_KEY).",
    );
  }
  // Without a password nobody can sign in as them until they set one.
  const created = await admin.auth.admin.createUser({ email, email_confirm: true });
  let userId = created.data.user?.id;
  if (created.error) {
    if (created.error.code !== "email_exists") {
      log.error("An invited member's account could not be made", { error: created.error });
      return refuse(
        isAuthRetryableFetchError(created.error) ? 503 : 400,
        `The account could not be made (${created.error.message}).`,
      );
    }
    userId = (await findUserByEmail(admin, email))?.id;
  }
  if (!userId) return refuse(503, `No account for ${email} could be made or found.`);

  try {
    // The row and the code land together: the server's connection issues
    // the code once the owner's own insert (under row level security) is in.
    return await db.transaction(async (tx) => {
      const [member] = await withStaffClaims(tx, claims, (asOwner) =>
        asOwner.query<StaffMember>(
          `insert into public.staff (user_id, email, role, added_by, joined_at)
           values ($1::uuid, $2, $3, $4::uuid, case when $5::boolean then now() end)
           returning ${MEMBER_COLUMNS}`,
          // Someone with an account already has joined: they sign in with it.
          [userId, email, role, claims.sub, Boolean(created.error)],
        ),
      );
      if (!member) throw new Error("Adding the staff member returned no row");
      // Someone who has an account already keeps its password: a link to set
      // one would let whoever holds it take over that account.
      if (created.error) return { ok: true as const, member, invitation: null };
      return { ok: true as const, member, invitation: await createInviteCode(tx, userId) };
    });
  } catch (error) {
    if (!created.error) {
      const removed = await admin.auth.admin.deleteUser(userId);
      if (removed.error) {
        log.warn("The account made for an invitation could not be removed", {
          error: removed.error,
        });
      }
    }
    if ((error as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE) {
      return refuse(403, OWNERS_ONLY);
    }
    throw error;
  }
}

/**
 * A fresh one-time link for a member, made by an owner: another invitation
 * for someone who has not joined yet (the earlier link stops working), or a
 * reset link, valid for an hour, for someone who has. Either way they set
 * their password with it at /staff/setup.
 */
export async function makeMemberLink(
  db: Database,
  claims: StaffClaims,
  userId: string,
): Promise<
  PeopleResult<{
    member: StaffMember;
    purpose: MemberCodePurpose;
    code: string;
    expiresAt: Date;
  }>
> {
  const found = await withStaffClaims(
    db,
    claims,
    async (tx): Promise<PeopleResult<{ member: StaffMember }>> => {
      if (!(await isOwner(tx))) return refuse(403, OWNERS_ONLY);
      const member = await getStaffMember(tx, userId);
      if (!member) return refuse(404, "That staff member is not on the list.");
      return { ok: true, member };
    },
  );
  if (!found.ok) return found;
  const purpose: MemberCodePurpose = found.member.joined ? "reset" : "invitation";
  const { code, expiresAt } = await createMemberCode(db, userId, purpose);
  return { ok: true, member: found.member, purpose, code, expiresAt };
}

/** Gives a member another role; refused when it would leave the site without an owner. */
export function changeStaffRole(
  db: Database,
  claims: StaffClaims,
  { userId, role }: { userId: string; role: StaffRole },
): Promise<PeopleResult<{ member: StaffMember; changed: boolean }>> {
  return withStaffClaims(db, claims, async (tx) => {
    if (!(await isOwner(tx))) return refuse(403, OWNERS_ONLY);
    const owners = await lockedOwners(tx);
    const member = await getStaffMember(tx, userId);
    if (!member) return refuse(404, "That staff member is not on the list.");
    if (member.role === role) return { ok: true, member, changed: false };
    if (role !== "owner" && owners.length <= 1 && owners.includes(userId)) {
      return refuse(409, LAST_OWNER);
    }
    const [changed] = await tx.query<StaffMember>(
      `update public.staff set role = $2 where user_id = $1::uuid returning ${MEMBER_COLUMNS}`,
      [userId, role],
    );
    if (!changed) return refuse(403, OWNERS_ONLY);
    return { ok: true, member: changed, changed: true };
  });
}

/**
 * Takes a member off the staff list: their sessions end at their next
 * request (the staff area checks the list every time); their account stays.
 * Refused for the last owner.
 */
export function removeStaff(
  db: Database,
  claims: StaffClaims,
  userId: string,
): Promise<PeopleResult<{ member: StaffMember }>> {
  return withStaffClaims(db, claims, async (tx) => {
    if (!(await isOwner(tx))) return refuse(403, OWNERS_ONLY);
    const owners = await lockedOwners(tx);
    const member = await getStaffMember(tx, userId);
    if (!member) return refuse(404, "That staff member is not on the list.");
    if (owners.length <= 1 && owners.includes(userId)) return refuse(409, LAST_OWNER);
    const removed = await tx.query(
      "delete from public.staff where user_id = $1::uuid returning user_id",
      [userId],
    );
    if (removed.length === 0) return refuse(403, OWNERS_ONLY);
    return { ok: true, member };
  });
}
