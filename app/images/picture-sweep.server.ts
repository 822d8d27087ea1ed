import type { ImageStore } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import { log } from "~/platform/logger.server";
import { UploadStoreError } from "~/platform/upload-store.server";
import { forgetUpload } from "./uploaded-source.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a picture is kept before the sweep may take it although nothing
 * uses it. An upload is stored before the item that shows it is saved (and
 * a form refused for another field keeps it for the next try), so a picture
 * younger than this may still be on its way onto a page.
 */
export const UNUSED_PICTURE_MIN_AGE_MS = 24 * HOUR_MS;

/**
 * The tables whose rows may name an uploaded picture, in any column: the
 * home picture (`site_settings.hero_image_path`), dishes' and events'
 * `image_path`, venue spaces' `photos` (JSON), and whatever column a content
 * table gains later. Every table in `public` is either here or in
 * `TABLES_WITHOUT_PICTURES`; a test holds the two lists to the catalog.
 */
export const TABLES_WITH_PICTURES = [
  "site_settings",
  "opening_hours",
  "hours_exceptions",
  "menu_sections",
  "menu_items",
  "specials",
  "events",
  "venue_spaces",
  "venue_packages",
  "page_texts",
] as const;

/**
 * The tables that name no picture a page could show. The audit log is read
 * too, but apart: its content rows count, its `pictures` rows (the upload's
 * own record) do not.
 */
export const TABLES_WITHOUT_PICTURES = [
  "questions",
  "audit_log",
  "pictures",
  "picture_bytes",
  "content_revision",
  "enquiries",
  "form_rate_limits",
  "outbox",
  "newsletter_subscribers",
  "newsletters",
  "newsletter_deliveries",
  "server_secrets",
  "staff",
  "staff_setup_codes",
] as const;

/** Anything shaped like an upload's path, wherever it stands in a row's text. */
const UPLOAD_PATH_IN_TEXT = String.raw`uploads/[0-9a-f]{16}\.[a-z]{3,4}`;

/**
 * Every uploaded picture's path that a row of content names, in any column
 * and at any depth of its JSON, or that the audit log names in an older or
 * newer version of a content row, so that a version shown in the recent
 * changes (or put back from them) never loses its picture. Throws when the
 * database cannot answer: nothing may be removed then.
 */
export async function picturePathsInUse(db: Database): Promise<Set<string>> {
  const documents = [
    ...TABLES_WITH_PICTURES.map((table) => `select to_jsonb(t)::text from public.${table} t`),
    `select concat(old_row::text, ' ', new_row::text) from public.audit_log
     where table_name <> 'pictures'`,
  ].join("\nunion all ");
  const rows = await db.query<{ path: string }>(
    `with documents (document) as (${documents}),
       naming as (select document from documents where strpos(document, 'uploads/') > 0)
     select distinct found[1] as path
     from naming, regexp_matches(naming.document, $1, 'g') as found`,
    [UPLOAD_PATH_IN_TEXT],
  );
  return new Set(rows.map((row) => row.path));
}

export type SweepResult = {
  /** Pictures whose bytes were removed from the store. */
  removed: string[];
  /** `pictures` rows deleted: those of the removed pictures, and old ones whose bytes were gone. */
  forgotten: string[];
};

/**
 * Removes uploaded pictures that no content names and that were stored
 * longer than `minimumAgeMs` ago: the bytes from the upload store, then
 * their `pictures` rows, so an editor's form kept open with one says it is
 * gone instead of saving a picture that cannot be shown. Such pictures are
 * left by an upload whose item was never saved (the post cut off, or the
 * form left after a refusal).
 *
 * Nothing is removed unless the store's list and the references were both
 * read. A picture saved again meanwhile is kept by the folder and the
 * database, which check the time as they remove. Several instances may
 * sweep at once: each removes what is still there, and says how many it
 * removed.
 */
export async function sweepUnusedPictures({
  database,
  images,
  now = new Date(),
  minimumAgeMs = UNUSED_PICTURE_MIN_AGE_MS,
}: {
  database: Database;
  images: ImageStore;
  now?: Date;
  minimumAgeMs?: number;
}): Promise<SweepResult> {
  const store = images.uploads;
  const savedBefore = new Date(now.getTime() - minimumAgeMs);
  const stored = await store.list();
  const inUse = await picturePathsInUse(database);
  const unused = stored
    .filter((picture) => picture.savedAt < savedBefore && !inUse.has(picture.path))
    .map((picture) => picture.path);

  let removed: string[] = [];
  if (unused.length > 0) {
    try {
      removed = await store.remove(unused, { savedBefore });
    } catch (error) {
      if (!(error instanceof UploadStoreError && error.reason === "refused")) throw error;
      log.warn(`${unused.length} ${pictures(unused.length)} no page uses could not be removed`, {
        store: store.description,
        reason: error.message,
      });
    }
  }

  // Rows of pictures whose bytes are no longer kept: just removed, or lost
  // earlier (a sweep cut off between the two steps). Never a row that
  // content names, nor one younger than the age (its bytes may be on their way).
  const removedNow = new Set(removed);
  const kept = stored.map((picture) => picture.path).filter((path) => !removedNow.has(path));
  const forgottenRows = await database.query<{ path: string }>(
    `delete from public.pictures
     where created_at < $1::timestamptz and not (path = any($2::text[]))
     returning path`,
    [savedBefore.toISOString(), [...inUse, ...kept]],
  );
  const forgotten = forgottenRows.map((row) => row.path);

  for (const path of new Set([...removed, ...forgotten])) await forgetUpload(images, path);
  log.info(`Removed ${removed.length} ${pictures(removed.length)} no page uses`, {
    store: store.description,
    ...(forgotten.length > removed.length ? { recordsWithoutBytes: forgotten.length } : {}),
  });
  return { removed, forgotten };
}

const pictures = (count: number) => (count === 1 ? "picture" : "pictures");

const DAY_MS = 24 * HOUR_MS;

/**
 * The daily sweep: soon after the start (without holding the start up) and
 * every day after. A failed run is logged and the next one tries again.
 * Returns a function that stops it.
 */
export function startDailyPictureSweep({
  database,
  images,
  firstAfterMs = 60_000,
  everyMs = DAY_MS,
}: {
  database: () => Promise<Database>;
  images: ImageStore;
  firstAfterMs?: number;
  everyMs?: number;
}): () => void {
  let timer: NodeJS.Timeout;
  const run = async () => {
    try {
      await sweepUnusedPictures({ database: await database(), images });
    } catch (error) {
      log.error("The sweep of unused pictures failed; it runs again tomorrow", { error });
    }
    timer = setTimeout(run, everyMs).unref();
  };
  timer = setTimeout(run, firstAfterMs).unref();
  return () => clearTimeout(timer);
}
