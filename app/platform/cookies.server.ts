import { env } from "./env.server";

/**
 * Attributes every cookie of the site shares: unreadable by scripts, not sent
 * on cross-site posts, and HTTPS-only in production.
 */
export const cookieDefaults = {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
} as const;

/** Chrome's cap on cookie lifetime, also the seed's session cookie lifetime. */
export const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
