import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { actionRoutes } from "~/server/pipeline/form-posts";
import {
  importBuiltServer,
  startServer,
  stopAllServers,
  type RunningServer,
} from "../support/built-server";
import { exchange } from "../support/malformed-requests";
import { CookieJar } from "../support/staff-requests";

/**
 * Bad input to the built server, run as in production: posts whose body is
 * not a form, to every route with an action, and requests whose Host or
 * target cannot make a URL. Each gets a 4xx that says what was wrong, with
 * the security headers, and the server logs no error.
 */

afterAll(stopAllServers);
// Starting a server and signing in take seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const SETUP_LINK = /Make the owner's account at (\S+) \(the link works once/;
const PASSWORD = "correct horse battery staple";

/** Lines the server logged at error level. */
const errorLines = (output: string) => output.split("\n").filter((line) => /^error /.test(line));

/** The headers every answer carries (see app/platform/security-headers.ts). */
function expectSecurityHeaders(headers: Headers) {
  expect(headers.get("Content-Security-Policy")).toMatch(/^default-src 'self'/);
  expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(headers.get("X-Frame-Options")).toBe("DENY");
  expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
}

/** The head of a raw answer as Headers. */
function headersOf(head: string): Headers {
  const headers = new Headers();
  for (const line of head.split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    headers.append(line.slice(0, colon), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Sends a request as raw bytes (fetch would mend its Host) and returns its one answer. */
async function raw(server: RunningServer, text: string, body = "") {
  const port = Number(new URL(server.url).port);
  const bytes = Buffer.concat([Buffer.from(text, "latin1"), Buffer.from(body)]);
  const answer = await exchange(port, { label: text, bytes, halfClose: false });
  expect(answer.statuses, `answers to ${JSON.stringify(text)}`).toHaveLength(1);
  const head = answer.heads[0]!;
  const bodyStart = answer.raw.indexOf("\r\n\r\n") + 4;
  return {
    status: answer.statuses[0]!,
    headers: headersOf(head),
    body: answer.raw.subarray(bodyStart).toString("utf8"),
  };
}

/** Every route with an action, by a URL that reaches it (app/routes.ts). */
const ACTION_PATHS = [
  "/theme",
  "/newsletter",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/staff/sign-in",
  "/staff/sign-in.data",
  "/staff/sign-out",
  "/staff/enquiries/1",
  "/staff/menu",
  "/staff/menu/import",
  "/staff/menu/prices",
  "/staff/menu/sections/new",
  "/staff/menu/items/new",
  "/staff/menu/items/new.data",
  "/staff/settings",
  "/staff/hours",
  "/staff/hours/exceptions/new",
  "/staff/specials",
  "/staff/specials/new",
  "/staff/events",
  "/staff/events/new",
  "/staff/venue",
  "/staff/venue/spaces/new",
  "/staff/venue/packages/new",
  "/staff/questions",
  "/staff/questions/new",
  "/staff/pages/1",
  "/staff/people",
  "/staff/outbox",
  "/staff/newsletter/new",
  "/staff/newsletter/subscribers",
  "/staff/forgot-password",
  "/staff/reset-password",
  "/staff/changes",
] as const;

const NOT_FORMS = [
  ["JSON", "application/json", JSON.stringify({ email: "owner@example.com", theme: "dark" })],
  ["plain text", "text/plain;charset=UTF-8", "theme=dark\r\nredirectTo=/"],
] as const;

// Before the server starts: importing the build keeps this process busy for
// seconds, long enough for the server to close a kept-alive connection that
// the next post would then be sent on.
describe("the posts sent below", () => {
  test("every route with an action in the build is among those posted to here", async () => {
    const { build } = await importBuiltServer();
    const actionAt = actionRoutes(build);
    const reached = new Set(
      [...ACTION_PATHS, "/staff/setup", "/contact", "/venue"].map((path) =>
        actionAt(new URL(path, "http://localhost")),
      ),
    );
    const withActions = Object.values(build.routes)
      .filter((route) => route?.module.action)
      .map((route) => route!.id);
    expect(withActions.length).toBeGreaterThan(15);
    expect([...reached].sort()).toEqual(withActions.sort());
  });
});

describe("posts whose body is not a form", () => {
  let server: RunningServer;
  let setupPath: string;
  const owner = new CookieJar();

  beforeAll(async () => {
    server = await startServer();
    await server.waitForOutput("(the link works once, until ");
    const link = new URL(SETUP_LINK.exec(server.output())![1]!);
    setupPath = `${link.pathname}${link.search}`;
    const made = await post(
      setupPath,
      "application/x-www-form-urlencoded",
      new URLSearchParams({
        email: "owner@example.com",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }).toString(),
    );
    expect(made.status).toBe(303);
    expect(owner.names().some((name) => name.startsWith("sb-staff-auth-token"))).toBe(true);
  });

  /** A same-site post with the owner's cookies. */
  async function post(path: string, contentType: string | null, body: string) {
    const headers = new Headers({ "Sec-Fetch-Site": "same-origin", Cookie: owner.header() });
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers,
      body: new Blob([body], contentType === null ? {} : { type: contentType }),
    });
    return owner.take(response);
  }

  describe.each(NOT_FORMS)("as %s", (_, contentType, body) => {
    test.each([...ACTION_PATHS, "setup"])(
      "to %s gets 415 saying what it takes, and nothing is done",
      async (path) => {
        const response = await post(path === "setup" ? setupPath : path, contentType, body);
        expect(response.status).toBe(415);
        expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
        expect(response.headers.get("Accept")).toBe(
          "application/x-www-form-urlencoded, multipart/form-data",
        );
        expectSecurityHeaders(response.headers);
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(await response.text()).toBe(
          `This address takes forms (application/x-www-form-urlencoded or multipart/form-data), not ${contentType.split(";")[0]}. Nothing was saved.`,
        );
      },
    );

    test.each(["/contact", "/venue"])(
      "to the enquiry form %s gets the form back, 400, saying nothing was sent",
      async (path) => {
        const response = await post(path, contentType, body);
        expect(response.status).toBe(400);
        expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
        expectSecurityHeaders(response.headers);
        const html = await response.text();
        expect(html).toContain(
          "What was sent could not be read as this form, so nothing was sent. Please fill in the form and send it again.",
        );
        expect(html).toMatch(/<form[^>]*method="post"/);
      },
    );
  });

  test.each(["/theme", "/staff/sign-in", "/staff/menu/items/new", "setup"])(
    "a multipart form cut short to %s gets 400 saying so",
    async (path) => {
      const boundary = "----cut";
      const response = await post(
        path === "setup" ? setupPath : path,
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@exa`,
      );
      expect(response.status).toBe(400);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expectSecurityHeaders(response.headers);
      expect(await response.text()).toBe(
        "The form could not be read: its multipart body is incomplete or does not match its boundary. Nothing was saved.",
      );
    },
  );

  /**
   * Names an object already has (a form read into a plain object would take
   * them for its own) and the names the site's forms use, each with a NUL
   * byte in its value: Postgres refuses NUL in text, so one that reached a
   * query would fail the request.
   */
  const HOSTILE_FORM = new URLSearchParams(
    [
      ...["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"],
      ...["intent", "id", "name", "email", "password", "confirmPassword", "phone", "message"],
      ...["topic", "date", "time", "guests", "spaceId", "packageId", "title", "summary"],
      ...["description", "price", "note", "slug", "sectionId", "dietaryTags", "allergens"],
      ...["startsOn", "endsOn", "opensAt", "closesAt", "startsAt", "endsAt", "q", "theme"],
      ...["redirectTo", "role", "code", "token", "imageAlt", "mayContain", "tagline"],
    ].map((name) => [name, `a\u0000${name}\u0000`]),
  ).toString();

  test.each([...ACTION_PATHS, "setup", "/contact", "/venue"])(
    "a form to %s with NUL bytes and an object's own names gets an answer, not a failure",
    async (path) => {
      const response = await post(
        path === "setup" ? setupPath : path,
        "application/x-www-form-urlencoded",
        HOSTILE_FORM,
      );
      expect(response.status, await response.clone().text()).toBeLessThan(500);
      expectSecurityHeaders(response.headers);
    },
  );

  test.each([
    ...["/", "/menu", "/events", "/venue", "/contact", "/about", "/staff", "/staff/menu"],
    ...["/staff/events", "/staff/changes", "/staff/outbox", "/staff/people", "/staff/specials"],
    ...["/staff/newsletter/subscribers", "/staff/newsletter/subscribers.csv"],
    ...["/events/a%00b", "/staff/enquiries/%00", "/staff/menu/items/1%00", "/img/hero/%00.svg"],
  ])("%s with NUL bytes in its query string gets an answer, not a failure", async (path) => {
    const query = ["q", "page", "past", "diet", "view", "back", "section", "w", "fm", "state"]
      .map((name) => `${name}=%00${name}%00`)
      .join("&");
    const response = await fetch(`${server.url}${path}?${query}`, {
      redirect: "manual",
      headers: { Cookie: owner.header() },
    });
    expect(response.status, path).toBeLessThan(500);
    await response.arrayBuffer();
  });

  test("a post with no body and no type gets 415; a page without an action still 405", async () => {
    const empty = await post("/staff/sign-in", null, "");
    expect(empty.status).toBe(415);
    expect(await empty.text()).toContain("the post named no Content-Type");
    const nowhere = await post("/menu", "application/json", "{}");
    expect(nowhere.status).toBe(405);
  });

  test("a form still goes through: the theme is stored", async () => {
    const response = await post(
      "/theme",
      "application/x-www-form-urlencoded",
      "theme=dark&redirectTo=%2Fmenu",
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/menu");
  });

  test("none of it is logged as an error", () => {
    expect(errorLines(server.output())).toEqual([]);
    expect(server.output()).toMatch(/POST \/staff\/sign-in 415 /);
  });
});

describe("a request whose Host or target cannot make the site's URL", () => {
  let server: RunningServer;
  let proxied: RunningServer;

  beforeAll(async () => {
    [server, proxied] = await Promise.all([
      startServer(),
      startServer({
        TRUST_PROXY: "true",
        SITE_URL: "https://pub.example",
        CLIENT_IP_HEADER: "Fly-Client-IP",
      }),
    ]);
  });

  const BAD_HOSTS = [
    "",
    "a b c",
    "[::1",
    "x:99999",
    "a/b",
    "user@evil.example",
    "%zz",
    "256.1.1.1",
  ];

  test.each(BAD_HOSTS)(
    "a Host of %j gets 400 saying so, before anything reads it",
    async (host) => {
      for (const [method, path] of [
        ["GET", "/"],
        ["GET", "/img/dishes/wings.svg?w=640"],
        ["OPTIONS", "/menu"],
        ["TRACE", "/"],
      ] as const) {
        const answer = await raw(server, `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
        expect(answer.status, `${method} ${path}`).toBe(400);
        expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
        expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
        expectSecurityHeaders(answer.headers);
        expect(answer.body).toBe(
          "The request's Host header does not name a host, such as example.com or example.com:8080.",
        );
      }
      const posted = await raw(
        server,
        `POST /theme HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\n`,
        "theme=dark",
      );
      expect(posted.status).toBe(400);
      expect(posted.headers.getSetCookie()).toEqual([]);
    },
  );

  test("two Host headers get 400", async () => {
    const answer = await raw(
      server,
      "GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n",
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toBe("The request has more than one Host header.");
  });

  test.each(["*", "http://user@evil.example/"])("a target of %j gets 400", async (target) => {
    const answer = await raw(server, `OPTIONS ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(answer.body).toBe("The request's target must be a path on this site, such as /menu.");
  });

  test("an HTTP/1.1 request without Host gets 400 saying so", async () => {
    const answer = await raw(server, "GET / HTTP/1.1\r\n\r\n");
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(answer.body).toBe("An HTTP/1.1 request must name the host it is for in a Host header.");
  });

  test.each([
    ["a malformed method", "GE T / HTTP/1.1\r\nHost: localhost\r\n\r\n", 400],
    ["a target that is not a path", "GET menu HTTP/1.1\r\nHost: localhost\r\n\r\n", 400],
    ["a bad header", "GET / HTTP/1.1\r\nHost: localhost\r\nX Bad: 1\r\n\r\n", 400],
    [
      "headers over 16 KB",
      `GET / HTTP/1.1\r\nHost: localhost\r\nX: ${"a".repeat(17_000)}\r\n\r\n`,
      431,
    ],
  ])("%s, refused by Node's parser, gets %i with the security headers", async (_, text, status) => {
    const answer = await raw(server, text);
    expect(answer.status).toBe(status);
    expectSecurityHeaders(answer.headers);
    expect(answer.body).toMatch(/^The request/);
  });

  test("a target in absolute form is served as its path", async () => {
    const answer = await raw(
      server,
      "GET http://localhost/robots.txt HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^User-agent:/m);
  });

  test("an HTTP/1.0 request without Host is still served", async () => {
    const answer = await raw(server, "GET /robots.txt HTTP/1.0\r\n\r\n");
    expect(answer.status).toBe(200);
  });

  test.each([
    ["X-Forwarded-Host", "a b c"],
    ["X-Forwarded-Host", "x:99999"],
    ["Forwarded", 'for=192.0.2.1;host="[::1";proto=https'],
  ])("behind a trusted proxy, a forwarded %s of %j gets 400", async (name, value) => {
    const answer = await raw(
      proxied,
      `GET / HTTP/1.1\r\nHost: localhost\r\n${name}: ${value}\r\nX-Forwarded-Proto: https\r\n\r\n`,
    );
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers);
    expect(answer.headers.get("Strict-Transport-Security")).toMatch(/^max-age=/);
    expect(answer.body).toBe(
      "The host the proxy forwarded (Forwarded or X-Forwarded-Host) does not name a host.",
    );
  });

  test("behind a trusted proxy, a good forwarded host goes through", async () => {
    const answer = await raw(
      proxied,
      "GET /robots.txt HTTP/1.1\r\nHost: 10.0.0.2\r\nX-Forwarded-Host: pub.example\r\nX-Forwarded-Proto: https\r\nConnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^User-agent:/m);
  });

  test("none of it is logged as an error, each refusal is logged once as info", () => {
    expect(errorLines(server.output())).toEqual([]);
    expect(errorLines(proxied.output())).toEqual([]);
    expect(server.output()).toMatch(
      /^info GET refused before the app 400: The request's Host header does not name a host/m,
    );
  });
});
