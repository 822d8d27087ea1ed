import { createHash, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { DatabaseUnavailableError, type Database } from "~/platform/database/database.server";
import { log } from "~/platform/logger.server";
import { signAccessToken, verifyAccessToken, type AccessTokenClaims } from "./access-token.server";
import { AuthServiceError } from "./auth-error.server";
import {
  issueRecoveryToken,
  RECOVERY_RESEND_SECONDS,
  redeemRecoveryToken,
} from "./auth-recovery.server";
import {
  endSessions,
  findSession,
  refreshSession,
  refreshTokens,
  startSession,
  type LogoutScope,
  type SessionGrant,
} from "./auth-sessions.server";
import {
  DEFAULT_PASSWORD_HASH_COST,
  deleteUserById,
  setUserPassword,
  findUserByEmail,
  findUserById,
  findUserByPassword,
  insertUser,
  isBanned,
  isUsersPassword,
  listUsers,
  normalizeEmail,
  userJson,
  type AuthUser,
  type UserRow,
} from "./auth-users.server";
import type { SigningKey } from "./signing-key.server";

export { AuthServiceError } from "./auth-error.server";
export type { AuthUser } from "./auth-users.server";

/**
 * A mail the service would send, handed over as Supabase Auth hands it to a
 * "Send Email" hook: the site words and sends it. Only recovery for now.
 */
export type AuthEmail = {
  user: AuthUser;
  email_data: {
    email_action_type: "recovery";
    /** The one-time token, for the link: `verifyOtp({ type: "recovery", token_hash })`. */
    token_hash: string;
    /** Where the caller asked the link to lead (`redirectTo`), as given. */
    redirect_to: string;
  };
};

export type AuthServiceOptions = {
  db: Database;
  signingKey: SigningKey;
  /** The base URL the clients are given, e.g. http://127.0.0.1:54321; the issuer is `${url}/auth/v1`. */
  url: string;
  apiKeys: { publishable: string; secret: string };
  /** How long an access token lasts: Supabase's default hour unless told. */
  accessTokenSeconds?: number;
  /**
   * bcrypt's cost for the passwords it hashes: Supabase Auth's 10 unless
   * told. Each step up doubles the work of every sign-in and password change.
   */
  passwordHashCost?: number;
  /** The clock, in epoch milliseconds. */
  now?: () => number;
  /**
   * Sends what `/recover` mails (Supabase's "Send Email" hook). Without it
   * the service sends no mail, and `/recover` is not there (404).
   */
  sendEmail?: (email: AuthEmail) => Promise<void>;
};

export type AuthService = {
  /** Answers Supabase Auth's HTTP API, for `createClient(url, key, { global: { fetch } })`. */
  fetch: typeof fetch;
  createUser(input: {
    email: string;
    password: string;
    userMetadata?: Record<string, unknown>;
    /** True unless told: staff are made by someone who knows their address. */
    emailConfirmed?: boolean;
  }): Promise<AuthUser>;
  findUserByEmail(email: string): Promise<AuthUser | null>;
  /** Removes the user and signs them out everywhere; nothing happens for an unknown id. */
  deleteUser(id: string): Promise<void>;
};

const API_VERSION_HEADER = "X-Supabase-Api-Version";
const API_VERSION = "2024-01-01";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 1000;
/** As Supabase: verifiers may keep the key set ten minutes. */
const JWKS_CACHE_CONTROL = "public, max-age=600";

/** Every answer carries the API version, which tells supabase-js to read `code` from errors. */
function respond(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: {
      ...(body !== undefined && { "Content-Type": "application/json" }),
      "Cache-Control": "no-store",
      ...headers,
      [API_VERSION_HEADER]: API_VERSION,
    },
  });
}

function refusal(error: AuthServiceError, headers?: Record<string, string>): Response {
  return respond(
    error.status,
    { code: error.code, message: error.message, ...error.details },
    headers,
  );
}

const fail = (status: number, code: string, message: string) =>
  new AuthServiceError(status, code, message);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch (error) {
    throw fail(
      400,
      "bad_json",
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (!isRecord(body)) {
    throw fail(400, "bad_json", "Could not parse request body as JSON: expected an object");
  }
  return body;
}

function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || value === "") {
    throw fail(400, "validation_failed", `missing ${field}`);
  }
  return value;
}

function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  return match?.[1] ?? null;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares a presented key with a known one's digest in constant time. */
const sameKey = (presented: string | null, known: Buffer) =>
  presented !== null && timingSafeEqual(digest(presented), known);

function positiveInteger(value: string | null, fallback: number, max: number): number {
  if (value === null || value === "") return fallback;
  const number = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  if (number < 1 || number > max) {
    throw fail(400, "validation_failed", "Bad Pagination Parameters");
  }
  return number;
}

type Handler = (request: Request, url: URL, userId?: string) => Promise<Response>;

export function createAuthService(options: AuthServiceOptions): AuthService {
  const { db, signingKey } = options;
  const now = options.now ?? Date.now;
  const accessTokenSeconds = options.accessTokenSeconds ?? 3600;
  const hashCost = options.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST;
  const base = new URL(options.url);
  const prefix = `${base.pathname.replace(/\/$/, "")}/auth/v1`;
  const issuer = `${base.origin}${prefix}`;
  const publishableKey = digest(options.apiKeys.publishable);
  const secretKey = digest(options.apiKeys.secret);
  // The rotation key is drawn from the signing key: as secret, kept as long,
  // and nothing more to store.
  const privateScalar = (signingKey.privateKey.export({ format: "jwk" }) as { d: string }).d;
  const tokens = refreshTokens(
    Buffer.from(
      hkdfSync(
        "sha256",
        Buffer.from(privateScalar, "base64url"),
        Buffer.alloc(0),
        "refresh token rotation",
        32,
      ),
    ),
  );

  /** The session's tokens, issued at `issuedMs`: the instant the grant was made. */
  function sessionJson(grant: SessionGrant, user: UserRow, issuedMs: number, method = "password") {
    const issuedAt = Math.floor(issuedMs / 1000);
    const expiresAt = issuedAt + accessTokenSeconds;
    const claims: AccessTokenClaims = {
      aud: user.aud,
      exp: expiresAt,
      iat: issuedAt,
      iss: issuer,
      sub: user.id,
      email: user.email,
      phone: "",
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: user.role,
      aal: grant.aal,
      amr: [{ method, timestamp: Math.floor(grant.signedInMs / 1000) }],
      session_id: grant.sessionId,
      is_anonymous: user.is_anonymous,
    };
    return {
      access_token: signAccessToken(signingKey, claims),
      token_type: "bearer",
      expires_in: accessTokenSeconds,
      expires_at: expiresAt,
      refresh_token: grant.refreshToken,
      user: userJson(user),
    };
  }

  /** A new session for the user, and its tokens, issued as it starts. */
  async function signIn(userId: string, method: string) {
    const signedInMs = now();
    const session = await startSession(db, tokens, userId, signedInMs);
    return sessionJson(session.grant, session.user, signedInMs, method);
  }

  async function passwordGrant(request: Request): Promise<Response> {
    const body = await readJson(request);
    const email = requiredString(body, "email");
    const password = requiredString(body, "password");
    const user = await findUserByPassword(db, email, password, hashCost);
    // One answer for an unknown address and a wrong password.
    if (!user) throw fail(400, "invalid_credentials", "Invalid login credentials");
    if (isBanned(user, now())) throw fail(400, "user_banned", "User is banned");
    if (user.email_confirmed_ms === null) {
      throw fail(400, "email_not_confirmed", "Email not confirmed");
    }
    return respond(200, await signIn(user.id, "password"));
  }

  /**
   * `resetPasswordForEmail`: a recovery link for a confirmed, unbanned user,
   * handed to the mail hook. The answer is the same whatever the address,
   * as Supabase's, so it tells nobody who has an account; a second request
   * for the same user within a minute is refused, as Supabase refuses it.
   */
  async function recover(request: Request, url: URL): Promise<Response> {
    const { sendEmail } = options;
    if (!sendEmail) throw fail(404, "not_found", "Not Found");
    const body = await readJson(request);
    const email = normalizeEmail(body.email);
    const user = await findUserByEmail(db, email);
    if (!user || user.email_confirmed_ms === null || isBanned(user, now())) {
      return respond(200, {});
    }
    const token = await issueRecoveryToken(db, user, now());
    if (token === "too-soon") {
      throw fail(
        429,
        "over_email_send_rate_limit",
        `For security purposes, you can only request this after ${RECOVERY_RESEND_SECONDS} seconds.`,
      );
    }
    await sendEmail({
      user: userJson(user),
      email_data: {
        email_action_type: "recovery",
        token_hash: token.tokenHash,
        redirect_to: url.searchParams.get("redirect_to") ?? "",
      },
    });
    return respond(200, {});
  }

  /** `verifyOtp({ type: "recovery", token_hash })`: the link's token, once, for a session. */
  async function verify(request: Request): Promise<Response> {
    const body = await readJson(request);
    if (body.type !== "recovery") {
      throw fail(400, "validation_failed", "Only recovery links can be verified here");
    }
    const tokenHash = requiredString(body, "token_hash");
    const userId = await redeemRecoveryToken(db, tokenHash, now());
    const user = userId ? await findUserById(db, userId) : null;
    if (!user) throw fail(403, "otp_expired", "Email link is invalid or has expired");
    if (isBanned(user, now())) throw fail(400, "user_banned", "User is banned");
    return respond(200, await signIn(user.id, "recovery"));
  }

  /**
   * `updateUser({ password })` with the user's own session: the new password
   * (not the one they have), and their other sessions end, as on Supabase.
   */
  async function updateOwnPassword(request: Request): Promise<Response> {
    const { claims, user } = await authenticate(request);
    const body = await readJson(request);
    for (const [field, value] of Object.entries(body)) {
      if (field !== "password" && value !== null && value !== undefined) {
        throw fail(422, "validation_failed", "Only the password can be changed here");
      }
    }
    const { password } = body;
    if (typeof password !== "string") {
      throw fail(400, "validation_failed", "password must be a string");
    }
    if (await isUsersPassword(db, user.id, password, hashCost)) {
      throw fail(422, "same_password", "New password should be different from the old password.");
    }
    const updated = await setUserPassword(db, user.id, password, now(), hashCost);
    if (!updated) throw fail(404, "user_not_found", "User not found");
    await endSessions(db, { sessionId: claims.session_id, userId: user.id, scope: "others" });
    return respond(200, userJson(updated));
  }

  async function refreshTokenGrant(request: Request): Promise<Response> {
    const body = await readJson(request);
    const refreshedMs = now();
    const refreshToken = requiredString(body, "refresh_token");
    const session = await refreshSession(db, tokens, refreshToken, refreshedMs);
    return respond(200, sessionJson(session.grant, session.user, refreshedMs));
  }

  /** The session and user of the request's access token. */
  async function authenticate(request: Request) {
    const token = bearerToken(request);
    if (!token) throw fail(401, "no_authorization", "This endpoint requires a valid Bearer token");
    const verified = verifyAccessToken(signingKey, token, {
      issuer,
      nowSeconds: Math.floor(now() / 1000),
    });
    if (!verified.valid) {
      throw fail(
        403,
        "bad_jwt",
        `invalid JWT: unable to parse or verify signature, ${verified.problem}`,
      );
    }
    const { claims } = verified;
    const found = await findSession(db, claims.session_id, claims.sub, now());
    if (!found) {
      throw fail(403, "session_not_found", "Session from session_id claim in JWT does not exist");
    }
    return { claims, user: found.user };
  }

  /** Admin calls need the secret key both as the API key and as the bearer, as Supabase's. */
  function requireSecretKey(request: Request) {
    const token = bearerToken(request);
    if (!token) throw fail(401, "no_authorization", "This endpoint requires a valid Bearer token");
    if (!sameKey(token, secretKey) || !sameKey(request.headers.get("apikey"), secretKey)) {
      throw fail(403, "not_admin", "User not allowed");
    }
  }

  async function adminUser(userId: string | undefined): Promise<UserRow> {
    if (!userId || !UUID.test(userId))
      throw fail(404, "validation_failed", "user_id must be an UUID");
    const user = await findUserById(db, userId);
    if (!user) throw fail(404, "user_not_found", "User not found");
    return user;
  }

  const routes: Record<string, Record<string, Handler>> = {
    "/token": {
      async POST(request, url) {
        const grantType = url.searchParams.get("grant_type");
        if (grantType === "password") return passwordGrant(request);
        if (grantType === "refresh_token") return refreshTokenGrant(request);
        throw fail(400, "validation_failed", "unsupported_grant_type");
      },
    },
    "/user": {
      async GET(request) {
        const { user } = await authenticate(request);
        if (isBanned(user, now())) throw fail(403, "user_banned", "User is banned");
        return respond(200, userJson(user));
      },
      PUT: updateOwnPassword,
    },
    "/recover": { POST: recover },
    "/verify": { POST: verify },
    "/logout": {
      async POST(request, url) {
        const scope = url.searchParams.get("scope") ?? "global";
        if (scope !== "global" && scope !== "local" && scope !== "others") {
          throw fail(400, "validation_failed", `Unsupported logout scope "${scope}"`);
        }
        const { claims } = await authenticate(request);
        await endSessions(db, {
          sessionId: claims.session_id,
          userId: claims.sub,
          scope: scope satisfies LogoutScope,
        });
        return respond(204);
      },
    },
    "/admin/users": {
      async GET(request, url) {
        requireSecretKey(request);
        const page = positiveInteger(url.searchParams.get("page"), 1, 1_000_000);
        const perPage = positiveInteger(
          url.searchParams.get("per_page"),
          DEFAULT_PER_PAGE,
          MAX_PER_PAGE,
        );
        const { users, total } = await listUsers(db, { page, perPage });
        // Supabase's pagination headers, which auth-js's listUsers reads.
        const lastPage = Math.ceil(total / perPage);
        const link = (target: number, rel: string) =>
          `<${url.pathname}?page=${target}&per_page=${perPage}>; rel="${rel}"`;
        const links = [
          ...(lastPage > page ? [link(page + 1, "next")] : []),
          link(lastPage, "last"),
        ];
        return respond(
          200,
          { users: users.map(userJson), aud: "authenticated" },
          { "X-Total-Count": String(total), Link: links.join(", ") },
        );
      },
      async POST(request) {
        requireSecretKey(request);
        const body = await readJson(request);
        const { password, email_confirm: emailConfirm, user_metadata: userMetadata } = body;
        if (password !== undefined && password !== null && typeof password !== "string") {
          throw fail(400, "validation_failed", "password must be a string");
        }
        if (emailConfirm !== undefined && typeof emailConfirm !== "boolean") {
          throw fail(400, "validation_failed", "email_confirm must be a boolean");
        }
        if (userMetadata !== undefined && userMetadata !== null && !isRecord(userMetadata)) {
          throw fail(400, "validation_failed", "user_metadata must be an object");
        }
        const user = await insertUser(
          db,
          {
            email: normalizeEmail(body.email),
            // Without a password nobody can sign in as the user until one is set, as on Supabase.
            password: password || randomBytes(48).toString("base64url"),
            emailConfirmed: emailConfirm ?? false,
            userMetadata: userMetadata ?? {},
          },
          now(),
          hashCost,
        );
        return respond(200, userJson(user));
      },
    },
    "/admin/users/:id": {
      async GET(request, _url, userId) {
        requireSecretKey(request);
        return respond(200, userJson(await adminUser(userId)));
      },
      // Supabase's updateUserById; here only the password can change, and
      // the user's sessions end.
      async PUT(request, _url, userId) {
        requireSecretKey(request);
        const user = await adminUser(userId);
        const { password } = await readJson(request);
        if (typeof password !== "string") {
          throw fail(400, "validation_failed", "password must be a string");
        }
        const updated = await setUserPassword(db, user.id, password, now(), hashCost);
        if (!updated) throw fail(404, "user_not_found", "User not found");
        // As Supabase: a password set for someone signs them out everywhere.
        await endSessions(db, { sessionId: user.id, userId: user.id, scope: "global" });
        return respond(200, userJson(updated));
      },
      async DELETE(request, _url, userId) {
        requireSecretKey(request);
        const user = await adminUser(userId);
        await deleteUserById(db, user.id);
        return respond(200, {});
      },
    },
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // Only requests addressed to the service's own URL, so that it answers
    // nothing if it were ever wired behind another host by mistake.
    if (url.origin !== base.origin || !url.pathname.startsWith(`${prefix}/`)) {
      throw fail(404, "not_found", "Not Found");
    }
    const path = url.pathname.slice(prefix.length);

    // The key set is public on Supabase too: verifiers fetch it without an API key.
    if (path === "/.well-known/jwks.json") {
      if (request.method !== "GET") return methodNotAllowed(["GET"]);
      return respond(
        200,
        { keys: [signingKey.publicJwk] },
        { "Cache-Control": JWKS_CACHE_CONTROL },
      );
    }

    const apiKey = request.headers.get("apikey");
    if (!apiKey) {
      throw new AuthServiceError(401, "no_api_key", "No API key found in request", {
        hint: "No `apikey` request header or url param was found.",
      });
    }
    if (!sameKey(apiKey, publishableKey) && !sameKey(apiKey, secretKey)) {
      throw new AuthServiceError(401, "invalid_api_key", "Invalid API key", {
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      });
    }

    const userPath = /^\/admin\/users\/([^/]+)$/.exec(path);
    const route = userPath ? routes["/admin/users/:id"] : routes[path];
    if (!route) throw fail(404, "not_found", "Not Found");
    const handler = route[request.method];
    if (!handler) return methodNotAllowed(Object.keys(route));
    return handler(request, url, userPath?.[1]);
  }

  function methodNotAllowed(allowed: string[]): Response {
    return refusal(fail(405, "method_not_allowed", "Method Not Allowed"), {
      Allow: allowed.join(", "),
    });
  }

  return {
    async fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
      try {
        return await handle(new Request(input, init));
      } catch (error) {
        if (error instanceof AuthServiceError) return refusal(error);
        if (error instanceof DatabaseUnavailableError) {
          log.warn("The sign-in service could not reach the database", { error });
          return respond(503, {
            code: "unexpected_failure",
            message: "The sign-in service is unavailable",
          });
        }
        log.error("The sign-in service failed", { error });
        return respond(500, {
          code: "unexpected_failure",
          message: "Unexpected failure, please check server logs for more information",
        });
      }
    },

    async createUser({ email, password, userMetadata, emailConfirmed = true }) {
      const user = await insertUser(
        db,
        { email, password, userMetadata, emailConfirmed },
        now(),
        hashCost,
      );
      return userJson(user);
    },

    async findUserByEmail(email) {
      const user = await findUserByEmail(db, email);
      return user && userJson(user);
    },

    async deleteUser(id) {
      if (!UUID.test(id)) throw fail(404, "validation_failed", "user_id must be an UUID");
      await deleteUserById(db, id);
    },
  };
}
