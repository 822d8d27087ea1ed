import { defineForm } from "~/platform/forms/form-spec";

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

/** "Forgot your password?": the one field. */
export const forgotFields = ["email"] as const;
export type ForgotField = (typeof forgotFields)[number];

/** A new password, from a recovery link. */
export const resetFields = ["password", "confirmPassword"] as const;
export type ResetField = (typeof resetFields)[number];

const ACCOUNT_LABELS = { email: "Email", password: "Password", confirmPassword: "Password again" };
const rules = () => import("./account-rules");

export const signInForm = defineForm({
  id: "sign-in",
  fields: signInFields,
  labels: ACCOUNT_LABELS,
  verb: "sign in",
  rules: () => rules().then((found) => found.signInSchema),
});

/** The first owner's account: an email and a password. */
export const ownerSetupForm = defineForm({
  id: "setup",
  fields: setupFields,
  labels: ACCOUNT_LABELS,
  verb: "save",
  rules: () => rules().then((found) => found.setupSchema),
});

/** An invited member's password, on the same page: their email is the invitation's. */
export const invitationForm = defineForm({
  id: "setup",
  fields: setupFields,
  labels: ACCOUNT_LABELS,
  verb: "save",
  rules: () => rules().then((found) => found.invitationSchema),
});

export const forgotForm = defineForm({
  id: "forgot-password",
  fields: forgotFields,
  labels: ACCOUNT_LABELS,
  verb: "send",
  rules: () => rules().then((found) => found.forgotSchema),
});

export const resetForm = defineForm({
  id: "reset-password",
  fields: resetFields,
  labels: { password: "New password", confirmPassword: "New password again" },
  verb: "save",
  rules: () => rules().then((found) => found.invitationSchema),
});

/** Where staff ask for a recovery link, and where it leads. */
export const FORGOT_PASSWORD_PATH = "/staff/forgot-password";
export const RESET_PASSWORD_PATH = "/staff/reset-password";

/** The one answer to "Forgot your password?", whoever the address belongs to. */
export const RECOVERY_ON_ITS_WAY =
  "If that address belongs to a staff member, a link to set a new password is on its way.";

/** How long a recovery link works, in words (Supabase's default, and the embedded service's). */
export const RECOVERY_LINK_LASTS = "an hour";

/** Why a recovery link no longer works, and how to get another. */
export const EXPIRED_RECOVERY =
  "This link has expired or has been used. Ask for a new one: each link works once, within an hour.";

/** Why an invitation's link no longer works, and how to get another. */
export const EXPIRED_INVITATION =
  "This link has expired or has been used. Ask an owner of the site for a new one.";

/** Why a setup link no longer works, and how to get another. */
export const EXPIRED_LINK =
  "This setup link has expired or has been used. Restart the server for a new one (it is printed in the log).";

export const STAFF_RESET_USAGE = "Usage: npm run staff:reset -- --email name@example.com";

export const STAFF_ADD_USAGE =
  "Usage: npm run staff:add -- --email name@example.com [--email …] --role owner|editor [--password-stdin]";
