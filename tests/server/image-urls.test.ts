import { afterEach, expect, test, vi } from "vitest";
import { parseImageQuery } from "~/images/images";
import { startServer, stopAllServers, type RunningServer } from "../support/built-server";
import { PUBLIC_PAGES } from "../support/public-pages";
import { CookieJar } from "../support/staff-requests";

/**
 * Every image URL the site itself hands out (srcsets, preloads, share images
 * in the meta tags and the structured data, the staff editors' previews) is
 * one the image optimiser serves, so bounding its variants breaks no page.
 */

afterEach(stopAllServers);
// A server, a staff sign-in and a render of each kind of variant: a while on two cores.
vi.setConfig({ testTimeout: 120_000 });

/** The public pages with pictures of their own: all but the contact, accessibility and newsletter pages. */
const PAGES_WITH_PICTURES = PUBLIC_PAGES.filter(
  (page) => !["/contact", "/accessibility", "/newsletter"].includes(page),
);
const SETUP_LINK = /Make the owner's account at (\S+) \(the link works once/;

/** The /img URLs in a page, wherever they are: attributes, JSON-LD, the router's data. */
function imageUrls(html: string, origin: string): string[] {
  const text = html
    .replace(/\\+u0026/g, "&")
    .replaceAll("&amp;", "&")
    .replaceAll(origin, "");
  return [...text.matchAll(/\/img\/[a-z0-9_./-]+\?[A-Za-z0-9=&_-]+/g)].map(([url]) => url);
}

/** The owner, signed in through the setup link the server prints on its first start. */
async function signedInOwner(server: RunningServer) {
  await server.waitForOutput("(the link works once, until ");
  const link = new URL(SETUP_LINK.exec(server.output())?.[1] ?? "");
  const jar = new CookieJar();
  const password = "correct horse battery staple";
  const made = jar.take(
    await fetch(new URL(`${link.pathname}${link.search}`, server.url), {
      method: "POST",
      redirect: "manual",
      headers: { "Sec-Fetch-Site": "same-origin", Origin: server.url },
      body: new URLSearchParams({
        email: "owner@example.com",
        password,
        confirmPassword: password,
      }),
    }),
  );
  expect(made.status).toBe(303);
  return async (path: string) => {
    const response = await fetch(new URL(path, server.url), {
      redirect: "manual",
      headers: { Cookie: jar.header() },
    });
    expect(response.status, path).toBe(200);
    return response.text();
  };
}

test("every image URL on the site's pages and in the staff editors is a variant the optimiser serves", async () => {
  const server = await startServer();
  const found = new Map<string, string>();
  const collect = (page: string, html: string) => {
    for (const url of imageUrls(html, server.url)) found.set(url, page);
  };

  for (const page of PUBLIC_PAGES) {
    const response = await fetch(`${server.url}${page}`);
    expect(response.status, page).toBe(200);
    collect(page, await response.text());
  }
  const staff = await signedInOwner(server);
  const editors = ["/staff/settings"];
  for (const [list, item] of [
    ["/staff/menu", /href="(\/staff\/menu\/items\/\d+)"/],
    ["/staff/events", /href="(\/staff\/events\/\d+)"/],
    ["/staff/venue", /href="(\/staff\/venue\/spaces\/\d+)"/],
  ] as const) {
    const editor = item.exec(await staff(list))?.[1];
    expect(editor, `an editor linked from ${list}`).toBeDefined();
    editors.push(editor!);
  }
  for (const page of editors) collect(page, await staff(page));

  const urls = [...found.keys()];
  const pages = new Set(found.values());
  for (const page of [...PAGES_WITH_PICTURES, ...editors]) {
    expect(pages, `image URLs on ${page}`).toContain(page);
  }
  // The share images: 1200-px JPEGs in the structured data. The share card itself is drawn
  // from the settings at its own address, /share-card.jpg (app/routes/share-card.test.ts).
  expect(urls.some((url) => /^\/img\/dishes\/.*[?&]w=1200&fm=jpeg&v=/.test(url))).toBe(true);

  for (const url of urls) {
    const query = new URL(url, server.url).searchParams;
    expect(() => parseImageQuery(query), `${url} on ${found.get(url)}`).not.toThrow();
    // The ETag is known before rendering: a 304 says the variant is served, without drawing it.
    const response = await fetch(`${server.url}${url}`, { headers: { "If-None-Match": "*" } });
    expect(response.status, `${url} on ${found.get(url)}`).toBe(304);
  }

  // One of each kind of variant drawn for real: every width, shape and format the pages use.
  const kinds = new Map<string, string>();
  for (const url of urls) {
    const query = new URL(url, server.url).searchParams;
    query.delete("v");
    kinds.set(query.toString(), url);
  }
  for (const url of kinds.values()) {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status, url).toBe(200);
    expect(response.headers.get("Content-Type"), url).toMatch(/^image\/(webp|jpeg)$/);
    await response.arrayBuffer();
  }

  // A format no page asks for is refused; a width no page asks for is sent to the nearest.
  const refused = await fetch(`${server.url}/img/hero/taproom.svg?w=3072&fm=png`);
  expect(refused.status).toBe(400);
  expect(await refused.text()).toBe("fm must be one of webp, jpeg");
  const moved = await fetch(`${server.url}/img/hero/taproom.svg?w=4096`, { redirect: "manual" });
  expect(moved.status).toBe(302);
  expect(moved.headers.get("Location")).toBe("/img/hero/taproom.svg?w=3072");

  server.process.kill("SIGTERM");
  await server.exited;
});
