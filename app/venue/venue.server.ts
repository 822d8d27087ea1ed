import type { ContentImage } from "~/images/content-image";
import type { Database } from "~/platform/database/database.server";
import type { VenuePackage, VenueSpace } from "./venue";

// One or two parameterised queries that cast what they select, so both
// drivers hand back the same plain values.

type SpaceRow = Omit<VenueSpace, "photos"> & { photos: string };

export async function getVenueSpaces(db: Database): Promise<VenueSpace[]> {
  const rows = await db.query<SpaceRow>(`
    select id::int as id, slug, name, summary, description,
      seated_capacity as "seatedCapacity", standing_capacity as "standingCapacity",
      features, step_free as "stepFree", accessibility_note as "accessibilityNote",
      photos::text as photos
    from public.venue_spaces
    where published
    order by sort_order, id`);
  return rows.map((row) => ({ ...row, photos: parsePhotos(row.photos) }));
}

/** A space's photos column as pictures with alt text (entries without either are dropped). */
export function parsePhotos(json: string): ContentImage[] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { path, alt } = (entry ?? {}) as { path?: unknown; alt?: unknown };
    return typeof path === "string" && typeof alt === "string" && alt ? [{ path, alt }] : [];
  });
}

export async function getVenuePackages(db: Database): Promise<VenuePackage[]> {
  return db.query<VenuePackage>(`
    select id::int as id, name, description, price_cents as "priceCents",
      price_unit as "priceUnit", minimum_guests as "minimumGuests", includes
    from public.venue_packages
    where published
    order by sort_order, id`);
}
