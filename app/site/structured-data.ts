/**
 * schema.org JSON-LD for search engines: the pub as a Restaurant and its
 * events (its menu is in menu-structured-data.ts, which only the menu page
 * loads). Pure functions of the content the pages already show, so what
 * crawlers read never disagrees with what visitors see.
 */
import type { ContentImage } from "~/images/content-image";
import { eventPath, type PubEvent } from "~/events/events";
import type { OpeningSchedule, WeeklyHours } from "~/hours/opening-hours";
import { torontoIsoDateTime, type Weekday } from "~/platform/clock/toronto-time";
import { priceAmount } from "~/platform/money";
import { telephoneHref, type SiteSettings } from "~/settings/site-settings";
import { shareCardPath } from "./share-card";

export const SCHEMA = "https://schema.org";

/** Builds an item's or event's absolute image URL; undefined when it has none to offer. */
export type ImageUrlFor = (image: ContentImage) => string | undefined;

/** A URL the page gives (a path, or one already whole) made absolute on the site's origin. */
export function absolute(path: string, origin: string): string {
  return new URL(path, origin).href;
}

export function restaurantId(origin: string): string {
  return absolute("/#restaurant", origin);
}

/** A whole Canadian postal code, "N6A 1B2"; the settings also take the first half alone. */
const FULL_POSTAL_CODE = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i;

/**
 * The pub's address from the settings: the street line as staff keep it
 * (number and street), the postal code only when it is whole, since a
 * partial one ("N6A") is no address a map can find.
 */
function postalAddress(settings: SiteSettings) {
  return {
    "@type": "PostalAddress",
    streetAddress: settings.streetAddress,
    addressLocality: settings.locality,
    addressRegion: settings.region,
    ...(FULL_POSTAL_CODE.test(settings.postalCode.trim())
      ? { postalCode: settings.postalCode.trim().toUpperCase() }
      : {}),
    addressCountry: settings.country,
  };
}

/**
 * Whether a link is on a host kept for examples (RFC 2606 and 6761):
 * example.com, .net and .org and their subdomains, and the .example, .test,
 * .invalid and .localhost names. Such a link is sample content, never the
 * pub's own profile.
 */
export function isExampleLink(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return true;
  }
  return (
    /(^|\.)example\.(com|net|org)$/.test(host) ||
    /(^|\.)(example|test|invalid|localhost)$/.test(host) ||
    host === "localhost"
  );
}

// Monday first, as people read a week of hours.
const WEEK_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const DAY_URLS: Record<Weekday, string> = {
  0: `${SCHEMA}/Sunday`,
  1: `${SCHEMA}/Monday`,
  2: `${SCHEMA}/Tuesday`,
  3: `${SCHEMA}/Wednesday`,
  4: `${SCHEMA}/Thursday`,
  5: `${SCHEMA}/Friday`,
  6: `${SCHEMA}/Saturday`,
};

export type OpeningHoursSpecification = {
  "@type": "OpeningHoursSpecification";
  dayOfWeek?: string[];
  opens: string;
  closes: string;
  validFrom?: string;
  validThrough?: string;
};

/** Days with the same opening and closing times share one entry (kitchen hours are not part of it). */
function weeklySpecifications(weekly: readonly WeeklyHours[]): OpeningHoursSpecification[] {
  const byHours = new Map<string, OpeningHoursSpecification & { dayOfWeek: string[] }>();
  for (const weekday of WEEK_ORDER) {
    const row = weekly.find((hours) => hours.weekday === weekday);
    if (!row) continue;
    const key = `${row.opensAt}-${row.closesAt}`;
    const entry = byHours.get(key) ?? {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: [],
      opens: row.opensAt,
      closes: row.closesAt,
    };
    entry.dayOfWeek.push(DAY_URLS[weekday]);
    byHours.set(key, entry);
  }
  return [...byHours.values()];
}

/**
 * Holiday closures and special hours not over by `today`. A closed day is
 * opens and closes "00:00", which is how Google documents "closed all day".
 */
function exceptionSpecifications(
  exceptions: OpeningSchedule["exceptions"],
  today: string,
): OpeningHoursSpecification[] {
  return exceptions
    .filter(({ endsOn }) => endsOn >= today)
    .map((exception) => ({
      "@type": "OpeningHoursSpecification",
      opens: exception.closed ? "00:00" : exception.opensAt,
      closes: exception.closed ? "00:00" : exception.closesAt,
      validFrom: exception.startsOn,
      validThrough: exception.endsOn,
    }));
}

export type RestaurantJsonLdInput = {
  settings: SiteSettings;
  /** The schedule the page shows. */
  schedule: OpeningSchedule;
  /** The site's public origin, e.g. "https://example.com". */
  origin: string;
  /** The pub's local date ("YYYY-MM-DD", `torontoDate(now)`): exceptions ending before it are left out. */
  today: string;
  menuPath?: string;
  /**
   * The home page's picture in the shapes search engines ask for
   * (`searchImageUrls`), relative URLs made absolute here; empty or left
   * out when there is none, and the share card stands in.
   */
  imageUrls?: readonly string[];
};

export function restaurantJsonLd({
  settings,
  schedule,
  origin,
  today,
  menuPath = "/menu",
  imageUrls = [],
}: RestaurantJsonLdInput) {
  const reservationUrl =
    settings.acceptsReservations && settings.reservationUrl
      ? absolute(settings.reservationUrl, origin)
      : null;
  // Only the profiles staff set: the sample's links on example domains say nothing of the pub.
  const sameAs = settings.socialLinks.map((link) => link.url).filter((url) => !isExampleLink(url));
  return {
    "@context": SCHEMA,
    "@type": "Restaurant",
    "@id": restaurantId(origin),
    name: settings.name,
    description: settings.description,
    url: absolute("/", origin),
    // The same international form the page's tel: links dial.
    telephone: telephoneHref(settings.phone).slice("tel:".length),
    ...(settings.email ? { email: settings.email } : {}),
    address: postalAddress(settings),
    geo: {
      "@type": "GeoCoordinates",
      latitude: settings.latitude,
      longitude: settings.longitude,
    },
    servesCuisine: settings.cuisines,
    priceRange: settings.priceRange,
    // The booking service staff saved, else whether the pub takes bookings at all (by phone).
    acceptsReservations: reservationUrl ?? settings.acceptsReservations,
    // hasMenu is schema.org's current name; menu is kept for readers that know only the older one.
    hasMenu: absolute(menuPath, origin),
    menu: absolute(menuPath, origin),
    // The pub's own picture in each shape; else the share card, its name and tagline over its colours.
    image:
      imageUrls.length > 0
        ? imageUrls.map((url) => absolute(url, origin))
        : absolute(shareCardPath(settings), origin),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    openingHoursSpecification: [
      ...weeklySpecifications(schedule.weekly),
      ...exceptionSpecifications(schedule.exceptions, today),
    ],
  };
}

export type EventJsonLdInput = {
  event: PubEvent;
  settings: SiteSettings;
  origin: string;
  /** The event picture's optimiser URLs in each shape (`searchImageUrls`), when it has one; relative URLs are made absolute. */
  imageUrls?: readonly string[];
  /**
   * What the page shows of it: a list its summary (the description when it
   * has none), the event's own page its whole description (else the summary).
   */
  shows?: "summary" | "description";
};

/**
 * Whether a place can still be had: none once it is sold out, none while it
 * is put off with no date, and none for an event called off.
 */
const OFFER_AVAILABILITY = {
  scheduled: "InStock",
  rescheduled: "InStock",
  "sold-out": "SoldOut",
  postponed: "OutOfStock",
  cancelled: "Discontinued",
} as const satisfies Record<PubEvent["status"], string>;

/** schema.org's EventStatusType: sold out still happens, so it is scheduled. */
const EVENT_STATUS_TYPE = {
  scheduled: "EventScheduled",
  "sold-out": "EventScheduled",
  rescheduled: "EventRescheduled",
  postponed: "EventPostponed",
  cancelled: "EventCancelled",
} as const satisfies Record<PubEvent["status"], string>;

/**
 * What getting in costs: the cover charge, or nothing (free to attend, a
 * price of 0 and `isAccessibleForFree`), and whether it can still be had.
 */
function eventOffers(event: PubEvent, origin: string) {
  const free = event.priceCents === null || event.priceCents === 0;
  return {
    ...(free ? { isAccessibleForFree: true } : {}),
    offers: {
      "@type": "Offer",
      price: priceAmount(event.priceCents ?? 0),
      priceCurrency: "CAD",
      availability: `${SCHEMA}/${OFFER_AVAILABILITY[event.status]}`,
      // From when it was on the site (its start at the latest): a cover can be paid from then.
      validFrom: torontoIsoDateTime(
        new Date(Math.min(Date.parse(event.listedAt), Date.parse(event.startsAt))),
      ),
      url: absolute(eventPath(event), origin),
    },
  };
}

export function eventJsonLd({
  event,
  settings,
  origin,
  imageUrls = [],
  shows = "summary",
}: EventJsonLdInput) {
  const description =
    shows === "summary" ? event.summary || event.description : event.description || event.summary;
  return {
    "@context": SCHEMA,
    "@type": "Event",
    name: event.title,
    ...(description ? { description } : {}),
    url: absolute(eventPath(event), origin),
    // In the pub's time, with its offset: in UTC an evening's date reads as the next day's.
    startDate: torontoIsoDateTime(new Date(event.startsAt)),
    ...(event.endsAt ? { endDate: torontoIsoDateTime(new Date(event.endsAt)) } : {}),
    // A postponed event keeps the date it had until a new one is set; a
    // rescheduled one has its new date, and the one before.
    eventStatus: `${SCHEMA}/${EVENT_STATUS_TYPE[event.status]}`,
    ...(event.status === "rescheduled" && event.previousStartsAt
      ? { previousStartDate: torontoIsoDateTime(new Date(event.previousStartsAt)) }
      : {}),
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    location: {
      "@type": "Place",
      name: settings.name,
      address: postalAddress(settings),
    },
    organizer: {
      "@type": "Restaurant",
      "@id": restaurantId(origin),
      name: settings.name,
      url: absolute("/", origin),
    },
    ...eventOffers(event, origin),
    ...(event.performer.trim()
      ? { performer: { "@type": "PerformingGroup", name: event.performer.trim() } }
      : {}),
    ...(imageUrls.length > 0 ? { image: imageUrls.map((url) => absolute(url, origin)) } : {}),
  };
}

export type EventsJsonLdInput = Omit<EventJsonLdInput, "event" | "imageUrls"> & {
  /** The events the page shows. */
  events: readonly PubEvent[];
  /** Each pictured event's picture in each shape (`searchImageUrlsOf`). */
  imageUrlsFor?: (image: ContentImage) => readonly string[] | undefined;
};

/** One Event per listed event, as a top-level JSON-LD array. */
export function eventsJsonLd({ events, imageUrlsFor, ...shared }: EventsJsonLdInput) {
  return events.map((event) =>
    eventJsonLd({
      event,
      ...shared,
      imageUrls: (event.image && imageUrlsFor?.(event.image)) || [],
    }),
  );
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON for inside a `<script>` element. Escaping `<`, `>` and `&` means no
 * string (a dish name, an event title) can close the element or open a
 * comment; U+2028 and U+2029 are escaped for older JavaScript parsers.
 */
export function serializeJsonLd(value: object): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_SCRIPT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
