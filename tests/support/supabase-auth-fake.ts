import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestListener } from "@remix-run/node-fetch-server";
import {
  createAuthService,
  type AuthEmail,
  type AuthService,
} from "~/platform/auth-service/auth-service.server";
import { generateSigningKey } from "~/platform/auth-service/signing-key.server";
import type { Database } from "~/platform/database/database.server";
import { env } from "~/platform/env.server";
import { openTestDatabase } from "./test-database";

/**
 * Supabase Auth on a loopback port, for tests of the production mode (a
 * SUPABASE_URL): the embedded service itself, served over real HTTP, so the
 * site's client talks to it with its own fetch as it would to a project.
 */
export type SupabaseAuthFake = {
  /** http://127.0.0.1:<port>, the SUPABASE_URL to give the site. */
  url: string;
  publishableKey: string;
  secretKey: string;
  /** To make and find users directly. */
  service: AuthService;
  /** Where the users and sessions are kept. */
  db: Database;
  /**
   * What the project would have mailed (recovery links), as its "Send
   * Email" hook receives them: a project sends these itself.
   */
  mails: AuthEmail[];
  /** Resolves with the `count`th mail (1-based), now or when it is sent. */
  mail(count: number): Promise<AuthEmail>;
  close(): Promise<void>;
};

/** Starts the fake on `db`, or on a private copy of the test database when none is given. */
export async function startSupabaseAuthFake(
  options: { db?: Database } = {},
): Promise<SupabaseAuthFake> {
  const owned = options.db ? null : await openTestDatabase("pglite");
  const db = options.db ?? owned!;
  // The service needs its URL, so the port comes first and the handler after.
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", resolve);
    });
  } catch (error) {
    await owned?.[Symbol.asyncDispose]();
    throw error;
  }

  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const publishableKey = `sb_publishable_${randomBytes(16).toString("base64url")}`;
  const secretKey = `sb_secret_${randomBytes(16).toString("base64url")}`;
  const mails: AuthEmail[] = [];
  const waiting: { count: number; resolve: (mail: AuthEmail) => void }[] = [];
  const service = createAuthService({
    db,
    signingKey: generateSigningKey(),
    url,
    apiKeys: { publishable: publishableKey, secret: secretKey },
    // As Supabase Auth's own tests lower it (vite.config.ts says why).
    passwordHashCost: env.AUTH_PASSWORD_HASH_COST,
    async sendEmail(email) {
      mails.push(email);
      for (const waiter of waiting.filter(({ count }) => count <= mails.length)) {
        waiter.resolve(mails[waiter.count - 1]!);
        waiting.splice(waiting.indexOf(waiter), 1);
      }
    },
  });
  server.on(
    "request",
    createRequestListener((request) => service.fetch(request)),
  );

  return {
    url,
    publishableKey,
    secretKey,
    service,
    db,
    mails,
    mail(count) {
      const sent = mails[count - 1];
      if (sent) return Promise.resolve(sent);
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await owned?.[Symbol.asyncDispose]();
    },
  };
}
