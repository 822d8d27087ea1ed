import { csvBody } from "~/platform/csv";
import type { SubscriberRow } from "./subscriber-list";

/**
 * The list as a spreadsheet: one row an address, with the consent record
 * CASL asks the pub to be able to show for every address it mails (when,
 * from which form, the exact words, who the pub was then), how and when
 * an address left, and when its mail server refused a newsletter for good. Times are ISO 8601 in UTC, as the headings say.
 */

export const SUBSCRIBER_SHEET_COLUMNS = [
  "state",
  "email",
  "consented_at (UTC)",
  "consent_form",
  "consent_wording",
  "pub_name",
  "pub_postal_address",
  "confirmed_at (UTC)",
  "unsubscribed_at (UTC)",
  "unsubscribed_by",
  "removed_by_owner",
  "bounced_at (UTC)",
] as const;

/** The rows as a CSV file's body, headed by SUBSCRIBER_SHEET_COLUMNS. */
export function subscriberSheet(rows: readonly SubscriberRow[]): string {
  return csvBody([
    [...SUBSCRIBER_SHEET_COLUMNS],
    ...rows.map((row) => [
      row.state,
      row.email,
      row.consentedAt ?? "",
      row.consentForm ?? "",
      row.consentWording ?? "",
      row.pubName ?? "",
      row.pubPostalAddress ?? "",
      row.confirmedAt ?? "",
      row.unsubscribedAt ?? "",
      row.unsubscribedBy ?? "",
      row.unsubscribedByStaffEmail ?? "",
      row.bouncedAt ?? "",
    ]),
  ]);
}

/** The file's name: the list, its state when only one, and the Toronto date. */
export function subscriberSheetName(state: string | null, date: string): string {
  return `newsletter-subscribers${state ? `-${state}` : ""}-${date}.csv`;
}
