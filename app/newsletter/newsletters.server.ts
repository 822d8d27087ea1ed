import { newsletterLink, newsletterMail, type NewsletterText } from "./newsletter-mail";
import { unsubscribeToken } from "./newsletter-tokens.server";
import type { PubIdentity } from "./newsletter-words";
import { newsletterKey } from "./subscribers.server";
import { subscriberCounts } from "./subscriber-list.server";
import type { Database } from "~/platform/database/database.server";
import { enqueueMail, mailQueued } from "~/platform/mail/outbox.server";

/**
 * The newsletters the pub writes and sends. Drafts are written as the
 * signed-in owner (the table's policies decide); sending and stopping are
 * the server's own work, after the caller has checked the member is an
 * owner, since no staff role may write the outbox.
 *
 * Sending is one transaction: the draft becomes "sending" (only a draft can,
 * so a second click, a repeated post or a second instance finds nothing to
 * do), its recipients are fixed (the confirmed subscribers then, bounced
 * addresses left out), and each gets a delivery and an outbox row, due
 * `60_000 / perMinute` ms after the one before. The rate is in the rows, so
 * it holds however many instances send, and a process that dies halfway
 * leaves either every copy queued or none; the outbox's claims then see
 * that no copy goes twice.
 */

export type NewsletterState = "draft" | "sending" | "stopped" | "sent";
export type DeliveryState = "waiting" | "sent" | "failed" | "bounced" | "stopped" | "unsubscribed";

export type DeliveryCounts = Record<DeliveryState, number>;

export type NewsletterSummary = {
  id: number;
  subject: string;
  state: NewsletterState;
  writtenBy: string | null;
  sentBy: string | null;
  /** ISO 8601, UTC. */
  updatedAt: string;
  sentAt: string | null;
  finishedAt: string | null;
  stoppedAt: string | null;
  recipientCount: number | null;
  counts: DeliveryCounts;
};

export type Newsletter = NewsletterSummary & { body: string };

export type Delivery = {
  id: number;
  /** The subscriber's address; null once the subscriber's row is removed. */
  email: string | null;
  state: DeliveryState;
  /** The address was refused for good (by this copy or another): later sends skip it. */
  bounced: boolean;
};

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** To the microsecond, as a saved draft's version: two saves never share it. */
const ISO_US = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const SUMMARY_COLUMNS = `n.id::int as id, n.subject, n.state, n.written_by as "writtenBy",
  n.sent_by as "sentBy", ${ISO_US("n.updated_at")} as "updatedAt", ${ISO("n.sent_at")} as "sentAt",
  ${ISO("n.finished_at")} as "finishedAt", ${ISO("n.stopped_at")} as "stoppedAt",
  n.recipient_count as "recipientCount",
  (select json_build_object(
     'waiting', count(*) filter (where d.state = 'waiting'),
     'sent', count(*) filter (where d.state = 'sent'),
     'failed', count(*) filter (where d.state = 'failed'),
     'bounced', count(*) filter (where d.state = 'bounced'),
     'stopped', count(*) filter (where d.state = 'stopped'),
     'unsubscribed', count(*) filter (where d.state = 'unsubscribed'))
   from public.newsletter_deliveries d where d.newsletter_id = n.id) as counts`;

/** Every newsletter, drafts first, then the newest sent. */
export function listNewsletters(db: Database): Promise<NewsletterSummary[]> {
  return db.query<NewsletterSummary>(
    `select ${SUMMARY_COLUMNS} from public.newsletters n
     order by n.state = 'draft' desc, coalesce(n.sent_at, n.updated_at) desc, n.id desc`,
  );
}

/** One newsletter with its text; null when there is none. */
export async function getNewsletter(db: Database, id: number): Promise<Newsletter | null> {
  const [row] = await db.query<Newsletter>(
    `select ${SUMMARY_COLUMNS}, n.body from public.newsletters n where n.id = $1::bigint`,
    [id],
  );
  return row ?? null;
}

/** A newsletter's copies: who, and what became of each, in the order they were queued. */
export function listDeliveries(db: Database, id: number, limit = 500): Promise<Delivery[]> {
  return db.query<Delivery>(
    `select d.id::int as id, s.email, d.state,
       (d.state = 'bounced' or s.bounced_at is not null) as bounced
     from public.newsletter_deliveries d
     left join public.newsletter_subscribers s on s.id = d.subscriber_id
     where d.newsletter_id = $1::bigint
     order by d.id limit $2::int`,
    [id, limit],
  );
}

/** Whom a send would reach (confirmed, not bounced), who has yet to confirm, and the bounced a send skips. */
export type SendableCounts = { confirmed: number; waiting: number; bounced: number };

/** The counts a newsletter's pages show: for any member of the staff. */
export async function sendableCounts(db: Database): Promise<SendableCounts> {
  const counts = await subscriberCounts(db);
  return {
    confirmed: counts.confirmed - counts.bounced,
    waiting: counts.waiting,
    bounced: counts.bounced,
  };
}

/** Writes a new draft as the member in `tx`; its id. */
export async function createDraft(
  tx: Database,
  text: NewsletterText,
  writtenBy: string | null,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.newsletters (subject, body, written_by) values ($1, $2, $3)
     returning id::int as id`,
    [text.subject, text.body, writtenBy],
  );
  if (!row) throw new Error("Writing the draft returned no row");
  return row.id;
}

/** Saves a draft's text as the member in `tx`: false when it is no draft (sent, or gone). */
export async function saveDraft(tx: Database, id: number, text: NewsletterText): Promise<boolean> {
  const saved = await tx.query(
    `update public.newsletters set subject = $2, body = $3, updated_at = now()
     where id = $1::bigint and state = 'draft' returning id`,
    [id, text.subject, text.body],
  );
  return saved.length > 0;
}

/** What sending a newsletter did. */
export type SendOutcome =
  | { status: "sending"; recipients: number }
  /** Already sending, stopped or sent: nothing more was queued. */
  | { status: "not-draft" }
  | { status: "missing" }
  /** Saved again since the send was asked about: nothing was queued. */
  | { status: "changed" }
  /** Nobody to send it to: it stays a draft. */
  | { status: "nobody" };

/** Where a send's copies lead, and who the pub is in their footer. */
export type SendSettings = {
  /** The site's origin, for each copy's unsubscribe link. */
  origin: string;
  pub: PubIdentity;
  /** Copies queued a minute, at most (NEWSLETTER_MAILS_PER_MINUTE). */
  perMinute: number;
  /** Who sends it (their address). */
  sentBy: string | null;
  /**
   * When the text the sender was asked about was saved (`updatedAt`): a
   * draft saved since, by another owner or in another tab, is not sent.
   */
  savedAt: string;
};

/**
 * Sends a draft to the subscribers confirmed at this moment, through the
 * outbox, at `perMinute` copies a minute; once, however often it is asked.
 * On the server's own connection: the caller has checked the member is an owner.
 */
export async function sendNewsletter(
  db: Database,
  id: number,
  settings: SendSettings,
): Promise<SendOutcome> {
  const key = await newsletterKey(db);
  const outcome = await db.transaction<SendOutcome>(async (tx) => {
    const [newsletter] = await tx.query<{
      state: NewsletterState;
      subject: string;
      body: string;
      savedAt: string;
    }>(
      `select state, subject, body, ${ISO_US("updated_at")} as "savedAt"
       from public.newsletters where id = $1::bigint for update`,
      [id],
    );
    if (!newsletter) return { status: "missing" };
    if (newsletter.state !== "draft") return { status: "not-draft" };
    if (newsletter.savedAt !== settings.savedAt) return { status: "changed" };
    const recipients = await tx.query<{ id: number; email: string }>(
      `select id::int as id, email from public.newsletter_subscribers
       where state = 'confirmed' and bounced_at is null
       order by id for share`,
    );
    if (recipients.length === 0) return { status: "nobody" };
    await tx.query(
      `update public.newsletters set state = 'sending', sent_at = now(), sent_by = $2,
         recipient_count = $3::int, updated_at = now()
       where id = $1::bigint`,
      [id, settings.sentBy, recipients.length],
    );
    const gapMs = 60_000 / settings.perMinute;
    // After the copies of a send still under way, so two sends together
    // keep to the rate too.
    const [queued] = await tx.query<{ ms: number | null }>(
      `select (extract(epoch from max(o.next_attempt_at) - now()) * 1000)::double precision as ms
       from public.newsletter_deliveries d join public.outbox o on o.id = d.outbox_id
       where d.state = 'waiting'`,
    );
    const startMs = queued?.ms == null ? 0 : Math.max(0, queued.ms + gapMs);
    for (const [index, recipient] of recipients.entries()) {
      const unsubscribe = newsletterLink(
        settings.origin,
        "unsubscribe",
        unsubscribeToken(key, recipient.id),
      );
      const outboxId = await enqueueMail(
        tx,
        newsletterMail({ to: recipient.email, newsletter, pub: settings.pub, unsubscribe }),
        { newsletterSubscriberId: recipient.id, dueInMs: Math.floor(startMs + index * gapMs) },
      );
      await tx.query(
        `insert into public.newsletter_deliveries (newsletter_id, subscriber_id, outbox_id)
         values ($1::bigint, $2::bigint, $3::bigint)`,
        [id, recipient.id, outboxId],
      );
    }
    return { status: "sending", recipients: recipients.length };
  });
  if (outcome.status === "sending") mailQueued();
  return outcome;
}

/** What stopping a send did. */
export type StopOutcome =
  | { status: "stopped"; notSent: number }
  /** Not being sent (a draft, stopped already, or every copy tried). */
  | { status: "not-sending"; state: NewsletterState }
  | { status: "missing" };

/**
 * Stops a send: the copies still waiting (and not being handed to the mail
 * server this moment) are taken out of the outbox, marked stopped; what was
 * sent stays sent. On the server's own connection, as `sendNewsletter`.
 */
export function stopNewsletter(db: Database, id: number): Promise<StopOutcome> {
  return db.transaction<StopOutcome>(async (tx) => {
    const [newsletter] = await tx.query<{ state: NewsletterState }>(
      "select state from public.newsletters where id = $1::bigint for update",
      [id],
    );
    if (!newsletter) return { status: "missing" };
    if (newsletter.state !== "sending") return { status: "not-sending", state: newsletter.state };
    // The copies' mail is locked before it is looked at: a sender claiming
    // one meanwhile either has it (and it is left to go) or waits, and then
    // finds it gone; none is marked stopped while it is being sent.
    const stopped = await tx.query<{ outboxId: number }>(
      `with held as (
         select o.id from public.outbox o
         join public.newsletter_deliveries d on d.outbox_id = o.id
         where d.newsletter_id = $1::bigint and d.state = 'waiting' and o.status = 'waiting'
           and (o.claimed_until is null or o.claimed_until <= now())
         for update of o
       )
       update public.newsletter_deliveries d set state = 'stopped', updated_at = now()
       from held where d.outbox_id = held.id
       returning held.id::int as "outboxId"`,
      [id],
    );
    await tx.query("delete from public.outbox where id = any($1::bigint[])", [
      stopped.map((row) => String(row.outboxId)),
    ]);
    await tx.query(
      `update public.newsletters set state = 'stopped', stopped_at = now(), updated_at = now()
       where id = $1::bigint`,
      [id],
    );
    return { status: "stopped", notSent: stopped.length };
  });
}

/**
 * The owner's test copy: one mail to `to` through the outbox, marked a test
 * in its subject, counted nowhere. On the server's own connection.
 */
export async function sendTestCopy(
  db: Database,
  { to, newsletter, pub }: { to: string; newsletter: NewsletterText; pub: PubIdentity },
): Promise<void> {
  await db.transaction((tx) =>
    enqueueMail(tx, newsletterMail({ to, newsletter, pub, unsubscribe: null })),
  );
  mailQueued();
}

/**
 * Deletes a draft as the member in `tx` (the policy lets owners delete
 * drafts alone): its subject, or null when there is no such draft (gone, or
 * sent or being sent, which is kept with its copies).
 */
export async function deleteDraft(tx: Database, id: number): Promise<string | null> {
  const [row] = await tx.query<{ subject: string }>(
    "delete from public.newsletters where id = $1::bigint and state = 'draft' returning subject",
    [id],
  );
  return row?.subject ?? null;
}

/** A sent or stopped newsletter's text as a new draft of the member in `tx`; its id. */
export async function copyIntoDraft(
  tx: Database,
  id: number,
  writtenBy: string | null,
): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.newsletters (subject, body, written_by)
     select subject, body, $2 from public.newsletters where id = $1::bigint
     returning id::int as id`,
    [id, writtenBy],
  );
  return row?.id ?? null;
}
