import type { Database } from "~/platform/database/database.server";

/**
 * The newsletter's rows as route tests make and read them: a subscriber
 * written as the site's own code leaves one, a subscriber read back with its
 * consent record, and the mails queued to an address with their links.
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

/** A subscriber in `state`, written as the newsletter's own code leaves one; its id. */
export async function insertSubscriber(
  db: Database,
  email: string,
  state: "confirmed" | "waiting" | "unsubscribed" = "confirmed",
  { bounced = false }: { bounced?: boolean } = {},
): Promise<number> {
  const consent = state === "unsubscribed" ? null : "now()";
  const [row] = await db.query<{ id: number }>(
    `insert into public.newsletter_subscribers (
       email, state, consented_at, consent_form, consent_wording, pub_name, pub_postal_address,
       confirm_token_hash, confirm_expires_at, confirmed_at, unsubscribed_at, unsubscribed_by,
       bounced_at
     ) values (
       $1, $2, ${consent ?? "null"}, $3, $4, $5, $6,
       $7, ${state === "waiting" ? "now() + interval '7 days'" : "null"},
       ${state === "confirmed" ? "now()" : "null"},
       ${state === "unsubscribed" ? "now()" : "null"}, $8,
       ${bounced ? "now()" : "null"}
     ) returning id::int as id`,
    [
      email,
      state,
      consent && "contact",
      consent && "Yes, send me the newsletter.",
      consent && "The Pub",
      consent && "180 Main Street, London, ON",
      state === "waiting"
        ? email
            .replace(/[^a-f0-9]/g, "")
            .padEnd(64, "a")
            .slice(0, 64)
        : null,
      state === "unsubscribed" ? "link" : null,
    ],
  );
  if (!row) throw new Error("No subscriber row");
  return row.id;
}
