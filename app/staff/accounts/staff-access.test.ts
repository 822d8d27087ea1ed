import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import {
  asRole,
  asUser,
  claimsOf,
  contentTables,
  createAuthUser as createUser,
} from "../../../tests/support/database-roles";
import { drivers, routeTest } from "../../../tests/support/route-test";
import type { Database } from "~/platform/database/database.server";
import { setEnquiryHandled } from "~/staff/inbox/enquiry-inbox.server";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";

/**
 * What the staff migration lets each kind of caller do: a visitor (the anon
 * role), a signed-in user who is not staff, an editor and an owner.
 */

/** An owner, an editor and a signed-in user who is not staff, and an enquiry, made once. */
const test = routeTest.extend("people", ({ once, db }) =>
  once("people", async () => {
    const ownerId = await createUser(db, "owner@example.com");
    const editorId = await createUser(db, "editor@example.com");
    const strangerId = await createUser(db, "stranger@example.com");
    await db.query(
      `insert into public.staff (user_id, email, role) values
         ($1::uuid, 'owner@example.com', 'owner'), ($2::uuid, 'editor@example.com', 'editor')`,
      [ownerId, editorId],
    );
    const [enquiry] = await db.query<{ id: number }>(
      `insert into public.enquiries (kind, submission_token, fingerprint, name, email, message, topic)
       values ('contact', $1::uuid, $2, 'Sam Okafor', 'sam@example.com',
         'Do you show the hockey games on Saturday nights?', 'general')
       returning id::int as id`,
      [randomUUID(), "a".repeat(64)],
    );
    return {
      owner: claimsOf(ownerId),
      editor: claimsOf(editorId),
      stranger: claimsOf(strangerId),
      enquiryId: enquiry!.id,
    };
  }),
);

/** Each of `statements`, run by `run`, is refused for want of a privilege. */
async function expectDenied(run: (sql: string) => Promise<unknown>, statements: string[]) {
  for (const sql of statements) await expect(run(sql), sql).rejects.toThrow(/permission denied/);
}

describe.each(drivers)("staff access on %s", (driver) => {
  test.override({ driver });

  const isStaff = (tx: Database) =>
    tx.query<{ staff: boolean; owner: boolean }>(
      "select public.is_staff() as staff, public.is_owner() as owner",
    );

  test("the migration is applied, with row level security on its tables", async ({ db }) => {
    const [migration] = await db.query<{ name: string }>(
      "select name from supabase_migrations.schema_migrations where version = '20261123100000'",
    );
    expect(migration?.name).toBe("staff");
    const tables = await db.query<{ table: string; secured: boolean }>(
      `select c.relname as "table", c.relrowsecurity as secured
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname in ('staff', 'audit_log', 'staff_setup_codes')
       order by 1`,
    );
    expect(tables).toEqual([
      { table: "audit_log", secured: true },
      { table: "staff", secured: true },
      { table: "staff_setup_codes", secured: true },
    ]);
  });

  test("is_staff() and is_owner() answer for the signed-in user", async ({
    db,
    people: { owner, editor, stranger },
  }) => {
    expect(await asUser(db, owner, isStaff)).toEqual([{ staff: true, owner: true }]);
    expect(await asUser(db, editor, isStaff)).toEqual([{ staff: true, owner: false }]);
    expect(await asUser(db, stranger, isStaff)).toEqual([{ staff: false, owner: false }]);
    // No policy of the anon role asks them, so it may not run them.
    await expect(asRole(db, "anon", isStaff)).rejects.toThrow(/permission denied/);
  });

  test("is_staff() is false right after the staff row is deleted", async ({
    db,
    people: { owner },
  }) => {
    const userId = await createUser(db, "leaving@example.com");
    await db.query(
      "insert into public.staff (user_id, email, role) values ($1::uuid, 'leaving@example.com', 'editor')",
      [userId],
    );
    const leaving = claimsOf(userId);
    const [before] = await asUser(db, leaving, isStaff);
    expect(before?.staff).toBe(true);
    // An owner removes them; in the same transaction they are no longer staff.
    const during = await asUser(db, owner, async (tx) => {
      await tx.query("delete from public.staff where user_id = $1::uuid", [userId]);
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(leaving),
      ]);
      return isStaff(tx);
    });
    expect(during).toEqual([{ staff: false, owner: false }]);
    await db.query("delete from public.staff where user_id = $1::uuid", [userId]);
    const [after] = await asUser(db, leaving, isStaff);
    expect(after?.staff).toBe(false);
    // Their writes are refused from then on.
    await expect(
      asUser(db, leaving, (tx) =>
        tx.query("insert into public.menu_sections (slug, name) values ('gone', 'Gone')"),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  test.for([
    ["audit_log", "actor = null"],
    ["staff", "role = 'owner'"],
    ["enquiries", "handled_at = now()"],
    ["staff_setup_codes", "used_at = now()"],
  ])("a visitor can neither read nor write %s", async ([table, change], { db }) => {
    await expectDenied(
      (sql) => asRole(db, "anon", (tx) => tx.query(sql)),
      [
        `select * from public.${table}`,
        `insert into public.${table} default values`,
        `update public.${table} set ${change}`,
        `delete from public.${table}`,
      ],
    );
  });

  test("a visitor has no privilege on the audit log, the staff or the setup codes", async ({
    db,
  }) => {
    const rows = await db.query<{ table: string; role: string; any: boolean }>(
      `select t as "table", r as role,
         has_table_privilege(r, 'public.' || t,
           'select, insert, update, delete, truncate, references, trigger') as any
       from unnest(array['audit_log', 'staff', 'staff_setup_codes']) t,
         unnest(array['anon']) r
       union all
       select 'staff_setup_codes', 'authenticated',
         has_table_privilege('authenticated', 'public.staff_setup_codes',
           'select, insert, update, delete, truncate, references, trigger')
       union all
       select 'audit_log (writes)', 'authenticated',
         has_table_privilege('authenticated', 'public.audit_log',
           'insert, update, delete, truncate, references, trigger')`,
    );
    for (const row of rows)
      expect(row, `${row.role} on ${row.table}`).toMatchObject({ any: false });
  });

  test("a signed-in user who is not staff sees no audit log, staff, enquiry or unpublished content", async ({
    db,
    people: { stranger },
  }) => {
    const counts = await asUser(db, stranger, async (tx) => {
      const [row] = await tx.query<Record<string, number>>(
        `select
           (select count(*)::int from public.audit_log) as audit,
           (select count(*)::int from public.staff) as staff,
           (select count(*)::int from public.enquiries) as enquiries,
           (select count(*)::int from public.menu_items where not published) as "menuItems",
           (select count(*)::int from public.menu_sections where not published) as "menuSections",
           (select count(*)::int from public.events where not published) as events,
           (select count(*)::int from public.specials where not published) as specials`,
      );
      return row;
    });
    expect(counts).toEqual({
      audit: 0,
      staff: 0,
      enquiries: 0,
      menuItems: 0,
      menuSections: 0,
      events: 0,
      specials: 0,
    });
    // A visitor neither.
    const [unpublished] = await asRole(db, "anon", (tx) =>
      tx.query<{ count: number }>(
        `select (select count(*)::int from public.menu_items where not published)
           + (select count(*)::int from public.events where not published)
           + (select count(*)::int from public.specials where not published) as count`,
      ),
    );
    expect(unpublished?.count).toBe(0);
  });

  test("staff see the audit log, the staff, the enquiries and every row of the content", async ({
    db,
    people: { editor },
  }) => {
    const [all] = await db.query<{ unpublished: number; staff: number }>(
      `select (select count(*)::int from public.menu_items where not published)
         + (select count(*)::int from public.events where not published)
         + (select count(*)::int from public.specials where not published) as unpublished,
         (select count(*)::int from public.staff) as staff`,
    );
    expect(all?.unpublished).toBeGreaterThan(0);
    const [seen] = await asUser(db, editor, (tx) =>
      tx.query<{ unpublished: number; staff: number; audit: number; enquiries: number }>(
        `select (select count(*)::int from public.menu_items where not published)
           + (select count(*)::int from public.events where not published)
           + (select count(*)::int from public.specials where not published) as unpublished,
           (select count(*)::int from public.staff) as staff,
           (select count(*)::int from public.audit_log) as audit,
           (select count(*)::int from public.enquiries) as enquiries`,
      ),
    );
    expect(seen).toMatchObject({ unpublished: all?.unpublished, staff: all?.staff });
    expect(seen?.audit).toBeGreaterThan(0);
    expect(seen?.enquiries).toBe(1);
  });

  test("nobody writes the audit log through a role, staff included", async ({
    db,
    people: { owner, editor, stranger },
  }) => {
    for (const claims of [stranger, editor, owner]) {
      await expectDenied(
        (sql) => asUser(db, claims, (tx) => tx.query(sql)),
        [
          "insert into public.audit_log (table_name, operation) values ('menu_items', 'DELETE')",
          "update public.audit_log set actor = null",
          "delete from public.audit_log",
          "truncate public.audit_log",
        ],
      );
    }
  });

  test("nobody but staff marks an enquiry handled", async ({
    db,
    people: { stranger, enquiryId },
  }) => {
    await expect(
      asRole(db, "anon", (tx) =>
        tx.query("update public.enquiries set handled_at = now() where id = $1::bigint", [
          enquiryId,
        ]),
      ),
    ).rejects.toThrow(/permission denied/);
    const updated = await asUser(db, stranger, (tx) =>
      tx.query(
        "update public.enquiries set handled_at = now(), handled_by = $2::uuid where id = $1::bigint returning id",
        [enquiryId, stranger.sub],
      ),
    );
    expect(updated).toEqual([]);
    expect(await setEnquiryHandled(db, stranger, enquiryId, true)).toBe(false);
    const [row] = await db.query<{ handled: boolean }>(
      "select handled_at is not null as handled from public.enquiries where id = $1::bigint",
      [enquiryId],
    );
    expect(row?.handled).toBe(false);
  });

  test("an editor marks an enquiry handled, and changes nothing else about it", async ({
    db,
    people: { owner, editor, enquiryId },
  }) => {
    await expectDenied(
      (sql) => asUser(db, editor, (tx) => tx.query(sql)),
      [
        "update public.enquiries set message = 'Changed by staff, which is not allowed.'",
        "update public.enquiries set email = 'someone@example.com'",
        "delete from public.enquiries",
        "insert into public.enquiries default values",
      ],
    );
    // Nor in someone else's name.
    await expect(
      asUser(db, editor, (tx) =>
        tx.query(
          "update public.enquiries set handled_at = now(), handled_by = $2::uuid where id = $1::bigint",
          [enquiryId, owner.sub],
        ),
      ),
    ).rejects.toThrow(/row-level security/);

    expect(await setEnquiryHandled(db, editor, enquiryId, true)).toBe(true);
    const [row] = await db.query<{ handledBy: string; recent: boolean }>(
      `select handled_by::text as "handledBy", handled_at > now() - interval '1 minute' as recent
       from public.enquiries where id = $1::bigint`,
      [enquiryId],
    );
    expect(row).toEqual({ handledBy: editor.sub, recent: true });

    // The log keeps who handled it, not the visitor's details.
    const [logged] = await db.query<{
      actor: string;
      operation: string;
      oldRow: Record<string, unknown>;
      newRow: Record<string, unknown>;
    }>(
      `select actor::text as actor, operation, old_row as "oldRow", new_row as "newRow"
       from public.audit_log where table_name = 'enquiries' order by id desc limit 1`,
    );
    expect(logged).toMatchObject({
      actor: editor.sub,
      operation: "UPDATE",
      oldRow: { id: enquiryId, kind: "contact", handled_at: null, handled_by: null },
      newRow: { id: enquiryId, kind: "contact", handled_by: editor.sub },
    });
    expect(Object.keys(logged!.newRow).sort()).toEqual(["handled_at", "handled_by", "id", "kind"]);
  });

  test("an editor cannot add, change or remove staff; an owner can", async ({
    db,
    people: { owner, editor, stranger },
  }) => {
    const newcomer = await createUser(db, "newcomer@example.com");
    const add = (tx: Database) =>
      tx.query(
        "insert into public.staff (user_id, email, role, added_by) values ($1::uuid, 'newcomer@example.com', 'editor', $2::uuid)",
        [newcomer, owner.sub],
      );
    await expect(asUser(db, editor, add)).rejects.toThrow(/row-level security/);
    await expect(asUser(db, stranger, add)).rejects.toThrow(/row-level security/);
    // An editor cannot make themselves owner, nor remove anyone.
    expect(
      await asUser(db, editor, (tx) =>
        tx.query("update public.staff set role = 'owner' returning user_id"),
      ),
    ).toEqual([]);
    expect(
      await asUser(db, editor, (tx) => tx.query("delete from public.staff returning user_id")),
    ).toEqual([]);

    await withStaffClaims(db, owner, add);
    const promoted = await withStaffClaims(db, owner, (tx) =>
      tx.query<{ role: string }>(
        "update public.staff set role = 'owner' where user_id = $1::uuid returning role",
        [newcomer],
      ),
    );
    expect(promoted).toEqual([{ role: "owner" }]);
    const removed = await withStaffClaims(db, owner, (tx) =>
      tx.query("delete from public.staff where user_id = $1::uuid returning user_id", [newcomer]),
    );
    expect(removed).toHaveLength(1);

    const logged = await db.query<{ actor: string; operation: string }>(
      `select actor::text as actor, operation from public.audit_log
       where table_name = 'staff' and coalesce(new_row, old_row) ->> 'user_id' = $1
       order by id`,
      [newcomer],
    );
    expect(logged).toEqual([
      { actor: owner.sub, operation: "INSERT" },
      { actor: owner.sub, operation: "UPDATE" },
      { actor: owner.sub, operation: "DELETE" },
    ]);
  });

  test("staff may change the settings row, not remove it; other signed-in users may not change it", async ({
    db,
    people: { editor, stranger },
  }) => {
    const change = (claims: StaffClaims) =>
      asUser(db, claims, (tx) =>
        tx.query("update public.site_settings set updated_at = updated_at returning 1"),
      );
    expect(await change(stranger)).toHaveLength(0);
    expect(await change(editor)).toHaveLength(1);
    for (const claims of [editor, stranger]) {
      await expect(
        asUser(db, claims, (tx) => tx.query("delete from public.site_settings")),
      ).rejects.toThrow(/permission denied/);
    }
  });

  test.for(contentTables.filter((table) => table !== "site_settings"))(
    "staff may write %s, other signed-in users may not",
    async (table, { db, people: { editor, stranger } }) => {
      const [before] = await db.query<{ count: number }>(
        `select count(*)::int as count from public.${table}`,
      );
      // An update that changes nothing, and a delete rolled back: what each may touch.
      const touch = (claims: StaffClaims) =>
        asUser(db, claims, async (tx) => {
          const updated = await tx.query(
            `update public.${table} set updated_at = updated_at returning 1`,
          );
          // A special tied to an event holds the event (the editor unties it first).
          if (table === "events") await tx.query("update public.specials set event_id = null");
          const deleted = await tx.query(`delete from public.${table} returning 1`);
          return { updated: updated.length, deleted: deleted.length };
        });
      expect(await touch(stranger)).toEqual({ updated: 0, deleted: 0 });
      expect(await touch(editor)).toEqual({ updated: before?.count, deleted: before?.count });
      await expect(
        asUser(db, stranger, (tx) => tx.query(`insert into public.${table} default values`)),
      ).rejects.toThrow(/row-level security/);
      for (const role of ["anon", "authenticated"]) {
        await expect(
          asRole(db, role, (tx) => tx.query(`truncate public.${table} cascade`)),
          role,
        ).rejects.toThrow(/permission denied/);
      }
    },
  );

  test("an editor adds, changes and removes a menu section", async ({ db, people: { editor } }) => {
    const id = await withStaffClaims(db, editor, async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        "insert into public.menu_sections (slug, name, published) values ('drafts', 'Drafts', false) returning id::int as id",
      );
      await tx.query("update public.menu_sections set name = 'Soon' where id = $1::bigint", [
        row!.id,
      ]);
      return row!.id;
    });
    const [draft] = await db.query<{ name: string }>(
      "select name from public.menu_sections where id = $1::bigint",
      [id],
    );
    expect(draft?.name).toBe("Soon");
    await withStaffClaims(db, editor, (tx) =>
      tx.query("delete from public.menu_sections where id = $1::bigint", [id]),
    );
    expect(
      await db.query("select 1 from public.menu_sections where id = $1::bigint", [id]),
    ).toEqual([]);
  });

  test("the audit log records a staff member's change to a menu item, and the server's own", async ({
    db,
    people: { editor },
  }) => {
    const [item] = await db.query<{ id: number; price: number }>(
      "select id::int as id, price_cents as price from public.menu_items order by id limit 1",
    );
    await withStaffClaims(db, editor, (tx) =>
      tx.query("update public.menu_items set price_cents = $2::int where id = $1::bigint", [
        item!.id,
        item!.price + 100,
      ]),
    );
    await db.query("update public.menu_items set price_cents = $2::int where id = $1::bigint", [
      item!.id,
      item!.price,
    ]);

    const logged = await db.query<{
      actor: string | null;
      tableName: string;
      operation: string;
      recent: boolean;
      oldRow: { id: number; price_cents: number };
      newRow: { id: number; price_cents: number };
    }>(
      `select actor::text as actor, table_name as "tableName", operation,
         at > now() - interval '1 minute' as recent, old_row as "oldRow", new_row as "newRow"
       from public.audit_log
       where table_name = 'menu_items' and operation = 'UPDATE' and (new_row ->> 'id')::bigint = $1
       order by id`,
      [item!.id],
    );
    expect(logged).toMatchObject([
      {
        actor: editor.sub,
        tableName: "menu_items",
        operation: "UPDATE",
        recent: true,
        oldRow: { id: item!.id, price_cents: item!.price },
        newRow: { id: item!.id, price_cents: item!.price + 100 },
      },
      {
        actor: null,
        tableName: "menu_items",
        operation: "UPDATE",
        oldRow: { price_cents: item!.price + 100 },
        newRow: { price_cents: item!.price },
      },
    ]);
  });

  test("the audit log records inserts and deletes, with the row", async ({
    db,
    people: { editor },
  }) => {
    await withStaffClaims(db, editor, async (tx) => {
      await tx.query(
        "insert into public.specials (title, weekday, published) values ('Audited', 2, false)",
      );
      await tx.query("delete from public.specials where title = 'Audited'");
    });
    const logged = await db.query<{ actor: string; operation: string; title: string }>(
      `select actor::text as actor, operation,
         coalesce(new_row, old_row) ->> 'title' as title
       from public.audit_log where table_name = 'specials' and actor is not null order by id`,
    );
    expect(logged).toEqual([
      { actor: editor.sub, operation: "INSERT", title: "Audited" },
      { actor: editor.sub, operation: "DELETE", title: "Audited" },
    ]);
    const [shapes] = await db.query<{ insertOld: boolean; deleteNew: boolean }>(
      `select bool_and(old_row is null) filter (where operation = 'INSERT') as "insertOld",
         bool_and(new_row is null) filter (where operation = 'DELETE') as "deleteNew"
       from public.audit_log where table_name = 'specials'`,
    );
    expect(shapes).toEqual({ insertOld: true, deleteNew: true });
  });
});
