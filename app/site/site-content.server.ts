import { data, type RouterContextProvider } from "react-router";
import { eventEnd, isEventSlug, upcomingEvents, type PubEvent } from "~/events/events";
import { log } from "~/platform/logger.server";
import { menuAt, menuChangesAfter, type MenuSection } from "~/menu/menu";
import { nextHoursChange, type OpeningSchedule } from "~/hours/opening-hours";
import { torontoDate } from "~/platform/clock/toronto-time";
import type { SiteSettings } from "~/settings/site-settings";
import { specialsChangeAfter, type Special } from "~/specials/specials";
import type { VenuePackage, VenueSpace } from "~/venue/venue";
import type { Question } from "~/about/questions";
import { getQuestions } from "~/about/questions.server";
import type { PageTexts } from "~/pages/page-texts";
import { getPageTexts } from "~/pages/page-texts.server";
import { ContentCache } from "./content-cache.server";
import { contentChangedAt, contentRevisionOf } from "~/platform/live/content-revision.server";
import { getEventBySlug, getEvents } from "~/events/events.server";
import { getOpeningSchedule } from "~/hours/hours.server";
import { getMenu } from "~/menu/menu.server";
import { getSpecials } from "~/specials/specials.server";
import { getVenuePackages, getVenueSpaces } from "~/venue/venue.server";
import { getSiteSettings } from "~/settings/site-settings.server";
import {
  databaseContext,
  lastGoodContentContext,
  pageChangesAt,
  pageContentReadAt,
} from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import type { LastGoodStore } from "~/platform/last-good-store.server";

const caches = new WeakMap<Database, ContentCache>();

function cacheFor(db: Database): ContentCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ContentCache({
      revision: contentRevisionOf(db),
      onRefreshError(key, error) {
        log.error("Content refresh failed; serving the last good copy", { key, error });
      },
    });
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The revision of the content pages are being rendered from (asked of the
 * database at most once a second): pages rendered at one revision may be
 * served until it moves. Undefined while the database cannot say, so
 * nothing is kept under a revision that may be wrong.
 */
export async function renderedRevision(
  database: () => Promise<Database>,
): Promise<string | undefined> {
  try {
    return await contentRevisionOf(await database()).current();
  } catch {
    return undefined;
  }
}

/** The content a page shows, read through the cache. */
export type SiteContent = {
  settings(): Promise<SiteSettings>;
  schedule(now: Date): Promise<OpeningSchedule>;
  /** The menu as it stands at `now` (what is out for the day comes back at the pub's 4 am). */
  menu(now: Date): Promise<MenuSection[]>;
  specials(now: Date): Promise<Special[]>;
  upcomingEvents(now: Date, limit?: number): Promise<PubEvent[]>;
  /** A published event by its slug, and whether it is over at `now`; null when there is none. */
  event(slug: string, now: Date): Promise<{ event: PubEvent; over: boolean } | null>;
  venueSpaces(): Promise<VenueSpace[]>;
  venuePackages(): Promise<VenuePackage[]>;
  /** The questions people ask, with the pub's answers, in their order. */
  questions(): Promise<Question[]>;
  /** Every page's words besides its dishes, specials and events (page_texts). */
  pageTexts(): Promise<PageTexts>;
  /** When the content last changed (the content revision's time), as an ISO instant. */
  changedAt(): Promise<string>;
};

/**
 * The content readers for a request. When the database fails and no copy is
 * cached yet, the page answers 503 (and the error is logged) rather than
 * showing a half-empty page.
 */
export function siteContent(context: Readonly<RouterContextProvider>): SiteContent {
  const database = context.get(databaseContext);
  const lastGood = context.get(lastGoodContentContext);

  /**
   * Through the cache; each good read is also kept in DATA_DIR. When the
   * database cannot answer and nothing is cached, the last good copy is
   * served: the same key's, or for a day's content the latest day's.
   */
  async function read<T>(key: string, load: (db: Database) => Promise<T>): Promise<T> {
    try {
      const db = await database();
      const { value, revision } = await cacheFor(db).read(key, async (at) => {
        const loaded = await load(db);
        for (const kept of [key, familyOf(key)]) {
          lastGood.set(kept, loaded);
          lastGood.set(revisionKey(kept), at ?? null);
        }
        return loaded;
      });
      pageContentReadAt(context, revision ?? null);
      return value;
    } catch (error) {
      const kept = [key, familyOf(key)].find((candidate) => lastGood.get(candidate) !== undefined);
      if (kept !== undefined) {
        log.warn("Content could not be read; serving the last good copy", { key, error });
        // The page is as old as this copy: it says so, and is asked for again.
        const revision = lastGood.get(revisionKey(kept));
        pageContentReadAt(context, typeof revision === "string" ? revision : null);
        return lastGood.get(kept) as T;
      }
      throw unavailable(error);
    }
  }

  /** A read of its own, never cached, at least as new as the revision known as it starts. */
  async function lookUp(slug: string): Promise<PubEvent | null> {
    try {
      const db = await database();
      const at = contentRevisionOf(db).known ?? null;
      const event = await getEventBySlug(db, slug);
      pageContentReadAt(context, at);
      return event;
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
    async schedule(now) {
      const today = torontoDate(now);
      const schedule = await read(`schedule:${today}`, (db) => getOpeningSchedule(db, today));
      pageChangesAt(context, nextHoursChange(now, schedule));
      return schedule;
    },
    async menu(now) {
      const menu = await read("menu", getMenu);
      // A dish out for the day comes back by itself: the page changes then.
      for (const moment of menuChangesAfter(menu, now)) pageChangesAt(context, moment);
      return menuAt(menu, now);
    },
    async specials(now) {
      const today = torontoDate(now);
      const specials = await read(`specials:${today}`, (db) => getSpecials(db, today));
      // Today's list changes when a special's time is over ("Ended at 6 pm").
      for (const end of specialsChangeAfter(now, specials)) pageChangesAt(context, end);
      return specials;
    },
    async upcomingEvents(now, limit) {
      const today = torontoDate(now);
      const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      const events = await read(`events:${today}`, (db) => getEvents(db, since));
      // The list moves on when one of them ends.
      for (const event of events) {
        const end = eventEnd(event);
        if (end > now) pageChangesAt(context, end);
      }
      return upcomingEvents(events, now, limit);
    },
    async event(slug, now) {
      if (!isEventSlug(slug)) return null;
      // Most asked for are in the day's list of events, read once for every
      // page. Any other slug (an old event, a mistyped link) is looked up on
      // its own and never cached, so made-up addresses cannot fill the cache.
      const today = torontoDate(now);
      const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      const listed = await read(`events:${today}`, (db) => getEvents(db, since));
      const event = listed.find((candidate) => candidate.slug === slug) ?? (await lookUp(slug));
      if (!event) return null;
      const end = eventEnd(event);
      if (end > now) pageChangesAt(context, end);
      return { event, over: end <= now };
    },
    venueSpaces: () => read("venue-spaces", getVenueSpaces),
    venuePackages: () => read("venue-packages", getVenuePackages),
    questions: () => read("questions", getQuestions),
    pageTexts: () => read("page-texts", getPageTexts),
    changedAt: () => read("changed-at", contentChangedAt),
  };
}

/**
 * Whether pages can be served from the last good copy alone, the database
 * out of reach: every page shows the site's settings (name, address, hours
 * in the footer), so without them none can be.
 */
export function servesWithoutDatabase(lastGood: LastGoodStore): boolean {
  return lastGood.get("settings") !== undefined;
}

/** Where the revision a last good copy was read at is kept, beside it. */
function revisionKey(key: string): string {
  return `${key}@revision`;
}

/** "schedule:2026-11-24" belongs to "schedule:latest-day"; a key without a day is its own. */
function familyOf(key: string): string {
  const [name, day] = key.split(":", 2);
  return day ? `${name}:latest-day` : key;
}

function unavailable(error: unknown) {
  log.error("Content could not be read", { error });
  return data("The site's content is unavailable for a moment.", {
    status: 503,
    headers: { "Retry-After": "30" },
  });
}

/**
 * Reads what every public page shows, for today, through the content cache
 * (and so into the last good copy), so the first visitors after a start do
 * not wait for the database. Failures are the caller's.
 */
export async function warmSiteContent(context: Readonly<RouterContextProvider>): Promise<void> {
  const content = siteContent(context);
  const now = new Date();
  await Promise.all([
    content.settings(),
    content.schedule(now),
    content.menu(now),
    content.specials(now),
    content.upcomingEvents(now),
    content.venueSpaces(),
    content.venuePackages(),
    content.questions(),
    content.pageTexts(),
  ]);
}
