import { z } from "zod";
import { DEFAULT_SITEVERIFY_URL } from "./turnstile";

const flag = z
  .enum(["true", "false", "1", "0"], { error: 'must be "true" or "false"' })
  .transform((value) => value === "true" || value === "1");

/** An address alone, without a display name: `pub@example.com`. */
const emailAddress = (value: string) => value.length <= 254 && z.email().safeParse(value).success;

/**
 * A sender as mail headers write it: `pub@example.com` or
 * `The Pub <pub@example.com>`; the name on one line, without quotes or angle
 * brackets (nodemailer encodes it as the header needs).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it keeps out
const MAILBOX = /^(?:([^<>"\r\n\u0000-\u001f\u007f]{1,100}?)\s*<([^<>\s]+)>|([^<>\s"]+))$/u;

export type Mailbox = { name?: string; address: string };

function parseMailbox(value: string): Mailbox | null {
  const match = MAILBOX.exec(value);
  if (!match) return null;
  const name = match[1]?.trim();
  const address = (match[2] ?? match[3] ?? "").trim();
  if (!emailAddress(address)) return null;
  return name ? { name, address } : { address };
}

/** Supabase's API keys: the new `sb_<kind>_…` form, or a legacy JWT key. */
const SUPABASE_KEY = (kind: "publishable" | "secret") =>
  new RegExp(`^(sb_${kind}_[\\w-]{8,200}|eyJ[\\w-]+\\.[\\w-]+\\.[\\w-]+)$`);

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["production", "development", "test"], {
        error: 'must be "production", "development" or "test"',
      })
      .default("production"),
    HOST: z.string().trim().min(1).optional(),
    PORT: z.coerce
      .number({ error: "must be a whole number from 0 to 65535" })
      .int({ error: "must be a whole number from 0 to 65535" })
      .min(0, { error: "must be a whole number from 0 to 65535" })
      .max(65535, { error: "must be a whole number from 0 to 65535" })
      .default(3000),
    TRUST_PROXY: flag.default(false),
    CLIENT_IP_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, { error: "must be a header name such as Fly-Client-IP" })
      .optional(),
    LOG_LEVEL: z
      .enum(["debug", "info", "warn", "error", "silent"], {
        error: 'must be one of "debug", "info", "warn", "error", "silent"',
      })
      .default("info"),
    SITE_URL: z
      .url({
        protocol: /^https?$/,
        error: "must be an absolute http(s) URL such as https://example.com",
      })
      .transform((value) => new URL(value).origin)
      .optional(),
    DATABASE_URL: z
      .url({
        protocol: /^postgres(ql)?$/,
        error: "must be a Postgres connection string such as postgres://user:password@host:5432/db",
      })
      .optional(),
    LIVE_LISTEN_DATABASE_URL: z
      .url({
        protocol: /^postgres(ql)?$/,
        error:
          "must be a Postgres connection string that can LISTEN (a direct or session-pooler one, such as postgres://user:password@host:5432/db)",
      })
      .optional(),
    LIVE_MAX_STREAMS: z.coerce
      .number({ error: "must be a whole number from 0 to 100000" })
      .int({ error: "must be a whole number from 0 to 100000" })
      .min(0, { error: "must be a whole number from 0 to 100000" })
      .max(100_000, { error: "must be a whole number from 0 to 100000" })
      .default(2000),
    DATA_DIR: z.string().trim().min(1).default(".data"),
    IMAGE_CACHE_MAX_MB: z.coerce
      .number({ error: "must be a whole number of megabytes from 16 to 1048576" })
      .int({ error: "must be a whole number of megabytes from 16 to 1048576" })
      .min(16, { error: "must be a whole number of megabytes from 16 to 1048576" })
      .max(1_048_576, { error: "must be a whole number of megabytes from 16 to 1048576" })
      .default(512),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ error: "must be a whole number of seconds from 1 to 3600" })
      .int({ error: "must be a whole number of seconds from 1 to 3600" })
      .min(1, { error: "must be a whole number of seconds from 1 to 3600" })
      .max(3600, { error: "must be a whole number of seconds from 1 to 3600" })
      .default(10),
    AUTH_PASSWORD_HASH_COST: z.coerce
      .number({
        error: "must be a whole number from 4 to 16 (bcrypt's cost; Supabase Auth's is 10)",
      })
      .int({ error: "must be a whole number from 4 to 16 (bcrypt's cost; Supabase Auth's is 10)" })
      .min(4, {
        error: "must be a whole number from 4 to 16 (bcrypt's cost; Supabase Auth's is 10)",
      })
      .max(16, {
        error: "must be a whole number from 4 to 16 (bcrypt's cost; Supabase Auth's is 10)",
      })
      .default(10),
    ENQUIRY_RETENTION_DAYS: z.coerce
      .number({ error: "must be a whole number of days from 1 to 3650" })
      .int({ error: "must be a whole number of days from 1 to 3650" })
      .min(1, { error: "must be a whole number of days from 1 to 3650" })
      .max(3650, { error: "must be a whole number of days from 1 to 3650" })
      .default(365),
    NEWSLETTER_MAILS_PER_MINUTE: z.coerce
      .number({ error: "must be a whole number of mails a minute from 1 to 1000" })
      .int({ error: "must be a whole number of mails a minute from 1 to 1000" })
      .min(1, { error: "must be a whole number of mails a minute from 1 to 1000" })
      .max(1000, { error: "must be a whole number of mails a minute from 1 to 1000" })
      .default(60),
    TURNSTILE_SITE_KEY: z
      .string()
      .regex(/^[\w-]{1,100}$/, { error: "must be a Turnstile site key such as 0x4AAAAAAA…" })
      .optional(),
    TURNSTILE_SECRET_KEY: z
      .string()
      .regex(/^[\w-]{1,200}$/, { error: "must be a Turnstile secret key such as 0x4AAAAAAA…" })
      .optional(),
    TURNSTILE_VERIFY_URL: z
      .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
      .default(DEFAULT_SITEVERIFY_URL),
    SUPABASE_URL: z
      .url({
        protocol: /^https?$/,
        error: "must be the Supabase project's URL such as https://abcdefgh.supabase.co",
      })
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    SUPABASE_PUBLISHABLE_KEY: z
      .string()
      .regex(SUPABASE_KEY("publishable"), {
        error: "must be the project's publishable key (sb_publishable_…) or its legacy anon key",
      })
      .optional(),
    SUPABASE_SECRET_KEY: z
      .string()
      .regex(SUPABASE_KEY("secret"), {
        error: "must be the project's secret key (sb_secret_…) or its legacy service_role key",
      })
      .optional(),
    SMTP_URL: z
      .string()
      .refine(
        (value) => {
          try {
            const url = new URL(value);
            return /^smtps?:$/.test(url.protocol) && url.hostname !== "";
          } catch {
            return false;
          }
        },
        {
          error:
            "must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465",
        },
      )
      .optional(),
    MAIL_FROM: z
      .string()
      .transform((value, context) => {
        const mailbox = parseMailbox(value);
        if (mailbox) return mailbox;
        context.addIssue({
          code: "custom",
          message: "must be an address such as pub@example.com or The Pub <pub@example.com>",
        });
        return z.NEVER;
      })
      .optional(),
    ENQUIRY_NOTIFY_TO: z
      .string()
      .transform((value, context) => {
        const addresses = value.split(",").map((address) => address.trim());
        if (addresses.length <= 10 && addresses.every(emailAddress)) return addresses;
        context.addIssue({
          code: "custom",
          message:
            "must be an email address, or up to ten separated by commas, such as manager@example.com",
        });
        return z.NEVER;
      })
      .optional(),
  })
  .superRefine((env, context) => {
    // Mail is sent from an address the mail server lets the site use, which
    // only the operator knows.
    if (env.SMTP_URL && !env.MAIL_FROM) {
      context.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message:
          "must be set when SMTP_URL is (the sender the mail server accepts, such as The Pub <pub@example.com>)",
      });
    }
    // Behind a proxy the request's host comes from a forwarded header that some
    // proxies pass on from the client; links must not be built from it.
    if (env.TRUST_PROXY && !env.SITE_URL) {
      context.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message:
          "must be set when TRUST_PROXY is true (the public origin, such as https://example.com)",
      });
    }
    // Behind a proxy, the first X-Forwarded-For entry is whatever the client
    // sent: the rate limits (sign-in failures above all) need the address the
    // proxy itself saw, in a header it sets and clients cannot forge.
    // Without a proxy in front, any client may send that header.
    if (env.CLIENT_IP_HEADER && !env.TRUST_PROXY) {
      context.addIssue({
        code: "custom",
        path: ["CLIENT_IP_HEADER"],
        message:
          "is read only behind a proxy: set TRUST_PROXY=true as well, or leave CLIENT_IP_HEADER unset (without a proxy any client could send that header)",
      });
    }
    if (env.TRUST_PROXY && !env.CLIENT_IP_HEADER) {
      context.addIssue({
        code: "custom",
        path: ["CLIENT_IP_HEADER"],
        message:
          "must be set when TRUST_PROXY is true: the header the proxy sets to the client's address, which clients cannot forge (Fly-Client-IP on Fly, X-Real-IP behind an nginx that sets it)",
      });
    }
    // Staff sign in through the Supabase project when it is named, else through
    // the embedded service: the URL and the key that goes with it, or neither.
    if (Boolean(env.SUPABASE_URL) !== Boolean(env.SUPABASE_PUBLISHABLE_KEY)) {
      const missing = env.SUPABASE_URL ? "SUPABASE_PUBLISHABLE_KEY" : "SUPABASE_URL";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "must be set too: Supabase needs both the project's URL and its publishable key",
      });
    }
    // The staff list refers to the project's auth.users, which only the
    // project's own database has.
    if (env.SUPABASE_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message:
          "must be set when SUPABASE_URL is (the project's own database, whose auth.users its Auth keeps)",
      });
    }
    // The embedded database is listened on in-process.
    if (env.LIVE_LISTEN_DATABASE_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["DATABASE_URL"],
        message:
          "must be set when LIVE_LISTEN_DATABASE_URL is (the listener's URL is for the same database)",
      });
    }
    if (env.SUPABASE_SECRET_KEY && !env.SUPABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["SUPABASE_URL"],
        message: "must be set when SUPABASE_SECRET_KEY is (the project the key belongs to)",
      });
    }
    // Half a configuration would show a widget nobody checks, or check tokens
    // no widget produced: both keys or neither.
    if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
      const missing = env.TURNSTILE_SITE_KEY ? "TURNSTILE_SECRET_KEY" : "TURNSTILE_SITE_KEY";
      context.addIssue({
        code: "custom",
        path: [missing],
        message: "must be set too: Turnstile needs both its site key and its secret key",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** The values the browser may see. Anything not listed here stays on the server. */
const PUBLIC_ENV_KEYS = [
  "SITE_URL",
  "TURNSTILE_SITE_KEY",
] as const satisfies readonly (keyof Env)[];

export type PublicEnv = Pick<Env, (typeof PUBLIC_ENV_KEYS)[number]>;

export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * Validates the process environment. Empty values count as unset, so
 * `PORT=` in a `.env` file means "use the default", not port 0.
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, source[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;

  const lines = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const received = present[name];
    return `  - ${name}: ${issue.message}${received === undefined ? "" : ` (got ${JSON.stringify(withoutPassword(received))})`}`;
  });
  throw new EnvError(`Invalid environment variables:\n${lines.join("\n")}`);
}

/**
 * A value as an error message may show it: the password of a URL with
 * credentials (`smtps://user:secret@host`) replaced, so a mistyped SMTP_URL
 * or DATABASE_URL does not print its secret into the log.
 */
function withoutPassword(value: string): string {
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^/]*@/i, "$1***@");
}

export function getPublicEnv(env: Env): PublicEnv {
  return Object.fromEntries(PUBLIC_ENV_KEYS.map((key) => [key, env[key]])) as PublicEnv;
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    // A bad value must stop the server before it serves anything, with a
    // message that names the variable rather than a stack trace.
    console.error(error.message);
    process.exit(1);
  }
}

export const env = loadEnv();
