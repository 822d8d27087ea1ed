import type { Database } from "../database/database.server";

/**
 * The outbox: mail the site sends, written in the transaction of what it is
 * about and sent afterwards by the sender (`mail-sender.server.ts`), which
 * claims due rows so that several instances never send one twice.
 */

/** A mailbox: an address, and the name to show with it. */
export type MailAddress = { name?: string; address: string };

/** A mail as it is queued; the sender adds From (MAIL_FROM) when it sends it. */
export type MailMessage = {
  /** One or more recipients. */
  to: readonly string[];
  replyTo?: MailAddress;
  /** One line, visitor text already made safe for a header (`headerText`). */
  subject: string;
  text: string;
  /** A simple HTML part, every piece of visitor text escaped. */
  html?: string;
  /**
   * For a mail to a newsletter subscriber: the address that unsubscribes
   * them at once on a POST (RFC 8058), sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
   */
  listUnsubscribe?: string;
};

/** A queued mail as the sender reads it back. */
export type QueuedMail = {
  id: number;
  to: string;
  replyToName: string | null;
  replyToAddress: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** The one-click unsubscribe address of a mail to a subscriber (`MailMessage`). */
  listUnsubscribe: string | null;
  /** Tries so far, this one included once claimed. */
  attempts: number;
  /** When it was queued, in microseconds since the epoch: with `id`, its Message-ID. */
  queuedAt: string;
};

const QUEUED_COLUMNS = `id::int as id, to_address as "to", reply_to_name as "replyToName",
  reply_to_address as "replyToAddress", subject, text_body as text, html_body as html,
  list_unsubscribe as "listUnsubscribe", attempts,
  (extract(epoch from created_at) * 1000000)::bigint::text as "queuedAt"`;

/**
 * Queues `message` in the transaction `tx` (the one that stores what it is
 * about): it lands with that, or not at all. Call `mailQueued()` once the
 * transaction has committed, so this instance's sender sends it at once.
 */
export async function enqueueMail(
  tx: Database,
  message: MailMessage,
  about: {
    enquiryId?: number;
    newsletterSubscriberId?: number;
    /** Not to be tried before this many milliseconds from now (a newsletter's copies, spread out). */
    dueInMs?: number;
  } = {},
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.outbox
       (enquiry_id, newsletter_subscriber_id, to_address, reply_to_name, reply_to_address,
        subject, text_body, html_body, list_unsubscribe, next_attempt_at)
     values ($1::bigint, $2::bigint, $3, $4, $5, $6, $7, $8, $9,
       now() + make_interval(secs => $10::double precision / 1000))
     returning id::int as id`,
    [
      about.enquiryId ?? null,
      about.newsletterSubscriberId ?? null,
      message.to.join(", "),
      message.replyTo?.name ?? null,
      message.replyTo?.address ?? null,
      message.subject,
      message.text,
      message.html ?? null,
      message.listUnsubscribe ?? null,
      about.dueInMs ?? 0,
    ],
  );
  if (!row) throw new Error("Queuing the mail returned no row");
  return row.id;
}

const queued = new EventTarget();

/** Tells this instance's sender that mail was queued (after the transaction committed). */
export function mailQueued(): void {
  queued.dispatchEvent(new Event("queued"));
}

/** Calls `listener` whenever mail is queued on this instance; returns a function that stops it. */
export function onMailQueued(listener: () => void): () => void {
  queued.addEventListener("queued", listener);
  return () => queued.removeEventListener("queued", listener);
}

/**
 * Claims up to `limit` due mails for one sender: each is marked as being
 * tried (a try counted, claimed for `leaseMs`) in one statement that skips
 * rows another sender has locked, so two senders never claim the same mail;
 * one claimed by a sender that died is due again when its claim runs out.
 */
export function claimDueMail(
  db: Database,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<QueuedMail[]> {
  return db.query<QueuedMail>(
    `update public.outbox set
       claimed_until = now() + make_interval(secs => $2::double precision / 1000),
       attempts = attempts + 1,
       first_attempted_at = coalesce(first_attempted_at, now()),
       last_attempted_at = now()
     where id in (
       select id from public.outbox
       where status = 'waiting' and next_attempt_at <= now()
         and (claimed_until is null or claimed_until <= now())
       order by next_attempt_at, id
       limit $1::int
       for update skip locked
     )
     returning ${QUEUED_COLUMNS}`,
    [limit, leaseMs],
  );
}

/** Marks a claimed mail sent. */
export async function markMailSent(db: Database, id: number): Promise<void> {
  await db.query(
    `update public.outbox set status = 'sent', sent_at = now(), claimed_until = null,
       last_error = null
     where id = $1::bigint`,
    [id],
  );
}

/**
 * Records a failed try: the mail is tried again after `retryInMs`, unless
 * the failure is permanent, that would be more than `giveUpAfterMs` after
 * its first try, or it is a newsletter's copy whose send was stopped, when it is marked failed (`refused` when the recipient's
 * address was refused: for a newsletter's copy, a bounce). Returns which.
 */
export async function markMailFailedTry(
  db: Database,
  id: number,
  {
    error,
    retryInMs,
    giveUpAfterMs,
    permanent,
    recipientRefused = false,
  }: {
    error: string;
    retryInMs: number;
    giveUpAfterMs: number;
    permanent: boolean;
    recipientRefused?: boolean;
  },
): Promise<"retry" | "failed"> {
  const [row] = await db.query<{ status: "waiting" | "failed" }>(
    `update public.outbox o set
       status = case when given_up then 'failed' else 'waiting' end,
       failed_at = case when given_up then now() end,
       refused = given_up and $6::boolean,
       next_attempt_at = now() + make_interval(secs => $3::double precision / 1000),
       claimed_until = null,
       last_error = left($2, 1000)
     from (
       select $5::boolean
         or coalesce(first_attempted_at, now()) + make_interval(secs => $4::double precision / 1000)
           < now() + make_interval(secs => $3::double precision / 1000)
         -- A newsletter's copy that was being tried when its send was stopped.
         or exists (
           select 1 from public.newsletter_deliveries d
           join public.newsletters n on n.id = d.newsletter_id
           where d.outbox_id = $1::bigint and n.state = 'stopped'
         ) as given_up
       from public.outbox where id = $1::bigint
     ) as decision
     where o.id = $1::bigint and o.status = 'waiting'
     returning o.status`,
    [id, error, retryInMs, giveUpAfterMs, permanent, recipientRefused],
  );
  return row?.status === "failed" ? "failed" : "retry";
}

/** How long until the next waiting mail is due (0 when one is due now), or null when none waits. */
export async function msUntilNextDue(db: Database): Promise<number | null> {
  const [row] = await db.query<{ ms: number | null }>(
    `select greatest(0, extract(epoch from
       min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) - now()
     ) * 1000)::float8 as ms
     from public.outbox where status = 'waiting'`,
  );
  return row?.ms ?? null;
}

/**
 * Without a mail server: claims up to `limit` waiting mails not yet printed
 * to the log and marks them printed, each once across every instance.
 */
export function claimUnloggedMail(db: Database, limit: number): Promise<QueuedMail[]> {
  return db.query<QueuedMail>(
    `update public.outbox set logged_at = now()
     where id in (
       select id from public.outbox
       where status = 'waiting' and logged_at is null
       order by id
       limit $1::int
       for update skip locked
     )
     returning ${QUEUED_COLUMNS}`,
    [limit],
  );
}

/** What "send again now" did. */
export type SendAgainOutcome =
  /** Back in the queue, due now. */
  | "queued"
  /** Sent already: nothing to do. */
  | "sent"
  /** A sender is trying it this moment. */
  | "sending"
  /** A newsletter's mail to an address that has unsubscribed or refused it for good since. */
  | "withdrawn"
  /** No such mail (deleted with its enquiry, or never there). */
  | "missing";

/**
 * The subscriber of the outbox row in hand, when they have unsubscribed or
 * their address refused a newsletter for good: their mail is never sent again.
 */
const WITHDRAWN_SUBSCRIBER = `select 1 from public.newsletter_subscribers s
  where s.id = public.outbox.newsletter_subscriber_id
    and (s.state = 'unsubscribed' or s.bounced_at is not null)`;

/**
 * Puts a mail that is not sent back in the queue, due now: a failed one
 * back to waiting, its tries counted afresh (so it gets a day of retries
 * again); a waiting one tried now rather than at its next try. Through the
 * server's own connection; the caller checks first that the staff member may
 * (an owner, who can read the row).
 */
export async function sendAgainNow(db: Database, id: number): Promise<SendAgainOutcome> {
  if (!Number.isSafeInteger(id) || id <= 0) return "missing";
  const queuedAgain = await db.query<{ id: number }>(
    `update public.outbox set status = 'waiting', failed_at = null, refused = false, next_attempt_at = now(),
       attempts = 0, first_attempted_at = null
     where id = $1::bigint and status <> 'sent'
       and (claimed_until is null or claimed_until <= now())
       and not exists (${WITHDRAWN_SUBSCRIBER})
     returning id::int as id`,
    [id],
  );
  if (queuedAgain.length > 0) {
    mailQueued();
    return "queued";
  }
  const [row] = await db.query<{ status: string; withdrawn: boolean }>(
    `select status, exists (${WITHDRAWN_SUBSCRIBER}) as withdrawn
     from public.outbox where id = $1::bigint`,
    [id],
  );
  if (!row) return "missing";
  if (row.status === "sent") return "sent";
  return row.withdrawn ? "withdrawn" : "sending";
}
