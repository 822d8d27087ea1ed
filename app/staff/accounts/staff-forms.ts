import type { FormSpec } from "~/platform/forms/form-spec";

/**
 * Staff sign-in and the first owner's account: fields, limits and messages.
 * The rules that use them are in account-rules.ts, which the browser loads
 * only when a form is first used.
 */

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

/** The summary's names for the account fields. */
const ACCOUNT_LABELS: Record<SetupField, string> = {
  email: "Email",
  password: "Password",
  confirmPassword: "Password again",
};

const loadRules = () => import("./account-rules");

/** The account forms' rules (account-rules.ts), by name. */
type AccountRules = Awaited<ReturnType<typeof loadRules>>;

/** An account page's form, its rules loaded when it is first used. */
function accountForm<const Field extends SetupField, Rules extends keyof AccountRules>(
  id: string,
  fields: readonly Field[],
  verb: string,
  rules: Rules,
  labels: Partial<Record<Field, string>> = ACCOUNT_LABELS,
): FormSpec<Field, AccountRules[Rules]> {
  return {
    id,
    fields,
    labels,
    verb,
    rules: () => loadRules().then((found) => found[rules]),
  };
}

export const signInForm = accountForm("sign-in", signInFields, "sign in", "signInSchema");

/** The first owner's account: an email and a password. */
export const ownerSetupForm = accountForm("setup", setupFields, "save", "setupSchema");

/** An invited member's password, on the same page: their email is the invitation's. */
export const invitationForm = accountForm("setup", setupFields, "save", "invitationSchema");

export const forgotForm = accountForm("forgot-password", forgotFields, "send", "forgotSchema");

export const resetForm = accountForm("reset-password", resetFields, "save", "invitationSchema", {
  password: "New password",
  confirmPassword: "New password again",
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
