import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAuthUser } from "../../../tests/support/database-roles";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { embeddedAuthBackend, type AuthBackend } from "~/platform/auth-backend.server";
import { generateSigningKey } from "~/platform/auth-service/signing-key.server";
import { LAST_OWNER, OWNERS_ONLY } from "./people";
import { changeStaffRole, inviteStaff, listStaff, removeStaff } from "./people.server";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";
import {
  INVITE_CODE_TTL_MS,
  addStaffMember,
  consumeInviteCode,
  createInviteCode,
  getStaffMember,
  inviteeForCode,
  setupCodeIsUsable,
  type StaffRole,
} from "./staff.server";

const signingKey = generateSigningKey();

const claimsOf = (userId: string): StaffClaims => ({ sub: userId, role: "authenticated" });

async function member(db: TestDatabase, role: StaffRole) {
  const email = `${role}-${randomUUID()}@example.com`;
  const userId = await createAuthUser(db, email);
  await addStaffMember(db, { userId, email, role });
  return { userId, email, claims: claimsOf(userId) };
}

describe.each(drivers)("owners manage the staff on %s", (driver) => {
  let db: TestDatabase;
  let backend: AuthBackend;
  let owner: Awaited<ReturnType<typeof member>>;
  let editor: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    backend = embeddedAuthBackend(db, signingKey);
    owner = await member(db, "owner");
    editor = await member(db, "editor");
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  /** A new account put on the staff list straight into the table, by someone with `claims`. */
  async function addOutsider(
    claims: StaffClaims,
    row: { email: string; role: StaffRole; addedBy: string },
  ) {
    const outsider = await createAuthUser(db, `outsider-${randomUUID()}@example.com`);
    return withStaffClaims(db, claims, (tx) =>
      tx.query(
        "insert into public.staff (user_id, email, role, added_by) values ($1::uuid, $2, $3, $4::uuid)",
        [outsider, row.email, row.role, row.addedBy],
      ),
    );
  }

  test("staff read the list, owners first; someone not on it reads nothing", async () => {
    const asEditor = await listStaff(db, editor.claims);
    expect(asEditor.map((row) => row.email)).toEqual(
      expect.arrayContaining([owner.email, editor.email]),
    );
    expect(asEditor[0]?.role).toBe("owner");
    const stranger = await createAuthUser(db, `stranger-${randomUUID()}@example.com`);
    expect(await listStaff(db, claimsOf(stranger))).toEqual([]);
  });

  test("an owner invites an editor: on the list in their name, with a one-time link", async () => {
    const email = `invited-${randomUUID()}@example.com`;
    const invited = await inviteStaff(db, backend, owner.claims, { email, role: "editor" });
    if (!invited.ok) throw new Error(invited.message);
    expect(invited.member).toMatchObject({ email, role: "editor" });
    expect(invited.invitation!.expiresAt.getTime() - Date.now()).toBeGreaterThan(
      INVITE_CODE_TTL_MS - 60_000,
    );

    const [row] = await db.query<{ addedBy: string }>(
      `select added_by::text as "addedBy" from public.staff where user_id = $1::uuid`,
      [invited.member.userId],
    );
    expect(row?.addedBy).toBe(owner.userId);
    const [logged] = await db.query<{ actor: string; operation: string }>(
      `select actor::text as actor, operation from public.audit_log
       where table_name = 'staff' and new_row ->> 'email' = $1`,
      [email],
    );
    expect(logged).toEqual({ actor: owner.userId, operation: "INSERT" });

    expect(await setupCodeIsUsable(db, invited.invitation!.code), "not a first owner's code").toBe(
      false,
    );
    expect(await inviteeForCode(db, invited.invitation!.code)).toEqual({
      userId: invited.member.userId,
      email,
      role: "editor",
      purpose: "invitation",
    });
    expect(invited.member.joined, "not until they set their password").toBe(false);
    expect(await consumeInviteCode(db, invited.invitation!.code)).toMatchObject({ email });
    expect(await consumeInviteCode(db, invited.invitation!.code), "once only").toBeNull();
    expect(await inviteeForCode(db, invited.invitation!.code)).toBeNull();
  });

  test("an invitation's link expires, and a new one replaces the old", async () => {
    const invited = await member(db, "editor");
    const old = await createInviteCode(db, invited.userId, {
      now: new Date(Date.now() - INVITE_CODE_TTL_MS - 1000),
    });
    expect(await inviteeForCode(db, old.code)).toBeNull();
    const first = await createInviteCode(db, invited.userId);
    const second = await createInviteCode(db, invited.userId);
    expect(await inviteeForCode(db, first.code)).toBeNull();
    expect(await inviteeForCode(db, second.code)).toMatchObject({ email: invited.email });
  });

  test("a removed member's invitation stops working", async () => {
    const invited = await member(db, "editor");
    const { code } = await createInviteCode(db, invited.userId);
    const removed = await removeStaff(db, owner.claims, invited.userId);
    expect(removed.ok).toBe(true);
    expect(await consumeInviteCode(db, code)).toBeNull();
  });

  test("inviting someone already on the staff is refused by the email field", async () => {
    const again = await inviteStaff(db, backend, owner.claims, {
      email: editor.email,
      role: "owner",
    });
    expect(again).toMatchObject({ ok: false, status: 409, field: "email" });
    expect((await getStaffMember(db, editor.userId))?.role).toBe("editor");
  });

  test("an editor can invite, change and remove nobody", async () => {
    const email = `not-${randomUUID()}@example.com`;
    const refusal = { ok: false, status: 403, message: OWNERS_ONLY };
    expect(await inviteStaff(db, backend, editor.claims, { email, role: "owner" })).toEqual(
      refusal,
    );
    expect(
      await changeStaffRole(db, editor.claims, { userId: editor.userId, role: "owner" }),
    ).toEqual(refusal);
    expect(await removeStaff(db, editor.claims, owner.userId)).toEqual(refusal);
    expect((await getStaffMember(db, editor.userId))?.role).toBe("editor");
    expect(await getStaffMember(db, owner.userId)).not.toBeNull();
    const [made] = await db.query("select 1 from auth.users where email = $1", [email]);
    expect(made, "no account made for a refused invitation").toBeUndefined();
  });

  test("row level security keeps an editor's writes off the staff list", async () => {
    await expect(
      addOutsider(editor.claims, { email: "x@example.com", role: "owner", addedBy: editor.userId }),
    ).rejects.toMatchObject({ code: "42501" });
    const changed = await withStaffClaims(db, editor.claims, (tx) =>
      tx.query("update public.staff set role = 'owner' where user_id = $1::uuid returning 1", [
        editor.userId,
      ]),
    );
    expect(changed).toEqual([]);
    const removed = await withStaffClaims(db, editor.claims, (tx) =>
      tx.query("delete from public.staff where user_id = $1::uuid returning 1", [owner.userId]),
    );
    expect(removed).toEqual([]);
  });

  test("an owner changes roles only: not a member's email, and adds staff only in their own name", async () => {
    await expect(
      withStaffClaims(db, owner.claims, (tx) =>
        tx.query("update public.staff set email = 'else@example.com' where user_id = $1::uuid", [
          editor.userId,
        ]),
      ),
    ).rejects.toMatchObject({ code: "42501" });
    await expect(
      addOutsider(owner.claims, { email: "y@example.com", role: "editor", addedBy: editor.userId }),
    ).rejects.toMatchObject({ code: "42501" });
  });

  test("an unknown member is not found", async () => {
    const nobody = randomUUID();
    expect(
      await changeStaffRole(db, owner.claims, { userId: nobody, role: "owner" }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await removeStaff(db, owner.claims, nobody)).toMatchObject({ ok: false, status: 404 });
  });

  test("the last owner cannot be demoted or removed, by themselves or anyone", async () => {
    await using fresh = await openTestDatabase(driver);
    const only = await member(fresh, "owner");
    const other = await member(fresh, "editor");
    const lastOwner = { ok: false, status: 409, message: LAST_OWNER };

    expect(
      await changeStaffRole(fresh, only.claims, { userId: only.userId, role: "editor" }),
    ).toEqual(lastOwner);
    expect(await removeStaff(fresh, only.claims, only.userId)).toEqual(lastOwner);
    expect((await getStaffMember(fresh, only.userId))?.role).toBe("owner");

    // With a second owner, the first may step down.
    const promoted = await changeStaffRole(fresh, only.claims, {
      userId: other.userId,
      role: "owner",
    });
    expect(promoted).toMatchObject({ ok: true, changed: true, member: { role: "owner" } });
    const unchanged = await changeStaffRole(fresh, only.claims, {
      userId: other.userId,
      role: "owner",
    });
    expect(unchanged).toMatchObject({ ok: true, changed: false });
    expect(
      await changeStaffRole(fresh, only.claims, { userId: only.userId, role: "editor" }),
    ).toMatchObject({ ok: true, changed: true });
    // Now the other is the last owner, and the demoted one may no longer manage.
    expect(await removeStaff(fresh, other.claims, other.userId)).toEqual(lastOwner);
    expect(await removeStaff(fresh, only.claims, other.userId)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await removeStaff(fresh, other.claims, only.userId)).toMatchObject({ ok: true });
  });
});
