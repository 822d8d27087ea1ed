import { z } from "zod";
import { defineForm } from "~/platform/forms/form-spec";
import { rowIdSchema } from "~/platform/forms/field-rules";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";
import type { Database } from "~/platform/database/database.server";
import { sendAgainNow, type SendAgainOutcome } from "~/platform/mail/outbox.server";

/**
 * The outbox as owners see it. Reads run as the signed-in member
 * (withStaffClaims): the outbox's policy shows its rows to owners only. No
 * role may write the outbox, so "send again" is checked that way, then
 * carried out by the server's own connection.
 */

export type OutboxStatus = "waiting" | "sent" | "failed";

export type OutboxMail = {
  id: number;
  /** The enquiry it tells of, while that is kept. */
  enquiryId: number | null;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  status: OutboxStatus;
  /** Tries since it was queued or last sent again. */
  attempts: number;
  /** A sender is handing it to the mail server this moment. */
  sending: boolean;
  lastError: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
  failedAt: string | null;
};

export type OutboxPage = {
  mails: OutboxMail[];
  counts: Record<OutboxStatus, number>;
  page: number;
  pageCount: number;
};

export const OUTBOX_PAGE_SIZE = 20;

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page of the outbox, newest first, with how many mails are in each state;
 * null when the signed-in member is not an owner.
 */
export function listOutbox(
  db: Database,
  claims: StaffClaims,
  { page }: { page: number },
): Promise<OutboxPage | null> {
  return withStaffClaims(db, claims, async (tx) => {
    const [owner] = await tx.query<{ isOwner: boolean }>(
      `select coalesce((select public.is_owner()), false) as "isOwner"`,
    );
    if (!owner?.isOwner) return null;
    const [counted] = await tx.query<Record<OutboxStatus, number>>(
      `select (count(*) filter (where status = 'waiting'))::int as waiting,
         (count(*) filter (where status = 'sent'))::int as sent,
         (count(*) filter (where status = 'failed'))::int as failed
       from public.outbox`,
    );
    const counts = counted ?? { waiting: 0, sent: 0, failed: 0 };
    const total = counts.waiting + counts.sent + counts.failed;
    const pageCount = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
    const shown = Math.min(pageCount, Math.max(1, Math.floor(page) || 1));
    const mails = await tx.query<OutboxMail>(
      `select id::int as id, enquiry_id::int as "enquiryId", to_address as "to",
         case when reply_to_address is null then null
           when reply_to_name is null or reply_to_name = '' then reply_to_address
           else reply_to_name || ' <' || reply_to_address || '>' end as "replyTo",
         subject, text_body as text, status, attempts,
         coalesce(claimed_until > now(), false) as sending, last_error as "lastError",
         ${ISO("created_at")} as "createdAt", ${ISO("next_attempt_at")} as "nextAttemptAt",
         ${ISO("sent_at")} as "sentAt", ${ISO("failed_at")} as "failedAt"
       from public.outbox
       order by created_at desc, id desc
       limit $1::int offset $2::int`,
      [OUTBOX_PAGE_SIZE, (shown - 1) * OUTBOX_PAGE_SIZE],
    );
    return { mails, counts, page: shown, pageCount };
  });
}

export type SendAgainResult = SendAgainOutcome | "not-owner";

/**
 * "Send again now" by the signed-in member: only an owner, and only a mail
 * they can see, is put back in the queue (see sendAgainNow).
 */
export async function sendMailAgain(
  db: Database,
  claims: StaffClaims,
  id: number,
): Promise<SendAgainResult> {
  const seen = await withStaffClaims(db, claims, async (tx) => {
    const [owner] = await tx.query<{ isOwner: boolean }>(
      `select coalesce((select public.is_owner()), false) as "isOwner"`,
    );
    if (!owner?.isOwner) return "not-owner" as const;
    const rows = await tx.query("select 1 from public.outbox where id = $1::bigint", [id]);
    return rows.length > 0 ? ("seen" as const) : ("missing" as const);
  });
  if (seen !== "seen") return seen;
  return sendAgainNow(db, id);
}

/** The outbox's "Send again" button: which mail. */
export const sendAgainForm = defineForm({
  id: "send-again",
  fields: ["intent", "id"],
  intents: ["send-again"],
  labels: {},
  rules: async () => z.object({ intent: z.literal("send-again"), id: rowIdSchema }),
});
