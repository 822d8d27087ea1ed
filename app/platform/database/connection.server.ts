import { env } from "~/platform/env.server";
import { log } from "~/platform/logger.server";
import { openDatabase, type Database } from "./database.server";
import { migrate, seedIfEmpty } from "./migrations.server";
import { withOutageBreaker } from "./outage-breaker.server";

let shared: Promise<Database> | undefined;
let pgliteTemplate: string | undefined;

/**
 * The empty embedded database the build made, for a first start to copy
 * instead of creating one (see `openPGlite`). Set before the first use.
 */
export function setPGliteTemplate(directory: string): void {
  pgliteTemplate = directory;
}

async function prepareDatabase(): Promise<Database> {
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    listenUrl: env.LIVE_LISTEN_DATABASE_URL,
    dataDirectory: env.DATA_DIR,
    pgliteTemplate: pgliteTemplate
      ? {
          directory: pgliteTemplate,
          onCopied: () => log.info("Made the embedded database from the build's empty one"),
        }
      : undefined,
  });
  try {
    const applied = await migrate(db);
    for (const migration of applied)
      log.info(`Applied migration ${migration.version}_${migration.name}`);
    // Only the embedded database gets the sample content by itself; a server
    // database is seeded on purpose, with `npm run db:seed`.
    if (db.kind === "pglite" && (await seedIfEmpty(db))) log.info("Loaded the sample content");
    return withOutageBreaker(db, {
      onChange(state, error) {
        if (state === "down") {
          log.error("The database is out of reach; answering from what is kept until it is back", {
            error,
          });
        } else log.info("The database answers again");
      },
    });
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/** After a failed attempt, how long calls fail at once instead of trying again. */
export const RETRY_AFTER_FAILURE_MS = 5_000;
let failed: { error: unknown; until: number } | undefined;

/**
 * The server's database, opened, migrated (and, when embedded, seeded) on
 * first use. A failed attempt is remembered for RETRY_AFTER_FAILURE_MS, so
 * that during an outage pages fall back to what they have at once instead of
 * each waiting for a connection to time out; the next call after that tries
 * again.
 */
export function sharedDatabase(): Promise<Database> {
  if (!shared && failed && Date.now() < failed.until) return Promise.reject(failed.error);
  shared ??= prepareDatabase().then(
    (db) => {
      failed = undefined;
      return db;
    },
    (error: unknown) => {
      shared = undefined;
      failed = { error, until: Date.now() + RETRY_AFTER_FAILURE_MS };
      throw error;
    },
  );
  return shared;
}

/** Closes the shared database if it was opened (on shutdown). */
export async function closeSharedDatabase(): Promise<void> {
  const open = shared;
  shared = undefined;
  if (open) await (await open.catch(() => null))?.close();
}
