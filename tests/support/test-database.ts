import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";
import type { RouterContextProvider } from "react-router";
import { serverRequestContext } from "~/server/pipeline/request-context";
import {
  DatabaseUnavailableError,
  createPGlite,
  fromPGlite,
  openPGlite,
  openPostgres,
  type Database,
  type SqlValue,
} from "~/platform/database/database.server";
import { migrate, seedIfEmpty, SUPABASE_DIRECTORY } from "~/platform/database/migrations.server";
import {
  clientAddressContext,
  databaseContext,
  formProtectionContext,
  lastGoodContentContext,
} from "~/platform/context";
import type { FormProtection } from "~/platform/form-protection";
import { memoryLastGoodStore, type LastGoodStore } from "~/platform/last-good-store.server";
import { keptDatabases, takeEmbeddedDatabase } from "./pglite-pool";

/**
 * Test databases are real Postgres: PGlite always, and a PostgreSQL server too
 * when TEST_DATABASE_URL names one (CI starts Debian's). Creating a PGlite
 * database takes seconds, so one migrated and seeded template is built per
 * change of the SQL and each test file gets a copy of it: loaded, or one an
 * earlier file of the same worker used, made the template again
 * (pglite-pool.ts).
 */
export type Driver = "pglite" | "postgres";

export const drivers: Driver[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

function sqlFingerprint(): string {
  const hash = createHash("sha256");
  const files = [
    path.join(SUPABASE_DIRECTORY, "local", "roles.sql"),
    path.join(SUPABASE_DIRECTORY, "local", "auth.sql"),
    path.join(SUPABASE_DIRECTORY, "seed.sql"),
    ...readdirSync(path.join(SUPABASE_DIRECTORY, "migrations"))
      .sort()
      .map((file) => path.join(SUPABASE_DIRECTORY, "migrations", file)),
  ];
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

const templateFile = path.resolve(
  "node_modules/.cache/test-databases",
  `pglite-${sqlFingerprint()}.tar`,
);
/**
 * The server's template database, named by the SQL and by this checkout, so
 * that two checkouts sharing one test server never drop each other's.
 */
const SERVER_TEMPLATE = `pub_site_tpl_${sqlFingerprint()}_${createHash("sha256")
  .update(path.resolve("."))
  .digest("hex")
  .slice(0, 8)}`;
/** An embedded database on disk, migrated and seeded, for servers started by tests to copy. */
export const templateDataDirectory = path.resolve(
  "node_modules/.cache/test-databases",
  `data-${sqlFingerprint()}`,
);

/**
 * Builds the templates if the SQL changed since they were made (Vitest's
 * global setup). The embedded ones keep this process busy; the server's is
 * the server's work, so it is made meanwhile.
 */
export async function prepareTemplates(): Promise<void> {
  await Promise.all([prepareEmbeddedTemplates(), prepareServerTemplate()]);
}

async function prepareEmbeddedTemplates(): Promise<void> {
  if (!existsSync(templateFile)) {
    const db = await createPGlite();
    try {
      await migrate(fromPGlite(db));
      await seedIfEmpty(fromPGlite(db));
      // Uncompressed: each worker loads copies (pglite-pool.ts), and a gzipped
      // one took a quarter more CPU time to load (0.6 CPU-s against 0.47), for
      // 42 MB on disk.
      const dump = await db.dumpDataDir("none");
      await mkdir(path.dirname(templateFile), { recursive: true });
      const temporary = `${templateFile}.${process.pid}.tmp`;
      await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
      await rename(temporary, templateFile);
    } finally {
      await db.close();
    }
  }

  if (!existsSync(templateDataDirectory)) {
    const building = `${templateDataDirectory}.${process.pid}.tmp`;
    await rm(building, { recursive: true, force: true });
    const db = await openPGlite(path.join(building, "pglite"));
    try {
      await migrate(db);
      await seedIfEmpty(db);
    } finally {
      await db.close();
    }
    await rename(building, templateDataDirectory);
  }
}

async function prepareServerTemplate(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      // Rebuilt on every run: roles and grants live outside the SQL files the
      // name is derived from, and a server keeps databases between runs.
      await admin.unsafe(`drop database if exists "${SERVER_TEMPLATE}" with (force)`);
      {
        const building = `${SERVER_TEMPLATE}_b${process.pid}`;
        await admin.unsafe(`drop database if exists "${building}"`);
        await admin.unsafe(`create database "${building}"`);
        const db = openPostgres(databaseUrl(serverUrl, building));
        try {
          await migrate(db);
          await seedIfEmpty(db);
        } finally {
          await db.close();
        }
        await admin.unsafe(`alter database "${building}" rename to "${SERVER_TEMPLATE}"`);
      }
    } finally {
      await admin.end();
    }
  }
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

export type TestDatabase = Database & { url?: string; [Symbol.asyncDispose](): Promise<void> };

/** How many embedded copies this worker keeps for its next test file (see pglite-pool.ts). */
export const keptEmbeddedDatabases = () => keptDatabases(templateFile);

/** A private copy of the seeded template on the given driver; dispose of it after the tests. */
export async function openTestDatabase(driver: Driver = "pglite"): Promise<TestDatabase> {
  if (driver === "pglite") return takeEmbeddedDatabase(templateFile);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `pub_site_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // Copied file by file: the default strategy (PostgreSQL 15 on) writes the
  // whole template through the WAL, 0.3 CPU-s a copy against 0.12.
  await admin.unsafe(`create database "${name}" template "${SERVER_TEMPLATE}" strategy file_copy`);
  const url = databaseUrl(serverUrl, name);
  const db = openPostgres(url);
  return Object.assign(db, {
    url,
    async [Symbol.asyncDispose]() {
      await db.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  });
}

/** Limits on the public forms no test's posts reach, unless a test sets its own. */
export const GENEROUS_FORM_PROTECTION: FormProtection = {
  turnstile: null,
  perAddress: { max: 100, windowSeconds: 600 },
  perEmail: { max: 100, windowSeconds: 3600 },
};

/**
 * A visitor's request context on `db`: from an address of its own (one of
 * TEST-NET-2's, so the limits per address count each test apart) or
 * `address`, with limits no test reaches unless `protection` says otherwise.
 */
export function visitorContext(
  db: Database,
  {
    protection = {},
    address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  }: { protection?: Partial<FormProtection>; address?: string | null } = {},
): RouterContextProvider {
  const context = contextWithDatabase(db);
  context.set(clientAddressContext, address);
  context.set(formProtectionContext, { ...GENEROUS_FORM_PROTECTION, ...protection });
  return context;
}

/** A request context whose loaders read from `db`. */
export function contextWithDatabase(
  db: Database,
  lastGood: LastGoodStore = memoryLastGoodStore(),
): RouterContextProvider {
  // The server's values for everything else, as a request to it gets them.
  const context = serverRequestContext();
  context.set(databaseContext, async () => db);
  context.set(lastGoodContentContext, lastGood);
  return context;
}

/**
 * `real` behind a switch: it answers until the outage starts, then every
 * query and transaction fails as an unreachable server does (or, for an
 * outage of `"transactions"`, only transactions: the database going away
 * between a request's first reads and its write). Each wrapper is a new
 * Database, so it starts with an empty content cache.
 */
export function databaseWithOutage(real: Database) {
  let down: "none" | "all" | "transactions" = "none";
  const refused = () => Promise.reject(new DatabaseUnavailableError("connection refused"));
  const database: Database = {
    ...real,
    query<Row extends object>(sql: string, params?: readonly SqlValue[]) {
      return down === "all" ? refused() : real.query<Row>(sql, params);
    },
    transaction<T>(work: (tx: Database) => Promise<T>) {
      return down === "none" ? real.transaction(work) : refused();
    },
  };
  return {
    database,
    startOutage: (what: "all" | "transactions" = "all") => void (down = what),
    endOutage: () => void (down = "none"),
  };
}
