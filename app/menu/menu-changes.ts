import { column, format, named, type TableWords } from "~/platform/change-words";
import { ALLERGEN_LABELS, BADGE_LABELS, DIETARY_LABELS } from "./menu";

/** How a change to the menu is told in the recent changes. */
export const menuChanges = {
  menu_sections: {
    subject: (row) => named("menu section", row.name),
    columns: {
      name: column.text("Name"),
      slug: column.text("Web address"),
      description: column.text("Description"),
      note: column.text("Note"),
      may_contain: { kind: "list", label: "May contain traces of", labels: ALLERGEN_LABELS },
      published: column.published,
      sort_order: column.order,
    },
  },
  menu_items: {
    subject: (row) => named("menu item", row.name),
    columns: {
      section_id: column.value("Section", format.sectionName),
      name: column.text("Name"),
      description: column.text("Description"),
      price_cents: column.value("Price", format.money),
      portion: column.text("Portion"),
      dietary_tags: { kind: "list", label: "Dietary tags", labels: DIETARY_LABELS },
      allergens: { kind: "list", label: "Allergens", labels: ALLERGEN_LABELS },
      badges: { kind: "list", label: "Badges", labels: BADGE_LABELS },
      available: { kind: "flag", yes: "on the menu", no: "off the menu" },
      unavailable_until: { kind: "until" },
      featured: { kind: "flag", yes: "featured on the home page", no: "not featured" },
      image_path: { kind: "picture", label: "Picture", alt: "image_alt" },
      image_alt: column.skip,
      event_id: column.value("Only on the day of this event", format.eventTitle, "none"),
      published: column.published,
      sort_order: column.order,
    },
  },
} satisfies Record<string, TableWords>;
