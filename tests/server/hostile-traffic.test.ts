import { afterAll, afterEach, describe, expect, test } from "vitest";
import {
  startServer,
  stopAllServers,
  stopServersBut,
  type RunningServer,
} from "../support/built-server";

// The built server, run as in production, against what an attacker or a
// careless client sends: what it answers, and what it writes in its log.

/**
 * A server as `npm run serve` starts it, for the tests that change nothing
 * in it: each waits for its own requests' lines of the log, and none of the
 * log may hold an error.
 */
let shared: Promise<RunningServer> | undefined;
const sharedServer = () => (shared ??= startServer());

afterEach(async () => stopServersBut(await shared));
afterAll(stopAllServers);

/** Lines the server logged at error level. */
const errorLines = (output: string) => output.split("\n").filter((line) => /^error /.test(line));

describe("a cross-site post", () => {
  test.each(["/contact", "/venue", "/theme"])(
    "to %s carrying only Origin is refused with 403, and logs no error",
    async (path) => {
      const server = await sharedServer();
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: {
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "name=Mallory&email=m%40evil.example&message=hello&theme=dark",
      });
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("Cross-site form submissions are not accepted.");
      expect(response.headers.get("Content-Security-Policy")).toBeTruthy();
      await server.waitForOutput(`POST ${path} 403`);
      expect(errorLines(server.output())).toEqual([]);
    },
  );

  test("from the site itself still goes through", async () => {
    const server = await sharedServer();
    const response = await fetch(`${server.url}/theme`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "theme=dark&redirectTo=%2F",
      redirect: "manual",
    });
    expect(response.status).toBe(303);
  });
});

describe("a request the client abandons", () => {
  test("is logged as abandoned, not as a failure of the site's", async () => {
    const server = await startServer();
    // The largest picture on the home page: its first rendering takes a while.
    const html = await (await fetch(`${server.url}/`)).text();
    const candidates = [...html.replaceAll("&amp;", "&").matchAll(/\/img\/[^\s"',]+ (\d+)w/g)];
    const [largest] = candidates
      .map(([candidate, width]) => ({ url: candidate.split(" ")[0]!, width: Number(width) }))
      .sort((a, b) => b.width - a.width);
    expect(largest).toBeDefined();
    const controller = new AbortController();
    const request = fetch(`${server.url}${largest!.url}`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(request).rejects.toThrow();
    await server.waitForOutput("abandoned by the client");
    expect(server.output()).not.toMatch(/GET \/img\/\S+ 500/);
    expect(errorLines(server.output())).toEqual([]);
  });
});

describe("the site's own links", () => {
  const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];

  test("without SITE_URL follow the request's host, so shared caches may not keep them", async () => {
    const server = await sharedServer();
    for (const path of ["/", "/menu", "/sitemap.xml"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, max-age=0");
      if (path !== "/sitemap.xml") expect(canonical(await response.text())).toContain(server.url);
    }
    // Images hold no links and stay shareable.
    const html = await (await fetch(`${server.url}/`)).text();
    const image = html.replaceAll("&amp;", "&").match(/\/img\/[^\s"',]+v=[^\s"',]+/)?.[0];
    const picture = await fetch(`${server.url}${image}`);
    expect(picture.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  test("with SITE_URL always name it, whatever Host is sent, and may be shared", async () => {
    const server = await startServer({ SITE_URL: "https://pub.example" });
    const response = await fetch(`${server.url}/menu`, { headers: { Host: "evil.example" } });
    expect(response.headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=4, stale-if-error=86400",
    );
    expect(canonical(await response.text())).toBe("https://pub.example/menu");
  });
});
