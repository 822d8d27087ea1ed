import { afterEach, describe, expect, test, vi } from "vitest";
import { routeArgs } from "../../tests/support/route-args";
import { loader, sitemapXml } from "./sitemap";

// The public origin is configuration; each test starts without it.
const siteEnv = vi.hoisted(() => ({ SITE_URL: undefined as string | undefined }));
vi.mock("~/platform/env.server", () => ({ env: siteEnv }));
afterEach(() => {
  siteEnv.SITE_URL = undefined;
});

function get(url: string) {
  return loader(routeArgs(new Request(url)));
}

function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc ?? "");
}

describe("GET /sitemap.xml", () => {
  test("is XML that a CDN may cache for an hour", () => {
    const response = get("https://pub.example/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  test("lists the public pages as absolute URLs on the request's origin", async () => {
    const xml = await get("https://pub.example/sitemap.xml").text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml.trimEnd()).toMatch(/<\/urlset>$/);
    expect(locations(xml)).toEqual([
      "https://pub.example/",
      "https://pub.example/menu",
      "https://pub.example/about",
      "https://pub.example/venue",
      "https://pub.example/contact",
      "https://pub.example/accessibility",
    ]);
  });

  test("uses SITE_URL, when set, instead of the request's origin", async () => {
    siteEnv.SITE_URL = "https://www.pub.example";
    const xml = await get("http://10.0.0.5:3000/sitemap.xml").text();
    expect(locations(xml)[1]).toBe("https://www.pub.example/menu");
  });
});

test("sitemapXml escapes XML in URLs", () => {
  expect(sitemapXml("https://pub.example", ["/menu?diet=vegan&q=burger"])).toContain(
    "<loc>https://pub.example/menu?diet=vegan&amp;q=burger</loc>",
  );
});
