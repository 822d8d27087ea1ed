import { describe, expect } from "vitest";
import { asRole as asRoleIn, contentTables } from "../../../tests/support/database-roles";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import type { Database } from "~/platform/database/database.server";

/** Runs `work` as `role`, inside a transaction that is rolled back. */
function asRole<T>(db: Database, role: string, work: (query: Database["query"]) => Promise<T>) {
  return asRoleIn(db, role, (tx) => work((sql, params) => tx.query(sql, params)));
}

const asAnon = <T>(db: Database, work: (query: Database["query"]) => Promise<T>) =>
  asRole(db, "anon", work);

// What Supabase's REST API would let a visitor holding the public anon key do.
describe.each(drivers)("the anon role on %s", (driver) => {
  test.override({ driver });

  test("row level security is on for every table in the public schema", async ({ db }) => {
    const rows = await db.query<{ table: string; secured: boolean }>(
      `select c.relname as "table", c.relrowsecurity as secured
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'`,
    );
    expect(rows.map((row) => row.table).sort()).toEqual(expect.arrayContaining([...contentTables]));
    for (const row of rows) expect(row, row.table).toMatchObject({ secured: true });
  });

  test.for([
    ["menu_items", "select name from public.menu_items where not published"],
    ["events", "select title from public.events where not published"],
    ["specials", "select title from public.specials where not published"],
  ] as const)("reads published %s only", async ([, unpublished], { db }) => {
    const [owned] = await db.query(unpublished);
    expect(owned, "the seed has an unpublished row").toBeDefined();
    const seen = await asAnon(db, (query) => query(unpublished));
    expect(seen).toEqual([]);
  });

  test("reads the published menu", async ({ db }) => {
    const [all] = await db.query<{ count: number }>(
      "select count(*)::int as count from public.menu_items where published",
    );
    const [seen] = await asAnon(db, (query) =>
      query<{ count: number }>("select count(*)::int as count from public.menu_items"),
    );
    expect(seen?.count).toBe(all?.count);
  });

  test.for([...contentTables])("cannot write to %s", async (table, { db }) => {
    // Refused outright: the role holds no write privilege on the content.
    await expect(
      asAnon(db, (query) => query(`delete from public.${table} returning 1`)),
    ).rejects.toThrow(/permission denied/);
    const [count] = await db.query<{ count: number }>(
      `select count(*)::int as count from public.${table}`,
    );
    expect(count?.count).toBeGreaterThan(0);
    await expect(
      asAnon(db, (query) => query(`insert into public.${table} default values`)),
    ).rejects.toThrow(/permission denied/);
  });

  const privateTables = [
    "enquiries",
    "outbox",
    "newsletter_subscribers",
    "form_rate_limits",
    "server_secrets",
    "picture_bytes",
  ];

  test.for(privateTables)(
    "can neither read nor write %s, nor can a signed-in user who is not staff",
    async (table, { db }) => {
      await db.query(
        `insert into public.form_rate_limits (bucket, window_start, hits) values ('email:x', now(), 1)
       on conflict do nothing`,
      );
      await db.query(
        `insert into public.outbox (to_address, subject, text_body)
         values ('pub@example.com', 'New enquiry', 'A visitor wrote.')`,
      );
      await db.query(
        `insert into public.newsletter_subscribers (email, state, unsubscribed_at, unsubscribed_by)
         values ('left@example.com', 'unsubscribed', now(), 'link') on conflict do nothing`,
      );
      for (const role of ["anon", "authenticated"]) {
        // Staff read enquiries (and owners the outbox and the subscribers) as the
        // authenticated role, so it may select from them; their policies show
        // a user who is not on the staff list no row.
        if (
          role === "authenticated" &&
          ["enquiries", "outbox", "newsletter_subscribers"].includes(table)
        ) {
          await expect(
            asRole(db, role, (query) => query(`select * from public.${table}`)),
            role,
          ).resolves.toEqual([]);
        } else {
          await expect(
            asRole(db, role, (query) => query(`select * from public.${table}`)),
            role,
          ).rejects.toThrow(/permission denied/);
        }
        await expect(
          asRole(db, role, (query) => query(`insert into public.${table} default values`)),
          role,
        ).rejects.toThrow(/permission denied/);
        await expect(
          asRole(db, role, (query) => query(`delete from public.${table}`)),
          role,
        ).rejects.toThrow(/permission denied/);
      }
    },
  );
});
