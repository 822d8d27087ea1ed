import { z } from "zod";
import { withThousands } from "~/platform/thousands";
import { lineSchema, textSchema } from "~/platform/form-rules";
import { overLimitMessage, parseDollars } from "~/platform/typed-input";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
import { checkForm, type FieldErrors, type FormValues } from "~/platform/form-check";
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
import { formatPrice } from "./price";

/**
 * The menu editor's rules: one schema per form, run by the action on every
 * post and by the browser as staff fill the form in, so the two agree. The
 * browser loads this module only when a form is first used.
 */

export { checkForm };

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
    hidden: tickBox,
  } satisfies Record<SectionField, z.ZodType>)
  .transform((section, context) => {
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
    (value) => value === "" || /^[1-9]\d{0,14}$/.test(value),
    "Choose one of the sections listed.",
  )
  .transform(Number);

const PRICE_MESSAGES = {
  empty: "Enter a price such as 14.50 (0 if it is free).",
  format: "Enter a price such as 14.50.",
  negative: "A price cannot be negative.",
} as const;

const priceSchema = z.string().transform((value, context) => {
  const price = parseDollars(value);
  if ("problem" in price) {
    context.addIssue({ code: "custom", message: PRICE_MESSAGES[price.problem] });
    return z.NEVER;
  }
  if (price.cents > PRICE_MAX_CENTS) {
    context.addIssue({
      code: "custom",
      message: `A price can be at most ${formatPrice(PRICE_MAX_CENTS)}; check the number.`,
    });
    return z.NEVER;
  }
  return price.cents;
});

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
    price: priceSchema,
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
  } satisfies Record<ItemField, z.ZodType>)
  .superRefine((item, context) => {
    // A picture kept (not removed) needs words; a newly chosen one is checked once saved.
    if (item.imagePath && !item.imageRemove && !item.imageAlt) {
      context.addIssue({ code: "custom", path: ["imageAlt"], message: ALT_TEXT_REQUIRED });
    }
  });
export type ItemInput = z.output<typeof itemSchema>;

/** The section form's check, as the browser runs it. */
export function checkSection(values: FormValues<SectionField>): FieldErrors<SectionField> {
  const checked = checkForm(sectionSchema, values);
  return checked.ok ? {} : checked.errors;
}

/** The item form's check, as the browser runs it. */
export function checkItem(values: FormValues<ItemField>): FieldErrors<ItemField> {
  const checked = checkForm(itemSchema, values);
  return checked.ok ? {} : checked.errors;
}
