import { confirmationMail, newsletterLink } from "./newsletter-mail";
import {
  confirmTokenHashOf,
  newConfirmToken,
  subscriberOf,
  unsubscribeToken,
  UNSUBSCRIBE_KEY,
} from "./newsletter-tokens.server";
import {
  CONFIRM_DAYS,
  RESUBSCRIBE_WORDING,
  UNDO_MINUTES,
  type ConsentForm,
  type PubIdentity,
  type UnsubscribedBy,
} from "./newsletter-words";
import type { Database } from "~/platform/database/database.server";
import { enqueueMail } from "~/platform/mail/outbox.server";
import { serverSecret } from "~/platform/server-secret.server";

/**
 * The newsletter's subscribers: requests, each confirmed by the one-time
 * link mailed to the address, and withdrawals. Nothing here tells a caller
 * whether an address was subscribed before: a request answers the same
 * either way, and only the address's own mailbox learns more.
 */

/** What a new request needs besides the address: its consent, and where the links lead. */
export type SubscriptionRequest = {
  email: string;
  form: ConsentForm;
  /** The exact words the visitor agreed to. */
  wording: string;
  pub: PubIdentity;
  /** The site's origin, for the links in the mail (SITE_URL). */
  origin: string;
  /** The key that signs unsubscribe links (`newsletterKey`). */
  key: string;
};

/** The server's key that signs unsubscribe links; read before a transaction that needs it. */
export function newsletterKey(db: Database): Promise<string> {
  return serverSecret(db, UNSUBSCRIBE_KEY);
}

/** An address as stored: trimmed, in lower case. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Records a request for the newsletter with its consent, and queues the
 * mail that confirms it, in the transaction `tx` (the one that stores what
 * the box was ticked on). An address already confirmed is left as it is and
 * gets no mail; a waiting, expired or unsubscribed one starts afresh. Call
 * `mailQueued()` once the transaction has committed.
 */
export async function requestSubscription(
  tx: Database,
  request: SubscriptionRequest,
): Promise<void> {
  const email = normalisedEmail(request.email);
  const confirm = newConfirmToken();
  const [row] = await tx.query<{ id: number }>(
    `insert into public.newsletter_subscribers as s (
       email, state, consented_at, consent_form, consent_wording, pub_name,
       pub_postal_address, confirm_token_hash, confirm_expires_at
     ) values (
       $1, 'waiting', now(), $2, $3, $4, $5, $6, now() + make_interval(days => $7::int)
     )
     on conflict (email) do update set
       state = 'waiting', consented_at = excluded.consented_at,
       consent_form = excluded.consent_form, consent_wording = excluded.consent_wording,
       pub_name = excluded.pub_name, pub_postal_address = excluded.pub_postal_address,
       confirm_token_hash = excluded.confirm_token_hash,
       confirm_expires_at = excluded.confirm_expires_at,
       confirmed_at = null, unsubscribed_at = null, unsubscribed_by = null,
       unsubscribed_by_staff = null, unsubscribed_by_staff_email = null, bounced_at = null,
       updated_at = now()
     where s.state <> 'confirmed'
     returning id::int as id`,
    [
      email,
      request.form,
      request.wording,
      request.pub.name,
      request.pub.postalAddress,
      confirm.hash,
      CONFIRM_DAYS,
    ],
  );
  // Confirmed already: nothing to confirm, and nothing the visitor is told.
  if (!row) return;
  await enqueueMail(
    tx,
    confirmationMail({
      to: email,
      pub: request.pub,
      form: request.form,
      wording: request.wording,
      links: {
        confirm: newsletterLink(request.origin, "confirm", confirm.token),
        unsubscribe: newsletterLink(
          request.origin,
          "unsubscribe",
          unsubscribeToken(request.key, row.id),
        ),
      },
    }),
    { newsletterSubscriberId: row.id },
  );
}

/** What a confirmation token finds. */
export type ConfirmationState =
  /** A request waiting for this link. */
  | "waiting"
  /** The request is past its link's time. */
  | "expired"
  /** Garbled, used already, or never made. */
  | "unknown";

/** What a confirmation link would do, without doing it (the page a GET shows). */
export async function confirmationState(
  db: Database,
  token: string | null,
): Promise<ConfirmationState> {
  const hash = confirmTokenHashOf(token);
  if (!hash) return "unknown";
  const [row] = await db.query<{ expired: boolean }>(
    `select confirm_expires_at <= now() as expired from public.newsletter_subscribers
     where confirm_token_hash = $1 and state = 'waiting'`,
    [hash],
  );
  return row ? (row.expired ? "expired" : "waiting") : "unknown";
}

/** Confirms the request a token was mailed for; once, and only before it expires. */
export async function confirmSubscription(
  db: Database,
  token: string | null,
): Promise<"confirmed" | Exclude<ConfirmationState, "waiting">> {
  const hash = confirmTokenHashOf(token);
  if (!hash) return "unknown";
  const confirmed = await db.query<{ id: number }>(
    `update public.newsletter_subscribers set
       state = 'confirmed', confirmed_at = now(), confirm_token_hash = null,
       confirm_expires_at = null, updated_at = now()
     where confirm_token_hash = $1 and state = 'waiting' and confirm_expires_at > now()
     returning id::int as id`,
    [hash],
  );
  if (confirmed.length > 0) return "confirmed";
  const state = await confirmationState(db, token);
  return state === "waiting" ? "unknown" : state;
}

/** Where an unsubscribe token's subscriber stands. */
export type UnsubscribeState =
  /** Unsubscribed (or never on the list): nothing is sent to them. */
  | { status: "unsubscribed"; mayUndo: boolean }
  /** On the list, or asked to be. */
  | { status: "subscribed" }
  /** Garbled, or not a link the site made. */
  | { status: "unknown" };

/** Where the subscriber of an unsubscribe link stands, without changing it (the page a GET shows). */
export async function unsubscribeState(
  db: Database,
  token: string | null,
): Promise<UnsubscribeState> {
  const id = subscriberOf(await newsletterKey(db), token);
  if (id === null) return { status: "unknown" };
  const [row] = await db.query<{ state: string; mayUndo: boolean }>(
    `select state, coalesce(unsubscribed_by <> 'owner'
         and unsubscribed_at > now() - make_interval(mins => $2::int), false) as "mayUndo"
     from public.newsletter_subscribers where id = $1::bigint`,
    [id, UNDO_MINUTES],
  );
  if (!row || row.state === "unsubscribed") {
    return { status: "unsubscribed", mayUndo: row?.mayUndo ?? false };
  }
  return { status: "subscribed" };
}

/** The owner who took an address off the list: their user id and, as it was then, their address. */
export type RemovingOwner = { userId: string; email: string };

/**
 * Takes subscriber `id` off the list at once, keeping only the address and
 * when and how they left (and, for a removal by the pub, which owner); mail
 * still waiting for them is not sent. Every unsubscribe, the link's, the
 * mail program's and an owner's, is this one step. False when there was no
 * such subscriber still on the list (or asking to be).
 */
async function takeOffTheList(
  tx: Database,
  id: number,
  by: UnsubscribedBy,
  owner: RemovingOwner | null,
): Promise<boolean> {
  const left = await tx.query<{ id: number }>(
    `update public.newsletter_subscribers set
       state = 'unsubscribed', unsubscribed_at = now(), unsubscribed_by = $2,
       unsubscribed_by_staff = $3::uuid, unsubscribed_by_staff_email = $4,
       consented_at = null, consent_form = null, consent_wording = null, pub_name = null,
       pub_postal_address = null, confirm_token_hash = null, confirm_expires_at = null,
       confirmed_at = null, updated_at = now()
     where id = $1::bigint and state <> 'unsubscribed'
     returning id::int as id`,
    [id, by, owner?.userId ?? null, owner?.email ?? null],
  );
  if (left.length === 0) return false;
  await tx.query(
    "delete from public.outbox where newsletter_subscriber_id = $1::bigint and status = 'waiting'",
    [id],
  );
  return true;
}

/**
 * Takes the subscriber of an unsubscribe link off the list at once (see
 * takeOffTheList). Idempotent: the same link again changes nothing and is
 * answered the same.
 */
export async function unsubscribe(
  db: Database,
  token: string | null,
  by: Exclude<UnsubscribedBy, "owner">,
): Promise<"unsubscribed" | "unknown"> {
  const id = subscriberOf(await newsletterKey(db), token);
  if (id === null) return "unknown";
  await db.transaction((tx) => takeOffTheList(tx, id, by, null));
  return "unsubscribed";
}

/**
 * An owner takes subscriber `id` off the list (see takeOffTheList), in the
 * transaction `tx`; the caller has checked that `owner` is one. A waiting request
 * is taken off too, not deleted: the removal stays on record, and the
 * confirmation link already mailed stops working. False when the address is
 * already off the list, its request has run out, or there is no such row.
 */
export async function removeSubscriber(
  tx: Database,
  id: number,
  owner: RemovingOwner,
): Promise<boolean> {
  const [row] = await tx.query<{ state: string }>(
    `select state from public.newsletter_subscribers
     where id = $1::bigint and (state <> 'waiting' or confirm_expires_at > now())
     for update`,
    [id],
  );
  if (!row) return false;
  return takeOffTheList(tx, id, "owner", owner);
}

/**
 * Undoes an unsubscribe from its page, within `UNDO_MINUTES` of it (never a
 * removal by the pub, which they undo by signing up again): the
 * address is on the list again at once (the link reached its mailbox), with
 * a fresh consent record, the undo button's words and the pub as it is now.
 */
export async function resubscribe(
  db: Database,
  token: string | null,
  pub: PubIdentity,
): Promise<"subscribed" | "too-late" | "unknown"> {
  const id = subscriberOf(await newsletterKey(db), token);
  if (id === null) return "unknown";
  const [row] = await db.query<{ state: string }>(
    `with back as (
       update public.newsletter_subscribers set
         state = 'confirmed', consented_at = now(), consent_form = 'resubscribe',
         consent_wording = $2, pub_name = $3, pub_postal_address = $4, confirmed_at = now(),
         unsubscribed_at = null, unsubscribed_by = null, unsubscribed_by_staff = null,
         unsubscribed_by_staff_email = null, updated_at = now()
       where id = $1::bigint and state = 'unsubscribed' and unsubscribed_by <> 'owner'
         and unsubscribed_at > now() - make_interval(mins => $5::int)
       returning state
     )
     select state from back
     union all
     select state from public.newsletter_subscribers
     where id = $1::bigint and not exists (select 1 from back)`,
    [id, RESUBSCRIBE_WORDING, pub.name, pub.postalAddress, UNDO_MINUTES],
  );
  if (!row) return "too-late";
  return row.state === "unsubscribed" ? "too-late" : "subscribed";
}

/** Deletes requests never confirmed whose link has run out, with their mail. */
export async function purgeExpiredRequests(db: Database): Promise<number> {
  const deleted = await db.query<{ id: number }>(
    `delete from public.newsletter_subscribers
     where state = 'waiting' and confirm_expires_at <= now()
     returning id::int as id`,
  );
  return deleted.length;
}

/**
 * Deletes what is left of addresses unsubscribed more than `retentionDays`
 * ago (the address and when and how they left): kept as long as enquiries,
 * to show the withdrawal was honoured, then gone.
 */
export async function purgeOldWithdrawals(db: Database, retentionDays: number): Promise<number> {
  const deleted = await db.query<{ id: number }>(
    `delete from public.newsletter_subscribers
     where state = 'unsubscribed' and unsubscribed_at < now() - make_interval(days => $1::int)
     returning id::int as id`,
    [retentionDays],
  );
  return deleted.length;
}

/** The newsletter's rows swept daily with the enquiries (`startDailyPurge`), by name. */
export const newsletterPurges = {
  newsletterRequests: purgeExpiredRequests,
  newsletterWithdrawals: purgeOldWithdrawals,
};
