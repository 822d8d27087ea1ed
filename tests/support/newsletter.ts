import type { Database } from "~/platform/database/database.server";

/**
 * The newsletter's rows as route tests read them back: a subscriber with
 * its consent record, and the mails queued to an address with their links.
 */

export type SubscriberRow = {
  id: number;
  email: string;
  state: string;
  consentedAt: string | null;
  consentForm: string | null;
  consentWording: string | null;
  pubName: string | null;
  pubPostalAddress: string | null;
  confirmTokenHash: string | null;
  confirmExpiresInDays: number | null;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  unsubscribedBy: string | null;
};

/** The subscriber row of `email` (any case), if there is one. */
export async function subscriberRow(
  db: Database,
  email: string,
): Promise<SubscriberRow | undefined> {
  const [row] = await db.query<SubscriberRow>(
    `select id::int as id, email, state, consented_at::text as "consentedAt",
       consent_form as "consentForm", consent_wording as "consentWording",
       pub_name as "pubName", pub_postal_address as "pubPostalAddress",
       confirm_token_hash as "confirmTokenHash",
       round(extract(epoch from confirm_expires_at - now()) / 86400)::int
         as "confirmExpiresInDays",
       confirmed_at::text as "confirmedAt", unsubscribed_at::text as "unsubscribedAt",
       unsubscribed_by as "unsubscribedBy"
     from public.newsletter_subscribers where email = $1`,
    [email.toLowerCase()],
  );
  return row;
}

/** The mails queued to `email`, oldest first, with the confirmation and unsubscribe tokens they carry. */
export async function queuedMailsTo(db: Database, email: string) {
  const rows = await db.query<{ subject: string; text: string; listUnsubscribe: string | null }>(
    `select subject, text_body as text, list_unsubscribe as "listUnsubscribe" from public.outbox
     where to_address = $1 order by id`,
    [email.toLowerCase()],
  );
  return rows.map((row) => ({
    ...row,
    confirmToken: /\/newsletter\/confirm\?token=([\w-]+)/.exec(row.text)?.[1] ?? null,
    unsubscribeToken: new URL(row.listUnsubscribe ?? "https://x.invalid").searchParams.get("token"),
  }));
}
