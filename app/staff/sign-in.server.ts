import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { data, type RouterContextProvider } from "react-router";
import { clientAddressContext, databaseContext } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import {
  checkAnswersMessage,
  checkForm,
  formValues,
  type FieldErrors,
} from "~/platform/form-check";
import type { RateLimit } from "~/platform/form-protection";
import { log } from "~/platform/logger.server";
import { attemptChecks, secondsUntilAllowed } from "~/platform/rate-limit.server";
import { redirectWithToast } from "~/platform/toast.server";
import { forgetSession, staffClient } from "./session.server";
import { signInFields, type SignInField } from "./staff-forms";
import { signInSchema } from "./account-rules";
import { staffReturnPath } from "./staff-meta";
import { getStaffMember } from "./staff.server";

/**
 * Attempts counted before the password is checked, so guessing is slow from
 * one place and against one account, whichever addresses it comes from.
 */
export const SIGN_IN_LIMITS = {
  perAddress: { max: 20, windowSeconds: 15 * 60 },
  perEmail: { max: 5, windowSeconds: 15 * 60 },
} as const satisfies { perAddress: RateLimit; perEmail: RateLimit };

/** What the sign-in form gets back when it did not sign anyone in. */
export type SignInActionData = {
  values: { email: string };
  errors: FieldErrors<SignInField>;
  formError: string | null;
};

/** The same words whether the email is unknown or the password wrong. */
export const WRONG_CREDENTIALS =
  "That email and password don't match a staff account. Check them and try again.";

function reply(
  status: number,
  email: string,
  problem: { errors?: FieldErrors<SignInField>; formError: string },
  headers?: HeadersInit,
) {
  const body: SignInActionData = {
    values: { email },
    errors: problem.errors ?? {},
    formError: problem.formError,
  };
  return data(body, { status, headers });
}

const unavailable = (email: string) =>
  reply(
    503,
    email,
    { formError: "Signing in is unavailable for a moment. Please try again in a minute." },
    { "Retry-After": "30" },
  );

/**
 * A sign-in post: the fields, the rate limits, the password (checked by the
 * Auth service, which sets the session cookies through the request's client),
 * then the staff list. Anything else comes back to the form, the email kept.
 */
export async function signIn(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = formValues(form, signInFields);
  const email = values.email.slice(0, 300);
  const checked = checkForm(signInSchema, values);
  if (!checked.ok) {
    return reply(400, email, {
      errors: checked.errors,
      formError: checkAnswersMessage(Object.keys(checked.errors).length, "sign in"),
    });
  }

  let db: Database;
  let wait: number | null;
  try {
    db = await context.get(databaseContext)();
    const address = context.get(clientAddressContext);
    const checks = await attemptChecks(
      db,
      "sign-in",
      { address, email: checked.data.email },
      SIGN_IN_LIMITS,
    );
    wait = await secondsUntilAllowed(db, checks);
  } catch (error) {
    log.error("Sign-in could not be counted", { error });
    return unavailable(email);
  }
  if (wait !== null) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    return reply(
      429,
      email,
      {
        formError: `Too many sign-in attempts. Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again.`,
      },
      { "Retry-After": String(wait) },
    );
  }

  const supabase = staffClient(context);
  const { data: session, error } = await supabase.auth.signInWithPassword(checked.data);
  if (error) {
    if (isAuthRetryableFetchError(error) || (error.status ?? 0) >= 500) {
      log.error("Sign-in service unavailable", { error });
      return unavailable(email);
    }
    return reply(400, email, { formError: WRONG_CREDENTIALS });
  }

  let member;
  try {
    member = await getStaffMember(db, session.user.id);
  } catch (error) {
    log.error("The staff list could not be read", { error });
    await forgetSession(supabase);
    return unavailable(email);
  }
  if (!member) {
    await forgetSession(supabase);
    return reply(403, email, {
      formError: "This account is not on the staff list. Ask the pub's owner to add you.",
    });
  }

  return redirectWithToast(staffReturnPath(form.get("redirectTo")), {
    type: "success",
    title: "Signed in.",
  });
}
