import type { SupabaseClient } from "@supabase/supabase-js";
import { createContext, type RouterContextProvider } from "react-router";
import type { AuthBackend } from "./auth-backend.server";
import type { Database } from "./database/database.server";
import type { FormProtection } from "./form-protection";
import type { LastGoodStore } from "./last-good-store.server";
import type { LiveStreams } from "./live/live-streams.server";
import type { UploadStore } from "./upload-store.server";

/**
 * Every value the server hands loaders, actions and middleware through React
 * Router's context, declared in one place by its type alone: this module
 * imports no implementation. The server sets each request's values where it
 * makes the request's context (`app/server/request-context.ts`); tests set
 * their own. A key without a default that nobody set throws when read.
 */

/** The CSP nonce of this response; every inline script must carry it. */
export const nonceContext = createContext<string>("");

/**
 * What a page's loaders tell the server about the page they render: the
 * whole interface between a route and the server's page cache. The server
 * (app/server/pipeline) gives each render its own; outside it (a test, a
 * render nobody keeps) the default below makes every value at once and
 * remembers nothing.
 */
export interface PageNotes {
  /** The page shows something that changes at `moment` (the open-now line, the next event). */
  changesAt(moment: Date | number): void;
  /**
   * The soonest moment noted so far by this render's loaders (ms since the
   * epoch), or null when none was: a loader that asks after its own reads
   * gets a moment no later than anything it showed, so the soonest of every
   * loader's answers is when the page changes.
   */
  soonestChange(): number | null;
  /**
   * A value each response needs its own of (a form's token, a script nonce):
   * made by `make()` now, or, in a page the server keeps, a mark filled in
   * afresh for each response.
   */
  freshEachTime(make: () => string): string;
  /**
   * The page differs between visitors only by its fresh values, so the
   * server may keep it (with holes) though shared caches may not (a form).
   */
  declarePerVisitorValuesOnly(): void;
  /**
   * Content the page shows was read at the content revision `revision` or
   * later; null when that is not known (a last good copy kept before
   * revisions were noted, or read when none was known).
   */
  contentReadAt(revision: string | null): void;
  /**
   * The oldest revision noted so far by this render's loaders (null when one
   * was not known), undefined when none was: the revision the page is true
   * to, whatever the revision is now.
   */
  oldestContent(): string | null | undefined;
}

/** The notes of this render. */
export const pageNotesContext = createContext<PageNotes>({
  changesAt() {},
  soonestChange: () => null,
  freshEachTime: (make) => make(),
  declarePerVisitorValuesOnly() {},
  contentReadAt() {},
  oldestContent: () => undefined,
});

/** Loaders showing something tied to the clock say when it next changes. */
export function pageChangesAt(context: Readonly<RouterContextProvider>, moment: Date | number) {
  context.get(pageNotesContext).changesAt(moment);
}

/**
 * When what this page shows next changes by the clock, as far as the loaders
 * that ran so far have said (an ISO instant; null when nothing changes): a
 * loader returns it after its reads, so an open page can revalidate itself
 * at that moment (see `app/site/live-updates.tsx`).
 */
export function pageNextChange(context: Readonly<RouterContextProvider>): string | null {
  const soonest = context.get(pageNotesContext).soonestChange();
  return soonest === null ? null : new Date(soonest).toISOString();
}

/** Loaders showing content say which content revision it was read at. */
export function pageContentReadAt(
  context: Readonly<RouterContextProvider>,
  revision: string | null,
) {
  context.get(pageNotesContext).contentReadAt(revision);
}

/** What a page loader returns about how long, and to what, the page is true. */
export type PageFreshness = {
  /** When what it shows next changes by the clock (an ISO instant), or null. */
  nextChangeAt: string | null;
  /**
   * The content revision its content was read at, the oldest of its reads
   * so far (null when one was not known); absent when it read none.
   */
  contentRevision?: string | null;
};

/**
 * Returned by every page loader after its reads: when the page next changes
 * by the clock (`pageNextChange`) and the revision of the content it read.
 * An open page takes the soonest change and the oldest revision any of its
 * loaders returned, so one loader that had to show a last good copy while
 * the revision had moved makes the page ask again (see
 * `app/platform/live/live-updates.tsx`).
 */
export function pageFreshness(context: Readonly<RouterContextProvider>): PageFreshness {
  const oldest = context.get(pageNotesContext).oldestContent();
  return {
    nextChangeAt: pageNextChange(context),
    ...(oldest !== undefined && { contentRevision: oldest }),
  };
}

/**
 * The address of the client that sent the request, as the server saw it
 * (or as a trusted proxy reported it). Null when the host does not provide it,
 * for instance under the development server.
 */
export const clientAddressContext = createContext<string | null>(null);

/**
 * The last good copy of the content, kept in DATA_DIR: pages fall back to it
 * when the database cannot answer and nothing is cached in memory yet.
 */
export const lastGoodContentContext = createContext<LastGoodStore>();

/** Where loaders get the database; tests give them their own. */
export const databaseContext = createContext<() => Promise<Database>>();

/**
 * The process's live streams (`GET /live`) and what they know of the
 * content revision; null where nothing is live (a test that sets none).
 */
export const liveContext = createContext<LiveStreams | null>(null);

/** How the public forms are guarded: Turnstile when its keys are set, and rate limits. */
export const formProtectionContext = createContext<FormProtection>();

export type ImageStore = {
  /** The folder source images are read from; nothing outside it is ever served. */
  sourceDirectory: string;
  /**
   * Where rendered variants are kept between requests and restarts, and
   * local copies of uploaded pictures for rendering (under `uploads/`).
   */
  cacheDirectory: string;
  /**
   * The most bytes of rendered variants the cache keeps (512 MB when not
   * given); past it the least recently served are deleted.
   */
  cacheMaxBytes?: number;
  /** Where staff's uploaded pictures (paths under `uploads/`) are kept. */
  uploads: UploadStore;
};

/** The production server points this at the build's copy of public/images. */
export const imageStoreContext = createContext<ImageStore>();

/** Where staff sign in: the Supabase project, or the embedded service. */
export const authBackendContext = createContext<() => Promise<AuthBackend>>();

/** A staff request's Supabase client, made by the staff area's middleware. */
export const supabaseContext = createContext<SupabaseClient | null>(null);

/** The verified claims of a staff request's session; null for someone not signed in. */
export type SessionClaims = {
  sub: string;
  email?: string;
  role: "authenticated";
  session_id?: string;
  exp: number;
  [claim: string]: unknown;
};

export const sessionClaimsContext = createContext<SessionClaims | null>(null);

/**
 * Set on a post when the staff list could not be read: the session is
 * signed, but whether its holder is still staff is not known, so nothing
 * may act as staff (see `staffClaims`).
 */
export const staffMembershipUnconfirmedContext = createContext<boolean>(false);

/**
 * Set by the server when it renders a page for a request the page does not
 * take (a post to a page without a form): the page's own GET is rendered, so
 * its error view has the site's header, footer and the visitor's theme, and
 * the site layout answers with this status (405) in place of the page.
 */
export const refusedRequestContext = createContext<{ status: number } | null>(null);
