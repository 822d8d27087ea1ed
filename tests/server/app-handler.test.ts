import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  clientDirectory,
  importBuiltServer,
  type BuiltServer,
  type ClientAddress,
} from "../support/built-server";
import { openTestDatabase, type TestDatabase } from "../support/test-database";
import { unsubscribeToken } from "~/newsletter/newsletter-tokens.server";
import { newsletterKey } from "~/newsletter/subscribers.server";

const client: ClientAddress = { address: "203.0.113.7", family: "IPv4", port: 50000 };
let built: BuiltServer;
let db: TestDatabase;

beforeAll(async () => {
  built = await importBuiltServer();
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.[Symbol.asyncDispose]();
});

/**
 * The app handler over `build` (the real one unless a test swaps a route), in
 * production mode; `signedIn` stands for a request carrying a signed session.
 */
function appHandler(build: ServerBuild = built.build, { signedIn = false } = {}) {
  return built.createAppHandler({
    build,
    mode: "production",
    clientDirectory,
    database: async () => db,
    mayPostLargeBody: async () => signedIn,
  });
}

/** The real build with the home page's loader replaced by one that fails. */
function buildWithFailingHome(message: string): ServerBuild {
  const home = built.build.routes["routes/home"]!;
  return {
    ...built.build,
    routes: {
      ...built.build.routes,
      "routes/home": {
        ...home,
        module: {
          ...home.module,
          loader: () => {
            throw new Error(message);
          },
        },
      },
    },
  };
}

describe("a failing page in production", () => {
  const secret = "password=hunter2 at db.internal:5432";

  test("answers 500 with the Internal Server Error view and no internal details", async () => {
    const handle = await appHandler(buildWithFailingHome(secret));
    const response = await handle(new Request("http://localhost/"), client);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([
      "<title>Internal Server Error | The Squire Pub &amp; Grill</title>",
    ]);
    expect(html).toContain("Back to home");
    expect(html).not.toContain("hunter2");
    expect(html).not.toMatch(/at .*\.js:\d+/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/'nonce-[^']+'/);
  });

  test("a client-side data request for it carries no internal details either", async () => {
    const handle = await appHandler(buildWithFailingHome(secret));
    const response = await handle(new Request("http://localhost/_.data"), client);
    expect(await response.text()).not.toContain("hunter2");
  });
});

describe("an unknown path", () => {
  test("answers 404 with one title and a description naming the path", async () => {
    const handle = await appHandler();
    const response = await handle(new Request("http://localhost/no-such-page"), client);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([
      "<title>Page Not Found | The Squire Pub &amp; Grill</title>",
    ]);
    expect(html).toContain('<meta name="description" content="Page Not Found: /no-such-page"/>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("the stylesheet", () => {
  test("a public page carries it; the menu and every staff page link it, and it is served", async () => {
    const handle = await appHandler();
    const html = async (path: string) =>
      (await handle(new Request(`http://localhost${path}`), client)).text();
    const carried =
      /<style[^>]*data-href="(\/assets\/app-[\w-]+\.css)"[^>]*>[\s\S]{10000,}?<\/style>/;
    const linked = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/;

    const home = await html("/");
    expect(home).toMatch(carried);
    expect(home).not.toMatch(linked);
    const href = carried.exec(home)![1]!;
    for (const path of ["/menu", "/staff/sign-in", "/staff/forgot-password"]) {
      const page = await html(path);
      expect(page, path).toMatch(linked);
      expect(linked.exec(page)![1], path).toBe(href);
      expect(page, path).not.toMatch(carried);
    }
    const file = await handle(new Request(`http://localhost${href}`), client);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
  });
});

describe("static files", () => {
  test.each([
    "/../package.json",
    "/%2e%2e/package.json",
    "/assets/..%2f..%2fserver%2findex.js",
    "/..%5c..%5cpackage.json",
    "/build/server/index.js",
    "/%00",
    "/%E0%A4%A",
  ])("%s reaches no file outside the client build", async (path) => {
    const handle = await appHandler();
    const response = await handle(new Request(`http://localhost${path}`), client);
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  });

  test("a public file is served with a short cache and the security headers", async () => {
    const handle = await appHandler();
    const response = await handle(new Request("http://localhost/favicon.svg"), client);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).toMatch(/^<svg/);
  });

  test("a post to a static path is not served as the file", async () => {
    const handle = await appHandler();
    const response = await handle(
      new Request("http://localhost/favicon.svg", { method: "POST", body: "x" }),
      client,
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});

describe("methods", () => {
  const securityHeaders = (response: Response) => ({
    csp: response.headers.get("Content-Security-Policy"),
    nosniff: response.headers.get("X-Content-Type-Options"),
    frames: response.headers.get("X-Frame-Options"),
  });

  test.each([
    ["/", "GET, HEAD, POST, OPTIONS"],
    ["/contact", "GET, HEAD, POST, OPTIONS"],
    ["/favicon.svg", "GET, HEAD, POST, OPTIONS"],
    ["/img/hero/taproom.svg?w=640&h=360&fit=cover", "GET, HEAD, OPTIONS"],
  ])("OPTIONS %s answers 204 with Allow and nothing else", async (path, allow) => {
    const handle = await appHandler();
    const response = await handle(
      new Request(`http://localhost${path}`, { method: "OPTIONS" }),
      client,
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("Allow")).toBe(allow);
    expect(response.headers.get("Content-Type")).toBeNull();
    expect(await response.text()).toBe("");
    expect(securityHeaders(response)).toEqual({
      csp: expect.stringContaining("default-src 'self'"),
      nosniff: "nosniff",
      frames: "DENY",
    });
  });

  test.each([
    ["PUT", "/"],
    ["DELETE", "/menu"],
    ["PATCH", "/contact"],
    ["PROPFIND", "/"],
    ["PURGE", "/img/hero/taproom.svg?w=640&h=360&fit=cover"],
    ["POST", "/img/hero/taproom.svg?w=640&h=360&fit=cover"],
  ])("%s %s answers 405 with Allow and the security headers", async (method, path) => {
    const handle = await appHandler();
    const response = await handle(
      new Request(`http://localhost${path}`, {
        method,
        body: method === "POST" || method === "PUT" ? "x" : undefined,
      }),
      client,
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe(
      path.startsWith("/img/") ? "GET, HEAD, OPTIONS" : "GET, HEAD, POST, OPTIONS",
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(securityHeaders(response)).toEqual({
      csp: expect.stringContaining("default-src 'self'"),
      nosniff: "nosniff",
      frames: "DENY",
    });
  });
});

describe("a post to a page that takes none", () => {
  test.each(["/", "/about", "/no-such-page"])(
    "POST %s answers 405 in the site's frame and the visitor's theme, never as a server error",
    async (path) => {
      const handle = await appHandler();
      const response = await handle(
        new Request(`http://localhost${path}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            // The theme cookie as the site stores it ("dark", JSON in base64).
            Cookie: "theme=ImRhcmsi",
          },
          body: "a=b",
        }),
        client,
      );
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const html = await response.text();
      expect(html.match(/<title>[^<]*<\/title>/g)).toEqual([
        "<title>Method Not Allowed | The Squire Pub &amp; Grill</title>",
      ]);
      expect(html).toMatch(/<html[^>]* class="dark"/);
      expect(html).toContain("<header");
      expect(html).toContain("<footer");
      expect(html).not.toContain("Internal Server Error");
    },
  );
});

describe("request bodies", () => {
  test("a chunked body over 64 KB is refused with 413 without reading it all", async () => {
    const handle = await appHandler();
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(16 * 1024));
      },
    });
    const response = await handle(
      new Request("http://localhost/theme", {
        method: "POST",
        body: endless,
        duplex: "half",
      } as RequestInit),
      client,
    );
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  test("a 2 MB post to a public form is refused with 413", async () => {
    const handle = await appHandler();
    const response = await handle(
      new Request("http://localhost/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `message=${"a".repeat(2 * 1024 * 1024)}`,
      }),
      client,
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toMatch(/more than we can accept \(64 KB\)/);
  });

  test("a post of a 10 MB picture to a staff editor is read, not refused as too large", async () => {
    const handle = await appHandler(built.build, { signedIn: true });
    const form = new FormData();
    form.append("image", new File([new Uint8Array(10 * 1024 * 1024)], "hero.jpg"));
    form.append("imageAlt", "The bar at night");
    const response = await handle(
      new Request("http://localhost/staff/settings", { method: "POST", body: form }),
      client,
    );
    expect(response.status).not.toBe(413);
  });

  /** A body that is never finished (counting what is pulled) until its client goes away. */
  function stalledPicture() {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stalled = {
      pulled: 0,
      stream: new ReadableStream<Uint8Array>({
        start(given) {
          controller = given;
        },
        pull(given) {
          stalled.pulled += 1;
          if (stalled.pulled <= 2) given.enqueue(new Uint8Array(16 * 1024));
          // Then nothing more: the client has stalled.
          return new Promise<void>(() => {});
        },
      }),
      goAway: () => controller.error(new Error("The client went away")),
    };
    return stalled;
  }

  const pictureRequest = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://localhost/staff/menu/items/new", {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=x",
        "Sec-Fetch-Site": "same-origin",
        ...headers,
      },
      body,
      duplex: "half",
    } as RequestInit);

  test("a picture-sized post from someone not signed in is refused with 403, its body unread", async () => {
    const handle = await appHandler();
    const declared = await handle(
      pictureRequest(new Uint8Array(1024), { "Content-Length": String(10 * 1024 * 1024) }),
      client,
    );
    expect(declared.status).toBe(403);
    expect(await declared.text()).toBe(
      "Only signed-in staff can send pictures. Please sign in and try again; nothing was saved.",
    );
    expect(declared.headers.get("Connection")).toBe("close");

    // Without a length, no more than a form's 64 KB of it is read.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(16 * 1024));
      },
    });
    const streamed = await handle(pictureRequest(endless), client);
    expect(streamed.status).toBe(403);
    expect(pulled).toBeLessThan(10);
  });

  test("a small post from someone not signed in still reaches the staff area, which sends them to sign in", async () => {
    const handle = await appHandler();
    const response = await handle(
      new Request("http://localhost/staff/settings", {
        method: "POST",
        headers: { "Sec-Fetch-Site": "same-origin" },
        body: new URLSearchParams({ name: "Anyone" }),
      }),
      client,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/staff\/sign-in/);
  });

  test("past four picture-sized bodies at once, the next is told to try again in a moment", async () => {
    const handle = await appHandler(built.build, { signedIn: true });
    const stalled = [stalledPicture(), stalledPicture(), stalledPicture(), stalledPicture()];
    const pending = stalled.map((body) => handle(pictureRequest(body.stream), client));
    await expect.poll(() => stalled.every((body) => body.pulled > 0)).toBe(true);

    const fifth = await handle(pictureRequest(new Uint8Array(128 * 1024)), client);
    expect(fifth.status).toBe(503);
    expect(fifth.headers.get("Retry-After")).toBe("5");
    expect(await fifth.text()).toMatch(/^Another picture is being received\./);

    // A place is free again once one of them is over.
    stalled[0]!.goAway();
    await pending[0]!.catch(() => {});
    const next = await handle(pictureRequest(new Uint8Array(128 * 1024)), client);
    expect(next.status).not.toBe(503);
    for (const body of stalled.slice(1)) body.goAway();
    await Promise.allSettled(pending);
  });
});

describe("the newsletter's one-click unsubscribe through the pipeline", () => {
  /** A post as a mail program's server sends it: from another site, without cookies. */
  const oneClick = (path: string, body: BodyInit = "List-Unsubscribe=One-Click") =>
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "cross-site",
      },
      body,
    });

  test("a post from another site reaches the unsubscribe page and unsubscribes, answering 200", async () => {
    const [row] = await db.query<{ id: number }>(
      `insert into public.newsletter_subscribers (email, state, consented_at, consent_form,
         consent_wording, pub_name, pub_postal_address, confirmed_at)
       values ('one-click@example.com', 'confirmed', now(), 'contact', 'Yes, send it.',
         'The Squire', '1 Main Street, London, ON N6A 1A1, Canada', now())
       on conflict (email) do update set state = 'confirmed', consented_at = now(),
         consent_form = 'contact', consent_wording = 'Yes, send it.', pub_name = 'The Squire',
         pub_postal_address = '1 Main Street, London, ON N6A 1A1, Canada', confirmed_at = now(),
         unsubscribed_at = null, unsubscribed_by = null
       returning id::int as id`,
    );
    const token = unsubscribeToken(await newsletterKey(db), row!.id);
    const handle = await appHandler();
    for (let time = 0; time < 2; time++) {
      const response = await handle(oneClick(`/newsletter/unsubscribe?token=${token}`), client);
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()).toEqual([]);
      await response.arrayBuffer();
    }
    const [after] = await db.query<{ state: string }>(
      "select state from public.newsletter_subscribers where id = $1::bigint",
      [row!.id],
    );
    expect(after?.state).toBe("unsubscribed");
  });

  test("the pages say what a link does: a button to press, what happened, a clear refusal", async () => {
    const handle = await appHandler();
    const page = async (path: string) => {
      const response = await handle(new Request(`http://localhost${path}`), client);
      return { status: response.status, html: await response.text() };
    };
    const garbled = await page("/newsletter/unsubscribe?token=1.x");
    expect(garbled.status).toBe(400);
    expect(garbled.html).toContain("This link doesn&#x27;t work");
    const unknown = await page(`/newsletter/confirm?token=${"A".repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("It may have been used already");

    const [row] = await db.query<{ id: number }>(
      `insert into public.newsletter_subscribers (email, state, unsubscribed_at, unsubscribed_by)
       values ('left-just-now@example.com', 'unsubscribed', now(), 'one-click')
       on conflict (email) do update set unsubscribed_at = now()
       returning id::int as id`,
    );
    const token = unsubscribeToken(await newsletterKey(db), row!.id);
    const left = await page(`/newsletter/unsubscribe?token=${token}`);
    expect(left.status).toBe(200);
    expect(left.html).toContain("You&#x27;re unsubscribed");
    expect(left.html).toMatch(/<button(?=[^>]*name="intent")(?=[^>]*value="undo")/);
    expect(left.html).toContain('<meta name="robots" content="noindex"/>');
  });

  test("a garbled token gets 400; a body over a form's size 413; other pages still refuse other sites", async () => {
    const handle = await appHandler();
    const garbled = await handle(oneClick("/newsletter/unsubscribe?token=1.x"), client);
    expect(garbled.status).toBe(400);
    await garbled.arrayBuffer();
    const large = await handle(
      oneClick("/newsletter/unsubscribe?token=1.x", "a".repeat(70 * 1024)),
      client,
    );
    expect(large.status).toBe(413);
    for (const path of ["/newsletter/confirm", "/contact", "/theme"]) {
      const refused = await handle(oneClick(path), client);
      expect(refused.status, path).toBe(403);
    }
  });
});
