import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import {
  clientAddressContext,
  databaseContext,
  formProtectionContext,
  sessionClaimsContext,
} from "~/platform/context";
import { siteOrigin } from "~/platform/site-origin.server";
import { TURNSTILE_RESPONSE_FIELD, verifyTurnstile } from "~/platform/turnstile.server";
import type { Database } from "~/platform/database/database.server";
import { checkAnswersMessage, type FieldErrors } from "~/platform/forms/form-check";
import type { RateLimit } from "~/platform/form-protection";
import { log } from "~/platform/logger.server";
import {
  addressHashKey,
  countInTurn,
  hashIdentifier,
  KnownRefusals,
  rateLimitAddress,
  secondsUntilAllowedBy,
  uncount,
  type RateLimitCheck,
  type TurnCount,
} from "~/platform/rate-limit.server";
import { QueueFullError, createBackOfTheLine, createWorkQueue } from "~/platform/work-queue.server";
import { redirectWithToast } from "~/platform/toast.server";
import { forgetSession, staffClient } from "./session.server";
import { signInForm, type SignInField } from "./staff-forms";
import { checkPost, readPost } from "~/platform/forms/form-post.server";
import { staffReturnPath } from "~/staff/staff-meta";
import { getStaffMember } from "./staff.server";

/**
 * Every attempt is counted before its password is checked, in one statement
 * (`countInTurn`), so no number of attempts at once gets past a limit; a
 * sign-in that succeeds is then taken back out of the counts, so staff who
 * sign in on a phone, a tablet and the office computer are never held back.
 * In turn, each counted only when the one before let the attempt through:
 * - `perPair`: from one address on one email. Someone guessing from the
 *   pub's Wi-Fi holds back only that email there, not the staff beside them;
 * - `perAddress`: from one address, whatever the email (one address trying
 *   many accounts);
 * - `perEmail`: on one email from everywhere, a ceiling that fresh addresses
 *   do not get round: past it, every attempt on that email waits;
 * - `perSite`: with Turnstile's keys set, the password checks of the whole
 *   site, so many addresses guessing many emails cannot multiply the work
 *   (bcrypt) beyond it.
 * Past `perEmail` or `perSite`, with the keys set, an attempt that passes the
 * human check goes ahead. An IPv6 address counts by its /64
 * (`rateLimitAddress`).
 */
export const SIGN_IN_LIMITS = {
  perPair: { max: 10, windowSeconds: 15 * 60 },
  perAddress: { max: 100, windowSeconds: 15 * 60 },
  perEmail: { max: 20, windowSeconds: 15 * 60 },
  perSite: { max: 10, windowSeconds: 60 },
} as const satisfies Record<"perPair" | "perAddress" | "perEmail" | "perSite", RateLimit>;

/**
 * Sign-ins' share of the database: at most this many use it at once (the
 * count, then the password check: the Auth service's, which in the embedded
 * service reads the hash and checks it on a thread of its own), so of the
 * pool's five connections three are always left for staff pages, visitors
 * and enquiries. Up to `SIGN_IN_QUEUE` more wait their turn, holding no
 * connection; any beyond are told to try again. Turns go first to an
 * attempt that passed the human check (the owner getting in while others
 * guess), then to counts (one quick statement each, none for an attempt
 * a known refusal answers), then to other password checks.
 */
export const SIGN_IN_SHARE = 2;
export const SIGN_IN_QUEUE = 500;
const TURN = { humanChecked: 2, count: 1, check: 0 } as const;
const signInTurns = createWorkQueue(SIGN_IN_SHARE, SIGN_IN_QUEUE);

/**
 * Where one attempt is counted, hashed under the database's key, narrowest
 * first; from `shared` on, the ceilings a human check may pass.
 */
async function signInChecks(
  db: Database,
  address: string | null,
  email: string,
  { siteCeiling }: { siteCeiling: boolean },
): Promise<{ checks: RateLimitCheck[]; shared: number }> {
  const key = await addressHashKey(db);
  const client = rateLimitAddress(address);
  const { perPair, perAddress, perEmail, perSite } = SIGN_IN_LIMITS;
  const own = client
    ? [
        { bucket: `sign-in:pair:${hashIdentifier(key, `${client} ${email}`)}`, limit: perPair },
        { bucket: `sign-in:address:${hashIdentifier(key, client)}`, limit: perAddress },
      ]
    : [];
  return {
    checks: [
      ...own,
      { bucket: `sign-in:email:${hashIdentifier(key, email)}`, limit: perEmail },
      ...(siteCeiling ? [{ bucket: "sign-in:site", limit: perSite }] : []),
    ],
    shared: own.length,
  };
}

/** The seconds the attempt must wait, from the first limit that refused it, or null. */
function waitFor(checks: readonly RateLimitCheck[], counts: readonly TurnCount[]): number | null {
  for (const [i, count] of counts.entries()) {
    if (!count) return null;
    const wait = secondsUntilAllowedBy(count, checks[i]!.limit);
    if (wait !== null) return wait;
  }
  return null;
}

/** What the sign-in form gets back when it did not sign anyone in. */
export type SignInActionData = {
  values: { email: string };
  errors: FieldErrors<SignInField>;
  formError: string | null;
  /** Whether the page shows the human check (Turnstile): past a shared ceiling, with keys set. */
  humanCheck: boolean;
};

/** The same words whether the email is unknown or the password wrong. */
export const WRONG_CREDENTIALS =
  "That email and password don't match a staff account. Check them and try again.";

function reply(
  status: number,
  email: string,
  problem: { errors?: FieldErrors<SignInField>; formError: string; humanCheck?: boolean },
  headers?: HeadersInit,
) {
  const body: SignInActionData = {
    values: { email },
    errors: problem.errors ?? {},
    formError: problem.formError,
    humanCheck: problem.humanCheck ?? false,
  };
  return data(body, { status, headers });
}

/**
 * Refused attempts are answered at the back of the line, two a turn of the
 * event loop: a burst of them is drawn a few at a time, so the owner's own
 * sign-in, and every other request, goes through in between.
 */
const refusals = createBackOfTheLine(2);

/** A refused attempt: how long to wait, and whether the human check would let it through now. */
async function tooMany(email: string, seconds: number, humanCheck: boolean) {
  await refusals.wait();
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const wait = `Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again`;
  return reply(
    429,
    email,
    {
      formError: humanCheck
        ? `Too many sign-in attempts. ${wait}, or complete the check below and sign in now.`
        : `Too many sign-in attempts. ${wait}.`,
      humanCheck,
    },
    { "Retry-After": String(seconds) },
  );
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

type Counted = {
  db: Database;
  checks: RateLimitCheck[];
  /** Each check's count, or null for those not reached (none when a known refusal answered). */
  counts: TurnCount[];
  /** Seconds to wait, or null when every limit let the attempt through. */
  wait: number | null;
  /** Whether only a shared ceiling (the email's, the site's) refused it: a human check passes those. */
  onlyShared: boolean;
};

/**
 * Refusals counted by this instance, still running: an attempt one of them
 * refuses is answered in its turn with no statement, unless it passed the
 * human check (which goes past shared ceilings, so is counted).
 */
const knownRefusals = new KnownRefusals();

/**
 * Counts one attempt in its buckets: one statement, all an attempt past a
 * limit costs, and none while a refusal this instance counted holds.
 */
async function countAttempt(
  context: ActionFunctionArgs["context"],
  email: string,
  { humanCheckable, humanChecked }: { humanCheckable: boolean; humanChecked: boolean },
): Promise<Counted> {
  const db = await context.get(databaseContext)();
  const { checks, shared } = await signInChecks(db, context.get(clientAddressContext), email, {
    siteCeiling: humanCheckable,
  });
  const known = humanChecked ? null : knownRefusals.find(checks);
  if (known) {
    return { db, checks, counts: [], wait: known.seconds, onlyShared: known.index >= shared };
  }
  const counts = await countInTurn(db, checks);
  knownRefusals.learn(checks, counts);
  const wait = waitFor(checks, counts);
  const refusedBy = counts.findIndex(
    (count, i) => count !== null && secondsUntilAllowedBy(count, checks[i]!.limit) !== null,
  );
  return { db, checks, counts, wait, onlyShared: wait !== null && refusedBy >= shared };
}

type Checked =
  | { result: "unavailable" }
  | { result: "wrong" }
  | { result: "signed-in"; supabase: ReturnType<typeof staffClient>; userId: string };

/**
 * The password, checked by the Auth service (the session cookies set through
 * the request's client). A right one is taken back out of the counts.
 */
async function checkPassword(
  context: ActionFunctionArgs["context"],
  credentials: { email: string; password: string },
  { db, checks, counts }: Counted,
): Promise<Checked> {
  const supabase = staffClient(context);
  const { data: session, error } = await supabase.auth.signInWithPassword(credentials);
  if (error) {
    if (isAuthRetryableFetchError(error) || (error.status ?? 0) >= 500) {
      log.error("Sign-in service unavailable", { error });
      return { result: "unavailable" };
    }
    return { result: "wrong" };
  }
  await uncount(db, checks, counts).catch((error: unknown) => {
    log.error("A successful sign-in could not be taken out of the counts", { error });
  });
  return { result: "signed-in", supabase, userId: session.user.id };
}

/**
 * A sign-in post: the fields; in sign-ins' turn (`SIGN_IN_SHARE`) the rate
 * limits, then the password; then the staff list. Past an email's or the
 * site's ceiling, when Turnstile's keys are set, an attempt that passes its
 * check still goes ahead, so the owner gets in while others guess. Anything
 * else comes back to the form, the email kept.
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

  const turnstile = context.get(formProtectionContext).turnstile;
  let counted: Counted;
  let outcome: Checked;
  try {
    // The human check, when the form carries one (it shows it after a
    // refusal by a shared ceiling): checked first, so a passed one takes the
    // first turns, and is not held up behind a burst of guesses' counts.
    const token = form.get(TURNSTILE_RESPONSE_FIELD);
    const human =
      turnstile && typeof token === "string" && token !== ""
        ? await verifyTurnstile(token, {
            ...turnstile,
            expectedAction: "sign-in",
            expectedHostname: new URL(siteOrigin(request)).hostname,
            remoteIp: context.get(clientAddressContext),
          })
        : null;
    const priority = human?.ok ? TURN.humanChecked : null;
    counted = await signInTurns(
      () =>
        countAttempt(context, checked.data.email, {
          humanCheckable: turnstile !== null,
          humanChecked: human?.ok === true,
        }),
      1,
      priority ?? TURN.count,
    );
    const humanCheck = counted.onlyShared && turnstile !== null;
    if (counted.wait !== null) {
      if (humanCheck && human?.ok === false && human.reason === "unavailable") {
        return unavailable(email);
      }
      if (!humanCheck || !human?.ok) return tooMany(email, counted.wait, humanCheck);
    }
    outcome = await signInTurns(
      () => checkPassword(context, checked.data, counted),
      1,
      priority ?? TURN.check,
    );
  } catch (error) {
    if (!(error instanceof QueueFullError)) log.error("Sign-in could not be counted", { error });
    return unavailable(email);
  }
  if (outcome.result === "unavailable") return unavailable(email);
  if (outcome.result === "wrong") {
    return reply(400, email, {
      formError: WRONG_CREDENTIALS,
      humanCheck: counted.onlyShared && turnstile !== null,
    });
  }
  const { supabase } = outcome;
  let member;
  try {
    member = await getStaffMember(counted.db, outcome.userId);
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
