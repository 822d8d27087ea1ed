import type { ContentImage } from "~/images/content-image";

export type VenueSpace = {
  id: number;
  slug: string;
  name: string;
  summary: string;
  description: string;
  seatedCapacity: number;
  standingCapacity: number;
  features: string[];
  stepFree: boolean;
  accessibilityNote: string;
  photos: ContentImage[];
};

export type VenuePackage = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  priceUnit: "per-guest" | "flat";
  minimumGuests: number | null;
  includes: string[];
};

/** The most guests a space holds, whichever way it is set up. */
export function largestCapacity(space: VenueSpace): number {
  return Math.max(space.seatedCapacity, space.standingCapacity);
}
