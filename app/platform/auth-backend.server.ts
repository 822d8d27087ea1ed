import { randomBytes } from "node:crypto";
import { createAuthService, type AuthEmail } from "./auth-service/auth-service.server";
import { loadSigningKey, type SigningKey } from "./auth-service/signing-key.server";
import { sharedDatabase } from "./database/connection.server";
import type { Database } from "./database/database.server";
import { env } from "./env.server";
import { log } from "./logger.server";
import { retryingFetch } from "./retry.server";

/**
 * Where staff sign in: a Supabase project's Auth (SUPABASE_URL), or the
 * embedded service that answers the same API from the site's own database.
 * Either way supabase-js and @supabase/ssr talk to it the same way; only the
 * `fetch` differs.
 */
export type AuthBackend = {
  url: string;
  publishableKey: string;
  /** The key for the admin API (adding staff); null when SUPABASE_SECRET_KEY is unset. */
  secretKey: string | null;
  /** Retried on 502, 503, 504 and network errors; the embedded service's in embedded mode. */
  fetch: typeof fetch;
  embedded: boolean;
};

/**
 * The embedded service's address. Nothing listens there: requests to it go
 * to the service in this process through the injected fetch, so it can never
 * be reached over HTTP. `.invalid` names resolve nowhere.
 */
export const EMBEDDED_AUTH_URL = "http://auth.embedded.invalid";

/**
 * What the embedded service does with the mail it sends (recovery links):
 * the site words it and queues it in its outbox. Supabase's "Send Email"
 * hook, given the database the service runs on.
 */
export type AuthEmailHook = (db: Database, email: AuthEmail) => Promise<void>;

let serverEmailHook: AuthEmailHook | null = null;

/**
 * Where the server's embedded service hands its mail; set once as the
 * server starts (the hook is the staff area's, a layer above this one).
 * Until then, or in a command, the service sends no mail.
 */
export function sendAuthEmailWith(hook: AuthEmailHook): void {
  serverEmailHook = hook;
}

/** The embedded service over `db`, signing with `signingKey`, its mail handed to `sendEmail`. */
export function embeddedAuthBackend(
  db: Database,
  signingKey: SigningKey,
  {
    accessTokenSeconds,
    sendEmail,
  }: { accessTokenSeconds?: number; sendEmail?: AuthEmailHook } = {},
): AuthBackend {
  // The keys only have to match between this process's clients and its service.
  const apiKeys = {
    publishable: `sb_publishable_${randomBytes(16).toString("base64url")}`,
    secret: `sb_secret_${randomBytes(16).toString("base64url")}`,
  };
  const service = createAuthService({
    db,
    signingKey,
    url: EMBEDDED_AUTH_URL,
    apiKeys,
    accessTokenSeconds,
    passwordHashCost: env.AUTH_PASSWORD_HASH_COST,
    sendEmail: sendEmail && ((email) => sendEmail(db, email)),
  });
  return {
    url: EMBEDDED_AUTH_URL,
    publishableKey: apiKeys.publishable,
    secretKey: apiKeys.secret,
    fetch: retryingFetch(service.fetch),
    embedded: true,
  };
}

/** A Supabase project's Auth, reached over the network. */
export function supabaseAuthBackend(project: {
  url: string;
  publishableKey: string;
  secretKey?: string | null;
}): AuthBackend {
  return {
    url: project.url,
    publishableKey: project.publishableKey,
    secretKey: project.secretKey ?? null,
    fetch: retryingFetch(),
    embedded: false,
  };
}

/**
 * The backend the environment names: the Supabase project when
 * SUPABASE_URL is set, else the embedded service over `db`.
 */
export async function authBackendFor(db: Database): Promise<AuthBackend> {
  if (env.SUPABASE_URL && env.SUPABASE_PUBLISHABLE_KEY) {
    return supabaseAuthBackend({
      url: env.SUPABASE_URL,
      publishableKey: env.SUPABASE_PUBLISHABLE_KEY,
      secretKey: env.SUPABASE_SECRET_KEY,
    });
  }
  const signingKey = await loadSigningKey(db, env.DATA_DIR, {
    log: (message) => log.info(message),
  });
  return embeddedAuthBackend(db, signingKey, {
    // Read when a mail is sent, so a hook set after the backend was made counts.
    sendEmail: (on, email) => {
      if (!serverEmailHook) throw new Error("No mail hook is set for the sign-in service");
      return serverEmailHook(on, email);
    },
  });
}

let shared: Promise<AuthBackend> | undefined;

/** The server's backend, made on first use over the shared database. */
export function serverAuthBackend(): Promise<AuthBackend> {
  shared ??= sharedDatabase()
    .then(authBackendFor)
    .catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
  return shared;
}
