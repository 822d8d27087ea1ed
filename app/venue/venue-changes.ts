import {
  choice,
  count,
  money,
  named,
  order,
  published,
  textColumn,
  value,
  type TableWords,
} from "~/platform/change-words";
import { priceUnitLabels } from "~/venue/editor/venue-editor";

/** How a change to the venue's spaces and packages is told in the recent changes. */
export const venueChanges = {
  venue_spaces: {
    subject: (row) => named("venue space", row.name),
    columns: {
      name: textColumn("Name"),
      slug: textColumn("Web address"),
      summary: textColumn("Summary"),
      description: textColumn("Description"),
      seated_capacity: value("Seated guests", count),
      standing_capacity: value("Standing guests", count),
      features: { kind: "list", label: "Features" },
      step_free: { kind: "flag", yes: "step-free", no: "not step-free" },
      accessibility_note: textColumn("Access note"),
      photos: { kind: "photos", label: "Photos" },
      published,
      sort_order: order,
    },
  },
  venue_packages: {
    subject: (row) => named("venue package", row.name),
    columns: {
      name: textColumn("Name"),
      description: textColumn("Description"),
      price_cents: value("Price", money),
      price_unit: value("Priced", choice(priceUnitLabels)),
      minimum_guests: value("Minimum guests", count, "none"),
      includes: { kind: "list", label: "Includes" },
      published,
      sort_order: order,
    },
  },
} satisfies Record<string, TableWords>;
