import { createHash, randomBytes } from "node:crypto";
import type { Database } from "~/platform/database/database.server";
import type { StaffRole } from "./people";

/**
 * The staff list and the first owner's setup codes, through the server's own
 * connection (no claims: row level security does not limit it, and the audit
 * log records these writes with no actor). What a signed-in staff member does
 * runs through withStaffClaims instead.
 */

export type { StaffRole };

export type StaffMember = {
  userId: string;
  email: string;
  role: StaffRole;
  /** ISO 8601, UTC. */
  addedAt: string;
  /** Whether they have set their password (an invited member has not, until they use the link). */
  joined: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of a staff row as a StaffMember. */
export const MEMBER_COLUMNS = `user_id::text as "userId", email, role,
  to_char(added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "addedAt",
  joined_at is not null as joined`;

/** The staff member with this user id, or null (also for an id that is not a UUID). */
export async function getStaffMember(db: Database, userId: string): Promise<StaffMember | null> {
  if (!UUID.test(userId)) return null;
  const [row] = await db.query<StaffMember>(
    `select ${MEMBER_COLUMNS} from public.staff where user_id = $1::uuid`,
    [userId],
  );
  return row ?? null;
}

/**
 * The staff member a verified session belongs to, while that session stands:
 * null when the user is not on the staff list, or when the session was
 * signed out, expired or revoked at the Auth service (whose `auth.sessions`
 * is in the same database, embedded or the Supabase project's), or began
 * before the member was (last) put on the list. So signing out, or removal
 * from the list, ends access at the next request, without waiting for the
 * access token to expire, and putting someone back on the list does not
 * bring back a session from before. (To the millisecond: the embedded
 * service keeps session times to the millisecond.)
 */
export async function getSignedInStaffMember(
  db: Database,
  { userId, sessionId }: { userId: string; sessionId: string | undefined },
): Promise<StaffMember | null> {
  if (!UUID.test(userId) || !sessionId || !UUID.test(sessionId)) return null;
  const [row] = await db.query<StaffMember>(
    `select ${MEMBER_COLUMNS} from public.staff
     where user_id = $1::uuid
       and exists (
         select from auth.sessions s
         where s.id = $2::uuid and s.user_id = $1::uuid
           and (s.not_after is null or s.not_after > now())
           and s.created_at >= date_trunc('milliseconds', staff.added_at)
       )`,
    [userId, sessionId],
  );
  return row ?? null;
}

/** How many staff there are (none before the first owner is set up). */
export async function countStaff(db: Database): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    "select count(*)::int as count from public.staff",
  );
  return row?.count ?? 0;
}

/**
 * Makes an auth user staff, or changes their role and email if they are
 * already. `addedBy` stays as it was for a member already on the list. They
 * have an account with a password, so they have joined.
 */
export async function addStaffMember(
  db: Database,
  member: { userId: string; email: string; role: StaffRole; addedBy?: string | null },
): Promise<StaffMember> {
  const [row] = await db.query<StaffMember>(
    `insert into public.staff (user_id, email, role, added_by, joined_at)
     values ($1::uuid, $2, $3, $4::uuid, now())
     on conflict (user_id) do update set role = excluded.role, email = excluded.email,
       joined_at = coalesce(staff.joined_at, excluded.joined_at)
     returning ${MEMBER_COLUMNS}`,
    [member.userId, member.email, member.role, member.addedBy ?? null],
  );
  if (!row) throw new Error("Adding the staff member returned no row");
  return row;
}

/** Takes a user off the staff list (their auth user stays). Returns whether they were on it. */
export async function removeStaffMember(db: Database, userId: string): Promise<boolean> {
  if (!UUID.test(userId)) return false;
  const removed = await db.query<{ userId: string }>(
    `delete from public.staff where user_id = $1::uuid returning user_id::text as "userId"`,
    [userId],
  );
  return removed.length > 0;
}

/** How long a setup code lets the first owner in. */
export const SETUP_CODE_TTL_MS = 60 * 60 * 1000;

/** There are staff already: the first owner is set up, and codes are no longer issued or taken. */
export class StaffAlreadySetUpError extends Error {
  override name = "StaffAlreadySetUpError";
}

const SETUP_CODE = /^[A-Za-z0-9_-]{43}$/;

function hashCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/**
 * A one-time code for setting up the first owner, valid for an hour from
 * `now`: 32 random bytes, base64url. Only its SHA-256 hash is stored. Issued
 * only while there are no staff (otherwise StaffAlreadySetUpError); codes
 * past their expiry are cleared out on the way.
 */
export async function createSetupCode(
  db: Database,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SETUP_CODE_TTL_MS);
  return db.transaction(async (tx) => {
    await tx.query("delete from public.staff_setup_codes where expires_at <= now()");
    const inserted = await tx.query<{ ok: number }>(
      `insert into public.staff_setup_codes (code_hash, expires_at)
       select $1, $2::timestamptz
       where not exists (select from public.staff)
       returning 1 as ok`,
      [hashCode(code), expiresAt.toISOString()],
    );
    if (inserted.length === 0) throw new StaffAlreadySetUpError("There are staff already");
    return { code, expiresAt };
  });
}

/**
 * Uses up a setup code: true once for a code that was issued, has not
 * expired and has not been used, while there are still no staff; false
 * otherwise. One statement, so of two uses at the same moment one wins.
 * Take the code before adding the owner, in the same transaction.
 */
export async function consumeSetupCode(db: Database, code: string): Promise<boolean> {
  if (!SETUP_CODE.test(code)) return false;
  const used = await db.query<{ ok: number }>(
    `update public.staff_setup_codes set used_at = now()
     where code_hash = $1 and user_id is null and used_at is null and expires_at > now()
       and not exists (select from public.staff)
     returning 1 as ok`,
    [hashCode(code)],
  );
  return used.length > 0;
}

/** Whether `code` would let the first owner in now, without using it up (to show the form). */
export async function setupCodeIsUsable(db: Database, code: string): Promise<boolean> {
  if (!SETUP_CODE.test(code)) return false;
  const [row] = await db.query<{ usable: boolean }>(
    `select exists (
       select from public.staff_setup_codes
       where code_hash = $1 and user_id is null and used_at is null and expires_at > now()
     ) and not exists (select from public.staff) as usable`,
    [hashCode(code)],
  );
  return row?.usable ?? false;
}

/** How long an invitation's link lets the invited member set their password. */
export const INVITE_CODE_TTL_MS = 24 * 60 * 60 * 1000;

/** How long a reset link (an owner's, or `staff-reset`'s) lets a member set a new password. */
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;

/** What a member's one-time link is for: joining (an invitation) or a new password (a reset). */
export type MemberCodePurpose = "invitation" | "reset";

/** Whom a member's link is for, and what for. */
export type Invitee = Pick<StaffMember, "userId" | "email" | "role"> & {
  purpose: MemberCodePurpose;
};

/**
 * A one-time code with which a staff member sets their password: an
 * invitation's, valid for a day from `now`, or a reset's, valid for an
 * hour. Made like the first owner's codes, and only its hash is stored. Any
 * earlier unused code for the same member stops working: the newest link is
 * the one that counts.
 */
export async function createMemberCode(
  db: Database,
  userId: string,
  purpose: MemberCodePurpose,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(32).toString("base64url");
  const lasts = purpose === "invitation" ? INVITE_CODE_TTL_MS : RESET_CODE_TTL_MS;
  const expiresAt = new Date(now.getTime() + lasts);
  return db.transaction(async (tx) => {
    await tx.query("delete from public.staff_setup_codes where expires_at <= now()");
    // Spent rather than deleted, so an older link says it no longer works.
    await tx.query(
      `update public.staff_setup_codes set used_at = now()
       where user_id = $1::uuid and used_at is null`,
      [userId],
    );
    await tx.query(
      `insert into public.staff_setup_codes (code_hash, expires_at, user_id, purpose)
       values ($1, $2::timestamptz, $3::uuid, $4)`,
      [hashCode(code), expiresAt.toISOString(), userId, purpose],
    );
    return { code, expiresAt };
  });
}

/** An invitation's code: see createMemberCode. */
export function createInviteCode(
  db: Database,
  userId: string,
  options: { now?: Date } = {},
): Promise<{ code: string; expiresAt: Date }> {
  return createMemberCode(db, userId, "invitation", options);
}

const INVITE_WHERE = `c.code_hash = $1 and c.used_at is null and c.expires_at > now()`;
const INVITEE_COLUMNS = `s.user_id::text as "userId", s.email, s.role, c.purpose`;

/** The member an unused, unexpired link is for, while still on the staff list; or null. */
export async function inviteeForCode(db: Database, code: string): Promise<Invitee | null> {
  if (!SETUP_CODE.test(code)) return null;
  const [row] = await db.query<Invitee>(
    `select ${INVITEE_COLUMNS}
     from public.staff_setup_codes c join public.staff s on s.user_id = c.user_id
     where ${INVITE_WHERE}`,
    [hashCode(code)],
  );
  return row ?? null;
}

/**
 * Uses up a member's link: the member it is for, once, while it has not
 * expired and they are still on the staff list; null otherwise. One
 * statement, so of two uses at the same moment one wins.
 */
export async function consumeInviteCode(db: Database, code: string): Promise<Invitee | null> {
  if (!SETUP_CODE.test(code)) return null;
  const [row] = await db.query<Invitee>(
    `update public.staff_setup_codes c set used_at = now()
     from public.staff s
     where s.user_id = c.user_id and ${INVITE_WHERE}
     returning ${INVITEE_COLUMNS}`,
    [hashCode(code)],
  );
  return row ?? null;
}

/**
 * Records that a member has set a new password (with a link of any kind):
 * they have joined, if they had not yet, and every link made for them
 * before stops working, so an owner's link made earlier cannot set it again.
 */
export async function recordNewPassword(db: Database, userId: string): Promise<void> {
  if (!UUID.test(userId)) return;
  await db.transaction(async (tx) => {
    await tx.query(
      "update public.staff set joined_at = now() where user_id = $1::uuid and joined_at is null",
      [userId],
    );
    await tx.query(
      `update public.staff_setup_codes set used_at = now()
       where user_id = $1::uuid and used_at is null`,
      [userId],
    );
  });
}

/** The staff member with this email (any case), or null. */
export async function staffMemberByEmail(db: Database, email: string): Promise<StaffMember | null> {
  const [row] = await db.query<StaffMember>(
    `select ${MEMBER_COLUMNS} from public.staff where lower(email) = lower($1)`,
    [email.trim()],
  );
  return row ?? null;
}

/** Whether `code` was issued as an invitation (used, expired or not): to say so, not offer the owner's setup. */
export async function isInvitationCode(db: Database, code: string): Promise<boolean> {
  if (!SETUP_CODE.test(code)) return false;
  const rows = await db.query(
    "select 1 from public.staff_setup_codes where code_hash = $1 and user_id is not null",
    [hashCode(code)],
  );
  return rows.length > 0;
}
