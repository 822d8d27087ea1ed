import { redirect, type RouterContextProvider } from "react-router";
import { pubIdentity } from "./enquiry-mail.server";
import {
  SIGN_UP_PATH,
  SIGN_UP_STEP,
  SIGN_UP_TRAP_FIELD,
  SIGN_UP_WORDING,
} from "~/newsletter/sign-up-words";
import { SIGN_UP_FROM_FIELD, SIGN_UP_FROM_PAGE, signUpForm } from "~/newsletter/sign-up-form";
import { newsletterKey, requestSubscription } from "~/newsletter/subscribers.server";
import { clientAddressContext, databaseContext, formProtectionContext } from "~/platform/context";
import { outcomeUnknown } from "~/platform/database/database.server";
import { checkPost, readPost, refusePost } from "~/platform/forms/form-post.server";
import { log } from "~/platform/logger.server";
import { mailQueued } from "~/platform/mail/outbox.server";
import { attemptChecks, secondsUntilAllowed } from "~/platform/rate-limit.server";
import { siteOrigin, staffLinkOrigin } from "~/platform/site-origin.server";
import { TURNSTILE_RESPONSE_FIELD, verifyTurnstile } from "~/platform/turnstile.server";

/** Where a sign-up that went through leads: the page that says to check the inbox. */
export const SIGNED_UP_PATH = `${SIGN_UP_PATH}?${SIGN_UP_STEP.key}=${SIGN_UP_STEP.sent}`;

/**
 * A sign-up for the newsletter, from the footer of any page or from the
 * sign-up page: the spam trap, the address's rule, the spam check (with
 * Turnstile's keys set), the limits the enquiry forms have (counted on their
 * own), then the request with its consent record and confirmation mail, in
 * one transaction. Whatever the address (new, waiting, confirmed, gone), a
 * sign-up that gets this far is answered the same: the page that says a
 * link is on its way. A refusal gives the form back as typed, saying why.
 */
export async function signUpForNewsletter(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Response | ReturnType<typeof refusePost<"email">>> {
  const { form, unreadable } = await readPost(request);
  const checked = await checkPost(form, signUpForm, undefined);
  const refuse = (formError: string, status = 400, headers?: HeadersInit) =>
    refusePost(signUpForm, checked.values, {}, { formError, status, headers });

  const trap = form.get(SIGN_UP_TRAP_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    log.info("A newsletter sign-up filled in the hidden spam trap; not recorded");
    return refuse(
      "This form has a hidden field that only automated spam fills in, and it was filled in, so you are not signed up. If you're a person, please try again here.",
    );
  }
  if (!checked.ok) {
    return refusePost(signUpForm, checked.values, checked.errors, {
      formError: unreadable
        ? "What was sent could not be read as a sign-up. Please give your email address and press Sign up again."
        : undefined,
    });
  }
  const email = checked.data.email.toLowerCase();

  const origin = staffLinkOrigin(request);
  if (!origin) {
    log.warn("A newsletter sign-up was not recorded: set SITE_URL for its links");
    return refuse(
      "The newsletter can't take sign-ups just now, so you are not signed up. Please try again later.",
      503,
      { "Retry-After": "3600" },
    );
  }

  const protection = context.get(formProtectionContext);
  if (protection.turnstile) {
    const token = form.get(TURNSTILE_RESPONSE_FIELD);
    if (typeof token !== "string" || token === "") {
      // The footer's form has no spam check of its own: this page has.
      return refuse(
        "One more step: please complete the spam check below, then press Sign up again.",
      );
    }
    const check = await verifyTurnstile(token, {
      ...protection.turnstile,
      expectedAction: "newsletter",
      expectedHostname: new URL(siteOrigin(request)).hostname,
      remoteIp: context.get(clientAddressContext),
    });
    if (!check.ok && check.reason === "unavailable") {
      return refuse(
        "We couldn't reach the spam check just now, so you are not signed up. Please try again in a minute.",
        503,
        { "Retry-After": "60" },
      );
    }
    if (!check.ok) return refuse(check.message);
  }

  try {
    const database = await context.get(databaseContext)();
    const retryAfter = await secondsUntilAllowed(
      database,
      await attemptChecks(
        database,
        "newsletter",
        { address: context.get(clientAddressContext), email },
        protection,
      ),
    );
    if (retryAfter !== null) {
      const minutes = Math.max(1, Math.ceil(retryAfter / 60));
      return refuse(
        `There have been several sign-ups from here or for this address in a short time, so this one was not recorded. Please try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.`,
        429,
        { "Retry-After": String(retryAfter) },
      );
    }
    const [key, pub] = await Promise.all([newsletterKey(database), pubIdentity(context)]);
    try {
      await database.transaction((tx) =>
        requestSubscription(tx, {
          email,
          // The page's own form says so; anything else is the footer's.
          form: form.get(SIGN_UP_FROM_FIELD) === SIGN_UP_FROM_PAGE ? "page" : "footer",
          wording: SIGN_UP_WORDING,
          pub,
          origin,
          key,
        }),
      );
    } catch (error) {
      if (!outcomeUnknown(error)) throw error;
      log.error("A newsletter sign-up may or may not have been recorded", { error });
      return refuse(
        "We lost touch with our database while signing you up, so we can't tell whether it worked. Please press Sign up again in a few minutes; you won't be signed up twice.",
        503,
        { "Retry-After": "60" },
      );
    }
    mailQueued();
    return redirect(SIGNED_UP_PATH, 303);
  } catch (error) {
    log.error("A newsletter sign-up could not be recorded", { error });
    return refuse(
      "We couldn't record your sign-up just now, so you are not signed up. Please try again in a few minutes.",
      503,
      { "Retry-After": "60" },
    );
  }
}
