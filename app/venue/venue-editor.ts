import type { FormValues } from "~/platform/form-check";
import type { VenuePackage, VenueSpace } from "./venue";

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
export const PHOTO_ALT_MAX = 200;

export const PRICE_UNITS = ["per-guest", "flat"] as const;
export const priceUnitLabels: Record<(typeof PRICE_UNITS)[number], string> = {
  "per-guest": "Per guest",
  flat: "Flat price for the party",
};

export const spaceFieldLabels: Record<SpaceField, string> = {
  name: "Name",
  slug: "Web address",
  summary: "Summary",
  description: "Description",
  seatedCapacity: "Seated guests",
  standingCapacity: "Standing guests",
  features: "Features",
  stepFree: "Step-free",
  accessibilityNote: "Access note",
  ...photoLabels(),
  hidden: "Hidden",
};

function photoLabels() {
  const labels = {} as Record<(typeof photoFields)[number], string>;
  for (const slot of PHOTO_SLOTS) {
    const names = photoNames(slot);
    labels[names.file] = `Photo ${slot + 1}`;
    labels[names.alt] = `Photo ${slot + 1} description`;
    labels[names.kept] = `Photo ${slot + 1}`;
    labels[names.remove] = `Remove photo ${slot + 1}`;
  }
  return labels;
}

export const packageFieldLabels: Record<PackageField, string> = {
  name: "Name",
  description: "Description",
  price: "Price",
  priceUnit: "Priced",
  minimumGuests: "Minimum guests",
  includes: "Includes",
  hidden: "Hidden",
};

/** A space as the editor shows it, hidden or not. */
export type EditableSpace = VenueSpace & { published: boolean };
/** A package as the editor shows it, hidden or not. */
export type EditablePackage = VenuePackage & { published: boolean };

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

/** The intents of the list's move buttons. */
export const MOVE_INTENTS = ["move-up", "move-down"] as const;
export type MoveIntent = (typeof MOVE_INTENTS)[number];
