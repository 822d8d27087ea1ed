import { z } from "zod";
import { log } from "./logger.server";
import { fetchWithRetry } from "./retry.server";

export {
  DEFAULT_SITEVERIFY_URL,
  TURNSTILE_ORIGIN,
  TURNSTILE_RESPONSE_FIELD,
  TURNSTILE_SCRIPT_URL,
} from "./turnstile";

export type TurnstileCheck = {
  secretKey: string;
  /** DEFAULT_SITEVERIFY_URL in production, a loopback fake in tests. */
  verifyUrl: string;
  /** The form the token must have been made for: "contact", "venue", "sign-in" or "newsletter". */
  expectedAction: string;
  /** The site's hostname, such as "example.com" or "localhost". */
  expectedHostname: string;
  /** The visitor's address, which Cloudflare may weigh in its verdict. */
  remoteIp?: string | null;
};

export type TurnstileResult =
  | { ok: true }
  | {
      ok: false;
      reason: "missing" | "invalid" | "expired-or-reused" | "mismatch" | "unavailable";
      message: string;
    };

type TurnstileFailure = Extract<TurnstileResult, { ok: false }>;

/** Cloudflare's documented limit: anything longer was not made by the widget. */
const MAX_TOKEN_LENGTH = 2048;

/** Siteverify's answer, as documented. The optional fields come with a successful check. */
const siteverifySchema = z.object({
  success: z.boolean(),
  "error-codes": z.array(z.string()).default([]),
  challenge_ts: z.string().nullish(),
  hostname: z.string().nullish(),
  action: z.string().nullish(),
  cdata: z.string().nullish(),
});

type Siteverify = z.infer<typeof siteverifySchema>;

/** Codes that mean our request or our secret is wrong, not the visitor's token. */
const OUR_ERROR_CODES = new Set(["missing-input-secret", "invalid-input-secret", "bad-request"]);

const failures = {
  missing: {
    ok: false,
    reason: "missing",
    message:
      "Please complete the spam check above the Send button. It needs JavaScript: if you cannot see it, please call or email us instead.",
  },
  invalid: {
    ok: false,
    reason: "invalid",
    message: "The spam check did not go through. Please complete it again and press Send.",
  },
  "expired-or-reused": {
    ok: false,
    reason: "expired-or-reused",
    message: "The spam check expired or was already used. Please complete it again.",
  },
  // To the visitor a token made for another form or site is just not valid here.
  mismatch: {
    ok: false,
    reason: "mismatch",
    message: "The spam check did not go through. Please complete it again and press Send.",
  },
  unavailable: {
    ok: false,
    reason: "unavailable",
    message:
      "We could not reach the spam check, so nothing was sent. Please try again in a minute, or give us a call.",
  },
} as const satisfies { [Reason in TurnstileFailure["reason"]]: TurnstileFailure };

async function askSiteverify(
  token: string,
  check: TurnstileCheck,
  fetchImpl: typeof fetch,
): Promise<Siteverify | null> {
  const body = new URLSearchParams({
    secret: check.secretKey,
    response: token,
    // The same key on every retry, so Cloudflare answers a retry as it answered
    // the first attempt instead of calling the token already used.
    idempotency_key: crypto.randomUUID(),
  });
  if (check.remoteIp) body.set("remoteip", check.remoteIp);

  let response: Response;
  try {
    // Three seconds a try: with the retries a visitor waits at most about 13 s.
    response = await fetchWithRetry(
      check.verifyUrl,
      { method: "POST", body },
      { timeoutMs: 3_000 },
      fetchImpl,
    );
  } catch (error) {
    log.warn("turnstile: siteverify could not be reached", { error });
    return null;
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    log.warn("turnstile: siteverify failed", { status: response.status });
    return null;
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    log.warn("turnstile: siteverify answered something other than JSON", {
      status: response.status,
      error,
    });
    return null;
  }
  const parsed = siteverifySchema.safeParse(json);
  if (!parsed.success) {
    log.warn("turnstile: siteverify answered in an unknown shape", { status: response.status });
    return null;
  }
  return parsed.data;
}

function rejected(errorCodes: string[]): TurnstileFailure {
  const ours = errorCodes.filter((code) => OUR_ERROR_CODES.has(code));
  if (ours.length > 0) {
    // The secret is wrong or missing, or the request malformed: every visitor
    // fails until someone fixes the configuration.
    log.error("turnstile: siteverify rejected our request", { errorCodes });
    return failures.unavailable;
  }
  if (errorCodes.includes("internal-error")) {
    log.warn("turnstile: siteverify had an internal error", { errorCodes });
    return failures.unavailable;
  }
  if (errorCodes.includes("timeout-or-duplicate")) return failures["expired-or-reused"];
  return failures.invalid;
}

/**
 * Asks Cloudflare whether the token the widget put in the form is genuine,
 * unused, and made for this form on this site. Anything short of a clear yes
 * is a no, including an outage: the forms are closed rather than open to spam
 * while the check cannot be reached.
 */
export async function verifyTurnstile(
  token: string | null | undefined,
  check: TurnstileCheck,
  fetchImpl: typeof fetch = fetch,
): Promise<TurnstileResult> {
  const trimmed = token?.trim() ?? "";
  if (trimmed === "") return failures.missing;
  if (trimmed.length > MAX_TOKEN_LENGTH) return failures.invalid;

  const verdict = await askSiteverify(trimmed, check, fetchImpl);
  if (!verdict) return failures.unavailable;
  if (!verdict.success) return rejected(verdict["error-codes"]);

  const hostname = verdict.hostname?.toLowerCase();
  if (
    verdict.action !== check.expectedAction ||
    hostname !== check.expectedHostname.toLowerCase()
  ) {
    log.warn("turnstile: token made for another form or site", {
      action: verdict.action,
      expectedAction: check.expectedAction,
      hostname: verdict.hostname,
      expectedHostname: check.expectedHostname,
    });
    return failures.mismatch;
  }
  return { ok: true };
}
