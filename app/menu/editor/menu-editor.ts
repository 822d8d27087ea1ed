import { defineEditor, rowOptions, type RowChoice } from "~/platform/forms/editor-spec";
import { PICTURE_DESCRIPTION_MAX } from "~/images/uploads";
import {
  area,
  checkbox,
  checkboxes,
  picture,
  row,
  select,
  text,
} from "~/platform/forms/field-specs";
import type { FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
import { isReordering, reorderPath } from "~/platform/ui/reorder-mode";
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  BADGE_LABELS,
  BADGES,
  DIETARY_LABELS,
  DIETARY_TAGS,
  type Allergen,
  type Availability,
  type MenuItem,
  type Badge,
  type DietaryTag,
  fold,
} from "~/menu/menu";
import { formatPrice } from "~/platform/money";
import { formatWallTime } from "~/platform/clock/time-words";
import { PUB_DAY_ENDS_AT } from "~/platform/clock/pub-day";

/**
 * The staff menu editor's fields, limits and words, safe for the browser:
 * the rules that check them (zod) live in menu-rules.ts, which the browser
 * loads only when someone starts filling in a form.
 */

export const SECTION_NAME_MAX = 100;
export const SECTION_SLUG_MAX = 60;
export const SECTION_DESCRIPTION_MAX = 1000;
export const SECTION_NOTE_MAX = 300;
export const ITEM_NAME_MAX = 100;
export const ITEM_DESCRIPTION_MAX = 1000;
export const ITEM_PORTION_MAX = 40;
export const ITEM_IMAGE_ALT_MAX = PICTURE_DESCRIPTION_MAX;
/** The dearest a menu item can be: anything more is a mistyped price. */
export const PRICE_MAX_CENTS = 999_999;

export const SECTION_FIELDS = [
  "name",
  "slug",
  "description",
  "note",
  "mayContain",
  "hidden",
] as const;
export type SectionField = (typeof SECTION_FIELDS)[number];

export const ITEM_FIELDS = [
  "sectionId",
  "name",
  "description",
  "price",
  "portion",
  "dietaryTags",
  "allergens",
  "badges",
  "available",
  "featured",
  "hidden",
  "imageFile",
  "imagePath",
  "imageRemove",
  "imageAlt",
  "eventId",
] as const;
export type ItemField = (typeof ITEM_FIELDS)[number];

/** The names of the item form's picture fields, as the picture field and its reader take them. */
export const ITEM_PICTURE_NAMES = {
  file: "imageFile",
  kept: "imagePath",
  remove: "imageRemove",
  alt: "imageAlt",
} as const satisfies Record<string, ItemField>;

/** The item's groups of tick boxes: each posts all its ticked values. */
export const ITEM_LIST_FIELDS = [
  "dietaryTags",
  "allergens",
  "badges",
] as const satisfies ItemField[];

/** The section's group of tick boxes. */
export const SECTION_LIST_FIELDS = ["mayContain"] as const satisfies SectionField[];

/** A tag vocabulary as the checkbox groups list it: value and label. */
export type TagOption<Tag extends string> = { value: Tag; label: string };

function options<Tag extends string>(
  values: readonly Tag[],
  labels: Record<Tag, string>,
): TagOption<Tag>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

export const DIETARY_OPTIONS = options<DietaryTag>(DIETARY_TAGS, DIETARY_LABELS);
export const ALLERGEN_OPTIONS = options<Allergen>(ALLERGENS, ALLERGEN_LABELS);
export const BADGE_OPTIONS = options<Badge>(BADGES, BADGE_LABELS);

/** A menu section as staff see it: hidden ones too. */
export type EditorSection = {
  id: number;
  slug: string;
  name: string;
  description: string;
  note: string;
  /** Allergens every item in the section may carry traces of (a shared fryer). */
  mayContain: Allergen[];
  hidden: boolean;
  /** Still the sample's: not yet saved from its form. */
  sample: boolean;
};

/** A menu item as staff edit it: hidden ones too, with its section, its picture's fields and its event's title. */
export type EditorItem = Omit<MenuItem, "image" | "eventDay"> & {
  sectionId: number;
  hidden: boolean;
  /** Still the sample's: not yet saved from its form. */
  sample: boolean;
  imagePath: string | null;
  imageAlt: string;
  /** Its event's title. */
  eventTitle: string | null;
};

/** The staff list: every section in order, each with every item in order. */
export type EditorMenu = (EditorSection & { items: EditorItem[] })[];

const tick = (on: boolean) => (on ? "on" : "");

/** A price as the price field shows it: "14.50" (no sign, so it reads back the same). */
export function priceInput(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A saved section as its form's values. */
export function sectionValues(section: EditorSection): FormValues<SectionField> {
  return {
    name: section.name,
    slug: section.slug,
    description: section.description,
    note: section.note,
    mayContain: section.mayContain.join(","),
    hidden: tick(section.hidden),
  };
}

/** A saved item as its form's values. */
export function itemValues(item: EditorItem): FormValues<ItemField> {
  return {
    sectionId: String(item.sectionId),
    name: item.name,
    description: item.description,
    price: priceInput(item.priceCents),
    portion: item.portion,
    dietaryTags: item.dietaryTags.join(","),
    allergens: item.allergens.join(","),
    badges: item.badges.join(","),
    available: tick(item.available),
    featured: tick(item.featured),
    hidden: tick(item.hidden),
    imageFile: "",
    imagePath: item.imagePath ?? "",
    imageRemove: "",
    imageAlt: item.imageAlt,
    eventId: item.eventId === null ? "" : String(item.eventId),
  };
}

/** A new item's form: available, in the section it was added from. */
export function newItemValues(sectionId: number | null): Partial<FormValues<ItemField>> {
  return { sectionId: sectionId === null ? "" : String(sectionId), available: "on" };
}

/** The price and portion as the staff list shows them: "$18.00 · 1 lb". */
export function itemPriceLine(item: Pick<EditorItem, "priceCents" | "portion">): string {
  return item.portion
    ? `${formatPrice(item.priceCents)} · ${item.portion}`
    : formatPrice(item.priceCents);
}

/** What the list page's buttons ask for. */
export const LIST_INTENTS = [
  "mark-available",
  "mark-not-today",
  "mark-off-menu",
  "move-up",
  "move-down",
] as const;
export type ListIntent = (typeof LIST_INTENTS)[number];

/** The availability each of the list's availability buttons chooses. */
export const AVAILABILITY_INTENTS = {
  "mark-available": "available",
  "mark-not-today": "not-today",
  "mark-off-menu": "off-menu",
} as const satisfies Partial<Record<ListIntent, Availability>>;

/** What the staff list says of an item's availability, and the toast after a change. */
export const AVAILABILITY_WORDS: Record<
  Availability,
  { status: string | null; toast: (name: string) => string }
> = {
  available: { status: null, toast: (name) => `“${name}” is available again.` },
  "not-today": {
    status: `Not available today — back at ${formatWallTime(PUB_DAY_ENDS_AT)}`,
    toast: (name) =>
      `“${name}” is not available today; it is back on the menu at ${formatWallTime(PUB_DAY_ENDS_AT)} by itself.`,
  },
  "off-menu": {
    status: "Off the menu",
    toast: (name) => `“${name}” is off the menu until you put it back.`,
  },
};

/** The menu list page's anchors, so a post without scripts comes back to the row it changed. */
export const itemAnchor = (id: number) => `item-${id}`;
export const sectionAnchor = (id: number) => `section-${id}`;

/** The longest search of the staff list; a longer one is refused, not cut. */
export const STAFF_MENU_QUERY_MAX = 80;

/**
 * How the staff list is shown, from its address: `?q=` finds items by name,
 * `?reorder=1` is the mode with the move buttons (and only that mode has them,
 * so a tap meant for "Not available today" can never reorder the menu).
 */
export type StaffMenuView = {
  /** The search as typed (empty: the whole menu). */
  query: string;
  reorder: boolean;
  /** Why the search is not applied, in words; null when it is. */
  problem: string | null;
};

/** Reads `?q=wings` and `?reorder=1`; a search in reorder mode is left out (moves need every row). */
export function parseStaffMenuView(params: URLSearchParams): StaffMenuView {
  const reorder = isReordering(params);
  // Control characters never belong in a search.
  // eslint-disable-next-line no-control-regex
  const query = reorder ? "" : (params.get("q") ?? "").replace(/[\u0000-\u001f\u007f]/g, " ");
  const problem =
    [...query.trim()].length > STAFF_MENU_QUERY_MAX
      ? `Searches are limited to ${STAFF_MENU_QUERY_MAX} characters; shorten yours to find an item.`
      : null;
  return { query, reorder, problem };
}

/** The list's address for a view: `/staff/menu`, `…?q=wings` or `…?reorder=1`. */
export function staffMenuPath({ query, reorder }: Pick<StaffMenuView, "query" | "reorder">) {
  if (reorder) return reorderPath("/staff/menu");
  const trimmed = query.trim();
  return trimmed ? `/staff/menu?${new URLSearchParams({ q: trimmed })}` : "/staff/menu";
}

/** The words of a search, folded; none when it is empty or too long to apply. */
function searchWords(query: string): string[] {
  if ([...query.trim()].length > STAFF_MENU_QUERY_MAX) return [];
  return fold(query).split(/\s+/).filter(Boolean);
}

export type FoundItems = { sections: EditorMenu; itemCount: number };

/**
 * The items whose name (or whose section's name) holds every word of the
 * search, in their sections; sections with none are left out. An empty
 * search finds everything. The server (a search sent without scripts) and
 * the browser (as staff type) both find with this.
 */
export function findItems(menu: EditorMenu, query: string): FoundItems {
  const words = searchWords(query);
  const total = menu.reduce((count, section) => count + section.items.length, 0);
  if (words.length === 0) return { sections: menu, itemCount: total };
  let itemCount = 0;
  const sections: EditorMenu = [];
  for (const section of menu) {
    const sectionName = fold(section.name);
    const items = section.items.filter((item) => {
      const name = `${fold(item.name)} ${sectionName}`;
      return words.every((word) => name.includes(word));
    });
    if (items.length === 0) continue;
    itemCount += items.length;
    sections.push(items.length === section.items.length ? section : { ...section, items });
  }
  return { sections, itemCount };
}

/** A section as its editor shows it: with how many items deleting it would take along. */
export type EditorSectionWithItems = EditorSection & { itemCount: number };

export const sectionForm = defineForm({
  id: "menu-section",
  fields: SECTION_FIELDS,
  lists: SECTION_LIST_FIELDS,
  verb: "save",
  rules: () => import("./menu-rules").then((rules) => rules.sectionSchema),
});

/** A menu section's editor, at /staff/menu/sections/:id. */
export const sectionEditor = defineEditor({
  form: sectionForm,
  list: { path: "/staff/menu", label: "The whole menu" },
  title: (section: EditorSectionWithItems | null) => section?.name ?? "New menu section",
  pageTitle: (section) => (section ? `Menu section: ${section.name}` : "New menu section"),
  intro: "A heading on the menu page, with the items under it.",
  submit: { add: "Add section", save: "Save section" },
  remove: {
    what: (section) => `“${section.name}”`,
    consequence: ({ itemCount }) =>
      itemCount === 0
        ? "Deleting the section takes it off the menu."
        : `Deleting the section also deletes its ${itemCount === 1 ? "item" : `${itemCount} items`}. To keep them, move them to another section first, or hide the section instead.`,
  },
  path: (id) => `/staff/menu/sections/${id}`,
  values: sectionValues,
  fields: () => [
    text("name", {
      label: "Name",
      hint: "As the menu heads the section, such as Starters & Shareables.",
      limit: SECTION_NAME_MAX,
      autoComplete: "off",
    }),
    text("slug", {
      label: "Web address",
      optional: true,
      hint: "The end of the section’s link, /menu#starters: letters, digits and dashes. Leave it empty to make one from the name.",
      limit: SECTION_SLUG_MAX,
      autoComplete: "off",
      autoCapitalize: "none",
      spellCheck: false,
    }),
    area("description", {
      label: "Description",
      optional: true,
      hint: "A line or two under the heading.",
      limit: SECTION_DESCRIPTION_MAX,
      short: true,
    }),
    text("note", {
      label: "Note",
      optional: true,
      hint: "A short note in bold, such as “Pick a sauce: mild, medium or hot.” or “Cooked in a shared fryer.”",
      limit: SECTION_NOTE_MAX,
      autoComplete: "off",
    }),
    checkboxes("mayContain", {
      label: "May contain traces of",
      hint: "What a shared fryer, grill or board may pass on to everything in this section. The menu lists it under the note, and no item here can be tagged with a diet it rules out (traces of milk rule out Vegan and Dairy-free).",
      options: ALLERGEN_OPTIONS,
    }),
    checkbox("hidden", {
      optional: true,
      label: "Hide this section and its items from visitors",
      summary: "Hidden",
      hint: "Staff still see it here. Untick to show it again.",
    }),
  ],
});

export const itemForm = defineForm({
  id: "menu-item",
  fields: ITEM_FIELDS,
  lists: ITEM_LIST_FIELDS,
  files: ["imageFile"],
  verb: "save",
  rules: () => import("./menu-rules").then((rules) => rules.itemSchema),
});

/** A menu item's editor, at /staff/menu/items/:id. */
export const itemEditor = defineEditor({
  form: itemForm,
  list: { path: "/staff/menu", label: "The whole menu" },
  title: (item: EditorItem | null) => item?.name ?? "New menu item",
  pageTitle: (item) => (item ? `Menu item: ${item.name}` : "New menu item"),
  intro: "A dish or drink on the menu: what it is, what it costs and who it suits.",
  submit: { add: "Add item", save: "Save item" },
  remove: {
    what: (item) => `“${item.name}”`,
    consequence:
      "Deleting the item takes it off the menu. To take it off for a while, hide it or take it off the menu instead.",
  },
  path: (id) => `/staff/menu/items/${id}`,
  values: itemValues,
  pictures: true,
  fields: (_, page: ItemEditorPage) => [
    select("sectionId", {
      label: "Section",
      none: "Choose a section",
      options: page.sections.map(({ id, name, hidden }) => ({
        value: String(id),
        label: hidden ? `${name} (hidden)` : name,
      })),
    }),
    text("name", { label: "Name", limit: ITEM_NAME_MAX, autoComplete: "off" }),
    area("description", {
      label: "Description",
      optional: true,
      hint: "What is in it and how it is made, in a sentence or two.",
      limit: ITEM_DESCRIPTION_MAX,
      short: true,
    }),
    row(
      text("price", {
        label: "Price",
        hint: "In dollars, such as 14.50.",
        inputMode: "decimal",
        autoComplete: "off",
      }),
      text("portion", {
        label: "Portion",
        optional: true,
        hint: "When it needs saying: 20 oz, 1 lb.",
        limit: ITEM_PORTION_MAX,
        autoComplete: "off",
      }),
    ),
    checkbox("available", {
      optional: true,
      label: "On the menu",
      hint: page.outToday
        ? "It is not available today, and back on the menu at 4 am by itself (change that on the menu list). Untick to take it off the menu until you tick it again."
        : "Untick to take it off the menu until you tick it again. When the kitchen runs out for tonight, use “Not available today” on the menu list instead: it comes back at 4 am by itself.",
    }),
    select("eventId", {
      label: "Only on the day of this event",
      hint: "For a dish that goes with an event, such as a platter for quiz night: it is on the menu only on that event’s day, and not at all if the event is cancelled, postponed or hidden.",
      optional: true,
      none: "No event: every day",
      options: rowOptions(page.events),
    }),
    checkboxes("dietaryTags", {
      label: "Dietary",
      hint: "Tick all that are true of the dish as served: no tag its allergens, or its section’s traces, rule out.",
      options: DIETARY_OPTIONS,
    }),
    checkboxes("allergens", {
      label: "Allergens",
      hint: "Every priority allergen the dish contains.",
      options: ALLERGEN_OPTIONS,
    }),
    checkboxes("badges", { label: "Badges", options: BADGE_OPTIONS }),
    picture(ITEM_PICTURE_NAMES, { altLimit: ITEM_IMAGE_ALT_MAX }),
    checkbox("featured", {
      optional: true,
      label: "Feature on the home page",
      summary: "Featured",
      hint: "Featured items show there when they are available and have a picture.",
    }),
    checkbox("hidden", {
      optional: true,
      label: "Hide this item from visitors",
      summary: "Hidden",
      hint: "Staff still see it here. Untick to show it again.",
    }),
  ],
});

/** What the item editor's page reads besides the item. */
export type ItemEditorPage = {
  sections: readonly Pick<EditorSection, "id" | "name" | "hidden">[];
  events: readonly RowChoice[];
  /** Where a new item starts: the section it was added from. */
  startIn: number | null;
  /** Whether the item is marked not available today. */
  outToday: boolean;
};

/** The availability buttons on each item of the menu list. */
export const availabilityForm = defineForm({
  id: "availability",
  fields: ["intent", "item"],
  intents: Object.keys(AVAILABILITY_INTENTS) as (keyof typeof AVAILABILITY_INTENTS)[],
  labels: {},
  rules: () => import("./menu-rules").then((rules) => rules.availabilitySchema),
});
