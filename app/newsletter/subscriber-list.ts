import { dateParts, torontoDateTime } from "~/platform/clock/time-words";
import type { ConsentForm, UnsubscribedBy } from "./newsletter-words";

/**
 * The owners' list of the newsletter's subscribers: its address, what its
 * query string may ask, and each row's state, consent and withdrawal in
 * words. Pure, for the page and the server alike.
 */

/** Where staff find the newsletter; the list is below it, with its spreadsheet. */
export const NEWSLETTER_PATH = "/staff/newsletter";
export const SUBSCRIBERS_PATH = "/staff/newsletter/subscribers";
export const SUBSCRIBERS_SHEET_PATH = "/staff/newsletter/subscribers.csv";

export const SUBSCRIBER_STATES = ["confirmed", "waiting", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** Addresses a page of the list shows; the way through is Newer and Older. */
export const SUBSCRIBERS_PAGE_SIZE = 50;

/** The longest search: part of an address, which is 254 characters at most. */
export const SUBSCRIBER_SEARCH_MAX = 100;

/** The last page the list offers (half a million addresses, at 50 a page). */
export const SUBSCRIBERS_PAGE_MAX = 10_000;

/** What the list's address asks for: a state or all, a search, a page, the address to remove. */
export type SubscriberQuery = {
  state: SubscriberState | null;
  q: string;
  page: number;
  /** The subscriber whose removal is being asked about (`?remove=`). */
  remove: number | null;
};

/** What anyone but an owner is told at the list. */
export const OWNERS_ONLY_SUBSCRIBERS =
  "Only the pub's owners can see the subscribers' addresses, export them or remove one. Ask an owner if you need to.";

/** The list's address for a state, a search and a page; the shortest that says it. */
export function subscribersLink(
  { state, q, page }: Pick<SubscriberQuery, "state" | "q" | "page">,
  extra: Record<string, string> = {},
  path = SUBSCRIBERS_PATH,
): string {
  const search = new URLSearchParams();
  if (state) search.set("state", state);
  if (q) search.set("q", q);
  if (page > 1) search.set("page", String(page));
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** How many addresses are in each state, and how many of the confirmed bounced (a send skips them). */
export type SubscriberCounts = Record<SubscriberState, number> & { bounced: number };

/** A row of the list, with its consent record while it is on the list. */
export type SubscriberRow = {
  id: number;
  email: string;
  state: SubscriberState;
  /** ISO 8601, UTC; null once unsubscribed (the record is cleared then). */
  consentedAt: string | null;
  consentForm: ConsentForm | null;
  consentWording: string | null;
  pubName: string | null;
  pubPostalAddress: string | null;
  confirmedAt: string | null;
  /** When a waiting request's link runs out. */
  confirmExpiresAt: string | null;
  unsubscribedAt: string | null;
  unsubscribedBy: UnsubscribedBy | null;
  /** The owner who removed it, as their address was then. */
  unsubscribedByStaffEmail: string | null;
  /** When a newsletter to it was refused for good: sends skip it until it asks again. */
  bouncedAt: string | null;
};

/** Where a subscriber said yes, in words. */
export const CONSENT_FORM_WORDS: Record<ConsentForm, string> = {
  contact: "the contact form",
  venue: "the venue enquiry form",
  footer: "the sign-up at the foot of every page",
  page: "the newsletter's sign-up page",
  resubscribe: "the undo on the unsubscribe page",
};

export const STATE_LABELS: Record<SubscriberState, string> = {
  confirmed: "Confirmed",
  waiting: "Waiting",
  unsubscribed: "Unsubscribed",
};

/** "Dec 3, 2026", in Toronto. */
export function formatDay(iso: string): string {
  const { date } = torontoDateTime(iso);
  const { monthShort, day } = dateParts(date);
  return `${monthShort} ${day}, ${date.slice(0, 4)}`;
}

/** "Dec 3, 2026 at 7:30 pm", in Toronto. */
export function formatMoment(iso: string): string {
  const { time } = torontoDateTime(iso);
  return `${formatDay(iso)} at ${time}`;
}

/** How an address left the list, in words. */
export function unsubscribedHow(
  row: Pick<SubscriberRow, "unsubscribedBy" | "unsubscribedByStaffEmail">,
): string {
  switch (row.unsubscribedBy) {
    case "link":
      return "by the link in a mail";
    case "one-click":
      return "by one-click in their mail program";
    case "owner":
      return `by ${row.unsubscribedByStaffEmail ?? "an owner"} (an owner)`;
    default:
      return "";
  }
}

/** Where a row stands and since when, in one line: "Confirmed Dec 3, 2026, from the contact form". */
export function subscriberWhen(row: SubscriberRow): string {
  switch (row.state) {
    case "confirmed":
      return `Confirmed ${formatDay(row.confirmedAt!)}, from ${CONSENT_FORM_WORDS[row.consentForm!]}${row.bouncedAt ? `; its mail server refused a newsletter for good on ${formatDay(row.bouncedAt)}, so sends skip it` : ""}`;
    case "waiting":
      return `Waiting since ${formatDay(row.consentedAt!)}, from ${CONSENT_FORM_WORDS[row.consentForm!]}; the link runs out ${formatDay(row.confirmExpiresAt!)}`;
    case "unsubscribed":
      return `Unsubscribed ${formatDay(row.unsubscribedAt!)} ${unsubscribedHow(row)}`;
  }
}
