import { listWords } from "~/platform/list-words";
import type { ContentImage } from "~/images/content-image";
import { torontoDate, torontoMidnightAfter } from "~/platform/clock/toronto-time";

export const DIETARY_TAGS = [
  "vegetarian",
  "vegan",
  "gluten-free",
  "dairy-free",
  "spicy",
  "contains-nuts",
] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

export const DIETARY_LABELS: Record<DietaryTag, string> = {
  vegetarian: "Vegetarian",
  vegan: "Vegan",
  "gluten-free": "Gluten-free",
  "dairy-free": "Dairy-free",
  spicy: "Spicy",
  "contains-nuts": "Contains nuts",
};

/** The diets a visitor can filter the menu by (spicy and nuts are warnings, not diets). */
export const DIET_FILTERS = [
  "vegetarian",
  "vegan",
  "gluten-free",
  "dairy-free",
] as const satisfies readonly DietaryTag[];
export type DietFilter = (typeof DIET_FILTERS)[number];

/**
 * Health Canada's priority food allergens. Gluten is named by the cereal it
 * comes from (wheat, triticale, barley, oats, rye), as labels name it.
 */
export const ALLERGENS = [
  "eggs",
  "milk",
  "mustard",
  "peanuts",
  "crustaceans",
  "molluscs",
  "fish",
  "sesame",
  "soy",
  "sulphites",
  "tree-nuts",
  "wheat",
  "triticale",
  "barley",
  "oats",
  "rye",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const ALLERGEN_LABELS: Record<Allergen, string> = {
  eggs: "Eggs",
  milk: "Milk",
  mustard: "Mustard",
  peanuts: "Peanuts",
  crustaceans: "Crustaceans",
  molluscs: "Molluscs",
  fish: "Fish",
  sesame: "Sesame",
  soy: "Soy",
  sulphites: "Sulphites",
  "tree-nuts": "Tree nuts",
  wheat: "Wheat (gluten)",
  triticale: "Triticale (gluten)",
  barley: "Barley (gluten)",
  oats: "Oats (gluten)",
  rye: "Rye (gluten)",
};

/** "wheat", "milk": an allergen as a sentence names it. */
export function allergenWord(allergen: Allergen): string {
  return ALLERGEN_LABELS[allergen].replace(/ \(gluten\)$/, "").toLowerCase();
}

/**
 * What a section's shared equipment may pass on, as the menu tells diners
 * under its note: "May contain traces of wheat, barley, fish, milk and eggs."
 * Empty when it passes on nothing.
 */
export function tracesLine(mayContain: readonly Allergen[]): string {
  const named = ALLERGENS.filter((allergen) => mayContain.includes(allergen));
  return named.length > 0 ? `May contain traces of ${listWords(named.map(allergenWord))}.` : "";
}

export const BADGES = ["new", "house-favourite", "local"] as const;
export type Badge = (typeof BADGES)[number];

export const BADGE_LABELS: Record<Badge, string> = {
  new: "New",
  "house-favourite": "House favourite",
  local: "Ontario-made",
};

export type MenuItem = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  portion: string;
  dietaryTags: DietaryTag[];
  allergens: Allergen[];
  badges: Badge[];
  /**
   * Whether it can be ordered. As stored, false is "off the menu until staff
   * put it back"; read for a moment (`menuAt`), it also counts what is out
   * until `unavailableUntil`.
   */
  available: boolean;
  /** ISO instant "not available today" lasts until (the pub's next 4 am); null when not set, or past. */
  unavailableUntil: string | null;
  featured: boolean;
  image: ContentImage | null;
  /** The event it goes with (a platter for quiz night); null when it stands alone. */
  eventId: number | null;
  /**
   * The pub's date ("YYYY-MM-DD") its event is on; null when it has no event,
   * or its event is hidden, cancelled or postponed (so it is on the menu on no day).
   */
  eventDay: string | null;
};

/** Whether an item is on the menu on `date` ("YYYY-MM-DD"): one tied to an event only on its day. */
export function onMenuOn(item: Pick<MenuItem, "eventId" | "eventDay">, date: string): boolean {
  return item.eventId === null || item.eventDay === date;
}

/** What staff chose about an item: it is on, out until the day ends, or off until put back. */
export type Availability = "available" | "not-today" | "off-menu";

/** What applies to an item at `now`: "off the menu" over "not available today", which ends by itself. */
export function availabilityAt(
  item: Pick<MenuItem, "available" | "unavailableUntil">,
  now: Date,
): Availability {
  if (!item.available) return "off-menu";
  if (item.unavailableUntil !== null && Date.parse(item.unavailableUntil) > now.getTime())
    return "not-today";
  return "available";
}

/**
 * The menu as it stands at `now`: an item out for the day is unavailable until
 * its time, then available again; `unavailableUntil` is kept only while it
 * applies. A dish tied to an event is there only on its event's day. The
 * moments it changes are `menuChangesAfter`'s.
 */
export function menuAt(sections: MenuSection[], now: Date): MenuSection[] {
  const timed = sections.some((section) =>
    section.items.some((item) => item.unavailableUntil !== null || item.eventId !== null),
  );
  if (!timed) return sections;
  const today = torontoDate(now);
  return sections.map((section) => ({
    ...section,
    items: section.items
      .filter((item) => onMenuOn(item, today))
      .map((item) => {
        const availability = availabilityAt(item, now);
        return {
          ...item,
          available: availability === "available",
          unavailableUntil: availability === "not-today" ? item.unavailableUntil : null,
        };
      }),
  }));
}

/**
 * The future moments a menu read at `now` changes by itself: items coming
 * back, and the next midnight while a dish tied to an event is on today or
 * to come (it appears on its event's day, and goes after it).
 */
export function menuChangesAfter(sections: readonly MenuSection[], now: Date): Date[] {
  const today = torontoDate(now);
  const items = sections.flatMap((section) => section.items);
  const comingBack = items
    .filter((item) => item.available && item.unavailableUntil !== null)
    .map((item) => new Date(item.unavailableUntil!))
    .filter((moment) => moment > now);
  const eventDue = items.some((item) => item.eventDay !== null && item.eventDay >= today);
  return eventDue ? [...comingBack, torontoMidnightAfter(now)] : comingBack;
}

export type MenuSection = {
  id: number;
  slug: string;
  name: string;
  description: string;
  note: string;
  /** Allergens every item in the section may carry traces of (a shared fryer); the note says why. */
  mayContain: Allergen[];
  items: MenuItem[];
};

/**
 * What the menu page shows of an item, and so all it sends of one: the page
 * carries its data twice (the HTML and the data the browser takes over with).
 */
const LISTED_ITEM_FIELDS = [
  "id",
  "name",
  "description",
  "priceCents",
  "portion",
  "dietaryTags",
  "allergens",
  "badges",
  "available",
  "unavailableUntil",
] as const satisfies readonly (keyof MenuItem)[];

export type MenuListItem = Pick<MenuItem, (typeof LISTED_ITEM_FIELDS)[number]>;

/** A section as the menu page lists it. */
export type MenuListSection = Omit<MenuSection, "items"> & { items: MenuListItem[] };

/** An item as the menu page lists it: its listed fields, and nothing else. */
export function menuListItem(item: MenuItem): MenuListItem {
  const listed = LISTED_ITEM_FIELDS.map((field) => [field, item[field]]);
  return Object.fromEntries(listed) as MenuListItem;
}

/** Lower case without accents, so "creme brulee" finds "Crème brûlée". */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The dishes the kitchen wants to show off: featured, available and pictured. */
export function featuredItems(sections: readonly MenuSection[], limit = 6): MenuItem[] {
  return sections
    .flatMap((section) => section.items)
    .filter((item) => item.featured && item.available && item.image)
    .slice(0, limit);
}
