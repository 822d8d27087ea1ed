import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { createAuthUser } from "../../../tests/support/database-roles";
import { drivers, routeTest } from "../../../tests/support/route-test";
import type { StaffRole } from "./people";
import {
  addStaffMember,
  consumeInviteCode,
  consumeSetupCode,
  countStaff,
  createMemberCode,
  createSetupCode,
  getSignedInStaffMember,
  getStaffMember,
  inviteeForCode,
  removeStaffMember,
  SETUP_CODE_TTL_MS,
  StaffAlreadySetUpError,
} from "./staff.server";

const test = routeTest
  .extend(
    "createUser",
    ({ db }) =>
      (email: string) =>
        createAuthUser(db, email),
  )
  /** A new user put on the staff list by the server with `role`: their id. */
  .extend("addMember", ({ db, createUser }) => async (email: string, role: StaffRole) => {
    const userId = await createUser(email);
    await addStaffMember(db, { userId, email, role });
    return userId;
  });

describe.each(drivers)("the staff list on %s", (driver) => {
  test.override({ driver });
  test.beforeEach(async ({ db }) => {
    await db.query("delete from public.staff");
    await db.query("delete from public.staff_setup_codes");
  });

  test("a signed-in member is found only while their session stands", async ({
    db,
    createUser,
    addMember,
  }) => {
    const userId = await addMember("session@example.com", "editor");
    const [session] = await db.query<{ id: string }>(
      "insert into auth.sessions (user_id) values ($1::uuid) returning id::text as id",
      [userId],
    );
    const sessionId = session!.id;
    expect(await getSignedInStaffMember(db, { userId, sessionId })).toMatchObject({ userId });
    expect(await getSignedInStaffMember(db, { userId, sessionId: undefined })).toBeNull();
    expect(await getSignedInStaffMember(db, { userId, sessionId: "not-a-uuid" })).toBeNull();
    const stranger = await createUser("stranger@example.com");
    expect(await getSignedInStaffMember(db, { userId: stranger, sessionId })).toBeNull();

    await db.query(
      "update auth.sessions set not_after = now() - interval '1 minute' where id = $1",
      [sessionId],
    );
    expect(await getSignedInStaffMember(db, { userId, sessionId })).toBeNull();
    await db.query("update auth.sessions set not_after = null where id = $1", [sessionId]);
    await db.query("delete from auth.sessions where id = $1", [sessionId]);
    expect(await getSignedInStaffMember(db, { userId, sessionId })).toBeNull();
  });

  test("put back on the list by the server, a member gets back neither a session nor a link from before", async ({
    db,
    addMember,
  }) => {
    const email = "returning@example.com";
    const userId = await addMember(email, "editor");
    // Begun a second ago: before the member is put back, which is now.
    const [session] = await db.query<{ id: string }>(
      `insert into auth.sessions (user_id, created_at)
       values ($1::uuid, now() - interval '1 second') returning id::text as id`,
      [userId],
    );
    const { code } = await createMemberCode(db, userId, "reset");
    expect(await inviteeForCode(db, code)).toMatchObject({ userId });

    expect(await removeStaffMember(db, userId)).toBe(true);
    await addStaffMember(db, { userId, email, role: "editor" });
    expect(await getSignedInStaffMember(db, { userId, sessionId: session!.id })).toBeNull();
    expect(await inviteeForCode(db, code)).toBeNull();
    expect(await consumeInviteCode(db, code)).toBeNull();

    const [fresh] = await db.query<{ id: string }>(
      "insert into auth.sessions (user_id) values ($1::uuid) returning id::text as id",
      [userId],
    );
    expect(await getSignedInStaffMember(db, { userId, sessionId: fresh!.id })).toMatchObject({
      userId,
    });
  });

  test("the database itself keeps an owner on a list that has staff, whoever changes it", async ({
    db,
    addMember,
  }) => {
    const owner = await addMember("keeper@example.com", "owner");
    const editor = await addMember("helper@example.com", "editor");
    const refused = /The staff list must keep at least one owner/;

    // The server's own connection, past every check the site makes.
    await expect(
      db.query("update public.staff set role = 'editor' where user_id = $1", [owner]),
    ).rejects.toThrow(refused);
    await expect(db.query("delete from public.staff where user_id = $1", [owner])).rejects.toThrow(
      refused,
    );
    // Deleting the owner's account takes their staff row with it: refused too.
    await expect(db.query("delete from auth.users where id = $1", [owner])).rejects.toThrow(
      refused,
    );
    expect(await getStaffMember(db, owner)).toMatchObject({ role: "owner" });

    // Handing over in one transaction is checked at its end, and goes through.
    await db.transaction(async (tx) => {
      await tx.query("update public.staff set role = 'owner' where user_id = $1", [editor]);
      await tx.query("update public.staff set role = 'editor' where user_id = $1", [owner]);
    });
    expect(await getStaffMember(db, editor)).toMatchObject({ role: "owner" });

    // An empty list is allowed: the next start offers the first owner's setup link.
    await db.query("delete from public.staff");
    expect(await countStaff(db)).toBe(0);
  });

  test("taking an editor off a list that has no owner is not the change that lost it", async ({
    db,
    addMember,
  }) => {
    const first = await addMember("editor-one@example.com", "editor");
    await addMember("editor-two@example.com", "editor");
    expect(await removeStaffMember(db, first)).toBe(true);
    expect(await getStaffMember(db, first)).toBeNull();
    expect(await countStaff(db)).toBe(1);
  });

  test("a member is added, read, given another role and removed", async ({ db, createUser }) => {
    const ownerId = await createUser("owner@example.com");
    const userId = await createUser("editor@example.com");
    expect(await countStaff(db)).toBe(0);
    expect(await getStaffMember(db, userId)).toBeNull();

    const owner = await addStaffMember(db, {
      userId: ownerId,
      email: "owner@example.com",
      role: "owner",
    });
    const added = await addStaffMember(db, {
      userId,
      email: "editor@example.com",
      role: "editor",
      addedBy: ownerId,
    });
    expect(added).toEqual({
      userId,
      email: "editor@example.com",
      role: "editor",
      addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // Added with an account that has a password: nothing to join.
      joined: true,
    });
    expect(Math.abs(Date.parse(added.addedAt) - Date.now())).toBeLessThan(60_000);
    expect(await getStaffMember(db, userId)).toEqual(added);
    expect(await countStaff(db)).toBe(2);

    const promoted = await addStaffMember(db, {
      userId,
      email: "editor@example.com",
      role: "owner",
    });
    expect(promoted).toEqual({ ...added, role: "owner" });
    const [row] = await db.query<{ addedBy: string | null }>(
      `select added_by::text as "addedBy" from public.staff where user_id = $1::uuid`,
      [userId],
    );
    expect(row?.addedBy, "who added them stays").toBe(ownerId);

    expect(await removeStaffMember(db, userId)).toBe(true);
    expect(await removeStaffMember(db, userId)).toBe(false);
    expect(await getStaffMember(db, userId)).toBeNull();
    expect(await getStaffMember(db, owner.userId)).toEqual(owner);
  });

  test("the server's own writes to the staff list are logged with no actor", async ({
    db,
    addMember,
  }) => {
    const userId = await addMember("logged@example.com", "editor");
    const logged = await db.query<{ actor: string | null; operation: string }>(
      `select actor::text as actor, operation from public.audit_log
       where table_name = 'staff' and new_row ->> 'user_id' = $1`,
      [userId],
    );
    expect(logged).toEqual([{ actor: null, operation: "INSERT" }]);
  });

  test("a deleted auth user leaves the staff", async ({ db, addMember }) => {
    const userId = await addMember("deleted@example.com", "editor");
    await db.query("delete from auth.users where id = $1::uuid", [userId]);
    expect(await getStaffMember(db, userId)).toBeNull();
  });

  test("ids that are not UUIDs find nobody", async ({ db }) => {
    expect(await getStaffMember(db, "not-a-uuid")).toBeNull();
    expect(await removeStaffMember(db, "' or true --")).toBe(false);
  });

  test("a setup code is 32 random bytes, stored only as its hash, valid for an hour", async ({
    db,
  }) => {
    const now = new Date();
    const { code, expiresAt } = await createSetupCode(db, { now });
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(code, "base64url")).toHaveLength(32);
    expect(expiresAt.getTime()).toBe(now.getTime() + SETUP_CODE_TTL_MS);
    expect(SETUP_CODE_TTL_MS).toBe(60 * 60 * 1000);
    const rows = await db.query<{ hash: string; expiresAt: string }>(
      `select code_hash as hash,
         to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt"
       from public.staff_setup_codes`,
    );
    expect(rows).toEqual([
      {
        hash: createHash("sha256").update(code).digest("hex"),
        expiresAt: expiresAt.toISOString(),
      },
    ]);
    const second = await createSetupCode(db);
    expect(second.code).not.toBe(code);
  });

  test("a setup code works once", async ({ db }) => {
    const { code } = await createSetupCode(db);
    expect(await consumeSetupCode(db, code)).toBe(true);
    expect(await consumeSetupCode(db, code)).toBe(false);
  });

  test("an expired setup code does not work", async ({ db }) => {
    const { code } = await createSetupCode(db, {
      now: new Date(Date.now() - SETUP_CODE_TTL_MS - 1_000),
    });
    expect(await consumeSetupCode(db, code)).toBe(false);
    // Issuing the next code clears it out.
    await createSetupCode(db);
    const [row] = await db.query<{ count: number }>(
      "select count(*)::int as count from public.staff_setup_codes",
    );
    expect(row?.count).toBe(1);
  });

  test("a code never issued, or not a code at all, does not work", async ({ db }) => {
    await createSetupCode(db);
    expect(await consumeSetupCode(db, "A".repeat(43))).toBe(false);
    expect(await consumeSetupCode(db, "")).toBe(false);
    expect(await consumeSetupCode(db, "' or true --")).toBe(false);
  });

  test("of ten uses of a code at the same moment, one succeeds", async ({ db }) => {
    const { code } = await createSetupCode(db);
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeSetupCode(db, code)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  test("codes are neither issued nor taken once there are staff", async ({ db, addMember }) => {
    const { code } = await createSetupCode(db);
    await addMember("first@example.com", "owner");
    await expect(createSetupCode(db)).rejects.toThrow(StaffAlreadySetUpError);
    expect(await consumeSetupCode(db, code)).toBe(false);
  });

  test("taking the code and adding the first owner go together", async ({ db, createUser }) => {
    const { code } = await createSetupCode(db);
    const userId = await createUser("together@example.com");
    const added = await db.transaction(async (tx) => {
      if (!(await consumeSetupCode(tx, code))) return false;
      await addStaffMember(tx, { userId, email: "together@example.com", role: "owner" });
      return true;
    });
    expect(added).toBe(true);
    expect(await getStaffMember(db, userId)).toMatchObject({ role: "owner" });
  });
});
