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

/** The words a note uses to say again how a space is reached, by kind of access. */
const SAYS_AGAIN = {
  stairs: /\b(stairs?|staircase|steps|upstairs)\b/i,
  stepFree: /\b(step[- ]free|level access|no steps|wheelchair[- ]accessible)\b/i,
};

/**
 * How a space is reached, as the venue page says it: the fact, "Step-free
 * access." or "Reached by stairs.", from `stepFree`, then the staff's note
 * without a first sentence or clause that says the same again ("Reached by a
 * staircase; there is no lift." reads "There is no lift.").
 */
export function spaceAccess(space: Pick<VenueSpace, "stepFree" | "accessibilityNote">): {
  lead: string;
  note: string;
} {
  const lead = space.stepFree ? "Step-free access." : "Reached by stairs.";
  const says = space.stepFree ? SAYS_AGAIN.stepFree : SAYS_AGAIN.stairs;
  const note = space.accessibilityNote.trim();
  const first = /^([^.;]*)(?:[.;]\s*|$)/.exec(note)!;
  if (!says.test(first[1]!)) return { lead, note };
  const rest = note.slice(first[0].length).trim();
  return { lead, note: rest.charAt(0).toUpperCase() + rest.slice(1) };
}
