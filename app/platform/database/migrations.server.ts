import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Database } from "./database.server";

/** Where the SQL lives: the Supabase CLI's layout, so `supabase db push` applies the same files. */
export const SUPABASE_DIRECTORY = path.resolve("supabase");

export type Migration = { version: string; name: string; file: string };

const MIGRATION_FILE = /^(\d+)_([a-z0-9_]+)\.sql$/;

/** The migration files in the order they apply (by their numeric version, as the CLI does). */
export async function listMigrations(supabaseDirectory = SUPABASE_DIRECTORY): Promise<Migration[]> {
  const directory = path.join(supabaseDirectory, "migrations");
  const migrations: Migration[] = [];
  for (const file of await readdir(directory)) {
    const match = MIGRATION_FILE.exec(file);
    if (!match?.[1] || !match[2]) {
      if (file.endsWith(".sql")) throw new Error(`Migration file name not understood: ${file}`);
      continue;
    }
    migrations.push({ version: match[1], name: match[2], file: path.join(directory, file) });
  }
  return migrations.sort((a, b) => (BigInt(a.version) < BigInt(b.version) ? -1 : 1));
}

// A transaction-scoped lock, so several instances starting together migrate once.
const MIGRATION_LOCK = "select pg_advisory_xact_lock(hashtext('pub-site migrations'))";

/**
 * The roles a Supabase project has (anon, authenticated, service_role), their
 * privileges and the part of its `auth` schema the site uses, set up where
 * this is not a Supabase project, so row level security behaves here as in
 * production. Roles belong to the whole server
 * but grants to each database, so the script runs for every local database;
 * it is idempotent. Skipped on Supabase itself, which has all of it.
 */
export async function ensureSupabaseRoles(
  db: Database,
  supabaseDirectory = SUPABASE_DIRECTORY,
): Promise<boolean> {
  const [supabase] = await db.query<{ present: boolean }>(
    "select exists (select from pg_roles where rolname = 'supabase_admin') as present",
  );
  if (supabase?.present) return false;
  for (const script of ["roles.sql", "auth.sql"]) {
    await db.exec(await readFile(path.join(supabaseDirectory, "local", script), "utf8"));
  }
  return true;
}

/**
 * Applies the migrations not yet applied, each once and in its own
 * transaction, recording them where the Supabase CLI does
 * (`supabase_migrations.schema_migrations`), so the CLI and the server agree
 * on what a database already has. Returns the versions it applied.
 */
export async function migrate(
  db: Database,
  supabaseDirectory = SUPABASE_DIRECTORY,
): Promise<Migration[]> {
  // Under the lock too: two instances granting on one schema at the same
  // moment fail with "tuple concurrently updated".
  await db.transaction(async (tx) => {
    await tx.query(MIGRATION_LOCK);
    await ensureSupabaseRoles(tx, supabaseDirectory);
    await tx.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key,
        statements text[],
        name text
      );
    `);
  });

  const applied: Migration[] = [];
  for (const migration of await listMigrations(supabaseDirectory)) {
    const script = await readFile(migration.file, "utf8");
    const ran = await db.transaction(async (tx) => {
      await tx.query(MIGRATION_LOCK);
      const [done] = await tx.query<{ version: string }>(
        "select version from supabase_migrations.schema_migrations where version = $1",
        [migration.version],
      );
      if (done) return false;
      await tx.exec(script);
      await tx.query(
        "insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)",
        [migration.version, migration.name, [script]],
      );
      return true;
    });
    if (ran) applied.push(migration);
  }
  return applied;
}

/**
 * Loads the sample content into a database that has none (no site settings
 * row), in one transaction. Returns whether it did.
 */
export async function seedIfEmpty(
  db: Database,
  supabaseDirectory = SUPABASE_DIRECTORY,
): Promise<boolean> {
  const script = await readFile(path.join(supabaseDirectory, "seed.sql"), "utf8");
  return db.transaction(async (tx) => {
    await tx.query(MIGRATION_LOCK);
    const [row] = await tx.query<{ empty: boolean }>(
      "select not exists (select from public.site_settings) as empty",
    );
    if (!row?.empty) return false;
    await tx.exec(script);
    return true;
  });
}
