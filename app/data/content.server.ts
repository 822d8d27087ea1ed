import type { ContentImage } from "~/lib/content-image";
import type { EventStatus, PubEvent } from "~/lib/events";
import type { Allergen, Badge, DietaryTag, MenuItem, MenuSection } from "~/lib/menu";
import type { HoursException, OpeningSchedule, Weekday, WeeklyHours } from "~/lib/opening-hours";
import type { SiteSettings, SocialLink } from "~/lib/site-settings";
import type { Special } from "~/lib/specials";
import type { VenuePackage, VenueSpace } from "~/lib/venue";
import type { Database } from "~/platform/database/database.server";

// Each function is one or two parameterised queries that cast what they
// select, so both drivers hand back the same plain values.

const HHMM = (column: string) => `to_char(${column}, 'HH24:MI')`;

function image(path: string | null, alt: string): ContentImage | null {
  return path ? { path, alt } : null;
}

export async function getSiteSettings(db: Database): Promise<SiteSettings | null> {
  const [row] = await db.query<SiteSettings>(`
    select name, tagline, description,
      street_address as "streetAddress", locality, region, postal_code as "postalCode", country,
      latitude::float8 as latitude, longitude::float8 as longitude,
      phone, email, price_range as "priceRange", cuisines,
      accepts_reservations as "acceptsReservations",
      reservation_url as "reservationUrl", ordering_url as "orderingUrl",
      social_links::text as "socialLinks",
      transit_note as "transitNote", parking_note as "parkingNote",
      accessibility_note as "accessibilityNote"
    from public.site_settings
    limit 1`);
  if (!row) return null;
  return { ...row, socialLinks: JSON.parse(row.socialLinks as unknown as string) as SocialLink[] };
}

type ExceptionRow = {
  startsOn: string;
  endsOn: string;
  closed: boolean;
  opensAt: string | null;
  closesAt: string | null;
  kitchenClosesAt: string | null;
  note: string;
};

/**
 * The weekly hours and the exceptions that are not over yet. `today` is the
 * pub's local date ("YYYY-MM-DD"); yesterday's exceptions are kept because a
 * night that opened then may still be running.
 */
export async function getOpeningSchedule(db: Database, today: string): Promise<OpeningSchedule> {
  const [weekly, exceptions] = await Promise.all([
    db.query<WeeklyHours>(`
      select weekday::int as weekday, ${HHMM("opens_at")} as "opensAt",
        ${HHMM("closes_at")} as "closesAt", ${HHMM("kitchen_closes_at")} as "kitchenClosesAt"
      from public.opening_hours
      order by weekday`),
    db.query<ExceptionRow>(
      `
      select starts_on::text as "startsOn", ends_on::text as "endsOn", closed,
        ${HHMM("opens_at")} as "opensAt", ${HHMM("closes_at")} as "closesAt",
        ${HHMM("kitchen_closes_at")} as "kitchenClosesAt", note
      from public.hours_exceptions
      where ends_on >= $1::date - 1
      order by starts_on, id`,
      [today],
    ),
  ]);
  return {
    weekly: weekly.map((row) => ({ ...row, weekday: row.weekday as Weekday })),
    exceptions: exceptions.map(toHoursException),
  };
}

function toHoursException(row: ExceptionRow): HoursException {
  const dates = { startsOn: row.startsOn, endsOn: row.endsOn, note: row.note };
  if (row.closed || !row.opensAt || !row.closesAt) return { ...dates, closed: true };
  return {
    ...dates,
    closed: false,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    kitchenClosesAt: row.kitchenClosesAt,
  };
}

type MenuItemRow = Omit<MenuItem, "image"> & {
  sectionId: number;
  imagePath: string | null;
  imageAlt: string;
};

/** The published menu: sections in order, each with its published items in order. */
export async function getMenu(db: Database): Promise<MenuSection[]> {
  const [sections, items] = await Promise.all([
    db.query<Omit<MenuSection, "items">>(`
      select id::int as id, slug, name, description, note
      from public.menu_sections
      where published
      order by sort_order, id`),
    db.query<MenuItemRow>(`
      select i.id::int as id, i.section_id::int as "sectionId", i.name, i.description,
        i.price_cents as "priceCents", i.portion,
        i.dietary_tags as "dietaryTags", i.allergens, i.badges, i.available, i.featured,
        i.image_path as "imagePath", i.image_alt as "imageAlt"
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
      image: image(imagePath, imageAlt),
    });
  }
  return sections.map((section) => ({ ...section, items: bySection.get(section.id) ?? [] }));
}

/** Published specials that have not ended before `today` ("YYYY-MM-DD"). */
export async function getSpecials(db: Database, today: string): Promise<Special[]> {
  const rows = await db.query<Special>(
    `
    select id::int as id, title, description, price_cents as "priceCents",
      weekday::int as weekday, starts_on::text as "startsOn", ends_on::text as "endsOn",
      ${HHMM("starts_at")} as "startsAt", ${HHMM("ends_at")} as "endsAt"
    from public.specials
    where published and coalesce(ends_on, starts_on, $1::date) >= $1::date
    order by sort_order, id`,
    [today],
  );
  return rows.map((row) => ({ ...row, weekday: row.weekday as Weekday | null }));
}

type EventRow = Omit<PubEvent, "image"> & { imagePath: string | null; imageAlt: string };

/** Published events that end after `since` (an instant), soonest first. */
export async function getEvents(db: Database, since: Date, limit = 50): Promise<PubEvent[]> {
  const rows = await db.query<EventRow>(
    `
    select id::int as id, slug, title, summary, description,
      to_json(starts_at)#>>'{}' as "startsAt", to_json(ends_at)#>>'{}' as "endsAt",
      status, price_cents as "priceCents",
      image_path as "imagePath", image_alt as "imageAlt"
    from public.events
    where published and coalesce(ends_at, starts_at + interval '3 hours') > $1::timestamptz
    order by starts_at, id
    limit $2`,
    [since.toISOString(), limit],
  );
  return rows.map(({ imagePath, imageAlt, ...event }) => ({
    ...event,
    startsAt: new Date(event.startsAt).toISOString(),
    endsAt: event.endsAt ? new Date(event.endsAt).toISOString() : null,
    status: event.status as EventStatus,
    image: image(imagePath, imageAlt),
  }));
}

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

function parsePhotos(json: string): ContentImage[] {
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

/** For the health check: answers within the query time-out, or throws. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.query("select 1");
}
