import { createHash, createHmac, randomBytes } from "node:crypto";
import type { Database } from "~/platform/database/database.server";
import { AuthServiceError } from "./auth-error.server";
import { findUserById, isBanned, USER_COLUMNS, type UserRow } from "./auth-users.server";

/**
 * How long a rotated refresh token may still be presented: a second request
 * sent before the first one's answer was stored (parallel page loads) gets
 * the session the first one made instead of ending it. Supabase Auth's
 * default reuse interval.
 */
export const REFRESH_TOKEN_REUSE_MS = 10_000;

/** A session as a token response needs it. */
export type SessionGrant = {
  sessionId: string;
  refreshToken: string;
  aal: string;
  /** When the password was checked, for the `amr` claim. */
  signedInMs: number;
};

/**
 * Refresh tokens are random and stored only as SHA-256 hashes, so a copy of
 * the database signs nobody in. A rotation's new token is derived from the
 * old one with a server-side key rather than drawn at random: the service
 * can then hand the same new token to a repeat of the old one within the
 * reuse window without ever storing a token it could read back.
 */
export type RefreshTokens = {
  issue(): string;
  childOf(token: string): string;
  hash(token: string): string;
};

export function refreshTokens(rotationKey: Buffer): RefreshTokens {
  return {
    issue: () => randomBytes(32).toString("base64url"),
    childOf: (token) => createHmac("sha256", rotationKey).update(token).digest("base64url"),
    hash: (token) => createHash("sha256").update(token).digest("hex"),
  };
}

const at = "to_timestamp($1::float8 / 1000)";

/** A new session for a user whose password was just checked; records the sign-in. */
export async function startSession(
  db: Database,
  tokens: RefreshTokens,
  userId: string,
  nowMs: number,
): Promise<{ grant: SessionGrant; user: UserRow }> {
  const refreshToken = tokens.issue();
  return db.transaction(async (tx) => {
    const [session] = await tx.query<{ id: string; aal: string }>(
      `insert into auth.sessions (user_id, created_at, updated_at)
       values ($2::uuid, ${at}, ${at})
       returning id::text as id, aal`,
      [nowMs, userId],
    );
    await tx.query(
      `insert into auth.refresh_tokens (token_hash, session_id, user_id, created_at, updated_at)
       values ($2, $3::uuid, $4::uuid, ${at}, ${at})`,
      [nowMs, tokens.hash(refreshToken), session!.id, userId],
    );
    const [user] = await tx.query<UserRow>(
      `update auth.users as u set last_sign_in_at = ${at}
       where u.id = $2::uuid
       returning ${USER_COLUMNS}`,
      [nowMs, userId],
    );
    return {
      grant: { sessionId: session!.id, refreshToken, aal: session!.aal, signedInMs: nowMs },
      user: user!,
    };
  });
}

type SessionRow = {
  id: string;
  user_id: string;
  aal: string;
  created_ms: number;
  not_after_ms: number | null;
};

const SESSION_COLUMNS = `s.id::text as id, s.user_id::text as user_id, s.aal,
  (extract(epoch from s.created_at) * 1000)::float8 as created_ms,
  (extract(epoch from s.not_after) * 1000)::float8 as not_after_ms`;

/**
 * The session's newest refresh token, found by following rotations from
 * `token`; null if the chain is broken (a token made under another key).
 */
async function activeDescendant(
  tx: Database,
  tokens: RefreshTokens,
  token: string,
  sessionId: string,
): Promise<string | null> {
  let candidate = token;
  // Rotations inside one reuse window are few; the bound only stops a loop.
  for (let step = 0; step < 20; step++) {
    candidate = tokens.childOf(candidate);
    const [row] = await tx.query<{ revoked: boolean }>(
      "select revoked from auth.refresh_tokens where token_hash = $1 and session_id = $2::uuid",
      [tokens.hash(candidate), sessionId],
    );
    if (!row) return null;
    if (!row.revoked) return candidate;
  }
  return null;
}

type RefreshOutcome =
  { ok: true; grant: SessionGrant; user: UserRow } | { ok: false; error: AuthServiceError };

const refused = (code: string, message: string): RefreshOutcome => ({
  ok: false,
  error: new AuthServiceError(400, code, message),
});

/**
 * Swaps a refresh token for the session's next one, as Supabase Auth does:
 * the token is revoked and its child issued; a revoked token presented within
 * the reuse window gets the session's current token; one presented later
 * means it was copied, so the whole session ends.
 */
export async function refreshSession(
  db: Database,
  tokens: RefreshTokens,
  refreshToken: string,
  nowMs: number,
): Promise<{ grant: SessionGrant; user: UserRow }> {
  const tokenHash = tokens.hash(refreshToken);
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [found] = await tx.query<{ session_id: string }>(
      "select session_id::text as session_id from auth.refresh_tokens where token_hash = $1",
      [tokenHash],
    );
    if (!found) {
      return refused("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    }
    // The session's row lock makes refreshes of one session take turns, so two
    // sent at once cannot both rotate the same token.
    const [session] = await tx.query<SessionRow>(
      `select ${SESSION_COLUMNS} from auth.sessions s where s.id = $1::uuid for update`,
      [found.session_id],
    );
    if (!session) {
      return refused("session_not_found", "Invalid Refresh Token: No Valid Session Found");
    }
    // Read again under the lock: another refresh may have rotated it meanwhile.
    const [token] = await tx.query<{ revoked: boolean; revoked_ms: number }>(
      `select revoked, (extract(epoch from updated_at) * 1000)::float8 as revoked_ms
       from auth.refresh_tokens where token_hash = $1`,
      [tokenHash],
    );
    if (!token) {
      return refused("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    }
    const user = await findUserById(tx, session.user_id);
    if (!user) {
      return refused("session_not_found", "Invalid Refresh Token: No Valid Session Found");
    }
    if (isBanned(user, nowMs)) {
      return refused("user_banned", "Invalid Refresh Token: User Banned");
    }
    if (session.not_after_ms !== null && session.not_after_ms <= nowMs) {
      return refused("session_expired", "Invalid Refresh Token: Session Expired");
    }

    let issued: string | null;
    if (!token.revoked) {
      issued = tokens.childOf(refreshToken);
      await tx.query(
        `update auth.refresh_tokens set revoked = true, updated_at = ${at} where token_hash = $2`,
        [nowMs, tokenHash],
      );
      await tx.query(
        `insert into auth.refresh_tokens
           (token_hash, session_id, user_id, parent_hash, created_at, updated_at)
         values ($2, $3::uuid, $4::uuid, $5, ${at}, ${at})`,
        [nowMs, tokens.hash(issued), session.id, session.user_id, tokenHash],
      );
    } else {
      issued =
        nowMs - token.revoked_ms <= REFRESH_TOKEN_REUSE_MS
          ? await activeDescendant(tx, tokens, refreshToken, session.id)
          : null;
      if (!issued) {
        // Committed with the refusal: whoever holds the copy is signed out too.
        await tx.query("delete from auth.sessions where id = $1::uuid", [session.id]);
        return refused("refresh_token_already_used", "Invalid Refresh Token: Already Used");
      }
    }
    await tx.query(`update auth.sessions set updated_at = ${at} where id = $2::uuid`, [
      nowMs,
      session.id,
    ]);
    return {
      ok: true,
      user,
      grant: {
        sessionId: session.id,
        refreshToken: issued,
        aal: session.aal,
        signedInMs: session.created_ms,
      },
    };
  });
  if (!outcome.ok) throw outcome.error;
  return { grant: outcome.grant, user: outcome.user };
}

/** What an access token's session adds to its user. */
export type ActiveSession = { aal: string; signedInMs: number };

/** The session an access token names and its user; null once it has ended or expired. */
export async function findSession(
  db: Database,
  sessionId: string,
  userId: string,
  nowMs: number,
): Promise<{ session: ActiveSession; user: UserRow } | null> {
  const [row] = await db.query<
    UserRow & {
      session_aal: string;
      session_created_ms: number;
      session_not_after_ms: number | null;
    }
  >(
    `select ${USER_COLUMNS}, s.aal as session_aal,
       (extract(epoch from s.created_at) * 1000)::float8 as session_created_ms,
       (extract(epoch from s.not_after) * 1000)::float8 as session_not_after_ms
     from auth.sessions s join auth.users u on u.id = s.user_id
     where s.id = $1::uuid and s.user_id = $2::uuid`,
    [sessionId, userId],
  );
  if (!row) return null;
  const { session_aal, session_created_ms, session_not_after_ms, ...user } = row;
  if (session_not_after_ms !== null && session_not_after_ms <= nowMs) return null;
  return { session: { aal: session_aal, signedInMs: session_created_ms }, user };
}

export type LogoutScope = "global" | "local" | "others";

/** Ends this session (local), the user's other sessions (others) or all of them (global). */
export async function endSessions(
  db: Database,
  { sessionId, userId, scope }: { sessionId: string; userId: string; scope: LogoutScope },
): Promise<void> {
  if (scope === "local") {
    await db.query("delete from auth.sessions where id = $1::uuid", [sessionId]);
  } else if (scope === "others") {
    await db.query("delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid", [
      userId,
      sessionId,
    ]);
  } else {
    await db.query("delete from auth.sessions where user_id = $1::uuid", [userId]);
  }
}
