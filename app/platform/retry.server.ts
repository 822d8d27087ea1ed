import { setTimeout as wait } from "node:timers/promises";

export type RetryOptions = {
  /** Attempts after the first one. */
  retries?: number;
  /** The wait before the first retry; each further retry waits twice as long. */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** How long one attempt may take before it counts as a network error. */
  timeoutMs?: number;
};

/**
 * A request that can be sent again as it is. Streams and form data can be
 * read only once, so bodies are text or URL-encoded fields.
 */
export type RetryableRequestInit = Omit<RequestInit, "body"> & {
  body?: string | URLSearchParams | null;
};

const DEFAULT_RETRIES = 3;
const DEFAULT_BASE_DELAY_MS = 200;
const DEFAULT_TIMEOUT_MS = 5_000;

/** The answers of a proxy or load balancer whose backend is briefly down. */
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

const defaultSleep = (ms: number): Promise<void> => wait(ms);

/**
 * Whether `error` means the service could not be reached in time. Fetch reports
 * refused and reset connections as a TypeError; our own timeout aborts with a
 * TimeoutError. An abort the caller asked for is not worth retrying.
 */
function isNetworkError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return error instanceof DOMException && error.name === "TimeoutError";
}

/**
 * `fetch`, retried on 502, 503 and 504 and on network errors and timeouts,
 * waiting 200, 400 and 800 ms between attempts by default. Each attempt has
 * its own timeout. When the retries run out, the last 502/503/504 is returned
 * for the caller to handle and the last network error is thrown.
 */
export async function fetchWithRetry(
  url: string | URL,
  init: RetryableRequestInit = {},
  options: RetryOptions = {},
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  const {
    retries = DEFAULT_RETRIES,
    baseDelayMs = DEFAULT_BASE_DELAY_MS,
    sleep = defaultSleep,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  } = options;

  for (let attempt = 0; ; attempt += 1) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const isLastAttempt = attempt >= retries;
    try {
      const response = await fetchImpl(url, { ...init, signal });
      if (isLastAttempt || !RETRYABLE_STATUSES.has(response.status)) return response;
      // Nobody reads this answer: release the connection it holds.
      await response.body?.cancel();
    } catch (error) {
      if (isLastAttempt || !isNetworkError(error) || init.signal?.aborted) throw error;
    }
    await sleep(baseDelayMs * 2 ** attempt);
  }
}

/**
 * A `fetch` for a client library (supabase-js) that retries as
 * `fetchWithRetry` does. Requests whose body cannot be sent twice (streams,
 * form data, a `Request` object) go out once, as they are.
 */
export function retryingFetch(fetchImpl: typeof fetch = fetch, options: RetryOptions = {}) {
  return ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = init.body;
    const resendable =
      !(input instanceof Request) &&
      (body === undefined ||
        body === null ||
        typeof body === "string" ||
        body instanceof URLSearchParams);
    if (!resendable) return fetchImpl(input, init);
    return fetchWithRetry(input, init as RetryableRequestInit, options, fetchImpl);
  }) as typeof fetch;
}
