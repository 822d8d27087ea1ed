import {
  combineChunks,
  createServerClient,
  parseCookieHeader,
  serializeCookieHeader,
  stringFromBase64URL,
} from "@supabase/ssr";
import {
  AuthError,
  createClient,
  isAuthRetryableFetchError,
  type SupabaseClient,
} from "@supabase/supabase-js";
import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { AuthBackend } from "~/platform/auth-backend.server";
import { cacheControl } from "~/platform/cache-control";
import {
  authBackendContext,
  databaseContext,
  sessionClaimsContext,
  staffMembershipUnconfirmedContext,
  supabaseContext,
  type SessionClaims,
} from "~/platform/context";
import { COOKIE_MAX_AGE_SECONDS, cookieDefaults } from "~/platform/cookies.server";
import { log } from "~/platform/logger.server";
import { redirectWithToast } from "~/platform/toast.server";
import { DatabaseUnavailableError, type Database } from "~/platform/database/database.server";
import { DATABASE_UNREACHABLE, outageAnswer } from "~/staff/editor/outage.server";
import { getSignedInStaffMember, type StaffMember } from "./staff.server";

/**
 * The session cookie's fixed name, the same in both modes (the library would
 * otherwise derive it from the Supabase host). Chunks are `<name>.0`, `.1`, …
 */
export const STAFF_SESSION_COOKIE = "sb-staff-auth-token";

/** Where the staff area is; only its routes read the session. */
export const STAFF_PATH = "/staff";

/**
 * The session cookie's path: the whole site, because React Router fetches
 * the staff home's data from `/staff.data`, which a cookie scoped to
 * `/staff` would not reach. Public pages never read it.
 */
const SESSION_COOKIE_PATH = "/";

/** What the staff area's responses say to crawlers and caches. */
export const STAFF_RESPONSE_HEADERS = {
  "Cache-Control": cacheControl.noStore,
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/**
 * The `headers` export of the staff pages: never stored, never indexed, and
 * the Retry-After of an answer that asks to wait (the sign-in limit, an
 * outage) passed on to the page a post without scripts gets.
 */
export function staffPageHeaders({
  actionHeaders,
  errorHeaders,
}: {
  actionHeaders: Headers;
  errorHeaders?: Headers;
}): Headers {
  const headers = new Headers(STAFF_RESPONSE_HEADERS);
  const retryAfter = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/**
 * A Supabase client for one request, made with @supabase/ssr: it reads the
 * session from the request's cookies and collects what it sets (refreshed
 * sessions, cleared chunks, and the cache headers that must go with them);
 * `responseHeaders()` gives them for the response, one Set-Cookie a cookie,
 * the last write winning.
 */
export function createStaffClient(
  request: Request,
  backend: AuthBackend,
): { supabase: SupabaseClient; responseHeaders(): Headers } {
  const cookieOptions = {
    ...cookieDefaults,
    path: SESSION_COOKIE_PATH,
    maxAge: COOKIE_MAX_AGE_SECONDS,
  };
  const cookies = new Map<string, string>();
  const cacheHeaders = new Headers();
  const supabase = createServerClient(backend.url, backend.publishableKey, {
    cookies: {
      getAll() {
        return parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({
          name,
          value: value ?? "",
        }));
      },
      setAll(written, headers) {
        for (const { name, value, options } of written) {
          cookies.set(name, serializeCookieHeader(name, value, options));
        }
        for (const [name, value] of Object.entries(headers ?? {})) cacheHeaders.set(name, value);
      },
    },
    cookieOptions: { ...cookieOptions, name: STAFF_SESSION_COOKIE },
    global: { fetch: backend.fetch },
  });
  // On sign-out the library deletes the cookies the request came with; a
  // session written earlier in this same request must not reach the browser either.
  supabase.auth.onAuthStateChange((event) => {
    if (event !== "SIGNED_OUT") return;
    for (const name of cookies.keys()) {
      cookies.set(name, serializeCookieHeader(name, "", { ...cookieOptions, maxAge: 0 }));
    }
  });
  return {
    supabase,
    responseHeaders() {
      const headers = new Headers(cacheHeaders);
      for (const cookie of cookies.values()) headers.append("Set-Cookie", cookie);
      return headers;
    },
  };
}

/** A client with the secret key for Auth's admin API (adding staff), or null without the key. */
export function createAdminClient(backend: AuthBackend): SupabaseClient | null {
  if (!backend.secretKey) return null;
  return createClient(backend.url, backend.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: backend.fetch },
  });
}

/** The names of the staff session's cookies (the whole one or its chunks) a request carries. */
function sessionCookieNames(request: Request): string[] {
  return parseCookieHeader(request.headers.get("Cookie") ?? "")
    .map(({ name }) => name)
    .filter((name) => name === STAFF_SESSION_COOKIE || name.startsWith(`${STAFF_SESSION_COOKIE}.`));
}

function carriesSession(request: Request): boolean {
  return sessionCookieNames(request).length > 0;
}

/**
 * Set-Cookie headers that delete every part of the session cookie the request
 * carries: for signing out when the Auth service cannot be told.
 */
export function clearedSessionCookies(request: Request): string[] {
  return sessionCookieNames(request).map((name) =>
    serializeCookieHeader(name, "", { ...cookieDefaults, path: SESSION_COOKIE_PATH, maxAge: 0 }),
  );
}

function authUnavailable(error: unknown) {
  log.error("Staff sign-in service unavailable", { error });
  return outageAnswer("Staff sign-in is unavailable for a moment.");
}

/** The access token in the request's session cookie (its chunks joined), unverified; null when none. */
async function sessionAccessToken(request: Request): Promise<string | null> {
  const cookies = new Map(
    parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => [name, value]),
  );
  const stored = await combineChunks(STAFF_SESSION_COOKIE, (name) => cookies.get(name));
  if (!stored) return null;
  try {
    const json = stored.startsWith("base64-")
      ? stringFromBase64URL(stored.slice("base64-".length))
      : stored;
    const session: unknown = JSON.parse(json);
    const token = (session as { access_token?: unknown } | null)?.access_token;
    return typeof token === "string" ? token : null;
  } catch {
    return null;
  }
}

/**
 * Whether the request carries a live staff session: an access token the Auth
 * service signed, of a session that still stands (not signed out, ended or
 * revoked) for a member on the staff list. Asked before the server reads a
 * body as large as a picture, so that nobody without one (a stranger, or
 * someone holding a cookie from an ended session) can make it hold 11 MB.
 * The token itself may have expired: the staff area refreshes it. Touches no
 * session and sets no cookie: the route's own check follows. A database that
 * cannot be asked answers no.
 */
export async function carriesLiveSession(
  request: Request,
  backend: AuthBackend,
  db: () => Promise<Database>,
): Promise<boolean> {
  const token = await sessionAccessToken(request);
  if (!token) return false;
  const verifier = createClient(backend.url, backend.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: backend.fetch },
  });
  const { data: result, error } = await verifier.auth
    .getClaims(token, { allowExpired: true })
    .catch((thrown: unknown) => ({ data: null, error: thrown }));
  const claims = result?.claims;
  if (error || typeof claims?.sub !== "string" || claims.role !== "authenticated") return false;
  const sessionId = typeof claims.session_id === "string" ? claims.session_id : undefined;
  try {
    return (await getSignedInStaffMember(await db(), { userId: claims.sub, sessionId })) !== null;
  } catch (thrown) {
    log.warn("Whether a session is live could not be read", { error: thrown });
    return false;
  }
}

/**
 * Ends this request's session at the Auth service and clears its cookies,
 * for a session that must not go on (forged, ended elsewhere, not staff).
 * A service that cannot be told is logged; the cookies are cleared anyway
 * by the library, or expire with the token.
 */
export async function forgetSession(supabase: SupabaseClient): Promise<void> {
  const { error } = await supabase.auth.signOut({ scope: "local" });
  if (error) log.warn("A session to forget could not be signed out", { error });
}

/**
 * The staff area's session, verified. `getClaims()` checks the access
 * token's signature against the service's key set (refreshing the session
 * first when fewer than 90 s remain); `getSession()` alone would believe a
 * hand-edited cookie. A cookie that does not verify is cleared.
 */
async function verifiedClaims(
  request: Request,
  supabase: SupabaseClient,
): Promise<SessionClaims | null> {
  if (!carriesSession(request)) return null;
  // The library throws, rather than answers an error, for some tokens that
  // cannot be verified (an algorithm it does not take, a segment that is not
  // JSON): such a cookie is no session either.
  const { data: result, error } = await supabase.auth
    .getClaims()
    .catch((thrown: unknown) => ({ data: null, error: thrown }));
  if (error && isAuthRetryableFetchError(error)) throw authUnavailable(error);
  if (error && !(error instanceof AuthError)) {
    log.info("A session cookie that cannot be read was cleared", { error });
  }
  const claims = result?.claims;
  // A user's access token; the anon key's JWT verifies too but signs nobody in.
  if (!error && claims && typeof claims.sub === "string" && claims.role === "authenticated") {
    return claims as SessionClaims;
  }
  // Forged, expired beyond refresh, or signed out elsewhere: forget it here too.
  await forgetSession(supabase);
  return null;
}

/**
 * Middleware of every route under /staff: one Supabase client per request
 * in the context, the verified claims (or null), and on the way out every
 * cookie and header the client set, on whatever response, errors included.
 * Nothing under /staff is stored by a cache or indexed.
 */
export const staffSession: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const backend = await context.get(authBackendContext)();
  const { supabase, responseHeaders } = createStaffClient(request, backend);
  context.set(supabaseContext, supabase);
  context.set(sessionClaimsContext, await verifiedClaims(request, supabase));

  const response = await next();
  const headers = responseHeaders();
  for (const [name, value] of headers) {
    if (name === "set-cookie") continue;
    response.headers.set(name, value);
  }
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  for (const [name, value] of Object.entries(STAFF_RESPONSE_HEADERS)) {
    response.headers.set(name, value);
  }
  return response;
};

/** Where to sign in and come back to `returnTo`. */
export function signInPath(returnTo?: string): string {
  if (!returnTo || returnTo === STAFF_PATH) return `${STAFF_PATH}/sign-in`;
  return `${STAFF_PATH}/sign-in?${new URLSearchParams({ redirectTo: returnTo })}`;
}

/**
 * Middleware of the pages behind sign-in: a verified session, still open at
 * the Auth service, whose user is on the staff list; checked on every
 * request, so removing the row or signing out ends access at once.
 */
export const requireStaff: MiddlewareFunction<Response> = async ({ request, url, context }) => {
  const claims = context.get(sessionClaimsContext);
  // `url` is the page's address (a data request's `.data` and its own
  // parameters removed), the place to come back to after signing in.
  if (!claims) throw redirect(signInPath(`${url.pathname}${url.search}`));

  let member: StaffMember | null;
  try {
    member = await getSignedInStaffMember(await context.get(databaseContext)(), {
      userId: claims.sub,
      sessionId: typeof claims.session_id === "string" ? claims.session_id : undefined,
    });
  } catch (error) {
    log.error("The staff list could not be read", { error });
    // A post goes on to its action unconfirmed, so a form can be given back
    // as it was typed: nothing can act as staff (see `staffClaims`) until
    // the list answers.
    if (error instanceof DatabaseUnavailableError && !isReadOnly(request)) {
      context.set(staffMembershipUnconfirmedContext, true);
      return;
    }
    throw data("The staff area is unavailable for a moment. Please try again shortly.", {
      status: 503,
      headers: { "Retry-After": "30" },
    });
  }
  if (!member) {
    await forgetSession(staffClient(context));
    throw await redirectWithToast(signInPath(), {
      type: "error",
      title: "Please sign in again.",
      description: "Your session has ended, or this account is not on the staff list.",
    });
  }
};

/** The request's Supabase client; only under the staff session middleware. */
export function staffClient(context: Readonly<RouterContextProvider>): SupabaseClient {
  const supabase = context.get(supabaseContext);
  if (!supabase) throw new Error("staffClient called outside the staff area's middleware");
  return supabase;
}

const isReadOnly = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The verified claims of a staff member; only under requireStaff. Everything
 * that acts as staff (writes, reads of staff data, uploads) starts here, so
 * while the staff list cannot be read nothing does: the outage answer is
 * thrown instead.
 */
export function staffClaims(context: Readonly<RouterContextProvider>): SessionClaims {
  const claims = context.get(sessionClaimsContext);
  if (!claims) throw new Error("staffClaims called outside requireStaff");
  if (context.get(staffMembershipUnconfirmedContext)) throw outageAnswer(DATABASE_UNREACHABLE);
  return claims;
}

/**
 * Before a sensitive action: asks the Auth server whether the session still
 * stands (signed out elsewhere, user deleted or banned), which the token's
 * signature alone cannot tell.
 */
export async function confirmSession(context: Readonly<RouterContextProvider>): Promise<void> {
  const { data: result, error } = await staffClient(context).auth.getUser();
  if (error && isAuthRetryableFetchError(error)) throw authUnavailable(error);
  if (error || !result.user) {
    await forgetSession(staffClient(context));
    throw await redirectWithToast(signInPath(), {
      type: "error",
      title: "Your session has ended.",
      description: "Please sign in again.",
    });
  }
}
