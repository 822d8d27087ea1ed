import { column, format, type Format, type TableWords } from "~/platform/change-words";

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
      name: column.text("Name"),
      short_name: column.text("Short name"),
      tagline: column.text("Tagline"),
      description: column.text("Description"),
      street_address: column.text("Street address"),
      locality: column.text("City"),
      region: column.text("Province"),
      postal_code: column.text("Postal code"),
      country: column.text("Country"),
      latitude: column.value("Latitude", format.count),
      longitude: column.value("Longitude", format.count),
      phone: column.value("Phone", format.phone),
      email: column.text("Email"),
      price_range: column.text("Price range"),
      cuisines: { kind: "list", label: "Cuisines" },
      accepts_reservations: { kind: "flag", yes: "takes reservations", no: "no reservations" },
      reservation_url: column.value("Reservations link", format.line, "none"),
      ordering_url: column.value("Ordering link", format.line, "none"),
      social_links: column.value("Social links", socialLinks, "none"),
      transit_note: column.text("Getting here by transit"),
      parking_note: column.text("Parking"),
      accessibility_note: column.text("Accessibility"),
      hero_image_path: { kind: "picture", label: "Home page picture", alt: "hero_image_alt" },
      hero_image_alt: column.skip,
    },
  },
} satisfies Record<string, TableWords>;
