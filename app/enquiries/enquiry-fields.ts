import type { CheckedFormData, FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
import type { WallTime } from "~/platform/clock/toronto-time";

/**
 * The enquiry forms' fields, limits and wording: what both the page and the
 * server need, without the rules (those are in enquiry-forms.ts, which the
 * browser loads only once a visitor starts on a form).
 */

/** The two enquiry forms; also the action each names to Turnstile. */
export type EnquiryKind = "contact" | "venue";

/** The hidden field with the form's one-time token: a second post of the same form stores nothing. */
export const SUBMISSION_FIELD = "submission";

/**
 * A field people never see or fill in (hidden from sight and from assistive
 * technology); automated spam fills in every field it finds.
 */
export const HONEYPOT_FIELD = "website";

/** What an enquiry action answers when the post is not stored: the form again, as typed, with why. */
export type EnquiryActionData<Field extends string> = CheckedFormData<Field> & {
  formId: string;
  values: FormValues<Field>;
  submissionToken: string;
};

export const NAME_MAX = 100;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;
/** How far ahead the venue can be asked for. */
export const BOOKING_WINDOW_MONTHS = 18;

export const contactTopics = [
  "general",
  "feedback",
  "lost-and-found",
  "accessibility",
  "media",
] as const;
export type ContactTopic = (typeof contactTopics)[number];

export const contactTopicLabels: Record<ContactTopic, string> = {
  general: "A general question",
  feedback: "Feedback on a visit",
  "lost-and-found": "Lost and found",
  accessibility: "Accessibility",
  media: "Media and press",
};

/**
 * The topic a link to the contact form chose (`/contact?topic=accessibility`),
 * or null for none or one that is not on the list.
 */
export function linkedContactTopic(params: URLSearchParams): ContactTopic | null {
  const topic = params.get("topic");
  return (contactTopics as readonly (string | null)[]).includes(topic)
    ? (topic as ContactTopic)
    : null;
}

/** The words of the newsletter opt-in, stored with each opt-in as CASL asks. */
export const NEWSLETTER_WORDING =
  "Yes, send me the pub's newsletter about events and specials, about once a month. I can unsubscribe at any time.";

export const CONSENT_WORDING =
  "I agree to the pub keeping these details to answer this enquiry, as described above.";

/** The form fields each kind of enquiry posts, besides the hidden ones. */
export const contactFields = [
  "name",
  "email",
  "phone",
  "topic",
  "message",
  "consent",
  "newsletter",
] as const;
export const venueFields = [
  "space",
  "date",
  "startTime",
  "partySize",
  "name",
  "email",
  "phone",
  "message",
  "consent",
  "newsletter",
] as const;
export type ContactField = (typeof contactFields)[number];
export type VenueField = (typeof venueFields)[number];

/** The pub's hours on the night that opens on a date, as the hours domain tells them. */
export type NightOpening =
  { opensAt: WallTime; closesAt: WallTime; note?: string } | { closed: true; note?: string };

export type VenueFormContext = {
  spaces: readonly EnquirySpace[];
  /** The hours of the night that opens on a date ("YYYY-MM-DD"). */
  openingOn: (date: string) => NightOpening;
  /** "YYYY-MM-DD" in America/Toronto. */
  today: string;
};

const enquiryRules = () => import("./enquiry-forms");

export const contactForm = defineForm({
  id: "contact-form",
  fields: contactFields,
  labels: {
    name: "Name",
    email: "Email",
    phone: "Phone",
    topic: "Topic",
    message: "Message",
    consent: "Agreement",
  },
  rules: () => enquiryRules().then((rules) => rules.contactEnquirySchema),
});

/** The venue form: its rules know the spaces on offer and the pub's hours on each night. */
export const venueForm = defineForm({
  id: "venue-form",
  fields: venueFields,
  labels: {
    space: "Space",
    date: "Date",
    startTime: "Start time",
    partySize: "Guests",
    name: "Name",
    email: "Email",
    phone: "Phone",
    message: "Message",
    consent: "Agreement",
  },
  rules: (context: VenueFormContext) =>
    enquiryRules().then((rules) => rules.venueEnquirySchema(context)),
});

/** "+15195550134" as people write it: "(519) 555-0134". */
export function formatPhone(e164: string): string {
  const digits = e164.replace(/^\+1/, "");
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** What the confirmation repeats back to the visitor. */
export type EnquiryReceipt = {
  kind: "contact" | "venue";
  name: string;
  email: string;
  phone: string | null;
  message: string;
  topic: ContactTopic | null;
  spaceName: string | null;
  date: string | null;
  startTime: string | null;
  partySize: number | null;
  newsletter: boolean;
  sentAt: string;
};

/** What a page with an enquiry form has from its loader for the form. */
export type EnquiryPageState = {
  /** The form's one-time token (`SUBMISSION_FIELD`). */
  submissionToken: string;
  /** What was just sent, shown once in place of the form; null otherwise. */
  receipt: EnquiryReceipt | null;
  /** How long enquiries are kept, as the purpose notice says. */
  retentionDays: number;
};

/** A space as the venue form needs it. */
export type EnquirySpace = { id: number; slug: string; name: string; capacity: number };

/** `date` plus whole months, the day kept where the month has it (Aug 31 + 6 → Feb 28). */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The last date the venue can be asked for, seen from `today`. */
export const latestBookingDate = (today: string) => addMonths(today, BOOKING_WINDOW_MONTHS);

/** The first date the venue can be asked for: tomorrow. */
export function earliestBookingDate(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
