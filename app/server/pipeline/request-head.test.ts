import { createServer, type IncomingMessage, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { answerBadRequestHead, isValidHost, requestHeadProblem } from "./request-head";

describe("isValidHost", () => {
  test.each([
    "localhost",
    "localhost:3000",
    "localhost:",
    "127.0.0.1",
    "127.0.0.1:8080",
    "[::1]",
    "[::1]:3000",
    "pub.example",
    "pub.example.",
    "PUB.Example:443",
    "under_score.example",
    "xn--bcher-kva.example",
  ])("%s names a host", (host) => {
    expect(isValidHost(host)).toBe(true);
  });

  test.each([
    "",
    " ",
    "a b c",
    "[::1",
    "::1",
    "[zz::1]",
    "x:99999",
    "x:-1",
    "x:8o",
    "x:80:80",
    "user@host",
    "user:pass@host",
    "host/path",
    "host?query",
    "host#fragment",
    "host\\path",
    "%zz",
    "ex%20ample.com",
    "256.1.1.1",
    "1.2.3.4.5",
    "<script>",
    "*",
    "é.example",
    "[fe80::1%25eth0]",
  ])("%j does not", (host) => {
    expect(isValidHost(host)).toBe(false);
  });
});

/** A Node request's head, as the parser leaves it. */
function head(url: string, rawHeaders: string[], version = "1.1"): IncomingMessage {
  const headers: Record<string, string> = {};
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    // Node keeps the first Host and joins other repeated headers.
    if (name === "host" && name in headers) continue;
    headers[name] = name in headers ? `${headers[name]}, ${rawHeaders[i + 1]}` : rawHeaders[i + 1]!;
  }
  const [major, minor] = version.split(".").map(Number);
  return {
    url,
    headers,
    rawHeaders,
    httpVersionMajor: major,
    httpVersionMinor: minor,
  } as unknown as IncomingMessage;
}

describe("requestHeadProblem", () => {
  test("a path and a host are fine", () => {
    expect(requestHeadProblem(head("/menu?x=%ZZ", ["Host", "localhost:3000"]))).toBeNull();
  });

  test("an HTTP/1.0 request may leave Host out; an HTTP/1.1 one may not", () => {
    expect(requestHeadProblem(head("/", [], "1.0"))).toBeNull();
    expect(requestHeadProblem(head("/", [], "1.1"))).toBe(
      "An HTTP/1.1 request must name the host it is for in a Host header.",
    );
  });

  test.each(["", "a b c", "[::1", "x:99999", "a/b", "x@y"])("a Host of %j is refused", (host) => {
    expect(requestHeadProblem(head("/", ["Host", host]))).toMatch(
      /^The request's Host header does not name a host/,
    );
  });

  test("two Host headers are refused, whatever they say", () => {
    expect(requestHeadProblem(head("/", ["Host", "localhost", "host", "localhost"]))).toBe(
      "The request has more than one Host header.",
    );
  });

  test.each(["*", "abc", "?x=1", "http://user@evil.example/", "gopher://x/", ""])(
    "a target of %j is refused",
    (target) => {
      expect(requestHeadProblem(head(target, ["Host", "localhost"]))).toBe(
        "The request's target must be a path on this site, such as /menu.",
      );
    },
  );

  test("a target in absolute form is read as its path, its authority standing for Host", () => {
    const req = head("HTTP://Pub.Example:8080/menu?a=1", ["Host", "ignored.example"]);
    expect(requestHeadProblem(req)).toBeNull();
    expect(req.url).toBe("/menu?a=1");
    expect(req.headers.host).toBe("pub.example:8080");
  });

  test("a target in absolute form with a bad port is refused", () => {
    expect(requestHeadProblem(head("http://x:99999/", ["Host", "localhost"]))).not.toBeNull();
  });

  test("the forwarded host counts only behind a trusted proxy, and must name a host too", () => {
    const forwarded = head("/", ["Host", "localhost", "X-Forwarded-Host", "a b c"]);
    expect(requestHeadProblem(forwarded)).toBeNull();
    expect(requestHeadProblem(forwarded, { trustProxy: true })).toMatch(/proxy forwarded/);
    const standard = head("/", ["Host", "localhost", "Forwarded", 'for=1.2.3.4;host="[::1"']);
    expect(requestHeadProblem(standard, { trustProxy: true })).toMatch(/proxy forwarded/);
    const good = head("/", [
      "Host",
      "10.0.0.2:3000",
      "X-Forwarded-Host",
      "pub.example, other.example",
      "Forwarded",
      'for=1.2.3.4;host="pub.example";proto=https',
    ]);
    expect(requestHeadProblem(good, { trustProxy: true })).toBeNull();
  });

  test("an empty forwarded host is left out, as the listener leaves it", () => {
    const req = head("/", ["Host", "localhost", "X-Forwarded-Host", " "]);
    expect(requestHeadProblem(req, { trustProxy: true })).toBeNull();
  });
});

describe("answerBadRequestHead", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  async function listen(trustProxy = false): Promise<number> {
    server = createServer((req, res) => {
      if (answerBadRequestHead(req, res, { trustProxy })) return;
      res.end("handled");
    });
    await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
    return (server.address() as AddressInfo).port;
  }

  /** Sends raw bytes (fetch would not send these heads) and reads until the server closes. */
  function raw(port: number, text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let answer = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("close", () => resolve(answer));
      socket.on("error", reject);
      socket.write(text);
    });
  }

  test("answers a bad Host with 400, the reason, the security headers, and closes", async () => {
    const port = await listen();
    const answer = await raw(port, "GET / HTTP/1.1\r\nHost: a b c\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\ncontent-type: text\/plain; charset=utf-8\r\n/i);
    expect(answer).toMatch(/\r\ncache-control: private, no-store\r\n/i);
    expect(answer).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).toMatch(/\r\nx-frame-options: DENY\r\n/i);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).not.toMatch(/strict-transport-security/i);
    expect(answer).toMatch(/\r\n\r\nThe request's Host header does not name a host/);
  });

  test("over HTTPS through a trusted proxy, the answer carries HSTS too", async () => {
    const port = await listen(true);
    const answer = await raw(
      port,
      "GET / HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Proto: https\r\nX-Forwarded-Host: [::1\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nstrict-transport-security: max-age=63072000/i);
  });

  test("leaves a good request to the handler", async () => {
    const port = await listen();
    const answer = await raw(
      port,
      "GET /menu HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\n\r\nhandled$/);
  });
});
