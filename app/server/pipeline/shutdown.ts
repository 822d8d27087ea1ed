import type { Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
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
  /** Once the listener has closed, a connection idle for this long is closed. */
  idleMs?: number;
  log: {
    info(message: string): void;
    warn(message: string): void;
    error(message: string, fields: Record<string, unknown>): void;
  };
};

export type Shutdown = {
  /**
   * Every request goes through here, and `answer` is called to answer it:
   * at once while serving, or, for a request that arrives while the
   * listener's queue is being emptied, once the listener has closed. Its
   * response is followed until it ends, and told `Connection: close` once
   * stopping. A request that came on a connection whose closing has begun
   * (its client sent it after being told `Connection: close`) is never
   * answered: no answer could reach the client.
   */
  handle(res: ServerResponse, answer: () => void): void;
  readonly stopping: boolean;
  /**
   * Finishes serving: see `gracefulShutdown`. Resolves with the exit code:
   * 0 when every request was answered, 1 when some had to be cut short.
   */
  stop(signal: string): Promise<number>;
};

/** Said to a request still unanswered when the grace period ends. */
export const RESTARTING_MESSAGE =
  "The site is restarting and could not finish this request. Try again in a few seconds.";
export const RESTARTING_POST_MESSAGE =
  "The site restarted before it finished your request, so it may not have been saved. " +
  "Go back and try again in a few seconds.";

/** How long a connection closed on this side may take to close on the client's. */
const LINGER_MS = 2_000;

type Connection = {
  socket: Socket;
  /** Requests received on it whose responses have not closed yet. */
  requests: number;
  /** When it last became idle: accepted, or its last response closed. */
  idleSince: number;
  idleTimer?: NodeJS.Timeout;
};

/**
 * Stops a server without resetting a connection it has.
 *
 * Closing a listening socket resets the connections still waiting in the
 * kernel's queue, and libuv accepts one connection per turn of the event
 * loop (libuv/libuv#3696), so under load the queue can hold many for a long
 * time. On the signal the listener therefore stays open until no connection
 * has arrived for `quietMs` and a whole turn of the event loop has accepted
 * none (`maxDrainMs` at most). Meanwhile requests in flight carry on, and
 * new ones are read but answered only once the listener has closed, which
 * keeps each turn short so the queue empties quickly, and gives no client a
 * reason to connect again. The listener is closed alone: `server.close()`
 * would also destroy the connections idle at that instant, some of them
 * with a request already on its way.
 *
 * From the signal on every response says `Connection: close`. A client may
 * already have sent its next request, so a connection is closed in stages:
 * this side first, the socket once the client has closed its own. A
 * keep-alive connection idle at the signal is not closed then, as Node's
 * `server.close()` would: its client may be sending its next request at
 * that very moment. It is closed once it has been idle for `idleMs` (a busy
 * client sends its next request within milliseconds of an answer), and a
 * request that comes before is answered.
 *
 * When every connection has closed the promise resolves with 0. Whatever is
 * still unanswered when `graceMs` (counted from the signal, as the platform
 * counts its kill timeout) is up is answered 503 with `Retry-After`, rather
 * than having its connection reset; a response already under way can only
 * be cut. Idle connections are closed then too.
 */
export function gracefulShutdown(
  server: Server,
  { graceMs, quietMs = 250, maxDrainMs = 3_000, idleMs = 1_000, log }: ShutdownOptions,
): Shutdown {
  const open = new Set<ServerResponse>();
  const connections = new Map<Socket, Connection>();
  /** Serving; from the signal, emptying the listener's queue; once it is closed, closing. */
  let phase: "serving" | "draining" | "closing" = "serving";
  let lastConnectionAt = 0;
  let accepted = 0;
  /** Requests that arrived while the listener's queue was being emptied, answered once it is closed. */
  const held: Array<{ res: ServerResponse; answer: () => void }> = [];

  server.on("connection", (socket: Socket) => {
    const now = Date.now();
    lastConnectionAt = now;
    accepted++;
    const connection: Connection = { socket, requests: 0, idleSince: now };
    connections.set(socket, connection);
    socket.once("close", () => {
      clearTimeout(connection.idleTimer);
      connections.delete(socket);
    });
    // Node calls this once a response that said `Connection: close` is written.
    const destroySoon = socket.destroySoon;
    socket.destroySoon = () =>
      phase === "serving" ? destroySoon.call(socket) : closeInStages(socket);
  });

  /**
   * Closes a connection in stages (RFC 9112, 9.6): this side first, then,
   * once the client has closed its own, the socket. Node would close the
   * socket as soon as its last bytes are written, and a request the client
   * sends meanwhile would then meet a reset, which can also destroy the last
   * response before the client has read it. Such a request is read and
   * dropped instead (see `handle`), and the client sees the connection end.
   */
  function closeInStages(socket: Socket) {
    if (socket.writableEnded) return;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    socket.once("close", () => clearTimeout(timer));
  }

  /** Once the listener has closed, an idle connection is closed when it has been idle for `idleMs`. */
  function closeWhenIdleLongEnough(connection: Connection) {
    clearTimeout(connection.idleTimer);
    if (phase !== "closing" || connection.requests > 0 || connection.socket.writableEnded) return;
    const left = idleMs - (Date.now() - connection.idleSince);
    connection.idleTimer = setTimeout(() => closeInStages(connection.socket), Math.max(0, left));
  }

  function idleConnections(): Connection[] {
    return [...connections.values()].filter(({ requests }) => requests === 0);
  }

  /** The check phase of the next turn of the event loop: right after it has polled for I/O. */
  function nextTurn(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  /** Whether a whole turn of the event loop accepted no connection: the queue was empty as it polled. */
  async function turnAcceptedNothing(): Promise<boolean> {
    await nextTurn();
    const before = accepted;
    await nextTurn();
    return accepted === before;
  }

  /**
   * Resolves, in a check phase, once no connection has arrived for
   * `quietMs` and the kernel's queue is empty, or when `maxDrainMs` is up.
   */
  async function drainQueuedConnections(since: number) {
    const limit = since + Math.min(maxDrainMs, graceMs);
    for (;;) {
      const now = Date.now();
      if (now >= limit) return nextTurn();
      const quietFor = now - Math.max(lastConnectionAt, since);
      if (quietFor < quietMs) await sleep(Math.min(quietMs - quietFor, limit - now));
      else if (await turnAcceptedNothing()) return;
    }
  }

  /** Closes the listening socket only, leaving every connection as it is. */
  function closeListener(): Promise<Error | undefined> {
    return new Promise((resolve) => NetServer.prototype.close.call(server, resolve));
  }

  function answerUnfinished(): { answered: number; written: Promise<unknown> } {
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
    return { answered, written: Promise.all(written) };
  }

  return {
    handle(res, answer) {
      const socket = res.req.socket;
      if (socket.writableEnded) {
        // Read and drop its body, so that closing the socket resets nothing.
        res.req.resume();
        return;
      }
      const connection = connections.get(socket);
      open.add(res);
      if (connection) {
        connection.requests++;
        clearTimeout(connection.idleTimer);
      }
      res.once("close", () => {
        open.delete(res);
        if (!connection) return;
        connection.requests--;
        if (connection.requests === 0) {
          connection.idleSince = Date.now();
          closeWhenIdleLongEnough(connection);
        }
      });
      if (phase !== "serving") res.setHeader("Connection", "close");
      if (phase === "draining") held.push({ res, answer });
      else answer();
    },
    get stopping() {
      return phase !== "serving";
    },
    async stop(signal) {
      phase = "draining";
      const startedAt = Date.now();
      log.info(
        `${signal}: taking in the connections still queued, then stopping;` +
          ` ${connections.size} connection(s) open, ${open.size} request(s) in flight`,
      );
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
      await drainQueuedConnections(startedAt);
      const closed = closeListener();
      phase = "closing";
      for (const connection of connections.values()) closeWhenIdleLongEnough(connection);
      for (const { res, answer } of held.splice(0)) if (!res.destroyed) answer();
      log.info(
        `${signal}: no longer accepting connections; finishing ${open.size} open request(s)` +
          ` and waiting on ${idleConnections().length} keep-alive connection(s) between requests`,
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
      const idle = idleConnections();
      const { answered, written } = answerUnfinished();
      for (const { socket } of idle) closeInStages(socket);
      if (cut > 0) {
        log.warn(
          `${cut} request(s) still open after the ${graceMs / 1000} s grace period: ` +
            `${answered} answered 503, ${cut - answered} cut short`,
        );
      }
      if (idle.length > 0) {
        log.info(
          `${signal}: closed ${idle.length} idle keep-alive connection(s) at the end of the grace period`,
        );
      }
      await Promise.race([Promise.all([written, closed]), sleep(1_000)]);
      server.closeAllConnections();
      return cut > 0 ? 1 : 0;
    },
  };
}
