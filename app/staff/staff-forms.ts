/**
 * Staff sign-in and the first owner's account: fields, limits and messages.
 * The rules that use them are in account-rules.ts, which the browser loads
 * only when a form is first used.
 */

export const EMAIL_MAX = 254;
/** Long enough to resist guessing; bcrypt reads at most 72 bytes. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX_BYTES = 72;

export const signInFields = ["email", "password"] as const;
export type SignInField = (typeof signInFields)[number];

export const setupFields = ["email", "password", "confirmPassword"] as const;
export type SetupField = (typeof setupFields)[number];

/** Why an invitation's link no longer works, and how to get another. */
export const EXPIRED_INVITATION =
  "This invitation has expired or has been used. Ask an owner of the site for a new link.";

/** Why a setup link no longer works, and how to get another. */
export const EXPIRED_LINK =
  "This setup link has expired or has been used. Restart the server for a new one (it is printed in the log).";

export const STAFF_ADD_USAGE =
  "Usage: npm run staff:add -- --email name@example.com [--email …] --role owner|editor [--password-stdin]";
