import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { cacheControl } from "~/platform/cache-control";
import { gracefulShutdown, RESTARTING_MESSAGE, RESTARTING_POST_MESSAGE } from "./shutdown";

type Answer = { status?: number; headers: IncomingMessage["headers"]; body: string };

const quietLog = { info() {}, warn() {}, error() {} };
const servers: Array<ReturnType<typeof createServer>> = [];

afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A server whose handler is given each request, behind a shutdown with the options given. */
function serve(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  options: { graceMs: number; quietMs?: number; maxDrainMs?: number },
) {
  const server = createServer((req, res) => {
    shutdown.track(res);
    handle(req, res);
  });
  const shutdown = gracefulShutdown(server, { log: quietLog, ...options });
  servers.push(server);
  return new Promise<{ url: string; stop: () => Promise<number> }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, stop: () => shutdown.stop("SIGTERM") });
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

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("gracefulShutdown", () => {
  test("a request in flight finishes, told to close its connection, and the exit code is 0", async () => {
    let finish = () => {};
    const server = await serve(
      (_req, res) => {
        finish = () => res.end("done");
      },
      { graceMs: 5_000, quietMs: 50 },
    );
    const answer = send(server.url);
    await later(50);
    const stopped = server.stop();
    await later(100);
    finish();
    expect(await answer).toMatchObject({ status: 200, body: "done" });
    expect((await answer).headers.connection).toBe("close");
    expect(await stopped).toBe(0);
  });

  test("connections made after the signal, while some keep arriving, are still served", async () => {
    const server = await serve((_req, res) => res.end("served"), {
      graceMs: 5_000,
      quietMs: 200,
    });
    const stopped = server.stop();
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i++) {
      await later(100);
      answers.push(await send(server.url));
    }
    expect(answers.map(({ status, body }) => `${status} ${body}`)).toEqual(
      Array(5).fill("200 served"),
    );
    expect(answers.every(({ headers }) => headers.connection === "close")).toBe(true);
    expect(await stopped).toBe(0);
    await expect(send(server.url)).rejects.toThrow(/ECONNREFUSED/);
  });

  test("the listener closes after at most maxDrainMs however busy it is", async () => {
    const server = await serve((_req, res) => res.end("served"), {
      graceMs: 5_000,
      quietMs: 200,
      maxDrainMs: 400,
    });
    const stopped = server.stop();
    const started = Date.now();
    let refused: unknown;
    while (Date.now() - started < 2_000 && !refused) {
      await send(server.url).catch((error: unknown) => (refused = error));
      await later(20);
    }
    expect(String(refused)).toMatch(/ECONNREFUSED/);
    expect(await stopped).toBe(0);
  });

  test("what is unanswered when the grace period ends gets 503 with Retry-After, not a reset", async () => {
    const server = await serve(() => {}, { graceMs: 300, quietMs: 50 });
    const read = send(server.url);
    const post = send(server.url, "POST", "name=Sam");
    await later(50);
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
  });

  test("a response already under way when the grace period ends is cut", async () => {
    const server = await serve(
      (_req, res) => {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.write("part of it");
      },
      { graceMs: 200, quietMs: 50 },
    );
    const answer = send(server.url);
    await later(50);
    expect(await server.stop()).toBe(1);
    await expect(answer).rejects.toThrow(/aborted|ECONNRESET|socket hang up/);
  });
});
