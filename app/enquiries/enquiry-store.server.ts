import type { EnquiryReceipt } from "./enquiry-fields";
import type { NewEnquiry } from "./new-enquiry";
import { enquiryNotification, type EnquiryMailSettings } from "./enquiry-notification";
import type { Database } from "~/platform/database/database.server";
import { limitStatementTime } from "~/platform/database/statement-timeout.server";
import { enqueueMail, mailQueued } from "~/platform/mail/outbox.server";

/** What else an enquiry's post records with it, in its transaction (a ticked newsletter box's request). */
export type AlsoStored = (tx: Database) => Promise<void>;

export type { EnquiryReceipt };

export type { NewEnquiry };

export type StoreResult =
  /** A new row. */
  | { status: "stored"; id: number }
  /** The same post again (a double submit or a replay): nothing new stored. */
  | { status: "duplicate"; id: number }
  /** A different post carrying a token already used: nothing stored. */
  | { status: "token-reused" };

/**
 * Stores an enquiry once, and queues the mail that tells the pub about it in
 * the same transaction: an enquiry stored always has its notification in the
 * outbox, and one that is not stored never does. The submission token is
 * unique, so of two posts of the same form (even at the same moment) one row
 * lands and the other finds it; only the one that lands queues a mail.
 * `alsoStored` (the request for the newsletter and its confirmation mail,
 * when the box was ticked) is recorded in it too, only with a new enquiry.
 */
export async function storeEnquiry(
  db: Database,
  enquiry: NewEnquiry,
  mail: EnquiryMailSettings,
  alsoStored: AlsoStored | null = null,
): Promise<StoreResult> {
  // Cancelled by the database before the server stops waiting: an enquiry
  // the visitor is told was not sent is never stored later.
  const result = await db.transaction(async (tx) => {
    await limitStatementTime(tx);
    const stored = await insertEnquiry(tx, enquiry);
    if (stored.status === "stored") {
      await enqueueMail(
        tx,
        enquiryNotification(enquiry, { id: stored.id, receivedAt: new Date(), settings: mail }),
        { enquiryId: stored.id },
      );
      await alsoStored?.(tx);
    }
    return stored;
  });
  // Committed: this instance's sender sends it now.
  if (result.status === "stored") mailQueued();
  return result;
}

async function insertEnquiry(db: Database, enquiry: NewEnquiry): Promise<StoreResult> {
  const venue = enquiry.kind === "venue" ? enquiry : null;
  const inserted = await db.query<{ id: number }>(
    `insert into public.enquiries (
       kind, submission_token, fingerprint, name, email, phone, message, topic,
       venue_space_id, venue_space_name, event_date, start_time, party_size,
       newsletter_opted_in_at, newsletter_wording
     ) values (
       $1, $2::uuid, $3, $4, $5, $6, $7, $8,
       $9::bigint, $10, $11::date, $12::time, $13::int,
       case when $14::text is null then null else now() end, $14::text
     )
     on conflict (submission_token) do nothing
     returning id::int as id`,
    [
      enquiry.kind,
      enquiry.submissionToken,
      enquiry.fingerprint,
      enquiry.name,
      enquiry.email,
      enquiry.phone,
      enquiry.message,
      enquiry.kind === "contact" ? enquiry.topic : null,
      venue?.spaceId ?? null,
      venue?.spaceName ?? null,
      venue?.date ?? null,
      venue?.startTime ?? null,
      venue?.partySize ?? null,
      enquiry.newsletterWording,
    ],
  );
  const row = inserted[0];
  if (row) return { status: "stored", id: row.id };
  const earlier = await findSubmission(db, enquiry.submissionToken, enquiry.fingerprint);
  if (earlier.status === "new") throw new Error("The enquiry's token is taken, yet no row has it");
  return earlier;
}

/** Whether a form's token was already used, and by the same post. */
export async function findSubmission(
  db: Database,
  submissionToken: string,
  fingerprint: string,
): Promise<StoreResult | { status: "new" }> {
  const [existing] = await db.query<{ id: number; fingerprint: string }>(
    "select id::int as id, fingerprint from public.enquiries where submission_token = $1::uuid",
    [submissionToken],
  );
  if (!existing) return { status: "new" } as const;
  return existing.fingerprint === fingerprint
    ? { status: "duplicate", id: existing.id }
    : { status: "token-reused" };
}

/** How long after sending the confirmation can still be shown. */
const RECEIPT_HOURS = 24;

/** The enquiry a form token sent, if it was sent in the last day. */
export async function findReceipt(
  db: Database,
  submissionToken: string,
): Promise<EnquiryReceipt | null> {
  const [row] = await db.query<EnquiryReceipt>(
    `select kind, name, email, phone, message, topic,
       venue_space_name as "spaceName", event_date::text as date,
       to_char(start_time, 'HH24:MI') as "startTime", party_size as "partySize",
       newsletter_opted_in_at is not null as newsletter,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "sentAt"
     from public.enquiries
     where submission_token = $1::uuid
       and created_at > now() - make_interval(hours => $2::int)`,
    [submissionToken, RECEIPT_HOURS],
  );
  return row ?? null;
}

/** Deletes enquiries older than the retention period, and spent rate-limit windows. */
export async function purgeExpiredEnquiries(
  db: Database,
  retentionDays: number,
): Promise<{ enquiries: number; rateLimitWindows: number }> {
  return db.transaction(async (tx) => {
    const enquiries = await tx.query<{ id: number }>(
      `delete from public.enquiries
       where created_at < now() - make_interval(days => $1::int)
       returning id::int as id`,
      [retentionDays],
    );
    const windows = await tx.query<{ bucket: string }>(
      `delete from public.form_rate_limits
       where window_start < now() - interval '1 day'
       returning bucket`,
    );
    return { enquiries: enquiries.length, rateLimitWindows: windows.length };
  });
}
