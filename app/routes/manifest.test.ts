import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { routeArgs, routeTest } from "../../tests/support/route-test";
import {
  contextWithDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { loader } from "./manifest";

const publicDir = path.resolve(import.meta.dirname, "../../public");

/** The manifest and its JSON, as read from the test's database unless another is given. */
const test = routeTest.extend("fetchManifest", ({ db }) => async (database: TestDatabase = db) => {
  const request = new Request("http://localhost/manifest.webmanifest");
  const response = await loader(routeArgs(request, { context: contextWithDatabase(database) }));
  return { response, body: await response.json() };
});

describe("GET /manifest.webmanifest", () => {
  test("is served as a web app manifest", async ({ fetchManifest }) => {
    const { response } = await fetchManifest();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json");
  });

  test("may be cached for an hour, like other unversioned public files", async ({
    fetchManifest,
  }) => {
    const { response } = await fetchManifest();
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  test("names the pub and opens the home page as a standalone app", async ({ fetchManifest }) => {
    const { body } = await fetchManifest();
    expect(body).toMatchObject({
      name: "The Squire Pub & Grill",
      short_name: "The Squire",
      description: "Downtown London, Ontario's premier pub and grill",
      start_url: "/",
      scope: "/",
      display: "standalone",
      lang: "en-CA",
      dir: "ltr",
      background_color: "#000000",
      theme_color: "#000000",
      categories: ["food", "lifestyle"],
    });
  });

  test("takes the names from the site settings, the short one falling back to the name", async ({
    fetchManifest,
  }) => {
    await using edited = await openTestDatabase();
    await edited.query(
      "update public.site_settings set name = 'The Renamed Tavern', short_name = '', description = 'A new start'",
    );
    const { body } = await fetchManifest(edited);
    expect(body).toMatchObject({
      name: "The Renamed Tavern",
      short_name: "The Renamed Tavern",
      description: "A new start",
    });
    // It opens a database copy of its own, which takes as long as a hook may.
  }, 60_000);

  test("offers regular, maskable and scalable icons", async ({ fetchManifest }) => {
    const { body } = await fetchManifest();
    expect(body.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: "192x192", type: "image/png" }),
        expect.objectContaining({ sizes: "512x512", type: "image/png" }),
        expect.objectContaining({ sizes: "512x512", purpose: "maskable" }),
        expect.objectContaining({ sizes: "any", type: "image/svg+xml" }),
      ]),
    );
  });

  test("points only at icon files that exist in public/", async ({ fetchManifest }) => {
    const { body } = await fetchManifest();
    const missing = (body.icons as Array<{ src: string }>)
      .map((icon) => icon.src)
      .filter((src) => !existsSync(path.join(publicDir, src)));
    expect(missing).toEqual([]);
  });
});
