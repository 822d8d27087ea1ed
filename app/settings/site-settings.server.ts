import { contentImage } from "~/images/content-image";
import type { Database } from "~/platform/database/database.server";
import type { SiteSettings, SocialLink } from "./site-settings";

// One or two parameterised queries that cast what they select, so both
// drivers hand back the same plain values.

export async function getSiteSettings(db: Database): Promise<SiteSettings | null> {
  const [row] = await db.query<
    Omit<SiteSettings, "heroImage"> & { heroImagePath: string | null; heroImageAlt: string }
  >(`
    select name, coalesce(nullif(short_name, ''), name) as "shortName", tagline, description,
      street_address as "streetAddress", locality, region, postal_code as "postalCode", country,
      latitude::float8 as latitude, longitude::float8 as longitude,
      phone, email, price_range as "priceRange", cuisines,
      accepts_reservations as "acceptsReservations",
      reservation_url as "reservationUrl", ordering_url as "orderingUrl",
      social_links::text as "socialLinks",
      transit_note as "transitNote", parking_note as "parkingNote",
      accessibility_note as "accessibilityNote",
      hero_image_path as "heroImagePath", hero_image_alt as "heroImageAlt"
    from public.site_settings
    limit 1`);
  if (!row) return null;
  const { heroImagePath, heroImageAlt, ...settings } = row;
  return {
    ...settings,
    socialLinks: JSON.parse(row.socialLinks as unknown as string) as SocialLink[],
    heroImage: contentImage(heroImagePath, heroImageAlt),
  };
}
