/**
 * Cloudflare Turnstile, the spam check on the site's forms: what the browser
 * widget and the server's verification share. Server-only code is in
 * turnstile.server.ts.
 */

/** The form field the widget fills with its token. */
export const TURNSTILE_RESPONSE_FIELD = "cf-turnstile-response";

export const DEFAULT_SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** Explicit rendering, so the widget can be added and removed as pages change. */
export const TURNSTILE_SCRIPT_URL =
  "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

/** Where the script and the widget's frame come from, for the Content-Security-Policy. */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** The forms the widget guards. Verification checks the token was made for the same one. */
export const turnstileActions = ["contact", "venue", "sign-in", "newsletter"] as const;

export type TurnstileAction = (typeof turnstileActions)[number];
