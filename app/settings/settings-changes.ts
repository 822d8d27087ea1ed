import {
  count,
  line,
  phone,
  skip,
  textColumn,
  value,
  type Format,
  type TableWords,
} from "~/platform/change-words";

/** How a change to the site's settings is told in the recent changes. */

const socialLinks: Format = (links) =>
  Array.isArray(links) && links.length > 0
    ? links
        .map((link) => {
          const url = (link as { url?: unknown }).url;
          return typeof url === "string" ? url : "";
        })
        .join(", ")
    : null;

export const settingsChanges = {
  site_settings: {
    subject: () => ({ noun: "the site settings", short: "Site settings" }),
    columns: {
      name: textColumn("Name"),
      short_name: textColumn("Short name"),
      tagline: textColumn("Tagline"),
      description: textColumn("Description"),
      street_address: textColumn("Street address"),
      locality: textColumn("City"),
      region: textColumn("Province"),
      postal_code: textColumn("Postal code"),
      country: textColumn("Country"),
      latitude: value("Latitude", count),
      longitude: value("Longitude", count),
      phone: value("Phone", phone),
      email: textColumn("Email"),
      price_range: textColumn("Price range"),
      cuisines: { kind: "list", label: "Cuisines" },
      accepts_reservations: { kind: "flag", yes: "takes reservations", no: "no reservations" },
      reservation_url: value("Reservations link", line, "none"),
      ordering_url: value("Ordering link", line, "none"),
      social_links: value("Social links", socialLinks, "none"),
      transit_note: textColumn("Getting here by transit"),
      parking_note: textColumn("Parking"),
      accessibility_note: textColumn("Accessibility"),
      hero_image_path: { kind: "picture", label: "Home page picture", alt: "hero_image_alt" },
      hero_image_alt: skip,
    },
  },
} satisfies Record<string, TableWords>;
