import type { ContactEnquiry, VenueEnquiry } from "./enquiry-forms";

/** An enquiry ready to store: what the visitor sent, checked, and how it arrived. */
export type NewEnquiry = {
  submissionToken: string;
  fingerprint: string;
  /** The newsletter opt-in's wording when the visitor ticked it. */
  newsletterWording: string | null;
} & (
  | ({ kind: "contact" } & ContactEnquiry)
  | ({ kind: "venue"; spaceId: number; spaceName: string } & VenueEnquiry)
);
