import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  runRefusedCommand,
  runServerToExit,
  startServer,
  stopAllServers,
} from "../support/built-server";
import { contactForm, postContact } from "../support/server-test";
import { startSiteverifyFake } from "../support/siteverify-fake";

afterEach(stopAllServers);

describe("boot", () => {
  test.each([
    ["PORT", "abc", /PORT: must be a whole number from 0 to 65535 \(got "abc"\)/],
    ["TRUST_PROXY", "sometimes", /TRUST_PROXY: must be "true" or "false"/],
    ["SITE_URL", "not a url", /SITE_URL: must be an absolute http\(s\) URL/],
    ["TRUST_PROXY", "true", /SITE_URL: must be set when TRUST_PROXY is true/],
    ["TRUST_PROXY", "true", /CLIENT_IP_HEADER: must be set when TRUST_PROXY is true/],
  ])("a bad %s stops the server with a message naming it", async (name, value, message) => {
    const { code, output } = await runServerToExit({ [name]: value });
    expect(code).toBe(1);
    expect(output).toMatch(message);
    expect(output).not.toContain("Listening on");
    expect(output).not.toMatch(/\n\s+at /);
  });

  test("a first start on an empty data folder makes the database from the build's template", async () => {
    const DATA_DIR = mkdtempSync(path.join(tmpdir(), "pub-site-first-start-"));
    try {
      const server = await startServer({ DATA_DIR });
      await server.waitForOutput("(the link works once, until ");
      expect(server.output()).toContain("Made the embedded database from the build's empty one");
      expect(server.output()).toMatch(/Applied migration \d+_content\n/);
      expect(server.output()).toContain("Loaded the sample content");
      expect((await fetch(`${server.url}/menu`)).status).toBe(200);
      server.process.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(readdirSync(DATA_DIR)).toContain("pglite");
      expect(readdirSync(path.join(DATA_DIR, "pglite"))).toContain("PG_VERSION");
    } finally {
      rmSync(DATA_DIR, { recursive: true, force: true });
    }
  });

  test("starts with no configuration at all", async () => {
    const server = await startServer();
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });
});

describe("commands", () => {
  test("purge-enquiries deletes what is past the retention period and says how much", async () => {
    const { code, output } = await runServerToExit({ ENQUIRY_RETENTION_DAYS: "30" }, [
      "purge-enquiries",
    ]);
    expect(output).toMatch(/Deleted 0 enquiries older than 30 days\./);
    expect(code).toBe(0);
  });

  test("an unknown command names the ones there are", async () => {
    const { code, output, opened } = await runRefusedCommand(["purge-everything"]);
    expect(code).toBe(2);
    expect(output).toMatch(
      /Unknown command "purge-everything"\. Commands: migrate, seed, purge-enquiries, staff-add, staff-reset\./,
    );
    expect(opened).toBe(false);
  });
});

describe("with Turnstile's keys", () => {
  test("the forms show the widget, the policy allows its frame, and posts are verified", async () => {
    const siteverify = await startSiteverifyFake();
    try {
      const server = await startServer({
        TURNSTILE_SITE_KEY: "0x4AAAAAAAtestsitekey",
        TURNSTILE_SECRET_KEY: siteverify.secret,
        TURNSTILE_VERIFY_URL: siteverify.url,
      });
      const contact = await fetch(`${server.url}/contact`);
      const html = await contact.text();
      expect(html).toContain('data-slot="turnstile"');
      expect(html).toContain("0x4AAAAAAAtestsitekey");
      expect(contact.headers.get("Content-Security-Policy")).toMatch(
        /frame-src https:\/\/challenges\.cloudflare\.com/,
      );
      const home = await (await fetch(`${server.url}/`)).text();
      expect(home).not.toContain('data-slot="turnstile"');

      const form = contactForm();
      const unchecked = await postContact(server, form);
      expect(unchecked.status).toBe(400);
      expect(await unchecked.text()).toMatch(/spam check/i);
      const checked = await postContact(server, {
        ...form,
        "cf-turnstile-response": siteverify.issue({ action: "contact", hostname: "127.0.0.1" }),
      });
      expect(checked.status).toBe(303);
      expect(checked.headers.get("Location")).toBe("/contact#enquiry-sent");
    } finally {
      await siteverify.close();
    }
  });
});

describe("behind a TLS-terminating proxy", () => {
  test("with TRUST_PROXY, an https form post passes the origin check and gets HSTS", async () => {
    const server = await startServer({
      TRUST_PROXY: "true",
      SITE_URL: "https://pub.example",
      CLIENT_IP_HEADER: "Fly-Client-IP",
    });
    const proxied = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "pub.example" };
    const page = await fetch(`${server.url}/`, { headers: proxied });
    expect(page.headers.get("Strict-Transport-Security")).toMatch(/^max-age=/);
    const forged = await fetch(`${server.url}/`, {
      headers: { ...proxied, "X-Forwarded-Host": "evil.example" },
    });
    expect(await forged.text()).toContain('<link rel="canonical" href="https://pub.example/"/>');
    expect(page.headers.get("Content-Security-Policy")).toContain("upgrade-insecure-requests");

    const post = await fetch(`${server.url}/theme`, {
      method: "POST",
      redirect: "manual",
      headers: {
        ...proxied,
        Origin: "https://pub.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "theme=dark&redirectTo=%2F",
    });
    expect(post.status).toBe(303);
    server.process.kill("SIGTERM");
    await server.exited;
  });

  test("without it, forwarded headers are ignored", async () => {
    const server = await startServer();
    const page = await fetch(`${server.url}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(page.headers.get("Strict-Transport-Security")).toBeNull();
    server.process.kill("SIGTERM");
    await server.exited;
  });
});

describe("methods no Fetch request can carry", () => {
  /** A request through node:http, which (unlike fetch) sends any method. */
  function send(url: string, method: string) {
    return new Promise<{ status?: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(url, { method }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
        });
        req.on("error", reject);
        req.end();
      },
    );
  }

  test("TRACE answers 405 with Allow and the security headers on every path, logging no failure", async () => {
    const server = await startServer();
    for (const [path, allow] of [
      ["/", "GET, HEAD, POST, OPTIONS"],
      ["/menu", "GET, HEAD, POST, OPTIONS"],
      ["/img/hero/taproom.svg?w=640&h=360&fit=cover", "GET, HEAD, OPTIONS"],
    ]) {
      const response = await send(`${server.url}${path}`, "TRACE");
      expect(response.status).toBe(405);
      expect(response.headers["allow"]).toBe(allow);
      expect(response.headers["content-security-policy"]).toMatch(/default-src 'self'/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.body).toBe("Method Not Allowed");
    }
    expect(server.output()).not.toContain("Request failed outside the app");
    server.process.kill("SIGTERM");
    await server.exited;
  });
});

/** A raw HTTP/1.1 connection, to control exactly when each byte is sent. */
function rawConnection(url: string) {
  const socket = net.connect(Number(new URL(url).port), "127.0.0.1");
  let received = "";
  const listeners: Array<() => void> = [];
  socket.on("data", (chunk) => {
    received += chunk.toString();
    listeners.forEach((listener) => listener());
  });
  return {
    socket,
    connected: new Promise((resolve) => socket.once("connect", resolve)),
    closed: new Promise<string>((resolve) => socket.on("close", () => resolve(received))),
    receive: (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => received.includes(text) && resolve();
        listeners.push(check);
        check();
      }),
  };
}

function canConnect(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(url).port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * A keep-alive client that sends its next GET the moment an answer is
 * complete, as a load generator does, and, unlike one, sends no more after
 * an answer that says `Connection: close`.
 */
function busyClient(url: string, path: string) {
  const socket = net.connect(Number(new URL(url).port), "127.0.0.1");
  const request = `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
  const answers: string[] = [];
  let sent = 0;
  let error: string | undefined;
  let buffer = Buffer.alloc(0);
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const send = () => {
    sent++;
    socket.write(request);
  };
  socket.once("connect", send);
  socket.on("error", (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString();
      const length = Number(head.match(/^content-length: (\d+)$/im)?.[1]);
      if (!Number.isInteger(length)) throw new Error(`No Content-Length in\n${head}`);
      if (buffer.length < end + 4 + length) return;
      buffer = buffer.subarray(end + 4 + length);
      const status = head.match(/^HTTP\/1\.1 (\d+)/)?.[1];
      const connection = head.match(/^connection: (.*)$/im)?.[1]?.toLowerCase() ?? "-";
      answers.push(`${status} ${connection}`);
      for (const waiter of waiters.filter(({ count }) => answers.length >= count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (connection !== "close") send();
    }
  });
  return {
    /** Resolves once `count` answers have come. */
    answered: (count: number) =>
      new Promise<void>((resolve) =>
        answers.length >= count ? resolve() : waiters.push({ count, resolve }),
      ),
    /** How it ended: the requests sent, the answers received, the error met, if any. */
    finished: new Promise<{ sent: number; answers: string[]; error?: string }>((resolve) =>
      socket.on("close", () => resolve({ sent, answers, error })),
    ),
  };
}

describe("shutdown", () => {
  test("SIGTERM refuses new connections but lets a request in flight finish", async () => {
    const server = await startServer();
    const body = "theme=dark&redirectTo=%2Fmenu";
    const connection = rawConnection(server.url);
    await connection.connected;
    connection.socket.write(
      "POST /theme HTTP/1.1\r\nHost: localhost\r\n" +
        "Content-Type: application/x-www-form-urlencoded\r\n" +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    // The server has the request in hand once it asks for the body.
    await connection.receive("100 Continue");

    server.process.kill("SIGTERM");
    await server.waitForOutput(
      "SIGTERM: no longer accepting connections; finishing 1 open request(s)",
    );
    expect(await canConnect(server.url)).toBe(false);

    connection.socket.write(body);
    const response = await connection.closed;
    expect(response).toMatch(/HTTP\/1\.1 303/);
    expect(response).toMatch(/location: \/menu/i);
    expect(response).toMatch(/connection: close/i);
    expect(await server.exited).toBe(0);
  });

  test("SIGTERM answers the connections queued but not yet accepted, instead of resetting them", async () => {
    const server = await startServer();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // While the process is stopped the kernel completes the connections and
    // queues them; the signal then arrives together with all of them.
    server.process.kill("SIGSTOP");
    const connections = Array.from({ length: 40 }, () => rawConnection(server.url));
    try {
      for (const connection of connections) connection.socket.on("error", () => {});
      await Promise.all(connections.map(({ connected }) => connected));
      for (const { socket } of connections) {
        socket.write("GET /about HTTP/1.1\r\nHost: localhost\r\n\r\n");
      }
      server.process.kill("SIGTERM");
    } finally {
      server.process.kill("SIGCONT");
    }
    const responses = await Promise.all(connections.map(({ closed }) => closed));
    expect(responses.map((response) => response.slice(0, "HTTP/1.1 200".length))).toEqual(
      Array(40).fill("HTTP/1.1 200"),
    );
    expect(responses.every((response) => /connection: close/i.test(response))).toBe(true);
    expect(await server.exited).toBe(0);
  });

  test("a request still unanswered when the grace period ends gets 503 with Retry-After, not a reset", async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: "1" });
    const connection = rawConnection(server.url);
    await connection.connected;
    // A client that starts a post and never finishes its body.
    connection.socket.write(
      "POST /theme HTTP/1.1\r\nHost: localhost\r\n" +
        "Content-Type: application/x-www-form-urlencoded\r\n" +
        "Content-Length: 100\r\nExpect: 100-continue\r\n\r\n",
    );
    await connection.receive("100 Continue");
    connection.socket.write("theme=da");

    server.process.kill("SIGTERM");
    const response = await connection.closed;
    expect(response).toMatch(/HTTP\/1\.1 503/);
    expect(response).toMatch(/retry-after: 5/i);
    expect(response).toMatch(/content-security-policy: /i);
    expect(response).toMatch(/it may not have been saved/);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(
      /1 request\(s\) still open after the 1 s grace period: 1 answered 503/,
    );
  });

  test("SIGTERM under load resets no connection: every request sent is answered", async () => {
    const server = await startServer();
    const clients = Array.from({ length: 20 }, () => busyClient(server.url, "/"));
    // Every connection is busy: answered three times, and its next request sent.
    await Promise.all(clients.map((client) => client.answered(3)));
    server.process.kill("SIGTERM");
    const outcomes = await Promise.all(clients.map((client) => client.finished));
    expect(outcomes.map(({ error }) => error)).toEqual(Array(20).fill(undefined));
    for (const { sent, answers } of outcomes) {
      expect(answers).toHaveLength(sent);
      expect(answers.at(-1)).toBe("200 close");
      expect(answers.every((answer) => answer.startsWith("200 "))).toBe(true);
    }
    expect(await server.exited).toBe(0);
  });

  test("keep-alive connections idle when SIGTERM arrives are not reset, and the log counts them", async () => {
    const server = await startServer();
    const robots = "GET /robots.txt HTTP/1.1\r\nHost: localhost\r\n\r\n";
    const connections = Array.from({ length: 10 }, () => rawConnection(server.url));
    for (const connection of connections) connection.socket.on("error", () => {});
    await Promise.all(connections.map(({ connected }) => connected));
    for (const { socket } of connections) socket.write(robots);
    await Promise.all(connections.map(({ receive }) => receive("Sitemap:")));
    // While the process is stopped each request waits in its socket; the
    // signal then arrives together with all of them.
    server.process.kill("SIGSTOP");
    try {
      for (const { socket } of connections) socket.write(robots);
      server.process.kill("SIGTERM");
    } finally {
      server.process.kill("SIGCONT");
    }
    const responses = await Promise.all(connections.map(({ closed }) => closed));
    for (const response of responses) {
      expect(response.match(/^HTTP\/1\.1 \d+/gm)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    }
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain(
      "SIGTERM: no longer accepting connections; finishing 0 open request(s)" +
        " and waiting on 10 keep-alive connection(s) between requests",
    );
  });
});
