import { createContext, data, type RouterContextProvider } from "react-router";
import { env } from "~/lib/env.server";
import { upcomingEvents, type PubEvent } from "~/lib/events";
import { log } from "~/lib/logger.server";
import type { MenuSection } from "~/lib/menu";
import { torontoDate, type OpeningSchedule } from "~/lib/opening-hours";
import type { SiteSettings } from "~/lib/site-settings";
import type { Special } from "~/lib/specials";
import type { VenuePackage, VenueSpace } from "~/lib/venue";
import { ContentCache } from "./content-cache.server";
import {
  getEvents,
  getMenu,
  getOpeningSchedule,
  getSiteSettings,
  getSpecials,
  getVenuePackages,
  getVenueSpaces,
} from "./content.server";
import { openDatabase, type Database } from "~/platform/database/database.server";
import { migrate, seedIfEmpty } from "~/platform/database/migrations.server";

let shared: Promise<Database> | undefined;

async function prepareDatabase(): Promise<Database> {
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDirectory: env.DATA_DIR });
  try {
    const applied = await migrate(db);
    for (const migration of applied)
      log.info(`Applied migration ${migration.version}_${migration.name}`);
    // Only the embedded database gets the sample content by itself; a server
    // database is seeded on purpose, with `npm run db:seed`.
    if (db.kind === "pglite" && (await seedIfEmpty(db))) log.info("Loaded the sample content");
    return db;
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/**
 * The server's database, opened, migrated (and, when embedded, seeded) on
 * first use. A failed attempt is forgotten, so the next call tries again.
 */
export function sharedDatabase(): Promise<Database> {
  shared ??= prepareDatabase().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

/** Closes the shared database if it was opened (on shutdown). */
export async function closeSharedDatabase(): Promise<void> {
  const open = shared;
  shared = undefined;
  if (open) await (await open.catch(() => null))?.close();
}

/** Where loaders get the database; tests give them their own. */
export const databaseContext = createContext<() => Promise<Database>>(sharedDatabase);

const caches = new WeakMap<Database, ContentCache>();

function cacheFor(db: Database): ContentCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ContentCache({
      onRefreshError(key, error) {
        log.error("Content refresh failed; serving the last good copy", { key, error });
      },
    });
    caches.set(db, cache);
  }
  return cache;
}

/** The content a page shows, read through the cache. */
export type SiteContent = {
  settings(): Promise<SiteSettings>;
  schedule(now: Date): Promise<OpeningSchedule>;
  menu(): Promise<MenuSection[]>;
  specials(now: Date): Promise<Special[]>;
  upcomingEvents(now: Date, limit?: number): Promise<PubEvent[]>;
  venueSpaces(): Promise<VenueSpace[]>;
  venuePackages(): Promise<VenuePackage[]>;
};

/**
 * The content readers for a request. When the database fails and no copy is
 * cached yet, the page answers 503 (and the error is logged) rather than
 * showing a half-empty page.
 */
export function siteContent(context: Readonly<RouterContextProvider>): SiteContent {
  const database = context.get(databaseContext);

  async function read<T>(key: string, load: (db: Database) => Promise<T>): Promise<T> {
    let db: Database;
    try {
      db = await database();
    } catch (error) {
      throw unavailable(error);
    }
    try {
      return await cacheFor(db).read(key, () => load(db));
    } catch (error) {
      throw unavailable(error);
    }
  }

  return {
    async settings() {
      const settings = await read("settings", getSiteSettings);
      if (!settings) throw unavailable(new Error("The site_settings table has no row"));
      return settings;
    },
    schedule(now) {
      const today = torontoDate(now);
      return read(`schedule:${today}`, (db) => getOpeningSchedule(db, today));
    },
    menu: () => read("menu", getMenu),
    specials(now) {
      const today = torontoDate(now);
      return read(`specials:${today}`, (db) => getSpecials(db, today));
    },
    async upcomingEvents(now, limit) {
      const today = torontoDate(now);
      const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      const events = await read(`events:${today}`, (db) => getEvents(db, since));
      return upcomingEvents(events, now, limit);
    },
    venueSpaces: () => read("venue-spaces", getVenueSpaces),
    venuePackages: () => read("venue-packages", getVenuePackages),
  };
}

function unavailable(error: unknown) {
  log.error("Content could not be read", { error });
  return data("The site's content is unavailable for a moment.", {
    status: 503,
    headers: { "Retry-After": "30" },
  });
}
