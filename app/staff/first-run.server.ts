import { readWeek } from "~/hours/editor/hours-editor.server";
import type { Database } from "~/platform/database/database.server";
import { getSiteSettings } from "~/settings/site-settings.server";
import { firstRunChecklist, type ChecklistItem, type PictureRow } from "./first-run";
import { sampleRowCounts } from "./editor/clean-slate.server";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";

/**
 * The published rows that show pictures, each kind in its editor's order;
 * events coming up before those that have passed, which fewer people see.
 */
async function rowsWithPictures(tx: Database): Promise<PictureRow[]> {
  const dishes = await tx.query<Omit<PictureRow, "kind">>(
    `select i.id::int as id, i.name, array[i.image_path] as paths
     from public.menu_items i join public.menu_sections s on s.id = i.section_id
     where i.published and i.image_path is not null
     order by s.sort_order, s.id, i.sort_order, i.id`,
  );
  const events = await tx.query<Omit<PictureRow, "kind">>(
    `select id::int as id, title as name, array[image_path] as paths
     from public.events
     where published and image_path is not null
     order by coalesce(ends_at, starts_at + interval '3 hours') < now(), starts_at, id`,
  );
  const spaces = await tx.query<Omit<PictureRow, "kind">>(
    `select id::int as id, name,
       array(select photo.value->>'path'
             from jsonb_array_elements(photos) with ordinality as photo
             order by photo.ordinality) as paths
     from public.venue_spaces
     where published
     order by sort_order, id`,
  );
  return [
    ...dishes.map((row) => ({ ...row, kind: "dish" as const })),
    ...events.map((row) => ({ ...row, kind: "event" as const })),
    ...spaces.map((row) => ({ ...row, kind: "space" as const })),
  ];
}

/**
 * The first-run checklist for the staff home (see first-run.ts), read as the
 * signed-in member: what of the sample content visitors still see.
 */
export async function sampleContentLeft(
  db: Database,
  claims: StaffClaims,
): Promise<ChecklistItem[]> {
  return withStaffClaims(db, claims, async (tx) => {
    const settings = await getSiteSettings(tx);
    return firstRunChecklist({
      settings: settings && { ...settings, heroImagePath: settings.heroImage?.path ?? null },
      week: await readWeek(tx),
      pictures: await rowsWithPictures(tx),
      sampleRows: await sampleRowCounts(tx),
    });
  });
}
