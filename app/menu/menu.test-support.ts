import type { MenuItem } from "./menu";

/** A dish as visitors see it: $15.00, available, nothing marked, no picture or event, but for `fields`. */
export function menuItem(fields: Partial<MenuItem> & Pick<MenuItem, "id" | "name">): MenuItem {
  return {
    description: "",
    priceCents: 1500,
    portion: "",
    dietaryTags: [],
    allergens: [],
    badges: [],
    available: true,
    unavailableUntil: null,
    featured: false,
    image: null,
    eventId: null,
    eventDay: null,
    ...fields,
  };
}
