import type { Server, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { sendResponse } from "@remix-run/node-fetch-server";
import { cacheControl } from "~/platform/cache-control";
import { applySecurityHeaders } from "~/platform/security-headers";

export type ShutdownOptions = {
  /** From the signal to the end: the platform's kill timeout, less a margin. */
  graceMs: number;
  /** The listener stays open until no connection has arrived for this long… */
  quietMs?: number;
  /** …or for this long at most. */
  maxDrainMs?: number;
  log: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string, fields: Record<string, unknown>): void;
  };
};

export type Shutdown = {
  /** Every response goes through here: it is followed until it ends, and told `Connection: close` once stopping. */
  track(res: ServerResponse): void;
  readonly stopping: boolean;
  /**
   * Finishes serving: see `gracefulShutdown`. Resolves with the exit code:
   * 0 when every request finished, 1 when some had to be cut short.
   */
  stop(signal: string): Promise<number>;
};

/** Said to a request still unanswered when the grace period ends. */
export const RESTARTING_MESSAGE =
  "The site is restarting and could not finish this request. Try again in a few seconds.";
export const RESTARTING_POST_MESSAGE =
  "The site restarted before it finished your request, so it may not have been saved. " +
  "Go back and try again in a few seconds.";

/**
 * Stops a server without dropping what it already has.
 *
 * Closing a listening socket resets every connection still waiting in the
 * kernel's queue, so the listener stays open until connections stop arriving
 * (`quietMs` without one, `maxDrainMs` at most); those served meanwhile, and
 * every response still to be written, carry `Connection: close`. Then the
 * listener closes and open requests finish. Whatever is still unanswered when
 * `graceMs` (counted from the signal, as the platform counts its kill
 * timeout) is up is answered 503 with `Retry-After`, rather than having its
 * connection reset; a response already under way can only be cut.
 */
export function gracefulShutdown(
  server: Server,
  { graceMs, quietMs = 250, maxDrainMs = 3_000, log }: ShutdownOptions,
): Shutdown {
  const open = new Set<ServerResponse>();
  let stopping = false;
  let lastConnectionAt = 0;
  server.on("connection", () => {
    lastConnectionAt = Date.now();
  });

  async function drainQueuedConnections(since: number) {
    for (;;) {
      const now = Date.now();
      const quietFor = now - Math.max(lastConnectionAt, since);
      const drainLeft = maxDrainMs - (now - since);
      if (quietFor >= quietMs || drainLeft <= 0) return;
      await sleep(Math.min(quietMs - quietFor, drainLeft));
    }
  }

  async function answerUnfinished(): Promise<number> {
    const written: Array<Promise<unknown>> = [];
    let answered = 0;
    for (const res of open) {
      if (res.headersSent) {
        res.destroy();
        continue;
      }
      answered++;
      const post = res.req.method !== "GET" && res.req.method !== "HEAD";
      const response = new Response(post ? RESTARTING_POST_MESSAGE : RESTARTING_MESSAGE, {
        status: 503,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": cacheControl.noStore,
          "Retry-After": "5",
          Connection: "close",
        },
      });
      applySecurityHeaders(response.headers, { https: false });
      written.push(sendResponse(res, response).catch(() => res.destroy()));
    }
    await Promise.race([Promise.all(written), sleep(1_000)]);
    return answered;
  }

  return {
    track(res) {
      open.add(res);
      res.once("close", () => open.delete(res));
      if (stopping) res.setHeader("Connection", "close");
    },
    get stopping() {
      return stopping;
    },
    async stop(signal) {
      stopping = true;
      const startedAt = Date.now();
      log.info(`${signal}: serving the connections already made, then stopping`);
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
      server.closeIdleConnections();
      await drainQueuedConnections(startedAt);

      // Node closes the connections that are idle as it closes the listener.
      const closed = new Promise<Error | undefined>((resolve) => server.close(resolve));
      log.info(
        `${signal}: no longer accepting connections; finishing ${open.size} open request(s)`,
      );
      const graceLeft = Math.max(0, graceMs - (Date.now() - startedAt));
      const outcome = await Promise.race([
        closed.then((error) => ({ error })),
        sleep(graceLeft, "late" as const),
      ]);
      if (outcome !== "late") {
        if (outcome.error) log.error("Error while closing the server", { error: outcome.error });
        return outcome.error ? 1 : 0;
      }
      const cut = open.size;
      const answered = await answerUnfinished();
      log.warn(
        `${cut} request(s) still open after the ${graceMs / 1000} s grace period: ` +
          `${answered} answered 503, ${cut - answered} cut short`,
      );
      server.closeAllConnections();
      return 1;
    },
  };
}
