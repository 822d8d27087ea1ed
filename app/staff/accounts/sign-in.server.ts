import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { clientAddressContext, databaseContext, sessionClaimsContext } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import { checkAnswersMessage, type FieldErrors } from "~/platform/forms/form-check";
import type { RateLimit } from "~/platform/form-protection";
import { log } from "~/platform/logger.server";
import {
  addressHashKey,
  countSubmission,
  hashIdentifier,
  peekCount,
  rateLimitAddress,
  secondsUntilOneMore,
} from "~/platform/rate-limit.server";
import { redirectWithToast } from "~/platform/toast.server";
import { forgetSession, staffClient } from "./session.server";
import { signInForm, type SignInField } from "./staff-forms";
import { checkPost, readPost } from "~/platform/forms/form-post.server";
import { staffReturnPath } from "~/staff/staff-meta";
import { getStaffMember } from "./staff.server";

/**
 * Failed sign-ins are counted, never successful ones, so staff who sign in on
 * a phone, a tablet and the office computer are never held back by it:
 * - from one address, whatever the email, at most `perAddress` failures;
 * - on one email, from everywhere, `perEmail` failures: past that, an
 *   address that has failed on that email waits, while one that has not may
 *   still try. Someone guessing an owner's password from many addresses is
 *   slowed to one guess an address, and the owner, from an address without
 *   failures, still signs in.
 */
export const SIGN_IN_LIMITS = {
  perAddress: { max: 20, windowSeconds: 15 * 60 },
  perEmail: { max: 20, windowSeconds: 15 * 60 },
} as const satisfies { perAddress: RateLimit; perEmail: RateLimit };

type FailureBuckets = { address: string | null; email: string; pair: string | null };

/** Where one attempt's failures are counted, hashed under the database's key. */
async function failureBuckets(
  db: Database,
  address: string | null,
  email: string,
): Promise<FailureBuckets> {
  const key = await addressHashKey(db);
  const client = rateLimitAddress(address);
  return {
    address: client ? `sign-in-failure:address:${hashIdentifier(key, client)}` : null,
    email: `sign-in-failure:email:${hashIdentifier(key, email)}`,
    pair: client ? `sign-in-failure:pair:${hashIdentifier(key, `${client} ${email}`)}` : null,
  };
}

/** The seconds this attempt must wait, or null when it may go ahead. */
async function waitBeforeTrying(db: Database, buckets: FailureBuckets): Promise<number | null> {
  const { perAddress, perEmail } = SIGN_IN_LIMITS;
  const waits: number[] = [];
  if (buckets.address) {
    const failures = await peekCount(db, buckets.address, perAddress.windowSeconds);
    const wait = secondsUntilOneMore(failures, perAddress);
    if (wait !== null) waits.push(wait);
  }
  const onEmail = await peekCount(db, buckets.email, perEmail.windowSeconds);
  const emailWait = secondsUntilOneMore(onEmail, perEmail);
  if (emailWait !== null) {
    // Past the email's ceiling, only an address that has not failed on it may try.
    const fromHere = buckets.pair
      ? await peekCount(db, buckets.pair, perEmail.windowSeconds)
      : null;
    const failedHere = !fromHere || fromHere.hits + fromHere.previousHits > 0;
    if (failedHere) {
      waits.push(
        fromHere
          ? (secondsUntilOneMore(fromHere, { max: 1, windowSeconds: perEmail.windowSeconds }) ??
              emailWait)
          : emailWait,
      );
    }
  }
  return waits.length > 0 ? Math.max(...waits) : null;
}

/** Counts a failed attempt in each of its buckets. */
async function countFailure(db: Database, buckets: FailureBuckets): Promise<void> {
  const { perAddress, perEmail } = SIGN_IN_LIMITS;
  if (buckets.address) await countSubmission(db, buckets.address, perAddress.windowSeconds);
  await countSubmission(db, buckets.email, perEmail.windowSeconds);
  if (buckets.pair) await countSubmission(db, buckets.pair, perEmail.windowSeconds);
}

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
 * The sign-in page's one datum, where a sign-in leads: someone signed in
 * already goes there now.
 */
export function signInPageData({ request, context }: LoaderFunctionArgs) {
  const redirectTo = staffReturnPath(new URL(request.url).searchParams.get("redirectTo"));
  if (context.get(sessionClaimsContext)) throw redirect(redirectTo);
  return { redirectTo };
}

/**
 * A sign-in post: the fields, the rate limits, the password (checked by the
 * Auth service, which sets the session cookies through the request's client),
 * then the staff list. Anything else comes back to the form, the email kept.
 */
export async function signIn({ request, context }: ActionFunctionArgs) {
  const { form } = await readPost(request);
  const checked = await checkPost(form, signInForm, undefined);
  // Given back as typed, however long: the message says what is wrong with it.
  const email = checked.values.email;
  if (!checked.ok) {
    return reply(400, email, {
      errors: checked.errors,
      formError: checkAnswersMessage(Object.keys(checked.errors).length, "sign in"),
    });
  }

  let db: Database;
  let buckets: FailureBuckets;
  let wait: number | null;
  try {
    db = await context.get(databaseContext)();
    buckets = await failureBuckets(db, context.get(clientAddressContext), checked.data.email);
    wait = await waitBeforeTrying(db, buckets);
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
    await countFailure(db, buckets).catch((error: unknown) => {
      log.error("A failed sign-in could not be counted", { error });
    });
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
