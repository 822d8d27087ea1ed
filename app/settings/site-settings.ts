import type { ContentImage } from "~/images/content-image";

export type SocialLink = { network: string; url: string };

/** The pub's own details, as staff keep them in the database. */
export type SiteSettings = {
  name: string;
  /** For tight places: the header's wordmark, an installed app's label. The name when none is set. */
  shortName: string;
  tagline: string;
  description: string;
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
  latitude: number;
  longitude: number;
  phone: string;
  email: string;
  priceRange: string;
  cuisines: string[];
  acceptsReservations: boolean;
  reservationUrl: string | null;
  orderingUrl: string | null;
  socialLinks: SocialLink[];
  transitNote: string;
  parkingNote: string;
  accessibilityNote: string;
  /** The home page's main picture, or none. */
  heroImage: ContentImage | null;
};

/** "Main Street at First Avenue, London, ON" */
export function formatAddress(settings: SiteSettings): string {
  return `${settings.streetAddress}, ${settings.locality}, ${settings.region}`;
}

/** "180 Main Street, London, ON N6A 1A1, Canada": the pub's full postal address. */
export function postalAddress(settings: SiteSettings): string {
  return [
    settings.streetAddress,
    settings.locality,
    `${settings.region} ${settings.postalCode}`,
    settings.country === "CA" ? "Canada" : settings.country,
  ]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/**
 * The street the pub is on, as a sentence names it: the street address
 * without its civic number or unit, and without a cross street ("180 Main
 * Street" and "Main Street at First Avenue" are both "Main Street").
 */
export function streetOf(settings: Pick<SiteSettings, "streetAddress">): string {
  return settings.streetAddress
    .replace(/\s+at\s+.*$/i, "")
    .replace(/^(?:(?:unit|suite|apt\.?)\s*[\w-]+\s*[,-]?\s*)?[\w-]*\d[\w-]*[,]?\s+/i, "")
    .trim();
}

/** ", on Main Street in London", or ", in London" when there is no street to name. */
export function onStreet(settings: Pick<SiteSettings, "streetAddress" | "locality">): string {
  const street = streetOf(settings);
  const place = settings.locality ? ` in ${settings.locality}` : "";
  return street ? ` on ${street}${place}` : place;
}

/** A `tel:` link: digits and a leading + only, so every phone dials it. */
export function telephoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}

/**
 * The pub in the two map apps phones have. Google Maps searches for the name
 * and address (its Maps URLs API), so it opens the pub's own listing, with
 * its Directions button, rather than a bare pin; Apple Maps gets directions
 * to the coordinates, labelled with the name.
 */
export function directionsLinks(settings: SiteSettings): { google: string; apple: string } {
  const destination = `${settings.latitude},${settings.longitude}`;
  const google = new URL("https://www.google.com/maps/search/");
  google.searchParams.set("api", "1");
  google.searchParams.set(
    "query",
    [
      settings.name,
      settings.streetAddress,
      settings.locality,
      `${settings.region} ${settings.postalCode}`,
    ]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(", "),
  );
  const apple = new URL("https://maps.apple.com/");
  apple.searchParams.set("daddr", destination);
  apple.searchParams.set("q", settings.name);
  return { google: google.href, apple: apple.href };
}

/** A link staff keep in the settings to a service outside the site. */
export type BookingLink = { kind: "reservations" | "ordering"; label: string; href: string };

/**
 * "Book a table" and "Order online", for the links staff have saved: none
 * for a link left empty, and no booking while the pub takes no reservations.
 */
export function bookingLinks(
  settings: Pick<SiteSettings, "acceptsReservations" | "reservationUrl" | "orderingUrl">,
): BookingLink[] {
  const links: BookingLink[] = [];
  if (settings.acceptsReservations && isWebAddress(settings.reservationUrl)) {
    links.push({ kind: "reservations", label: "Book a table", href: settings.reservationUrl });
  }
  if (isWebAddress(settings.orderingUrl)) {
    links.push({ kind: "ordering", label: "Order online", href: settings.orderingUrl });
  }
  return links;
}

/** The editor only saves https:// links; a row changed by other means gets no javascript: link. */
function isWebAddress(url: string | null): url is string {
  return url !== null && /^https?:\/\//i.test(url);
}
