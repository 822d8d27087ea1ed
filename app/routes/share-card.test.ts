import type { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { routeArgs } from "../../tests/support/route-args";
import {
  contextWithDatabase,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { shareCardVersion } from "~/site/share-card";
import { loader } from "./share-card";

describe.each(drivers)("GET /share-card.jpg on %s", (driver) => {
  let db: TestDatabase;
  let context: RouterContextProvider;
  let version: string;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    context = contextWithDatabase(db);
    const [settings] = await db.query<{ name: string; tagline: string }>(
      "select name, tagline from public.site_settings",
    );
    version = shareCardVersion(settings!);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  function get(path: string, headers: Record<string, string> = {}) {
    return loader(
      routeArgs(new Request(`https://pub.example${path}`, { headers }), { context }),
    ) as Promise<Response>;
  }

  test("is a 1200 × 630 JPEG, kept for a year at the address of its words", async () => {
    const response = await get(`/share-card.jpg?v=${version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("ETag")).toBe(`"share-card-${version}"`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(body.length);
    const { format, width, height } = await sharp(body).metadata();
    expect({ format, width, height }).toEqual({ format: "jpeg", width: 1200, height: 630 });
    expect(body.length).toBeLessThan(200_000);
  });

  test("without a fingerprint it is served to be checked again, and a match is a 304", async () => {
    const response = await get("/share-card.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
    const etag = response.headers.get("ETag")!;
    const again = await get("/share-card.jpg", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  test.each([
    ["a fingerprint that is not eight hex digits", "/share-card.jpg?v=abc"],
    ["markup for a fingerprint", "/share-card.jpg?v=%3Cscript%3E"],
    ["two fingerprints", `/share-card.jpg?v=00000000&v=11111111`],
    ["a size to draw it at", "/share-card.jpg?w=4000"],
  ])("%s is a 400 in plain words, kept nowhere", async (_, path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toMatch(/^The share card's address takes only v/);
  });

  test("a new name is a new card at a new address; the old address leads to it", async () => {
    const before = Buffer.from(await (await get(`/share-card.jpg?v=${version}`)).arrayBuffer());
    await db.query("update public.site_settings set name = 'The Renamed Tavern'");
    const [settings] = await db.query<{ name: string; tagline: string }>(
      "select name, tagline from public.site_settings",
    );
    const renamed = shareCardVersion(settings!);
    expect(renamed).not.toBe(version);
    // The content cache notices the revision within a second or so.
    await vi.waitFor(
      async () => {
        const old = await get(`/share-card.jpg?v=${version}`);
        expect(old.status).toBe(302);
        expect(old.headers.get("Location")).toBe(`/share-card.jpg?v=${renamed}`);
      },
      { timeout: 15_000, interval: 100 },
    );
    const after = Buffer.from(await (await get(`/share-card.jpg?v=${renamed}`)).arrayBuffer());
    expect((await sharp(after).metadata()).width).toBe(1200);
    expect(after.equals(before)).toBe(false);
  });
});
