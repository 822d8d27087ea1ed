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

/** The cookies a page is rendered for. */
export type VisitorCookies = {
  /** One visitor's own (a toast, a receipt): a page rendered for them is theirs alone. */
  personal: readonly string[];
  /**
   * A choice among a few (the theme): the page differs by its value, so shared
   * caches, which cannot tell the values apart, may not keep it; the server's
   * page cache keeps one copy per value.
   */
  variants: readonly string[];
};

/** Whether the request carries any of the cookies `names`. */
export function carriesCookie(request: Request, names: readonly string[]): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return header.split(";").some((pair) => names.includes(pair.split("=", 1)[0]?.trim() ?? ""));
}
