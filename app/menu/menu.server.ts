import { contentImage } from "~/images/content-image";
import type { Database } from "~/platform/database/database.server";
import type { Allergen, Badge, DietaryTag, MenuItem, MenuSection } from "./menu";

// One or two parameterised queries that cast what they select, so both
// drivers hand back the same plain values.

type MenuItemRow = Omit<MenuItem, "image"> & {
  sectionId: number;
  imagePath: string | null;
  imageAlt: string;
};

/**
 * The published menu: sections in order, each with its published items in
 * order, availability as stored and each dish's event day (`menuAt` reads
 * them for a moment).
 */
export async function getMenu(db: Database): Promise<MenuSection[]> {
  const [sections, items] = await Promise.all([
    db.query<Omit<MenuSection, "items">>(`
      select id::int as id, slug, name, description, note, may_contain as "mayContain"
      from public.menu_sections
      where published
      order by sort_order, id`),
    db.query<MenuItemRow>(`
      select i.id::int as id, i.section_id::int as "sectionId", i.name, i.description,
        i.price_cents as "priceCents", i.portion,
        i.dietary_tags as "dietaryTags", i.allergens, i.badges, i.available,
        to_char(i.unavailable_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "unavailableUntil",
        i.featured, i.image_path as "imagePath", i.image_alt as "imageAlt",
        i.event_id::int as "eventId",
        (select to_char(e.starts_at at time zone 'America/Toronto', 'YYYY-MM-DD')
         from public.events e
         where e.id = i.event_id and e.published and e.status not in ('cancelled', 'postponed')) as "eventDay"
      from public.menu_items i
      join public.menu_sections s on s.id = i.section_id
      where i.published and s.published
      order by i.sort_order, i.id`),
  ]);
  const bySection = new Map<number, MenuItem[]>(sections.map((section) => [section.id, []]));
  for (const { sectionId, imagePath, imageAlt, ...item } of items) {
    bySection.get(sectionId)?.push({
      ...item,
      dietaryTags: item.dietaryTags as DietaryTag[],
      allergens: item.allergens as Allergen[],
      badges: item.badges as Badge[],
      image: contentImage(imagePath, imageAlt),
    });
  }
  return sections.map((section) => ({
    ...section,
    mayContain: section.mayContain as Allergen[],
    items: bySection.get(section.id) ?? [],
  }));
}
