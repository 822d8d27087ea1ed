import { defineEditor } from "~/platform/forms/editor-spec";
import { PICTURE_DESCRIPTION_MAX } from "~/images/uploads";
import { area, checkbox, picture, row, select, text } from "~/platform/forms/field-specs";
import type { FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
import type { VenuePackage, VenueSpace } from "~/venue/venue";

/**
 * The staff venue editor's forms (spaces and packages): fields, labels,
 * limits, and how saved rows fill the forms. Safe for the browser; the rules
 * are in venue-rules.ts, loaded when a form is first used.
 */

/** How many photos a space can have. */
export const MAX_PHOTOS = 4;
export const PHOTO_SLOTS = [0, 1, 2, 3] as const;
export type PhotoSlot = (typeof PHOTO_SLOTS)[number];

/** The fields of one photo slot in the space form (see `PictureField`). */
export const photoNames = (slot: PhotoSlot) =>
  ({
    file: `photo${slot}`,
    kept: `photoKept${slot}`,
    remove: `photoRemove${slot}`,
    alt: `photoAlt${slot}`,
  }) as const;

const photoFields = [
  ...["photo0", "photoAlt0", "photoKept0", "photoRemove0"],
  ...["photo1", "photoAlt1", "photoKept1", "photoRemove1"],
  ...["photo2", "photoAlt2", "photoKept2", "photoRemove2"],
  ...["photo3", "photoAlt3", "photoKept3", "photoRemove3"],
] as const;

export const spaceFields = [
  "name",
  "slug",
  "summary",
  "description",
  "seatedCapacity",
  "standingCapacity",
  "features",
  "stepFree",
  "accessibilityNote",
  ...photoFields,
  "hidden",
] as const;
export type SpaceField = (typeof spaceFields)[number];

export const packageFields = [
  "name",
  "description",
  "price",
  "priceUnit",
  "minimumGuests",
  "includes",
  "hidden",
] as const;
export type PackageField = (typeof packageFields)[number];

export const NAME_MAX = 100;
export const SLUG_MAX = 80;
export const SUMMARY_MAX = 200;
export const DESCRIPTION_MAX = 1000;
export const NOTE_MAX = 500;
export const LIST_ITEM_MAX = 100;
export const LIST_MAX = 20;
export const CAPACITY_MAX = 5000;
export const PHOTO_ALT_MAX = PICTURE_DESCRIPTION_MAX;

export const PRICE_UNITS = ["per-guest", "flat"] as const;
export const priceUnitLabels: Record<(typeof PRICE_UNITS)[number], string> = {
  "per-guest": "Per guest",
  flat: "Flat price for the party",
};

/** A space as the editor shows it, hidden or not. */
export type EditableSpace = VenueSpace & { published: boolean; sample: boolean };
/** A package as the editor shows it, hidden or not. */
export type EditablePackage = VenuePackage & { published: boolean; sample: boolean };

/** A saved space as its form shows it. */
export function spaceFormValues(space: EditableSpace): FormValues<SpaceField> {
  return {
    name: space.name,
    slug: space.slug,
    summary: space.summary,
    description: space.description,
    seatedCapacity: String(space.seatedCapacity),
    standingCapacity: String(space.standingCapacity),
    features: space.features.join("\n"),
    stepFree: space.stepFree ? "on" : "",
    accessibilityNote: space.accessibilityNote,
    ...photoValues(space.photos),
    hidden: space.published ? "" : "on",
  };
}

/** The photo slots' values: the saved photos first, the other slots empty. */
function photoValues(photos: readonly { path: string; alt: string }[]) {
  const values = {} as Record<(typeof photoFields)[number], string>;
  for (const slot of PHOTO_SLOTS) {
    const names = photoNames(slot);
    const photo = photos[slot];
    values[names.file] = "";
    values[names.kept] = photo?.path ?? "";
    values[names.alt] = photo?.alt ?? "";
    values[names.remove] = "";
  }
  return values;
}

/** A saved package as its form shows it. */
export function packageFormValues(pack: EditablePackage): FormValues<PackageField> {
  return {
    name: pack.name,
    description: pack.description,
    price: (pack.priceCents / 100).toFixed(2),
    priceUnit: pack.priceUnit,
    minimumGuests: pack.minimumGuests === null ? "" : String(pack.minimumGuests),
    includes: pack.includes.join("\n"),
    hidden: pack.published ? "" : "on",
  };
}

export const spaceForm = defineForm({
  id: "space-form",
  fields: spaceFields,
  files: PHOTO_SLOTS.map((slot) => photoNames(slot).file),
  verb: "save",
  rules: () => import("./venue-rules").then((rules) => rules.spaceSchema),
});

/** A venue space's editor, at /staff/venue/spaces/:id. */
export const spaceEditor = defineEditor({
  form: spaceForm,
  list: { path: "/staff/venue", label: "Venue" },
  title: (space: EditableSpace | null) => space?.name ?? "Add a space",
  pageTitle: (space) => (space ? `Edit ${space.name.slice(0, 60)}` : "Add a space"),
  submit: { add: "Add space", save: "Save changes" },
  remove: {
    what: (space) => `“${space.name}”`,
    consequence: "The space goes from the venue page and the enquiry form.",
  },
  path: (id) => `/staff/venue/spaces/${id}`,
  values: spaceFormValues,
  pictures: true,
  fields: (shown) => [
    text("name", { label: "Name", limit: NAME_MAX }),
    text("slug", {
      label: "Web address name",
      summary: "Web address",
      optional: true,
      hint: "Made from the name when left empty, such as the-snug.",
      limit: SLUG_MAX,
      autoCapitalize: "none",
      spellCheck: false,
    }),
    row(
      text("seatedCapacity", {
        label: "Seated guests",
        inputMode: "numeric",
        hint: "0 if it is not set up seated.",
      }),
      text("standingCapacity", {
        label: "Standing guests",
        inputMode: "numeric",
        hint: "0 if it is not set up standing.",
      }),
    ),
    text("summary", { label: "Summary", optional: true, limit: SUMMARY_MAX }),
    area("description", { label: "Description", optional: true, rows: 5, limit: DESCRIPTION_MAX }),
    area("features", {
      label: "Features",
      optional: true,
      hint: "One a line, or separated by commas: private bar, projector, fireplace.",
      rows: 4,
    }),
    checkbox("stepFree", {
      label: "Step-free access",
      summary: "Step-free",
      hint: "Guests can get in without steps or stairs.",
      optional: true,
    }),
    area("accessibilityNote", {
      label: "Access note",
      optional: true,
      hint: "Lifts, ramps, nearest accessible washroom.",
      rows: 3,
      limit: NOTE_MAX,
    }),
    // The saved (or just uploaded) photos, and one empty slot to add another.
    ...photoSlotsShown(shown).map((slot) =>
      picture(photoNames(slot), { label: `Photo ${slot + 1}`, altLimit: PHOTO_ALT_MAX }),
    ),
    checkbox("hidden", {
      label: "Hide from the site",
      summary: "Hidden",
      hint: "Hidden spaces are not on the venue page or in the enquiry form.",
      optional: true,
    }),
  ],
});

/** The photo slots a space's form shows: those holding a photo, and one empty one while there is room. */
function photoSlotsShown(shown: Partial<FormValues<SpaceField>>): PhotoSlot[] {
  const kept = PHOTO_SLOTS.filter((slot) => (shown[photoNames(slot).kept] ?? "") !== "");
  const empty = PHOTO_SLOTS.find((slot) => !kept.includes(slot));
  return empty === undefined ? kept : [...kept, empty];
}

export const packageForm = defineForm({
  id: "package-form",
  fields: packageFields,
  verb: "save",
  rules: () => import("./venue-rules").then((rules) => rules.packageSchema),
});

/** A venue package's editor, at /staff/venue/packages/:id. */
export const packageEditor = defineEditor({
  form: packageForm,
  list: { path: "/staff/venue", label: "Venue" },
  title: (pack: EditablePackage | null) => pack?.name ?? "Add a package",
  pageTitle: (pack) => (pack ? `Edit ${pack.name.slice(0, 60)}` : "Add a package"),
  submit: { add: "Add package", save: "Save changes" },
  remove: {
    what: (pack) => `“${pack.name}”`,
    consequence: "The package goes from the venue page.",
  },
  path: (id) => `/staff/venue/packages/${id}`,
  values: packageFormValues,
  fields: () => [
    text("name", { label: "Name", limit: NAME_MAX }),
    row(
      text("price", {
        label: "Price",
        hint: "In dollars, such as 32 or 450.00.",
        inputMode: "decimal",
      }),
      select("priceUnit", {
        label: "Priced",
        options: PRICE_UNITS.map((unit) => ({ value: unit, label: priceUnitLabels[unit] })),
      }),
    ),
    text("minimumGuests", {
      label: "Minimum guests",
      optional: true,
      inputMode: "numeric",
      hint: "Empty: no minimum.",
    }),
    area("includes", {
      label: "Includes",
      optional: true,
      hint: "One a line: a drink on arrival, sharing platters, a private bar.",
      rows: 5,
    }),
    area("description", { label: "Description", optional: true, rows: 4, limit: DESCRIPTION_MAX }),
    checkbox("hidden", {
      label: "Hide from the site",
      summary: "Hidden",
      hint: "Hidden packages are not on the venue page.",
      optional: true,
    }),
  ],
});

/** The venue page's two lists, and the table each is kept in. */
const VENUE_TABLES = { space: "venue_spaces", package: "venue_packages" } as const;

/** A row's place on the venue page, so a post without scripts comes back to it. */
export const venueAnchor = (list: keyof typeof VENUE_TABLES, id: number) =>
  `${VENUE_TABLES[list]}-${id}`;
