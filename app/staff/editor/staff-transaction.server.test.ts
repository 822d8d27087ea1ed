import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { withStaffClaims, type StaffClaims } from "./staff-transaction.server";

type Session = {
  user: string | null;
  uid: string | null;
  role: string | null;
  email: string | null;
};

const SESSION = `select current_user as "user", auth.uid()::text as uid, auth.role() as role,
  auth.jwt() ->> 'email' as email`;

describe.each(drivers)("withStaffClaims on %s", (driver) => {
  let db: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    userId = randomUUID();
    await db.query(
      "insert into auth.users (id, email, encrypted_password) values ($1::uuid, $2, 'x')",
      [userId, "o'brien@example.com"],
    );
    await db.query(
      "insert into public.staff (user_id, email, role) values ($1::uuid, $2, 'editor')",
      [userId, "o'brien@example.com"],
    );
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  const claims = (): StaffClaims => ({
    sub: userId,
    role: "authenticated",
    // A quote and dollar quotes: the claims go as a parameter, not into the SQL.
    email: "o'brien@example.com",
    session_id: randomUUID(),
    note: "$$'; reset role; --",
  });

  test("runs the work as the authenticated role with the claims", async () => {
    const session = await withStaffClaims(db, claims(), async (tx) => {
      const [row] = await tx.query<Session>(SESSION);
      return row;
    });
    expect(session).toEqual({
      user: "authenticated",
      uid: userId,
      role: "authenticated",
      email: "o'brien@example.com",
    });
    const [note] = await withStaffClaims(db, claims(), (tx) =>
      tx.query<{ note: string }>("select auth.jwt() ->> 'note' as note"),
    );
    expect(note?.note).toBe("$$'; reset role; --");
  });

  test("leaves neither the role nor the claims on the connection afterwards", async () => {
    await withStaffClaims(db, claims(), (tx) => tx.query("select 1"));
    // Every connection of the pool, more or less: none of them is left as the user.
    for (let index = 0; index < 8; index += 1) {
      const [row] = await db.query<Session>(SESSION);
      expect(row).toMatchObject({ user: "postgres", uid: null, role: null });
    }
  });

  test("row level security applies to the work", async () => {
    const [unpublished] = await db.query<{ count: number }>(
      "select count(*)::int as count from public.menu_items where not published",
    );
    expect(unpublished?.count).toBeGreaterThan(0);
    const [seen] = await withStaffClaims(db, claims(), (tx) =>
      tx.query<{ count: number }>(
        "select count(*)::int as count from public.menu_items where not published",
      ),
    );
    expect(seen?.count).toBe(unpublished?.count);
    // A user who is not staff sees what visitors see.
    const [visitor] = await withStaffClaims(
      db,
      { sub: randomUUID(), role: "authenticated" },
      (tx) =>
        tx.query<{ count: number }>(
          "select count(*)::int as count from public.menu_items where not published",
        ),
    );
    expect(visitor?.count).toBe(0);
  });

  test("the work lands whole or not at all", async () => {
    await expect(
      withStaffClaims(db, claims(), async (tx) => {
        await tx.query("insert into public.menu_sections (slug, name) values ('rolled-back', 'X')");
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    const rows = await db.query("select 1 from public.menu_sections where slug = 'rolled-back'");
    expect(rows).toEqual([]);
  });

  test("inside a transaction under way, puts the role and claims back when done", async () => {
    const after = await db.transaction(async (tx) => {
      await withStaffClaims(tx, claims(), (inner) =>
        inner.query("update public.menu_sections set note = 'nested' where slug = 'burgers'"),
      );
      const [row] = await tx.query<Session>(SESSION);
      await tx.query("update public.menu_sections set note = 'server' where slug = 'burgers'");
      return row;
    });
    expect(after).toMatchObject({ user: "postgres", uid: null });
    const logged = await db.query<{ actor: string | null; note: string }>(
      `select actor::text as actor, new_row ->> 'note' as note from public.audit_log
       where table_name = 'menu_sections' and new_row ->> 'note' in ('nested', 'server')
       order by id`,
    );
    expect(logged).toEqual([
      { actor: userId, note: "nested" },
      { actor: null, note: "server" },
    ]);
  });

  test.each([
    ["a subject that is not a user id", { sub: "1 or 1=1", role: "authenticated" }],
    ["the anon role", { sub: randomUUID(), role: "anon" }],
    ["the service role", { sub: randomUUID(), role: "service_role" }],
  ])("refuses claims with %s", async (_, bad) => {
    let ran = false;
    await expect(
      withStaffClaims(db, bad as StaffClaims, async () => {
        ran = true;
      }),
    ).rejects.toThrow(TypeError);
    expect(ran).toBe(false);
  });
});
