import {
  eventTitle,
  money,
  named,
  order,
  published,
  sectionName,
  skip,
  textColumn,
  value,
  type TableWords,
} from "~/platform/change-words";
import { ALLERGEN_LABELS, BADGE_LABELS, DIETARY_LABELS } from "./menu";

/** How a change to the menu is told in the recent changes. */
export const menuChanges = {
  menu_sections: {
    subject: (row) => named("menu section", row.name),
    columns: {
      name: textColumn("Name"),
      slug: textColumn("Web address"),
      description: textColumn("Description"),
      note: textColumn("Note"),
      may_contain: { kind: "list", label: "May contain traces of", labels: ALLERGEN_LABELS },
      published,
      sort_order: order,
    },
  },
  menu_items: {
    subject: (row) => named("menu item", row.name),
    columns: {
      section_id: value("Section", sectionName),
      name: textColumn("Name"),
      description: textColumn("Description"),
      price_cents: value("Price", money),
      portion: textColumn("Portion"),
      dietary_tags: { kind: "list", label: "Dietary tags", labels: DIETARY_LABELS },
      allergens: { kind: "list", label: "Allergens", labels: ALLERGEN_LABELS },
      badges: { kind: "list", label: "Badges", labels: BADGE_LABELS },
      available: { kind: "flag", yes: "on the menu", no: "off the menu" },
      unavailable_until: { kind: "until" },
      featured: { kind: "flag", yes: "featured on the home page", no: "not featured" },
      image_path: { kind: "picture", label: "Picture", alt: "image_alt" },
      image_alt: skip,
      event_id: value("Only on the day of this event", eventTitle, "none"),
      published,
      sort_order: order,
    },
  },
} satisfies Record<string, TableWords>;
