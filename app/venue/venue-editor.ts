import type { FormValues } from "~/platform/form-check";
import type { VenuePackage, VenueSpace } from "./venue";

/**
 * The staff venue editor's forms (spaces and packages): fields, labels,
 * limits, and how saved rows fill the forms. Safe for the browser; the rules
 * are in venue-rules.ts, loaded when a form is first used.
 */

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
  hidden: "Hidden",
};

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
    hidden: space.published ? "" : "on",
  };
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
