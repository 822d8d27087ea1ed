import { column, format, named, type TableWords } from "~/platform/change-words";
import { priceUnitLabels } from "~/venue/editor/venue-editor";

/** How a change to the venue's spaces and packages is told in the recent changes. */
export const venueChanges = {
  venue_spaces: {
    subject: (row) => named("venue space", row.name),
    columns: {
      name: column.text("Name"),
      slug: column.text("Web address"),
      summary: column.text("Summary"),
      description: column.text("Description"),
      seated_capacity: column.value("Seated guests", format.count),
      standing_capacity: column.value("Standing guests", format.count),
      features: { kind: "list", label: "Features" },
      step_free: { kind: "flag", yes: "step-free", no: "not step-free" },
      accessibility_note: column.text("Access note"),
      photos: { kind: "photos", label: "Photos" },
      published: column.published,
      sort_order: column.order,
    },
  },
  venue_packages: {
    subject: (row) => named("venue package", row.name),
    columns: {
      name: column.text("Name"),
      description: column.text("Description"),
      price_cents: column.value("Price", format.money),
      price_unit: column.value("Priced", format.choice(priceUnitLabels)),
      minimum_guests: column.value("Minimum guests", format.count, "none"),
      includes: { kind: "list", label: "Includes" },
      published: column.published,
      sort_order: column.order,
    },
  },
} satisfies Record<string, TableWords>;
