import { listWords } from "~/platform/list-words";
import { z } from "zod";
import { withThousands } from "~/platform/thousands";
import {
  ROW_ID_PATTERN,
  lineSchema,
  priceSchema,
  rowChoiceSchema,
  textSchema,
} from "~/platform/forms/field-rules";
import { overLimitMessage } from "~/platform/forms/typed-input";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
import {
  ALLERGEN_OPTIONS,
  BADGE_OPTIONS,
  DIETARY_OPTIONS,
  ITEM_DESCRIPTION_MAX,
  ITEM_IMAGE_ALT_MAX,
  ITEM_NAME_MAX,
  ITEM_PORTION_MAX,
  PRICE_MAX_CENTS,
  SECTION_DESCRIPTION_MAX,
  SECTION_NAME_MAX,
  SECTION_NOTE_MAX,
  SECTION_SLUG_MAX,
  type ItemField,
  type SectionField,
  type TagOption,
} from "./menu-editor";
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  DIETARY_LABELS,
  allergenWord,
  type Allergen,
  type DietaryTag,
  type DietFilter,
} from "~/menu/menu";

/**
 * The menu editor's rules: one schema per form, run by the action on every
 * post and by the browser as staff fill the form in, so the two agree. The
 * browser loads this module only when a form is first used.
 */

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A web address made from a name: "Starters & Shareables" → "starters-shareables". */
export function slugFromName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SECTION_SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}

function line(max: number, required: string | null, tooLong: string) {
  return lineSchema({ max, required: required ?? undefined, tooLong });
}

function text(max: number, tooLong: string) {
  return textSchema({ max, tooLong });
}

/** A tick box as the browser posts it: "on" when ticked, nothing when not. */
const tickBox = z
  .string()
  .refine((value) => value === "" || value === "on", "Tick the box or leave it empty.")
  .transform((value) => value === "on");

/**
 * A group of tick boxes (posted as the values joined by commas), each value
 * one of `options`; repeats count once.
 */
function tagList<Tag extends string>(options: readonly TagOption<Tag>[], what: string) {
  const known = new Set<string>(options.map((option) => option.value));
  return z
    .string()
    .transform((value) => [...new Set(value.split(",").map((tag) => tag.trim()))].filter(Boolean))
    .superRefine((tags, context) => {
      const unknown = tags.find((tag) => !known.has(tag));
      if (unknown !== undefined) {
        context.addIssue({
          code: "custom",
          message: `“${unknown.slice(0, 40)}” is not one of the ${what}; tick only the boxes listed.`,
        });
      }
    })
    .transform((tags) => tags as Tag[]);
}

export const sectionSchema = z
  .object({
    name: line(
      SECTION_NAME_MAX,
      "Enter the section’s name, such as Starters.",
      `Keep the name to ${SECTION_NAME_MAX} characters or fewer.`,
    ),
    slug: z.string().transform((value) => value.trim().toLowerCase()),
    description: text(
      SECTION_DESCRIPTION_MAX,
      `Keep the description to ${withThousands(SECTION_DESCRIPTION_MAX)} characters or fewer.`,
    ),
    note: text(SECTION_NOTE_MAX, `Keep the note to ${SECTION_NOTE_MAX} characters or fewer.`),
    mayContain: tagList(ALLERGEN_OPTIONS, "allergens"),
    hidden: tickBox,
  } satisfies Record<SectionField, z.ZodType>)
  .transform((section, context) => {
    const noteProblem = sectionNoteProblem(section.note, section.mayContain);
    if (noteProblem) context.addIssue({ code: "custom", path: ["note"], message: noteProblem });
    // A blank address is made from the name.
    const slug = section.slug || slugFromName(section.name);
    if (!section.slug && section.name && !slug) {
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message:
          "The name has no letters a to z to make a web address from; enter one, such as drinks.",
      });
    } else if (slug.length > SECTION_SLUG_MAX) {
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message: overLimitMessage(
          `Keep the web address to ${SECTION_SLUG_MAX} characters or fewer.`,
          slug,
        ),
      });
    } else if (slug && !SLUG_PATTERN.test(slug)) {
      context.addIssue({
        code: "custom",
        path: ["slug"],
        message:
          "Use only letters a to z, digits and single dashes between words, such as small-plates.",
      });
    }
    return { ...section, slug };
  });
export type SectionInput = z.output<typeof sectionSchema>;

const sectionIdSchema = z
  .string()
  .trim()
  .refine((value) => value !== "", "Choose the section the item goes in.")
  .refine(
    (value) => value === "" || ROW_ID_PATTERN.test(value),
    "Choose one of the sections listed.",
  )
  .transform(Number);

/** The event a dish goes with: one of those listed, or none (""). */
const eventIdSchema = rowChoiceSchema("an event");

export const itemSchema = z
  .object({
    sectionId: sectionIdSchema,
    name: line(
      ITEM_NAME_MAX,
      "Enter the item’s name, such as Classic Poutine.",
      `Keep the name to ${ITEM_NAME_MAX} characters or fewer.`,
    ),
    description: text(
      ITEM_DESCRIPTION_MAX,
      `Keep the description to ${withThousands(ITEM_DESCRIPTION_MAX)} characters or fewer.`,
    ),
    price: priceSchema({
      optional: false,
      maxCents: PRICE_MAX_CENTS,
      required: "Enter a price such as 14.50 (0 if it is free).",
    }),
    portion: line(
      ITEM_PORTION_MAX,
      null,
      `Keep the portion to ${ITEM_PORTION_MAX} characters or fewer, such as 20 oz.`,
    ),
    dietaryTags: tagList(DIETARY_OPTIONS, "dietary tags"),
    allergens: tagList(ALLERGEN_OPTIONS, "allergens"),
    badges: tagList(BADGE_OPTIONS, "badges"),
    available: tickBox,
    featured: tickBox,
    hidden: tickBox,
    // The file itself is read by the picture reader; as text it is always empty.
    imageFile: z.string(),
    imagePath: z.string().transform((path) => path.trim()),
    imageRemove: tickBox,
    imageAlt: line(
      ITEM_IMAGE_ALT_MAX,
      null,
      `Keep the description to ${ITEM_IMAGE_ALT_MAX} characters or fewer.`,
    ),
    eventId: eventIdSchema,
  } satisfies Record<ItemField, z.ZodType>)
  .superRefine((item, context) => {
    // A picture kept (not removed) needs words; a newly chosen one is checked once saved.
    if (item.imagePath && !item.imageRemove && !item.imageAlt) {
      context.addIssue({ code: "custom", path: ["imageAlt"], message: ALT_TEXT_REQUIRED });
    }
    // A diet tag its own allergens rule out is not true (the section's traces are checked on save).
    const contains = itemContainsProblem(item.dietaryTags, item.allergens);
    if (contains) context.addIssue({ code: "custom", path: ["dietaryTags"], message: contains });
  });
export type ItemInput = z.output<typeof itemSchema>;

/*
 * Diet tags against allergens. A diet tag is a promise to a diner: "Vegan"
 * on fries that share a fryer with battered fish is not true. An item's diet
 * tags may never contradict what it contains (its allergens) or what its
 * section may pass on to it (the section's "may contain traces of" list,
 * which its note explains in words, such as "cooked in a shared fryer").
 */

const GLUTEN_CEREALS = ["wheat", "triticale", "barley", "oats", "rye"] as const;

/** The allergens each diet tag rules out, whether contained or as traces. */
export const DIET_RULES_OUT: Record<DietFilter, readonly Allergen[]> = {
  vegan: ["eggs", "milk", "fish", "crustaceans", "molluscs"],
  vegetarian: ["fish", "crustaceans", "molluscs"],
  "dairy-free": ["milk"],
  "gluten-free": GLUTEN_CEREALS,
};

/** A diet tag and the allergens that rule it out. */
export type DietConflict = { tag: DietaryTag; allergens: Allergen[] };

/** The tags among `tags` that `allergens` rule out, each with the allergens doing so (in list order). */
export function dietConflicts(
  tags: readonly DietaryTag[],
  allergens: readonly Allergen[],
): DietConflict[] {
  const present = new Set(allergens);
  return tags.flatMap((tag) => {
    const rulesOut = DIET_RULES_OUT[tag as DietFilter] ?? [];
    const found = ALLERGENS.filter(
      (allergen) => present.has(allergen) && rulesOut.includes(allergen),
    );
    return found.length > 0 ? [{ tag, allergens: found }] : [];
  });
}

function tagWords(conflicts: readonly DietConflict[]): string {
  return listWords(conflicts.map((conflict) => DIETARY_LABELS[conflict.tag]));
}

function allergenWords(conflicts: readonly DietConflict[]): string {
  const all = new Set(conflicts.flatMap((conflict) => conflict.allergens));
  return listWords(ALLERGENS.filter((allergen) => all.has(allergen)).map(allergenWord));
}

/** The refusal when an item's own allergens rule out its tags; null when they agree. */
export function itemContainsProblem(
  tags: readonly DietaryTag[],
  allergens: readonly Allergen[],
): string | null {
  const conflicts = dietConflicts(tags, allergens);
  if (conflicts.length === 0) return null;
  return `This item contains ${allergenWords(conflicts)}, so it cannot be tagged ${tagWords(conflicts)}. Untick ${conflicts.length === 1 ? "that tag" : "those tags"}, or the allergen if it is wrong.`;
}

/** The refusal when the section's traces rule out an item's tags; null when they agree. */
export function itemSectionProblem(
  tags: readonly DietaryTag[],
  section: { name: string; mayContain: readonly Allergen[] },
): string | null {
  const conflicts = dietConflicts(tags, section.mayContain);
  if (conflicts.length === 0) return null;
  return `Everything in ${section.name} may contain traces of ${allergenWords(conflicts)} (see the section’s note), so this item cannot be tagged ${tagWords(conflicts)}. Untick ${conflicts.length === 1 ? "that tag" : "those tags"}; the menu tells diners what the section may contain.`;
}

/** An item of a section, as the section's check reads it. */
export type TaggedItem = { name: string; dietaryTags: readonly DietaryTag[] };

/** The refusal when a section's traces rule out tags its items carry, naming them; null when none. */
export function sectionItemsProblem(
  mayContain: readonly Allergen[],
  items: readonly TaggedItem[],
): string | null {
  const clashing = items.flatMap((item) => {
    const conflicts = dietConflicts(item.dietaryTags, mayContain);
    return conflicts.length > 0 ? [{ item, conflicts }] : [];
  });
  if (clashing.length === 0) return null;
  const all = clashing.flatMap(({ conflicts }) => conflicts);
  const named = clashing.map(({ item, conflicts }) => `${item.name} (${tagWords(conflicts)})`);
  return `Traces of ${allergenWords(all)} would make these items’ tags untrue: ${listWords(named)}. Untick those tags on the items first, or leave ${all.length === 1 ? "that allergen" : "those allergens"} unticked.`;
}

/** Words a note uses for cross-contact: traces, a shared fryer, "may contain". */
const CROSS_CONTACT =
  /\b(traces?|shared?|shares|fryers?|cross[- ]contact|may contain|may carry)\b/i;

/** The words that name each allergen in a note. */
const ALLERGEN_WORDS: Record<Allergen, RegExp> = {
  eggs: /\beggs?\b/i,
  milk: /\b(milk|dairy)\b/i,
  mustard: /\bmustard\b/i,
  peanuts: /\bpeanuts?\b/i,
  crustaceans: /\b(crustaceans?|shrimps?|prawns?|crabs?|lobsters?)\b/i,
  molluscs: /\b(molluscs?|mollusks?|squid|calamari|clams?|mussels?|oysters?|scallops?)\b/i,
  fish: /\bfish\b/i,
  sesame: /\bsesame\b/i,
  soy: /\bsoya?\b/i,
  sulphites: /\bsulphites?\b/i,
  "tree-nuts": /\btree[- ]nuts?\b/i,
  wheat: /\b(wheat|gluten)\b/i,
  triticale: /\btriticale\b/i,
  barley: /\bbarley\b/i,
  oats: /\boats?\b/i,
  rye: /\brye\b/i,
};

/**
 * The allergens a note says the section may pass on: those it names when it
 * speaks of cross-contact at all ("share a fryer with battered fish"), none
 * when it does not ("Pick a sauce"). A note that names one the section's list
 * leaves out says more than the menu's tags are held to.
 */
export function allergensNamedInNote(note: string): Allergen[] {
  if (!CROSS_CONTACT.test(note)) return [];
  return ALLERGENS.filter((allergen) => ALLERGEN_WORDS[allergen].test(note));
}

/** The refusal when the note names traces the section's list leaves out; null when it does not. */
export function sectionNoteProblem(note: string, mayContain: readonly Allergen[]): string | null {
  const missing = allergensNamedInNote(note).filter((allergen) => !mayContain.includes(allergen));
  if (missing.length === 0) return null;
  const labels = listWords(missing.map((allergen) => ALLERGEN_LABELS[allergen]));
  return `The note speaks of ${listWords(missing.map(allergenWord))} passing to this section’s food; tick ${labels} under “May contain traces of” too, so the items’ diet tags are held to it.`;
}

/** A row's id as a list sends it. */
const rowId = z.string().regex(ROW_ID_PATTERN).transform(Number);

/** An availability button's post: what the item is to be, and which item. */
export const availabilitySchema = z.object({
  intent: z.enum(["mark-available", "mark-not-today", "mark-off-menu"]),
  item: rowId,
});
