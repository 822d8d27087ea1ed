import { createHash, randomBytes } from "node:crypto";
import type { Database } from "~/platform/database/database.server";

/**
 * Password recovery links, as Supabase Auth makes them: `/recover` issues a
 * one-time token for a user, mailed as the link's `token_hash`; `/verify`
 * trades it, once and within the hour, for a session. Only a SHA-256 hash of
 * the token is stored, so a copy of the table opens no account.
 */

/** How long a recovery link works: Supabase's default (mailer OTP expiry). */
export const RECOVERY_TOKEN_SECONDS = 60 * 60;

/** Supabase's default wait before another recovery mail to the same user. */
export const RECOVERY_RESEND_SECONDS = 60;

const at = "to_timestamp($1::float8 / 1000)";
const hashed = (tokenHash: string) => createHash("sha256").update(tokenHash).digest("hex");

/**
 * A new recovery token for the user, replacing any earlier one (so the
 * newest link is the one that works); "too-soon" when the last was made
 * under a minute ago.
 */
export async function issueRecoveryToken(
  db: Database,
  user: { id: string; email: string },
  nowMs: number,
): Promise<{ tokenHash: string } | "too-soon"> {
  const tokenHash = randomBytes(32).toString("hex");
  const stored = await db.query(
    `insert into auth.one_time_tokens as t
       (user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($2::uuid, 'recovery_token', $3, $4, ${at}, ${at})
     on conflict (user_id, token_type) do update set
       token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       created_at = excluded.created_at, updated_at = excluded.updated_at
     where t.created_at <= ${at} - make_interval(secs => $5::int)
     returning t.id`,
    [nowMs, user.id, hashed(tokenHash), user.email, RECOVERY_RESEND_SECONDS],
  );
  return stored.length > 0 ? { tokenHash } : "too-soon";
}

/**
 * Uses up a recovery token: the user it was issued to, or null for a token
 * that was never issued, has been used, was replaced or has expired. One
 * statement, so of two uses at once only one gets the user.
 */
export async function redeemRecoveryToken(
  db: Database,
  tokenHash: string,
  nowMs: number,
): Promise<string | null> {
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) return null;
  const [row] = await db.query<{ userId: string; fresh: boolean }>(
    `delete from auth.one_time_tokens
     where token_type = 'recovery_token' and token_hash = $2
     returning user_id::text as "userId",
       created_at > ${at} - make_interval(secs => $3::int) as fresh`,
    [nowMs, hashed(tokenHash), RECOVERY_TOKEN_SECONDS],
  );
  return row?.fresh ? row.userId : null;
}
