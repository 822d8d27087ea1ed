import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { drivers, openTestDatabase } from "../../../tests/support/test-database";
import { createPGlite, fromPGlite, openPostgres, type Database } from "./database.server";
import { listMigrations, migrate, seedIfEmpty, SUPABASE_DIRECTORY } from "./migrations.server";

// A fresh install, as the server meets it: an empty embedded database. Creating
// one takes seconds, so each test gets a clone of one made for the file.
describe("migrations on an empty embedded database", { timeout: 30_000 }, () => {
  let empty: PGlite;
  let directory: string;
  let supabase: string;
  let db: Database;

  beforeAll(async () => {
    empty = await createPGlite();
  }, 60_000);
  afterAll(async () => {
    await empty?.close();
  });

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "pub-site-migrations-"));
    supabase = path.join(directory, "supabase");
    await cp(SUPABASE_DIRECTORY, supabase, { recursive: true });
    db = fromPGlite((await empty.clone()) as PGlite);
  });
  afterEach(async () => {
    await db.close();
    await rm(directory, { recursive: true, force: true });
  });

  test("apply in order, once each, recorded where the Supabase CLI records them", async () => {
    const applied = await migrate(db, supabase);
    const files = await listMigrations(supabase);
    expect(applied.map((m) => m.version)).toEqual(files.map((m) => m.version));
    expect(await migrate(db, supabase)).toEqual([]);
    const recorded = await db.query<{ version: string; name: string }>(
      "select version, name from supabase_migrations.schema_migrations order by version",
    );
    expect(recorded).toEqual(files.map(({ version, name }) => ({ version, name })));
  });

  test("a new migration file applies on the next start", async () => {
    await migrate(db, supabase);
    await writeFile(
      path.join(supabase, "migrations", "29991231000000_add_a_note.sql"),
      "alter table public.menu_sections add column staff_note text;",
    );
    const applied = await migrate(db, supabase);
    expect(applied.map((m) => m.name)).toEqual(["add_a_note"]);
    await expect(db.query("select staff_note from public.menu_sections")).resolves.toEqual([]);
  });

  test("a failing migration leaves nothing half applied and is not recorded", async () => {
    await migrate(db, supabase);
    await writeFile(
      path.join(supabase, "migrations", "29991231000000_broken.sql"),
      "create table public.half_done (id int); select no_such_function();",
    );
    await expect(migrate(db, supabase)).rejects.toThrow(/no_such_function/);
    const [table] = await db.query("select to_regclass('public.half_done') as name");
    expect(table).toEqual({ name: null });
    const [recorded] = await db.query(
      "select 1 from supabase_migrations.schema_migrations where name = 'broken'",
    );
    expect(recorded).toBeUndefined();
  });

  test("the Supabase roles are created where missing, so row level security applies", async () => {
    await migrate(db, supabase);
    const roles = await db.query<{ rolname: string }>(
      "select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1",
    );
    expect(roles.map((role) => role.rolname)).toEqual(["anon", "authenticated", "service_role"]);
  });

  test("the sample content loads into an empty database only", async () => {
    await migrate(db, supabase);
    expect(await seedIfEmpty(db, supabase)).toBe(true);
    expect(await seedIfEmpty(db, supabase)).toBe(false);
    const [count] = await db.query<{ count: number }>(
      "select count(*)::int as count from public.site_settings",
    );
    expect(count?.count).toBe(1);
  });

  test("a migration file whose name the CLI would not understand stops the run", async () => {
    await writeFile(path.join(supabase, "migrations", "add-things.sql"), "select 1;");
    await expect(migrate(db, supabase)).rejects.toThrow(/not understood: add-things\.sql/);
  });
});

// Several instances of the site starting together on one PostgreSQL database.
describe.runIf(drivers.includes("postgres"))(
  "migrations run by instances starting together",
  () => {
    test("each instance's run succeeds, and the database is migrated once", async () => {
      await using shared = await openTestDatabase("postgres");
      const instances = Array.from({ length: 4 }, () => openPostgres(shared.url!));
      try {
        const runs = await Promise.all(instances.map((db) => migrate(db)));
        expect(runs.map((applied) => applied.length)).toEqual([0, 0, 0, 0]);
      } finally {
        await Promise.all(instances.map((db) => db.close()));
      }
      const [count] = await shared.query<{ count: number }>(
        "select count(*)::int as count from supabase_migrations.schema_migrations",
      );
      expect(count?.count).toBe((await listMigrations()).length);
    });
  },
);
