import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loader } from "./manifest";
import { site } from "~/site/site";

const publicDir = path.resolve(import.meta.dirname, "../../public");

async function fetchManifest() {
  const response = loader();
  return { response, body: await response.json() };
}

describe("GET /manifest.webmanifest", () => {
  test("is served as a web app manifest", async () => {
    const { response } = await fetchManifest();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json");
  });

  test("may be cached for an hour, like other unversioned public files", async () => {
    const { response } = await fetchManifest();
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  test("names the pub and opens the home page as a standalone app", async () => {
    const { body } = await fetchManifest();
    expect(body).toMatchObject({
      name: site.name,
      short_name: site.shortName,
      description: site.description,
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

  test("offers regular, maskable and scalable icons", async () => {
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

  test("points only at icon files that exist in public/", async () => {
    const { body } = await fetchManifest();
    const missing = (body.icons as Array<{ src: string }>)
      .map((icon) => icon.src)
      .filter((src) => !existsSync(path.join(publicDir, src)));
    expect(missing).toEqual([]);
  });
});
