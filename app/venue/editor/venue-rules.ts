import { z } from "zod";
import { withThousands } from "~/platform/thousands";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
import {
  checkboxSchema,
  lineSchema,
  listSchema,
  priceSchema,
  slugSchema,
  slugify,
  textSchema,
  wholeNumberSchema,
} from "~/platform/forms/field-rules";
import {
  CAPACITY_MAX,
  DESCRIPTION_MAX,
  LIST_ITEM_MAX,
  LIST_MAX,
  NAME_MAX,
  NOTE_MAX,
  PHOTO_ALT_MAX,
  PHOTO_SLOTS,
  PRICE_UNITS,
  photoNames,
  SLUG_MAX,
  SUMMARY_MAX,
} from "./venue-editor";

/**
 * The venue editor's rules: one schema per form, run by the action and
 * (loaded on first use) by the browser.
 */

const capacity = (kind: string) =>
  wholeNumberSchema({
    max: CAPACITY_MAX,
    optional: false,
    required: `Enter how many guests the space holds ${kind}, or 0.`,
    notANumber: `Enter the ${kind} capacity as a whole number, such as 40.`,
    negative: "A capacity cannot be negative.",
  });

const nameSchema = lineSchema({
  max: NAME_MAX,
  required: "Enter a name.",
  tooLong: `Keep the name to ${NAME_MAX} characters or fewer.`,
});

const descriptionSchema = textSchema({
  max: DESCRIPTION_MAX,
  tooLong: `Keep the description to ${withThousands(DESCRIPTION_MAX)} characters or fewer.`,
});

export const spaceSchema = z
  .object({
    name: nameSchema,
    slug: slugSchema(SLUG_MAX),
    summary: lineSchema({
      max: SUMMARY_MAX,
      tooLong: `Keep the summary to ${SUMMARY_MAX} characters or fewer.`,
    }),
    description: descriptionSchema,
    seatedCapacity: capacity("seated"),
    standingCapacity: capacity("standing"),
    features: listSchema({
      itemMax: LIST_ITEM_MAX,
      maxItems: LIST_MAX,
      commas: true,
      what: "features",
    }),
    stepFree: checkboxSchema,
    accessibilityNote: textSchema({
      max: NOTE_MAX,
      tooLong: `Keep the access note to ${NOTE_MAX} characters or fewer.`,
    }),
    ...photoSchemas(),
    hidden: checkboxSchema,
  })
  .transform((space, ctx) => {
    const seated = space.seatedCapacity ?? 0;
    const standing = space.standingCapacity ?? 0;
    if (seated === 0 && standing === 0) {
      // The venue enquiry form checks a party's size against these.
      ctx.addIssue({
        code: "custom",
        path: ["seatedCapacity"],
        message: "Enter how many guests the space holds, seated or standing.",
      });
      return z.NEVER;
    }
    for (const slot of PHOTO_SLOTS) {
      const names = photoNames(slot);
      const kept = space[names.kept].trim() !== "" && space[names.remove] !== "on";
      if (kept && space[names.alt] === "") {
        ctx.addIssue({ code: "custom", path: [names.alt], message: ALT_TEXT_REQUIRED });
        return z.NEVER;
      }
    }
    const slug = space.slug || slugify(space.name, SLUG_MAX);
    if (slug === "") {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message:
          "The name has no letters or numbers to make a web address from. Enter one such as the-snug.",
      });
      return z.NEVER;
    }
    return {
      name: space.name,
      slug,
      summary: space.summary,
      description: space.description,
      seatedCapacity: seated,
      standingCapacity: standing,
      features: space.features,
      stepFree: space.stepFree,
      accessibilityNote: space.accessibilityNote,
      /** Each photo slot's description, by slot. */
      photoAlts: PHOTO_SLOTS.map((slot) => space[photoNames(slot).alt]),
      published: !space.hidden,
    };
  });

function photoSchemas() {
  const text = z.string().optional().default("");
  const alt = lineSchema({
    max: PHOTO_ALT_MAX,
    tooLong: `Keep the description to ${PHOTO_ALT_MAX} characters or fewer.`,
  });
  return {
    photo0: text,
    photoAlt0: alt,
    photoKept0: text,
    photoRemove0: text,
    photo1: text,
    photoAlt1: alt,
    photoKept1: text,
    photoRemove1: text,
    photo2: text,
    photoAlt2: alt,
    photoKept2: text,
    photoRemove2: text,
    photo3: text,
    photoAlt3: alt,
    photoKept3: text,
    photoRemove3: text,
  };
}
export type SpaceInput = z.output<typeof spaceSchema>;

export const packageSchema = z
  .object({
    name: nameSchema,
    description: descriptionSchema,
    price: priceSchema({ optional: false, maxCents: 100_000_00 }),
    priceUnit: z.enum(PRICE_UNITS, { error: "Choose per guest or a flat price." }),
    minimumGuests: wholeNumberSchema({
      min: 1,
      max: CAPACITY_MAX,
      optional: true,
      required: "",
      notANumber: "Enter the minimum as a whole number of guests, such as 20, or leave it empty.",
      negative: "The minimum must be at least 1 guest, or leave it empty.",
    }),
    includes: listSchema({
      itemMax: LIST_ITEM_MAX,
      maxItems: LIST_MAX,
      commas: false,
      what: "inclusions",
    }),
    hidden: checkboxSchema,
  })
  .transform((pack) => ({
    name: pack.name,
    description: pack.description,
    priceCents: pack.price ?? 0,
    priceUnit: pack.priceUnit,
    minimumGuests: pack.minimumGuests,
    includes: pack.includes,
    published: !pack.hidden,
  }));
export type PackageInput = z.output<typeof packageSchema>;
