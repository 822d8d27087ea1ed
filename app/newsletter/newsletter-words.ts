import { describeRetention } from "~/platform/clock/time-words";

/**
 * The newsletter's words and limits, for the pages and the server alike.
 */

/** Where a subscriber gave their consent: an enquiry form's box, the footer's sign-up or the sign-up page's, or the undo of an unsubscribe. */
export type ConsentForm = "contact" | "venue" | "footer" | "page" | "resubscribe";

/** How an address left the list: the link in a mail, the mail program's one-click, or an owner. */
export type UnsubscribedBy = "link" | "one-click" | "owner";

/** Who the pub was when consent was given, as CASL asks a consent record to say. */
export type PubIdentity = { name: string; postalAddress: string };

/** How long a confirmation link works. */
export const CONFIRM_DAYS = 7;

/** How long after an unsubscribe the page still offers to undo it. */
export const UNDO_MINUTES = 30;

/** What the undo button says, stored as the consent it gives. */
export const RESUBSCRIBE_WORDING =
  "Subscribe me again to the pub's newsletter about events and specials, about once a month. I can unsubscribe at any time.";

/** A confirmation token as mailed: 32 random bytes in base64url. */
export const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** An unsubscribe token as mailed: the subscriber's number, a dot and its signature. */
export const UNSUBSCRIBE_TOKEN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

/** The longest token a page reads from its query; anything longer is not one. */
export const TOKEN_MAX_LENGTH = 64;

/** The token in a query or a form field, or null when it is missing or longer than any token. */
export function tokenParameter(value: FormDataEntryValue | string | null): string | null {
  return typeof value === "string" && value.length <= TOKEN_MAX_LENGTH ? value : null;
}

/**
 * What the newsletter keeps about a subscriber and for how long, as the
 * sign-ups and the enquiry forms' box say it: an unsubscribed address's
 * record is kept as long as enquiries (`retentionDays`).
 */
export function newsletterPrivacy(retentionDays: number): string {
  const retention = describeRetention(retentionDays);
  return `For the newsletter we keep your email address, and when, on which form and to which words you said yes, to show that you asked. We use it for the newsletter alone and never sell or share it. A sign-up you don't confirm is deleted after ${CONFIRM_DAYS} days. Once you unsubscribe, we keep only the address and when and how you left, to show that you did, for ${retention}; then it is deleted too.`;
}
