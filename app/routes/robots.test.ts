import { afterEach, describe, expect, test, vi } from "vitest";
import { routeArgs } from "../../tests/support/route-args";
import { loader } from "./robots";

// The public origin is configuration; each test starts without it.
const siteEnv = vi.hoisted(() => ({ SITE_URL: undefined as string | undefined }));
vi.mock("~/platform/env.server", () => ({ env: siteEnv }));
afterEach(() => {
  siteEnv.SITE_URL = undefined;
});

function get(url: string) {
  return loader(routeArgs(new Request(url)));
}

describe("GET /robots.txt", () => {
  test("is plain text that a CDN may cache for an hour", () => {
    const response = get("https://pub.example/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  test("lets every crawler in except on the routes that are not content and the staff area", async () => {
    const lines = (await get("https://pub.example/robots.txt").text()).split("\n");
    expect(lines.slice(0, 7)).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /theme",
      "Disallow: /build-info",
      "Disallow: /healthz",
      "Disallow: /live",
      "Disallow: /staff",
    ]);
  });

  test("points to the sitemap on the request's origin", async () => {
    const text = await get("https://pub.example/robots.txt").text();
    expect(text).toContain("\nSitemap: https://pub.example/sitemap.xml\n");
  });

  test("uses SITE_URL, when set, instead of the request's origin", async () => {
    siteEnv.SITE_URL = "https://www.pub.example";
    const text = await get("http://10.0.0.5:3000/robots.txt").text();
    expect(text).toContain("\nSitemap: https://www.pub.example/sitemap.xml\n");
  });
});
