import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  asRole,
  asUser,
  contentTables,
  editorAndStranger,
  rolledBack,
} from "../support/database-roles";
import { drivers, openTestDatabase, type TestDatabase } from "../support/test-database";
import type { Database } from "~/platform/database/database.server";
import { migrate } from "~/platform/database/migrations.server";

/**
 * What the API roles hold on every table, sequence and function in the
 * public schema, against what the site needs them to hold. Row level security
 * decides which rows a role may touch; these privileges decide which
 * statements it may run at all, and some statements (TRUNCATE, LOCK, setval)
 * no policy limits. The objects are listed from the catalog, so a new one
 * without a line here fails.
 */

const ROLES = ["anon", "authenticated"] as const;
type Role = (typeof ROLES)[number];

/**
 * Per role, the privileges held: a table-wide privilege by name, a privilege
 * on some columns only as `update (role)`.
 */
type Grants = Record<Role, string[]>;

const NOTHING: Grants = { anon: [], authenticated: [] };
/** Visitors read what is published; staff read and write it (the policies check they are staff). */
const CONTENT: Grants = {
  anon: ["select"],
  authenticated: ["select", "insert", "update", "delete"],
};

const expectedTables: Record<string, Grants> = {
  ...Object.fromEntries(contentTables.map((table) => [table, CONTENT])),
  // One row every page reads: staff change it, nobody adds or removes it.
  site_settings: { anon: ["select"], authenticated: ["select", "update"] },
  // One row per page: staff change its words, nobody adds or removes a page.
  page_texts: { anon: ["select"], authenticated: ["select", "update"] },
  content_revision: { anon: ["select"], authenticated: ["select"] },
  pictures: { anon: ["select"], authenticated: ["select", "insert"] },
  // Owners add and remove staff and change their role, nothing else about them.
  staff: { anon: [], authenticated: ["select", "insert", "update (role)", "delete"] },
  // Written by the audit trigger only.
  audit_log: { anon: [], authenticated: ["select"] },
  // Staff read enquiries and mark them read and handled; the server stores them.
  enquiries: { anon: [], authenticated: ["select", "update (handled_at, handled_by, read_at)"] },
  // The mail the site sends: owners read it (the policy); only the server writes it.
  outbox: { anon: [], authenticated: ["select"] },
  // Newsletter subscribers: staff read them (the policy); only the server writes them.
  newsletter_subscribers: { anon: [], authenticated: ["select"] },
  newsletters: {
    anon: [],
    authenticated: [
      "select",
      "insert (body, subject, written_by)",
      "update (body, subject, updated_at)",
      "delete",
    ],
  },
  newsletter_deliveries: { anon: [], authenticated: ["select"] },
  form_rate_limits: NOTHING,
  server_secrets: NOTHING,
  staff_setup_codes: NOTHING,
  // Uploaded pictures' bytes without Supabase: the server's own connection only.
  picture_bytes: NOTHING,
};

// Inserts fill identity columns without any privilege on their sequences.
const expectedSequences: Record<string, Grants> = Object.fromEntries(
  [
    "hours_exceptions_id_seq",
    "menu_sections_id_seq",
    "menu_items_id_seq",
    "specials_id_seq",
    "events_id_seq",
    "venue_spaces_id_seq",
    "venue_packages_id_seq",
    "questions_id_seq",
    "page_texts_id_seq",
    "enquiries_id_seq",
    "outbox_id_seq",
    "newsletter_subscribers_id_seq",
    "newsletters_id_seq",
    "newsletter_deliveries_id_seq",
    "audit_log_id_seq",
  ].map((sequence) => [sequence, NOTHING]),
);

const expectedFunctions: Record<string, Grants> = {
  // What the staff policies ask; the anon role's policies ask nothing.
  "is_staff()": { anon: [], authenticated: ["execute"] },
  "is_owner()": { anon: [], authenticated: ["execute"] },
  // How many subscribers are in each state, for editors who may not read the rows.
  "newsletter_subscriber_counts()": { anon: [], authenticated: ["execute"] },
  // A picture's description, given to every row showing it, under the staff member's own policies.
  "describe_picture(picture_path text, new_description text)": {
    anon: [],
    authenticated: ["execute"],
  },
  // Trigger functions: they run as their owner whoever fires them.
  "record_audit()": NOTHING,
  "bump_content_revision()": NOTHING,
  "staff_keeps_an_owner()": NOTHING,
  "staff_removal_spends_links()": NOTHING,
  "enquiry_handled_is_read()": NOTHING,
  "newsletter_delivery_outcome()": NOTHING,
  "newsletter_delivery_withdrawn()": NOTHING,
  "newsletter_finished(newsletter bigint)": NOTHING,
};

/** MAINTAIN (PostgreSQL 17) where the server has it. */
const TABLE_PRIVILEGES = [
  "select",
  "insert",
  "update",
  "delete",
  "truncate",
  "references",
  "trigger",
  "maintain",
];
const COLUMN_PRIVILEGES = ["select", "insert", "update", "references"];
const SEQUENCE_PRIVILEGES = ["usage", "select", "update"];

const quoted = (names: readonly string[]) => names.map((name) => `'${name}'`).join(", ");
const roleList = quoted(ROLES);
/** `names` as the rows of a VALUES list, each with its position. */
const valuesOf = (names: string[]) =>
  names.map((name, position) => `('${name}', ${position})`).join(", ");

/** What each role holds on each table in public, as `Grants`. */
async function heldOnTables(db: Database): Promise<Record<string, Grants>> {
  const [server] = await db.query<{ version: number }>(
    "select current_setting('server_version_num')::int as version",
  );
  const privileges = TABLE_PRIVILEGES.filter(
    (privilege) => privilege !== "maintain" || (server?.version ?? 0) >= 170000,
  );
  const rows = await db.query<{ name: string; role: Role; held: string | null }>(
    `with privileges (privilege, position) as (values ${valuesOf(privileges)})
     select c.relname as name, r.role,
       case
         when has_table_privilege(r.role, c.oid, p.privilege) then p.privilege
         -- Held on some columns only: "update (handled_at, handled_by)".
         else (
           select p.privilege || ' (' || string_agg(a.attname, ', ' order by a.attname) || ')'
           from pg_attribute a
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
             and case
               when p.privilege in (${quoted(COLUMN_PRIVILEGES)})
               then has_column_privilege(r.role, c.oid, a.attnum, p.privilege)
             end
         )
       end as held
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     cross join unnest(array[${roleList}]) as r (role)
     cross join privileges p
     where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
     order by c.relname, r.role, p.position`,
  );
  return collect(rows);
}

async function heldOnSequences(db: Database): Promise<Record<string, Grants>> {
  const rows = await db.query<{ name: string; role: Role; held: string | null }>(
    `with privileges (privilege, position) as (values ${valuesOf(SEQUENCE_PRIVILEGES)})
     select c.relname as name, r.role,
       case when has_sequence_privilege(r.role, c.oid, p.privilege) then p.privilege end as held
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     cross join unnest(array[${roleList}]) as r (role)
     cross join privileges p
     where n.nspname = 'public' and c.relkind = 'S'
     order by c.relname, r.role, p.position`,
  );
  return collect(rows);
}

async function heldOnFunctions(db: Database): Promise<Record<string, Grants>> {
  const rows = await db.query<{ name: string; role: Role; held: string | null }>(
    `select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name, r.role,
       case when has_function_privilege(r.role, p.oid, 'execute') then 'execute' end as held
     from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     cross join unnest(array[${roleList}]) as r (role)
     where n.nspname = 'public'
     order by 1, r.role`,
  );
  return collect(rows);
}

function collect(rows: { name: string; role: Role; held: string | null }[]) {
  const held: Record<string, Grants> = {};
  for (const row of rows) {
    held[row.name] ??= { anon: [], authenticated: [] };
    if (row.held) held[row.name]![row.role].push(row.held);
  }
  return held;
}

/** The entry of `grants` for `privilege` ("update" or "update (role)"), or "none". */
function entryFor(grants: string[], privilege: string): string {
  return grants.find((held) => held === privilege || held.startsWith(`${privilege} (`)) ?? "none";
}

/** Every role's entry for `privilege`, to compare expected with held in one assertion. */
function entriesFor(grants: Grants | undefined, privilege: string) {
  if (!grants) return "no such object";
  return Object.fromEntries(ROLES.map((role) => [role, entryFor(grants[role], privilege)]));
}

describe.each(drivers)("the API roles' privileges on %s", (driver) => {
  let db: TestDatabase;
  let tables: Record<string, Grants>;
  let sequences: Record<string, Grants>;
  let functions: Record<string, Grants>;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    tables = await heldOnTables(db);
    sequences = await heldOnSequences(db);
    functions = await heldOnFunctions(db);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  test("every table, sequence and function in public has an expectation here", () => {
    expect(Object.keys(tables).sort()).toEqual(Object.keys(expectedTables).sort());
    expect(Object.keys(sequences).sort()).toEqual(Object.keys(expectedSequences).sort());
    expect(Object.keys(functions).sort()).toEqual(Object.keys(expectedFunctions).sort());
  });

  describe.each(Object.keys(expectedTables))("on the table %s", (table) => {
    test.each(TABLE_PRIVILEGES)("%s", (privilege) => {
      expect(entriesFor(tables[table], privilege)).toEqual(
        entriesFor(expectedTables[table], privilege),
      );
    });
  });

  describe.each(Object.keys(expectedSequences))("on the sequence %s", (sequence) => {
    test.each(SEQUENCE_PRIVILEGES)("%s", (privilege) => {
      expect(entriesFor(sequences[sequence], privilege)).toEqual(
        entriesFor(expectedSequences[sequence], privilege),
      );
    });
  });

  test.each(Object.keys(expectedFunctions))("execute on the function %s", (name) => {
    expect(entriesFor(functions[name], "execute")).toEqual(
      entriesFor(expectedFunctions[name], "execute"),
    );
  });

  test("the schema: the API roles may use it, not create in it", async () => {
    const rows = await db.query<{ role: Role; usage: boolean; create: boolean }>(
      `select r.role, has_schema_privilege(r.role, 'public', 'usage') as usage,
         has_schema_privilege(r.role, 'public', 'create') as create
       from unnest(array[${roleList}]) as r (role) order by r.role`,
    );
    expect(rows).toEqual(ROLES.map((role) => ({ role, usage: true, create: false })));
  });

  test("the anon role cannot empty the menu", async () => {
    await expect(
      asRole(db, "anon", (tx) => tx.query("truncate public.menu_sections cascade")),
    ).rejects.toThrow(/permission denied/);
    const [left] = await db.query<{ count: number }>(
      "select count(*)::int as count from public.menu_sections",
    );
    expect(left?.count).toBeGreaterThan(0);
  });

  test("the anon role cannot lock the menu against readers", async () => {
    await expect(
      asRole(db, "anon", (tx) =>
        tx.query("lock table public.menu_sections in access exclusive mode nowait"),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  test("staff cannot empty a table either, nor move a sequence", async () => {
    const { editor } = await editorAndStranger(db, "privileges");
    for (const table of [
      ...contentTables,
      "pictures",
      "audit_log",
      "enquiries",
      "staff",
      "outbox",
      "newsletter_subscribers",
      "newsletters",
      "newsletter_deliveries",
    ]) {
      await expect(
        asUser(db, editor, (tx) => tx.query(`truncate public.${table} cascade`)),
        table,
      ).rejects.toThrow(/permission denied/);
    }
    // Set to where it is, so the sequence stays as it was if this is let through.
    const [sequence] = await db.query<{ at: string }>(
      "select last_value::text as at from public.menu_sections_id_seq",
    );
    await expect(
      asUser(db, editor, (tx) =>
        tx.query("select setval('public.menu_sections_id_seq', $1::bigint)", [sequence!.at]),
      ),
    ).rejects.toThrow(/permission denied/);
  });

  test("no staff member removes the settings row or adds a second", async () => {
    const { editor } = await editorAndStranger(db, "settings-row");
    await expect(
      asUser(db, editor, (tx) => tx.query("delete from public.site_settings")),
    ).rejects.toThrow(/permission denied/);
    await expect(
      asUser(db, editor, (tx) =>
        tx.query(
          `insert into public.site_settings (id, name, street_address, locality, region, postal_code, phone, email)
           values (false, 'Second', '1 Road', 'London', 'ON', 'N6A 1A1', '+15195550100', 'x@example.com')`,
        ),
      ),
    ).rejects.toThrow(/permission denied/);
    const [row] = await db.query<{ rows: number }>(
      "select count(*)::int as rows from public.site_settings",
    );
    expect(row?.rows).toBe(1);
  });

  test("staff still add rows to tables with identity columns", async () => {
    const { editor } = await editorAndStranger(db, "identity");
    const [added] = await asUser(db, editor, (tx) =>
      tx.query<{ id: number }>(
        `insert into public.menu_sections (slug, name) values ('privileges-test', 'Test')
         returning id::int as id`,
      ),
    );
    expect(added?.id).toBeGreaterThan(0);
  });

  // A Supabase project, like the local setup, starts by granting the API roles
  // everything on each new table, sequence and function in public; the
  // migrations change those defaults. The local setup runs at every start.
  test.each([
    ["made later", false],
    ["made after the server starts again", true],
  ])("a table, a sequence and a function %s give the API roles nothing", async (_, restart) => {
    if (restart) await migrate(db);
    const held = await rolledBack(
      (inner) => db.transaction(inner),
      async (tx) => {
        await tx.exec(`
          create table public.later (id bigint generated always as identity primary key);
          create function public.later_function() returns integer language sql as 'select 1';
        `);
        return {
          tables: await heldOnTables(tx),
          sequences: await heldOnSequences(tx),
          functions: await heldOnFunctions(tx),
        };
      },
    );
    expect(held.tables.later).toEqual(NOTHING);
    expect(held.sequences.later_id_seq).toEqual(NOTHING);
    expect(held.functions["later_function()"]).toEqual(NOTHING);
  });
});
