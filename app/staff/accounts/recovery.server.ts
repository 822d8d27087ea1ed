import { createClient, isAuthRetryableFetchError } from "@supabase/supabase-js";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import type { AuthBackend } from "~/platform/auth-backend.server";
import type { AuthEmail } from "~/platform/auth-service/auth-service.server";
import { authBackendContext, clientAddressContext, databaseContext } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import { staffLinkOrigin } from "~/platform/site-origin.server";
import { checkAnswersMessage, type FieldErrors } from "~/platform/forms/form-check";
import type { RateLimit } from "~/platform/form-protection";
import { log } from "~/platform/logger.server";
import { enqueueMail, mailQueued } from "~/platform/mail/outbox.server";
import { attemptChecks, secondsUntilAllowed } from "~/platform/rate-limit.server";
import { redirectWithToast } from "~/platform/toast.server";
import { getSiteSettings } from "~/settings/site-settings.server";
import { checkPost, readPost } from "~/platform/forms/form-post.server";
import { forgetSession, staffClient } from "./session.server";
import { recoveryMail, type OneTimeLink } from "./staff-mail";
import {
  EXPIRED_RECOVERY,
  RECOVERY_LINK_LASTS,
  RESET_PASSWORD_PATH,
  forgotForm,
  resetForm,
  type ForgotField,
  type ResetField,
} from "./staff-forms";
import { getStaffMember, recordNewPassword, staffMemberByEmail } from "./staff.server";

/**
 * "Forgot your password?": a staff member asks for a link by email, through
 * the Auth service's recovery API (`resetPasswordForEmail`), and the link
 * leads to a page that trades its one-time token for a session
 * (`verifyOtp`) and sets the new password (`updateUser`). A Supabase
 * project mails the link itself; the embedded service hands it to
 * `sendStaffAuthEmail`, which words it and queues it in the outbox.
 */

/**
 * How often anyone may ask: per client address and per email, counted
 * whether or not the address has an account, so the limit tells nothing
 * either. A member gets at most three links an hour (and Auth one a minute).
 */
export const RECOVERY_LIMITS = {
  perAddress: { max: 10, windowSeconds: 60 * 60 },
  perEmail: { max: 3, windowSeconds: 60 * 60 },
} as const satisfies { perAddress: RateLimit; perEmail: RateLimit };

/** What the forgot-password form gets back. */
export type ForgotActionData = {
  values: { email: string };
  errors: FieldErrors<ForgotField>;
  formError: string | null;
  /** Set once asked: the same answer whatever the address. */
  sent: string | null;
};

function forgotReply(status: number, parts: Partial<ForgotActionData>, headers?: HeadersInit) {
  const body: ForgotActionData = {
    values: { email: "" },
    errors: {},
    formError: null,
    sent: null,
    ...parts,
  };
  return data(body, { status, headers });
}

/**
 * A post to "Forgot your password?": the address checked, the limits
 * counted, and the answer given; then, for a member of staff, a link asked
 * of the Auth service. The answer is the same for every address, comes after
 * the same steps, and never says which have accounts.
 */
export async function requestPasswordReset({ request, context }: ActionFunctionArgs) {
  const checked = await checkPost((await readPost(request)).form, forgotForm, undefined);
  const email = checked.values.email.slice(0, 300);
  if (!checked.ok) {
    return forgotReply(400, {
      values: { email },
      errors: checked.errors,
      formError: checkAnswersMessage(Object.keys(checked.errors).length, "send"),
    });
  }
  const address = checked.data.email;
  const unavailable = () =>
    forgotReply(
      503,
      {
        values: { email },
        formError: "The link cannot be sent for a moment. Please try again in a minute.",
      },
      { "Retry-After": "30" },
    );

  let db: Database;
  try {
    db = await context.get(databaseContext)();
    const checks = await attemptChecks(
      db,
      "password-reset",
      { address: context.get(clientAddressContext), email: address },
      RECOVERY_LIMITS,
    );
    const wait = await secondsUntilAllowed(db, checks);
    if (wait !== null) {
      const minutes = Math.max(1, Math.ceil(wait / 60));
      return forgotReply(
        429,
        {
          values: { email },
          formError: `Too many links asked for. Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again.`,
        },
        { "Retry-After": String(wait) },
      );
    }
  } catch (error) {
    log.error("A password reset could not be counted", { error });
    return unavailable();
  }

  // Whether the address is a member's, and the link, are worked out after
  // the answer: every address gets it after the same steps, so its timing
  // cannot tell members from others.
  const backend = await context.get(authBackendContext)();
  passOnRecovery(db, backend, address, staffLinkOrigin(request));
  return forgotReply(200, { values: { email }, sent: address });
}

/** Recoveries asked for whose links are still being asked of the Auth service. */
const recoveriesUnderWay = new Set<Promise<void>>();

/**
 * Resolves once every recovery asked for so far has been passed on to the
 * Auth service, or has failed (which is logged).
 */
export async function recoveriesPassedOn(): Promise<void> {
  await Promise.all(recoveriesUnderWay);
}

function passOnRecovery(
  db: Database,
  backend: AuthBackend,
  address: string,
  origin: string | null,
) {
  const underWay = askForRecoveryLink(db, backend, address, origin)
    .catch((error: unknown) => {
      log.error("A password reset link could not be sent", { error });
    })
    .finally(() => recoveriesUnderWay.delete(underWay));
  recoveriesUnderWay.add(underWay);
}

/**
 * For a member of staff, a recovery link asked of the Auth service, which
 * mails it (the embedded one through `sendStaffAuthEmail`); for anyone
 * else, nothing. Never told to whoever asked.
 */
async function askForRecoveryLink(
  db: Database,
  backend: AuthBackend,
  address: string,
  origin: string | null,
): Promise<void> {
  const member = await staffMemberByEmail(db, address);
  if (!member) return;
  if (!origin) {
    log.error(
      "A password reset link was not sent: links to the staff pages need SITE_URL (or a request to http://localhost on the server's port)",
      { userId: member.userId },
    );
    return;
  }
  // No session is involved: a client that keeps nothing, so no PKCE
  // verifier lands in this browser (the link may be opened on another).
  const auth = createClient(backend.url, backend.publishableKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: "implicit",
    },
    global: { fetch: backend.fetch },
  });
  const { error } = await auth.auth.resetPasswordForEmail(member.email, {
    redirectTo: `${origin}${RESET_PASSWORD_PATH}`,
  });
  if (error && (isAuthRetryableFetchError(error) || (error.status ?? 0) >= 500)) {
    log.error("A password reset link could not be sent", { error });
    return;
  }
  // Asked again within Auth's minute: the link sent then is the one to use.
  if (error) log.warn("A password reset link was not sent", { error });
  else log.info("A password reset link was asked for", { userId: member.userId });
}

/**
 * The embedded service's mail hook (Supabase's "Send Email" hook): the
 * recovery link, worded with the pub's name and queued in the outbox. Only
 * members of staff get one; an account off the list gets nothing.
 */
export async function sendStaffAuthEmail(db: Database, email: AuthEmail): Promise<void> {
  const member = await getStaffMember(db, email.user.id);
  if (!member) {
    log.info("No recovery mail for an account that is not on the staff list", {
      userId: email.user.id,
    });
    return;
  }
  const settings = await getSiteSettings(db);
  const message = recoveryMail({
    to: member.email,
    pubName: settings?.name ?? "",
    link: recoveryLink(email.email_data.redirect_to, email.email_data.token_hash),
  });
  await db.transaction((tx) => enqueueMail(tx, message));
  mailQueued();
}

/**
 * The link a recovery mail carries: the page it was asked to lead to, with
 * the token as Supabase's email templates give it (`token_hash`, `type`).
 * Only a whole http(s) link is given whole; anything else becomes our own
 * page's path, to open on the site's address.
 */
export function recoveryLink(redirectTo: string, tokenHash: string): OneTimeLink {
  const query = `?${new URLSearchParams({ token_hash: tokenHash, type: "recovery" })}`;
  const path = `${RESET_PASSWORD_PATH}${query}`;
  let link: string | null = null;
  try {
    const target = new URL(redirectTo);
    if (target.protocol === "https:" || target.protocol === "http:") {
      link = `${target.origin}${RESET_PASSWORD_PATH}${query}`;
    }
  } catch {
    link = null;
  }
  return { link, path, lasts: RECOVERY_LINK_LASTS };
}

/** What the new-password form gets back when no password was set. */
export type ResetActionData = {
  values: Record<string, never>;
  errors: FieldErrors<ResetField>;
  formError: string | null;
  /** The link cannot be used again: ask for another. */
  expired: boolean;
};

function resetReply(status: number, parts: Partial<ResetActionData>, headers?: HeadersInit) {
  const body: ResetActionData = {
    values: {},
    errors: {},
    formError: null,
    expired: false,
    ...parts,
  };
  return data(body, { status, headers });
}

/** The token a recovery link carries: `token_hash` in its query (Supabase's template's name). */
function recoveryToken(request: Request): string {
  return (new URL(request.url).searchParams.get("token_hash") ?? "").slice(0, 200);
}

/**
 * Where a recovery link leads. Opening it uses nothing up (a mail scanner
 * that follows links cannot spend it): the token is traded for a session
 * only when the new password is posted.
 */
export function resetPageData({ request }: LoaderFunctionArgs) {
  return { tokenHash: recoveryToken(request) };
}

/**
 * The new-password form's post: the password checked first (so a mistyped
 * one keeps the link working), then the link's token traded for a session
 * (`verifyOtp`, once), the member checked against the staff list, and the
 * new password set (`updateUser`), which ends their other sessions.
 */
export async function resetPassword({ request, context }: ActionFunctionArgs) {
  const checked = await checkPost((await readPost(request)).form, resetForm, undefined);
  if (!checked.ok) {
    return resetReply(400, {
      errors: checked.errors,
      formError: checkAnswersMessage(Object.keys(checked.errors).length, "save"),
    });
  }
  const tokenHash = recoveryToken(request);
  if (!tokenHash) return resetReply(410, { formError: EXPIRED_RECOVERY, expired: true });

  const supabase = staffClient(context);
  const unavailable = () =>
    resetReply(
      503,
      { formError: "Your password cannot be set for a moment. Please try again in a minute." },
      { "Retry-After": "30" },
    );
  const verified = await supabase.auth.verifyOtp({ type: "recovery", token_hash: tokenHash });
  if (verified.error || !verified.data.user) {
    if (verified.error && isAuthRetryableFetchError(verified.error)) {
      log.error("A recovery link could not be checked", { error: verified.error });
      return unavailable();
    }
    return resetReply(410, { formError: EXPIRED_RECOVERY, expired: true });
  }
  const userId = verified.data.user.id;

  const db = await context.get(databaseContext)();
  const member = await getStaffMember(db, userId);
  if (!member) {
    await forgetSession(supabase);
    return resetReply(403, {
      formError: "This account is not on the staff list. Ask the pub's owner to add you.",
      expired: true,
    });
  }

  const updated = await supabase.auth.updateUser({ password: checked.data.password });
  if (updated.error && updated.error.code !== "same_password") {
    log.warn("A new password from a recovery link was refused", { error: updated.error });
    await forgetSession(supabase);
    if (isAuthRetryableFetchError(updated.error)) return unavailable();
    return resetReply(400, {
      formError: `Your password could not be set (${updated.error.message}). ${EXPIRED_RECOVERY}`,
      expired: true,
    });
  }
  await recordNewPassword(db, userId);
  log.info("A staff member set a new password from a recovery link", { userId });
  return redirectWithToast("/staff", {
    type: "success",
    title: updated.error ? "That is your password already." : "Your new password is set.",
    description: "You're signed in.",
  });
}
