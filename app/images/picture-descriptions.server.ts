import type { Database } from "~/platform/database/database.server";

/**
 * A picture's description belongs to the picture: every row showing it
 * (a dish, an event, a venue space's photo, a page, the home page) has the
 * same one. Gives `description` to every row showing the picture at `path`
 * whose description differs, as the staff member saving it (their row level
 * security, and their name in the recent changes); how many rows changed.
 * Run inside the transaction that saves the row the description was typed on.
 */
export async function describePicture(
  tx: Database,
  path: string,
  description: string,
): Promise<number> {
  const [row] = await tx.query<{ changed: number }>(
    "select public.describe_picture($1, $2) as changed",
    [path, description],
  );
  return row?.changed ?? 0;
}

/** Every picture shown on the site, and each description it is shown with: one row per row showing it. */
const SHOWN = `
       select image_path as path, image_alt as description, 'menu_items' as shown_by,
         id::text as key
         from public.menu_items where image_path is not null
       union all
       select image_path, image_alt, 'events', id::text
         from public.events where image_path is not null
       union all
       select image_path, image_alt, 'page_texts', id::text
         from public.page_texts where image_path is not null
       union all
       select hero_image_path, hero_image_alt, 'site_settings', id::text
         from public.site_settings where hero_image_path is not null
       union all
       select photo ->> 'path', photo ->> 'alt', 'venue_spaces', id::text
         from public.venue_spaces, jsonb_array_elements(photos) as listed (photo)`;

/** Every picture shown on the site and each description it is shown with, one row per row showing it. */
export async function pictureDescriptionsInUse(
  db: Database,
): Promise<{ path: string; description: string; shownBy: string }[]> {
  return db.query(
    `select path, description, shown_by as "shownBy" from (${SHOWN}) as shown
     order by path, description, shown_by`,
  );
}

/** How many rows show the picture at `path` with another description than `description`. */
export async function rowsDescribingOtherwise(
  db: Database,
  path: string,
  description: string,
): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from (${SHOWN}) as shown
     where path = $1 and description is distinct from $2`,
    [path, description],
  );
  return row?.count ?? 0;
}

/**
 * Holds the pictures at `paths` until the transaction ends: two saves of rows
 * showing the same picture then describe it one after the other, rather than
 * each waiting for the row the other holds (a deadlock). Taken in one order,
 * so two saves of several pictures cannot wait for each other either.
 */
export async function holdPictures(tx: Database, paths: readonly string[]): Promise<void> {
  for (const path of [...new Set(paths)].sort()) {
    await tx.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [`picture:${path}`]);
  }
}

/**
 * Gives each picture one row shows (`table`'s row `key`, as the audit log
 * names it) its description there, wherever else the picture is shown: for a
 * row put back by an undo, so the words it had go with its picture again.
 */
export async function describeRowPictures(tx: Database, table: string, key: string): Promise<void> {
  const shown = await tx.query<{ path: string; description: string }>(
    `select path, description from (${SHOWN}) as shown
     where shown_by = $1 and key = $2 and description <> ''`,
    [table, key],
  );
  for (const { path, description } of shown) await describePicture(tx, path, description);
}
