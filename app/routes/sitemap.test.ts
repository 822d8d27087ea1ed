import { afterEach, describe, expect, vi } from "vitest";
import { drivers, routeArgs, routeTest } from "../../tests/support/route-test";
import type * as EnvModule from "~/platform/env.server";
import { loader, sitemapXml } from "./sitemap";

// The public origin is configuration; each test starts without it (the rest
// of the environment is the real one, which the database's context reads).
const siteEnv = vi.hoisted(() => ({ SITE_URL: undefined as string | undefined }));
vi.mock("~/platform/env.server", async (importOriginal) => {
  const { env } = await importOriginal<typeof EnvModule>();
  return { env: Object.assign(siteEnv, { ...env, SITE_URL: undefined }) };
});
afterEach(() => {
  siteEnv.SITE_URL = undefined;
});

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc ?? "");
}

const test = routeTest.extend(
  "sitemap",
  ({ context }) =>
    (url: string) =>
      loader(routeArgs(new Request(url), { context })),
);

describe.each(drivers)("GET /sitemap.xml on %s", (driver) => {
  test.override({ driver });

  test("is XML that a CDN may cache for an hour", async ({ sitemap }) => {
    const response = await sitemap("https://pub.example/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  test("lists the public pages, then each event not yet over, as absolute URLs", async ({
    db,
    sitemap,
  }) => {
    const xml = await (await sitemap("https://pub.example/sitemap.xml")).text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml.trimEnd()).toMatch(/<\/urlset>$/);
    const upcoming = await db.query<{ slug: string }>(
      `select slug from public.events
       where published and coalesce(ends_at, starts_at + interval '3 hours') > now()
       order by starts_at, id`,
    );
    expect(upcoming.length).toBeGreaterThan(0);
    expect(locations(xml)).toEqual([
      "https://pub.example/",
      "https://pub.example/menu",
      "https://pub.example/about",
      "https://pub.example/venue",
      "https://pub.example/contact",
      "https://pub.example/events",
      "https://pub.example/newsletter",
      "https://pub.example/accessibility",
      ...upcoming.map(({ slug }) => `https://pub.example/events/${slug}`),
    ]);
  });

  test("leaves out past and hidden events", async ({ db, sitemap }) => {
    const xml = await (await sitemap("https://pub.example/sitemap.xml")).text();
    const left = await db.query<{ slug: string }>(
      `select slug from public.events
       where not published or coalesce(ends_at, starts_at + interval '3 hours') <= now()`,
    );
    expect(left.map(({ slug }) => slug)).toEqual(
      expect.arrayContaining([
        "celtic-session-with-the-hedgerow-fiddlers",
        "whisky-tasting-evening",
      ]),
    );
    for (const { slug } of left) expect(xml).not.toContain(`/events/${slug}<`);
  });

  test("gives each page the time the content last changed, and a change moves it", async ({
    db,
    sitemap,
  }) => {
    const lastmods = async () =>
      [
        ...(await (await sitemap("https://pub.example/sitemap.xml")).text()).matchAll(
          /<lastmod>([^<]*)<\/lastmod>/g,
        ),
      ].map(([, lastmod]) => lastmod);
    const [{ changedAt }] = (await db.query<{ changedAt: string }>(
      `select to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "changedAt"
       from public.content_revision`,
    )) as [{ changedAt: string }];
    const before = await lastmods();
    expect(before.length).toBe(
      locations(await (await sitemap("https://pub.example/sitemap.xml")).text()).length,
    );
    expect(new Set(before)).toEqual(new Set([changedAt]));
    expect(changedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    // A change to the content moves the revision and its time; the sitemap follows.
    await db.query(
      "update public.content_revision set changed_at = changed_at - interval '1 day', revision = revision + 1",
    );
    await vi.waitFor(async () => {
      const after = await lastmods();
      expect(after[0]).not.toBe(changedAt);
      expect(Date.parse(after[0]!)).toBe(Date.parse(changedAt) - 24 * 60 * 60 * 1000);
      // A ceiling: the content's revision is checked once a second.
    }, 15_000);
  });

  test("uses SITE_URL, when set, instead of the request's origin", async ({ sitemap }) => {
    siteEnv.SITE_URL = "https://www.pub.example";
    const xml = await (await sitemap("http://10.0.0.5:3000/sitemap.xml")).text();
    expect(locations(xml)[1]).toBe("https://www.pub.example/menu");
    expect(locations(xml).at(-1)).toMatch(/^https:\/\/www\.pub\.example\/events\/[a-z0-9-]+$/);
  });
});

test("sitemapXml escapes XML in URLs", () => {
  expect(sitemapXml("https://pub.example", ["/menu?diet=vegan&q=burger"])).toContain(
    "<loc>https://pub.example/menu?diet=vegan&amp;q=burger</loc>",
  );
});
