import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compressForOneRequest } from "~/server/pipeline/compression";
import { PageCache } from "~/server/pipeline/page-cache";
import { openBuiltApp, type BuiltApp, type ClientAddress } from "../support/built-server";

// The production build's page cache, through its real handler: what is kept,
// for whom, with which Content-Security-Policy, and until when.

const client: ClientAddress = { address: "203.0.113.7", family: "IPv4", port: 50000 };
/** The theme cookie as the site sets it for "dark". */
const DARK = `theme=${Buffer.from(JSON.stringify("dark")).toString("base64")}`;

let app: BuiltApp;
/** Where the app keeps its pages, to count them. */
const pageCache = new PageCache();
const handle: BuiltApp["handle"] = (request, client) => app.handle(request, client);

beforeAll(async () => {
  // As in production: links name the site, so shared caches may keep its pages.
  process.env.SITE_URL = "http://localhost";
  app = await openBuiltApp({ pageCache });
});
afterAll(async () => {
  await app?.[Symbol.asyncDispose]();
});

/** The response and its body as text, decompressed, and how many bytes were sent. */
async function get(path: string, headers: Record<string, string> = {}) {
  const response = await handle(new Request(`http://localhost${path}`, { headers }), client);
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("Content-Encoding");
  const body =
    encoding === "br"
      ? brotliDecompressSync(bytes)
      : encoding === "gzip"
        ? gunzipSync(bytes)
        : bytes;
  return { response, body: body.toString(), sent: bytes.byteLength };
}

function scriptSources(response: Response): string[] {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const directive = policy.split(";").find((part) => part.trim().startsWith("script-src "));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => text ?? "",
  );
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

/** The instant a page says it was rendered at (every public page's frame carries it). */
const renderedAt = (html: string) => html.match(/renderedAt\\?",\\?"([^"\\]+)/)?.[1];

describe("pages the same for everyone", () => {
  test.each(["/", "/menu", "/about", "/accessibility", "/events", "/events/trivia-night"])(
    "%s is rendered once, then served from memory to every visitor",
    async (path) => {
      const first = await get(path, { "Accept-Encoding": "br, gzip" });
      const second = await get(path, { "Accept-Encoding": "br, gzip" });
      const plain = await get(path);
      expect(first.response.status).toBe(200);
      expect(first.response.headers.get("Content-Encoding")).toBe("br");
      expect(second.body).toBe(first.body);
      expect(plain.body).toBe(first.body);
      expect(renderedAt(first.body)).toBeDefined();
      expect(second.response.headers.get("ETag")).toBe(first.response.headers.get("ETag"));
      expect(first.response.headers.get("Cache-Control")).toBe(
        "public, max-age=0, s-maxage=4, stale-if-error=86400",
      );
    },
  );

  test("carry no nonce: the policy lists the hash of each inline script, and nothing else inline", async () => {
    const { response, body } = await get("/");
    expect(body).not.toMatch(/\snonce="[^"]/);
    const sources = scriptSources(response);
    expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    const executable = inlineScripts(body.replace(/<script type="application\/ld\+json">/g, "<x>"));
    expect(executable.length).toBeGreaterThanOrEqual(3);
    for (const script of executable) expect(sources).toContain(`'sha256-${sha256(script)}'`);
    expect(sources).toContain("'strict-dynamic'");
    expect(sources).not.toContain("'unsafe-inline'");
  });

  test("answer a request naming their ETag with 304 and no body", async () => {
    const { response } = await get("/menu");
    const etag = response.headers.get("ETag")!;
    const again = await handle(
      new Request("http://localhost/menu", { headers: { "If-None-Match": etag } }),
      client,
    );
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  test("keep one copy per theme; a chosen theme's page stays out of shared caches", async () => {
    const light = await get("/about");
    const dark = await get("/about", { Cookie: DARK });
    const darkAgain = await get("/about", { Cookie: `other=1; ${DARK}` });
    expect(dark.body).toMatch(/<html[^>]*class="dark"/);
    expect(light.body).not.toMatch(/<html[^>]*class="dark"/);
    expect(darkAgain.body).toBe(dark.body);
    expect(dark.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(scriptSources(dark.response).some((source) => source.startsWith("'sha256-"))).toBe(true);
  });

  test("keep the client's data requests too", async () => {
    const first = await get("/menu.data");
    const second = await get("/menu.data");
    expect(first.response.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.response.headers.get("ETag")).toBeTruthy();
  });

  test("show a change to the content once the revision is next asked (a second on at most)", async () => {
    const before = await get("/menu");
    expect(before.body).not.toContain("Smoked Cheddar Soup");
    await app.db.query(
      "update public.menu_items set name = 'Smoked Cheddar Soup' where id = (select min(id) from public.menu_items)",
    );
    let after = before;
    await expect
      .poll(
        async () => {
          after = await get("/menu");
          return after.body.includes("Smoked Cheddar Soup");
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(after.response.headers.get("ETag")).not.toBe(before.response.headers.get("ETag"));
  });
});

describe("the form pages", () => {
  test.each(["/contact", "/venue"])(
    "%s is rendered once; each response fills in its own submission token and nonce",
    async (path) => {
      const first = await get(path, { "Accept-Encoding": "br, gzip" });
      const second = await get(path);
      expect(first.response.status).toBe(200);
      expect(first.response.headers.get("Content-Encoding")).toBe("br");
      expect(first.response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(first.response.headers.has("ETag")).toBe(false);
      expect(renderedAt(second.body)).toBe(renderedAt(first.body));

      const token = (body: string) =>
        body.match(/name="submission" value="([^"]+)"/)?.[1] ?? "missing";
      const nonce = (response: Response) =>
        scriptSources(response)
          .find((source) => source.startsWith("'nonce-"))
          ?.slice(7, -1) ?? "missing";
      for (const { response, body } of [first, second]) {
        expect(token(body)).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
        // The hydration data carries the same token as the form.
        expect(body.split(token(body)).length).toBeGreaterThanOrEqual(3);
        expect(nonce(response)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(body).toContain(`<script nonce="${nonce(response)}">`);
        expect(body).not.toMatch(/hole[0-9a-f]{24}x/);
      }
      expect(token(second.body)).not.toBe(token(first.body));
      expect(nonce(second.response)).not.toBe(nonce(first.response));
      // Nothing else differs.
      const neutral = ({ response, body }: { response: Response; body: string }) =>
        body.replaceAll(token(body), "TOKEN").replaceAll(nonce(response), "NONCE");
      expect(neutral(second)).toBe(neutral(first));
    },
  );

  test.each(["br", "gzip"])(
    "many visitors at once get the copy compressed once (%s), each with a token and nonce of their own",
    async (encoding) => {
      const visits = await Promise.all(
        Array.from({ length: 40 }, () => get("/venue", { "Accept-Encoding": encoding })),
      );
      const tokens = new Set<string>();
      const nonces = new Set<string>();
      for (const { response, body, sent } of visits) {
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Encoding")).toBe(encoding);
        expect(response.headers.get("Content-Length")).toBe(String(sent));
        expect(response.headers.get("Vary")).toContain("Accept-Encoding");
        // Brotli 11 rather than the 4 of a response compressed as it is sent.
        if (encoding === "br") expect(sent).toBeLessThan(Buffer.byteLength(body) / 5.5);
        const token = body.match(/name="submission" value="([^"]+)"/)?.[1] ?? "missing";
        const nonce = scriptSources(response)
          .find((source) => source.startsWith("'nonce-"))
          ?.slice(7, -1);
        expect(token).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        // Every script carries this response's nonce, and no other.
        expect(
          new Set([...body.matchAll(/<script\b[^>]*\snonce="([^"]*)"/g)].map(([, value]) => value)),
        ).toEqual(new Set([nonce]));
        tokens.add(token);
        nonces.add(nonce!);
      }
      expect(tokens.size).toBe(40);
      expect(nonces.size).toBe(40);
      // One length for all: the copy compressed once, each response's values stored in it.
      expect(new Set(visits.map(({ sent }) => sent)).size).toBe(1);
    },
  );

  test("the token in a visitor's compressed copy is the one their post is held to: sent twice, stored once", async () => {
    const { body } = await get("/contact", { "Accept-Encoding": "br, gzip" });
    const token = body.match(/name="submission" value="([^"]+)"/)?.[1] ?? "missing";
    const form = new URLSearchParams({
      submission: token,
      website: "",
      name: "Sam Rivera",
      email: "sam.kept-copy@example.com",
      phone: "",
      topic: "general",
      message: "Are dogs welcome on the patio?",
      consent: "on",
    });
    const post = () =>
      handle(
        new Request("http://localhost/contact", {
          method: "POST",
          body: form,
          headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
        }),
        client,
      );
    for (const attempt of [1, 2]) {
      const response = await post();
      expect(response.status, `post ${attempt}`).toBe(303);
      expect(response.headers.get("Location")).toBe("/contact#enquiry-sent");
    }
    const stored = await app.db.query<{ count: number }>(
      "select count(*)::int as count from public.enquiries where submission_token = $1",
      [token],
    );
    expect(stored[0]?.count).toBe(1);
  });

  test("a client-side visit's data gets its own token too", async () => {
    const first = await get("/contact.data");
    const second = await get("/contact.data");
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/;
    expect(first.body).toMatch(uuid);
    expect(first.body.match(uuid)?.[0]).not.toBe(second.body.match(uuid)?.[0]);
    expect(first.body).not.toMatch(/hole[0-9a-f]{24}x/);
  });
});

describe("query strings", () => {
  /** A value no one has asked with before, as a cache-buster or a campaign's tag makes one. */
  const fresh = () => crypto.randomUUID();

  test.each(["/", "/menu", "/about", "/events", "/contact"])(
    "%s asked with keys it does not read (utm_*, fbclid, gclid, a cache-buster) is the kept copy",
    async (path) => {
      const kept = await get(path, { "Accept-Encoding": "br" });
      const pages = pageCache.size;
      for (const query of [
        `utm_source=${fresh()}&utm_medium=email&utm_campaign=${fresh()}`,
        `fbclid=${fresh()}`,
        `gclid=${fresh()}`,
        `cb=${fresh()}`,
      ]) {
        const tagged = await get(`${path}?${query}`, { "Accept-Encoding": "br" });
        expect(tagged.response.status).toBe(200);
        expect(renderedAt(tagged.body), query).toBe(renderedAt(kept.body));
        expect(tagged.response.headers.get("ETag")).toBe(kept.response.headers.get("ETag"));
        expect(tagged.body).not.toContain(query.slice(0, 12));
      }
      expect(pageCache.size).toBe(pages);
    },
  );

  test("the client's data requests with keys their page does not read are the kept copy too", async () => {
    const kept = await get("/menu.data");
    const pages = pageCache.size;
    const tagged = await get(`/menu.data?utm_source=${fresh()}`);
    expect(tagged.body).toBe(kept.body);
    expect(tagged.response.headers.get("ETag")).toBe(kept.response.headers.get("ETag"));
    expect(pageCache.size).toBe(pages);
  });

  test("the menu's diet still makes a page of its own, kept once whatever else comes with it", async () => {
    const whole = await get("/menu");
    const vegan = await get("/menu?diet=vegan");
    expect(vegan.response.status).toBe(200);
    expect(vegan.body).toMatch(/Showing \d+ vegan items/);
    expect(vegan.body.length).toBeLessThan(whole.body.length);
    const pages = pageCache.size;
    for (const path of [
      `/menu?diet=vegan&utm_source=${fresh()}`,
      "/menu?diet=VEGAN",
      "/menu?diet=%20vegan%20",
      `/menu?diet=vegan&diet=gluten-free&${Array.from({ length: 300 }, (_, n) => `diet=x${n}`).join("&")}`,
    ]) {
      expect(renderedAt((await get(path)).body), path).toBe(renderedAt(vegan.body));
    }
    expect(pageCache.size).toBe(pages);
  });

  test("a diet the menu does not know, however long, is as if none were asked for", async () => {
    const whole = await get("/menu");
    for (const path of ["/menu?diet=carnivore", `/menu?diet=${"x".repeat(4000)}`]) {
      const unknown = await get(path);
      expect(unknown.response.status, path).toBe(200);
      expect(renderedAt(unknown.body)).toBe(renderedAt(whole.body));
    }
  });

  test("a search is rendered for its request, cut to its limit, never kept, and compressed at the cheap level", async () => {
    await get("/menu");
    const pages = pageCache.size;
    const first = await get("/menu?q=burger", { "Accept-Encoding": "br" });
    const second = await get(`/menu?q=burger&utm_source=${fresh()}`, { "Accept-Encoding": "br" });
    expect(first.response.status).toBe(200);
    expect(first.body).toMatch(/Showing \d+ items matching “burger”/);
    expect(renderedAt(second.body)).not.toBe(renderedAt(first.body));
    expect(first.response.headers.get("ETag")).toBeNull();
    expect(first.response.headers.get("Content-Encoding")).toBe("br");
    const cheap = await compressForOneRequest("br", Buffer.from(first.body));
    expect(first.sent).toBe(cheap.byteLength);

    const huge = await get(`/menu?q=${"x".repeat(5000)}`);
    expect(huge.response.status).toBe(200);
    expect(huge.body).toContain(`value="${"x".repeat(80)}"`);
    expect(huge.body).not.toContain("x".repeat(81));
    expect(pageCache.size).toBe(pages);
  });

  test("a link that chooses the contact form's topic still chooses it; an unknown topic is the kept page", async () => {
    const contact = await get("/contact");
    const chosen = await get("/contact?topic=accessibility");
    expect(chosen.body).toMatch(/<option value="accessibility" selected/);
    expect(contact.body).not.toMatch(/<option value="accessibility" selected/);
    const unknown = await get(`/contact?topic=${fresh()}`);
    expect(renderedAt(unknown.body)).toBe(renderedAt(contact.body));
  });

  test("React Router's route discovery reads its own query, and is never kept", async () => {
    const { version } = app.built.build.assets;
    const pages = pageCache.size;
    const found = await get(
      `/__manifest?paths=${encodeURIComponent("/menu,/about")}&version=${version}`,
    );
    expect(found.response.status).toBe(200);
    expect(found.response.headers.get("ETag")).toBeNull();
    expect(Object.keys(JSON.parse(found.body) as object)).toEqual(
      expect.arrayContaining(["routes/menu", "routes/about"]),
    );
    const stale = await get(`/__manifest?paths=%2Fmenu&version=${fresh()}`);
    expect(stale.response.status).toBe(204);
    expect(pageCache.size).toBe(pages);
  });
});

describe("pages rendered for one visitor", () => {
  test("a page for a visitor with a cookie of their own (a receipt, a toast) is theirs alone", async () => {
    await get("/about");
    const mine = await get("/about", { Cookie: "enquiry-receipt=abc" });
    const again = await get("/about", { Cookie: "enquiry-receipt=abc" });
    expect(renderedAt(again.body)).not.toBe(renderedAt(mine.body));
    expect(scriptSources(mine.response).some((source) => source.startsWith("'nonce-"))).toBe(true);
    expect(mine.response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  test("a page not found is never kept", async () => {
    const first = await get("/no-such-page");
    const second = await get("/no-such-page");
    expect(first.response.status).toBe(404);
    expect(second.body).not.toBe(first.body);
  });

  test("an event's calendar file is kept as its page is; an unknown event's is not", async () => {
    const first = await get("/events/trivia-night.ics");
    const second = await get("/events/trivia-night.ics");
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(first.response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="trivia-night.ics"',
    );
    // Made once: the same DTSTAMP both times.
    expect(second.body).toBe(first.body);
    expect(second.response.headers.get("ETag")).toBe(first.response.headers.get("ETag"));
    const unknown = await get("/events/no-such-event.ics");
    expect(unknown.response.status).toBe(404);
    expect(unknown.response.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
