import { defineForm } from "~/platform/forms/form-spec";

/**
 * The newsletter's sign-up: an email address, nothing else. The footer of
 * every page posts it in its smallest shape; the sign-up page shows it with
 * the kit's checks and, with Turnstile's keys set, the spam check.
 */
/** The page's own form says so in this hidden field; the footer's does not. */
export const SIGN_UP_FROM_FIELD = "from";
export const SIGN_UP_FROM_PAGE = "page";

export const signUpForm = defineForm({
  id: "newsletter",
  fields: ["email"],
  labels: { email: "Email" },
  verb: "sign up",
  rules: () => import("./sign-up-rules").then((rules) => rules.signUpSchema),
});
