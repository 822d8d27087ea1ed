import {
  createServer,
  request,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { cacheControl } from "~/platform/cache-control";
import { gracefulShutdown, RESTARTING_MESSAGE, RESTARTING_POST_MESSAGE } from "./shutdown";

type Answer = { status?: number; headers: IncomingMessage["headers"]; body: string };

const servers: Array<ReturnType<typeof createServer>> = [];
const sockets: net.Socket[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A log that keeps its lines, and says when one containing some text has been written. */
function recordingLog() {
  const lines: string[] = [];
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  const write = (line: string) => {
    lines.push(line);
    for (const waiter of waiters.filter(({ text }) => line.includes(text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  return {
    lines,
    info: write,
    warn: write,
    error: (message: string) => write(message),
    logged: (text: string) =>
      lines.some((line) => line.includes(text))
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ text, resolve })),
  };
}

/** A server whose handler is given each request, behind a shutdown with the options given. */
/** A handler that answers at once. */
const served = (_req: IncomingMessage, res: ServerResponse) => void res.end("served");

function serve(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  options: { graceMs: number; quietMs?: number; maxDrainMs?: number; idleMs?: number },
  serverOptions: ServerOptions = {},
) {
  const log = recordingLog();
  const server = createServer(serverOptions, (req, res) => {
    shutdown.handle(res, () => handle(req, res));
  });
  const shutdown = gracefulShutdown(server, { log, ...options });
  servers.push(server);
  return new Promise<{
    url: string;
    port: number;
    log: ReturnType<typeof recordingLog>;
    stop: () => Promise<number>;
  }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        log,
        stop: () => shutdown.stop("SIGTERM"),
      });
    });
  });
}

function send(url: string, method = "GET", body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (body === undefined) req.end();
    else req.write(body); // and never end it: a client still sending
  });
}

const GET = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n";

/**
 * A raw HTTP/1.1 connection (keep-alive unless told otherwise), to control
 * exactly when each byte is sent and to see how it ends.
 */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  sockets.push(socket);
  let received = "";
  let error: string | undefined;
  const listeners: Array<() => void> = [];
  socket.on("data", (chunk) => {
    received += chunk.toString();
    listeners.forEach((listener) => listener());
  });
  socket.on("error", (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
  return {
    socket,
    received: () => received,
    connected: new Promise<void>((resolve) => socket.once("connect", () => resolve())),
    /** How it ended: everything received, and the error it met, if any. */
    closed: new Promise<{ received: string; error?: string }>((resolve) =>
      socket.on("close", () => resolve({ received, error })),
    ),
    /** Resolves when `count` responses ending in `body` have been received. */
    answered: (body: string, count = 1) =>
      new Promise<void>((resolve) => {
        const check = () => received.split(body).length > count && resolve();
        listeners.push(check);
        check();
      }),
  };
}

/** The status lines and `Connection` headers of the responses in raw text, in order. */
function responses(received: string): string[] {
  return [...received.matchAll(/HTTP\/1\.1 (\d+)[^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/g)].map(
    ([, status, headers]) =>
      `${status} ${headers?.match(/^connection: (.*)$/im)?.[1]?.toLowerCase() ?? "-"}`,
  );
}

/** A connection that has had one response and is now idle, as far as the server can tell. */
/**
 * Stops `server`, and once its listener has closed sends a request on the
 * idle `connection`: it is answered, closing the connection cleanly. The
 * stop, still to wait for.
 */
async function requestAfterListenerCloses(
  server: Awaited<ReturnType<typeof serve>>,
  connection: Awaited<ReturnType<typeof idleKeepAliveConnection>>,
) {
  const stopped = server.stop();
  await server.log.logged("no longer accepting connections");
  connection.socket.write(GET);
  const { received, error } = await connection.closed;
  expect(error).toBeUndefined();
  expect(responses(received)).toEqual(["200 keep-alive", "200 close"]);
  return { stopped };
}

async function idleKeepAliveConnection(port: number) {
  const connection = rawConnection(port);
  await connection.connected;
  connection.socket.write(GET);
  await connection.answered("served");
  return connection;
}

/** How connecting fails (its error's code), or undefined when it succeeds. */
function failure(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code));
  });
}

describe("gracefulShutdown", () => {
  test("a request in flight finishes, told to close its connection, and the exit code is 0", async () => {
    let finish = () => {};
    const received = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let answer = () => {};
    const server = await serve(
      (_req, res) => {
        answer = () => res.end("done");
        finish();
      },
      { graceMs: 5_000, quietMs: 50 },
    );
    const connection = rawConnection(server.port);
    await connection.connected;
    connection.socket.write(GET);
    await received;
    const stopped = server.stop();
    answer();
    const { received: text, error } = await connection.closed;
    expect(error).toBeUndefined();
    expect(responses(text)).toEqual(["200 close"]);
    expect(text).toMatch(/\r\n\r\ndone$/);
    expect(await stopped).toBe(0);
  });

  test("a request written on an idle keep-alive connection as the signal arrives is answered, not reset", async () => {
    const server = await serve(served, { graceMs: 5_000, quietMs: 50 });
    const connections = await Promise.all(
      Array.from({ length: 5 }, () => idleKeepAliveConnection(server.port)),
    );
    // Each request reaches the server's socket at once, but the server reads
    // it only on its next turn: the signal is handled first.
    for (const { socket } of connections) socket.write(GET);
    const stopped = server.stop();
    const outcomes = await Promise.all(connections.map(({ closed }) => closed));
    expect(outcomes.map(({ error }) => error)).toEqual(Array(5).fill(undefined));
    expect(outcomes.map(({ received }) => responses(received))).toEqual(
      Array(5).fill(["200 keep-alive", "200 close"]),
    );
    expect(await stopped).toBe(0);
  });

  test("an idle keep-alive connection outlives the listener, and a request on it is answered", async () => {
    const server = await serve(served, { graceMs: 5_000, quietMs: 50, idleMs: 60_000 });
    const connection = await idleKeepAliveConnection(server.port);
    const { stopped } = await requestAfterListenerCloses(server, connection);
    expect(await stopped).toBe(0);
    expect(await failure(server.port)).toBe("ECONNREFUSED");
    expect(server.log.lines).toContain(
      "SIGTERM: no longer accepting connections; finishing 0 open request(s)" +
        " and waiting on 1 keep-alive connection(s) between requests",
    );
  });

  test("a request sent after `Connection: close` is neither handled nor met with a reset", async () => {
    let handled = 0;
    const server = await serve(
      (_req, res) => {
        handled++;
        res.end("served");
      },
      { graceMs: 5_000, quietMs: 50, idleMs: 60_000 },
    );
    const connection = await idleKeepAliveConnection(server.port);
    // A client that pays no heed to `Connection: close`, as load generators
    // do, sends its next request as soon as it has the answer.
    connection.socket.on("data", function sendAgain() {
      if (connection.received().split("served").length < 3) return;
      connection.socket.off("data", sendAgain);
      connection.socket.write(GET);
    });
    const { stopped } = await requestAfterListenerCloses(server, connection);
    expect(handled).toBe(2);
    expect(await stopped).toBe(0);
  });

  test("connections still queued when the signal arrives are accepted and answered, one turn of the event loop at a time", async () => {
    // No quiet period: the listener closes as soon as the kernel's queue is empty.
    const server = await serve(served, { graceMs: 5_000, quietMs: 0 });
    const connections = Array.from({ length: 20 }, () => rawConnection(server.port));
    await Promise.all(connections.map(({ connected }) => connected));
    // The kernel has completed every connection; the server has taken in a
    // few at most, one per turn of its event loop.
    for (const { socket } of connections) socket.write(GET);
    const stopped = server.stop();
    const outcomes = await Promise.all(connections.map(({ closed }) => closed));
    expect(outcomes.map(({ error }) => error)).toEqual(Array(20).fill(undefined));
    expect(outcomes.map(({ received }) => responses(received))).toEqual(
      Array(20).fill(["200 close"]),
    );
    expect(await stopped).toBe(0);
  });

  test("connections made after the signal, while some keep arriving, are accepted and answered", async () => {
    const server = await serve(served, { graceMs: 5_000, quietMs: 200 });
    const stopped = server.stop();
    const connections = [];
    for (let i = 0; i < 5; i++) {
      const connection = rawConnection(server.port);
      await connection.connected;
      connection.socket.write(GET);
      connections.push(connection);
    }
    const outcomes = await Promise.all(connections.map(({ closed }) => closed));
    expect(outcomes.map(({ error }) => error)).toEqual(Array(5).fill(undefined));
    expect(outcomes.map(({ received }) => responses(received))).toEqual(
      Array(5).fill(["200 close"]),
    );
    expect(await stopped).toBe(0);
    expect(await failure(server.port)).toBe("ECONNREFUSED");
  });

  test("the listener closes after at most maxDrainMs however busy it is", async () => {
    // Connections arrive one after another without a pause as long as the
    // quiet period: only maxDrainMs ends the wait.
    const server = await serve(served, { graceMs: 10_000, quietMs: 60_000, maxDrainMs: 300 });
    const stopped = server.stop();
    // The one still queued as the listener closes is reset, the next refused.
    while ((await failure(server.port)) === undefined);
    expect(await failure(server.port)).toBe("ECONNREFUSED");
    expect(await stopped).toBe(0);
  });

  test("an idle connection closes once it has been idle for idleMs", async () => {
    const server = await serve(
      served,
      { graceMs: 60_000, quietMs: 50, idleMs: 100 },
      // Node's own keep-alive timer would close it much later.
      { keepAliveTimeout: 60_000 },
    );
    const connection = await idleKeepAliveConnection(server.port);
    const stopped = server.stop();
    const { received, error } = await connection.closed;
    expect(error).toBeUndefined();
    expect(responses(received)).toEqual(["200 keep-alive"]);
    expect(await stopped).toBe(0);
    expect(server.log.lines.join("\n")).not.toMatch(/grace period/);
  });

  test("idle connections still open when the grace period ends are closed, and the exit code is 0", async () => {
    const server = await serve(served, { graceMs: 300, quietMs: 50, idleMs: 60_000 });
    const connection = await idleKeepAliveConnection(server.port);
    expect(await server.stop()).toBe(0);
    const { error } = await connection.closed;
    expect(error).toBeUndefined();
    expect(server.log.lines).toContain(
      "SIGTERM: closed 1 idle keep-alive connection(s) at the end of the grace period",
    );
  });

  test("what is unanswered when the grace period ends gets 503 with Retry-After, not a reset", async () => {
    let bothReceived = () => {};
    const received = new Promise<void>((resolve) => (bothReceived = resolve));
    let count = 0;
    const server = await serve(
      () => {
        count++;
        if (count === 2) bothReceived();
      },
      { graceMs: 300, quietMs: 50 },
    );
    const read = send(server.url);
    const post = send(server.url, "POST", "name=Sam");
    await received;
    const code = await server.stop();
    expect(code).toBe(1);

    const [readAnswer, postAnswer] = await Promise.all([read, post]);
    expect(readAnswer).toMatchObject({ status: 503, body: RESTARTING_MESSAGE });
    expect(readAnswer.headers).toMatchObject({
      "retry-after": "5",
      connection: "close",
      "cache-control": cacheControl.noStore,
      "x-content-type-options": "nosniff",
    });
    expect(postAnswer).toMatchObject({ status: 503, body: RESTARTING_POST_MESSAGE });
    expect(server.log.lines).toContain(
      "2 request(s) still open after the 0.3 s grace period: 2 answered 503, 0 cut short",
    );
  });

  test("a response already under way when the grace period ends is cut", async () => {
    let started = () => {};
    const underWay = new Promise<void>((resolve) => (started = resolve));
    const server = await serve(
      (_req, res) => {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.write("part of it", () => started());
      },
      { graceMs: 200, quietMs: 50 },
    );
    const answer = send(server.url);
    await underWay;
    expect(await server.stop()).toBe(1);
    await expect(answer).rejects.toThrow(/aborted|ECONNRESET|socket hang up/);
  });
});
