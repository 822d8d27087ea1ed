import sharp from "sharp";
import { describe, expect, vi } from "vitest";
import { drivers, routeArgs, routeTest } from "../../tests/support/route-test";
import type { Database } from "~/platform/database/database.server";
import { shareCardVersion } from "~/site/share-card";
import { loader } from "./share-card";

/** The card's version for the site's name and tagline as they are saved. */
async function savedVersion(db: Database) {
  const [settings] = await db.query<{ name: string; tagline: string }>(
    "select name, tagline from public.site_settings",
  );
  return shareCardVersion(settings!);
}

const test = routeTest
  // The seed's version, read before any test renames the site.
  .extend("version", ({ db, once }) => once("version", () => savedVersion(db)))
  .extend(
    "shareCard",
    ({ context }) =>
      (path: string, headers: Record<string, string> = {}) =>
        loader(
          routeArgs(new Request(`https://pub.example${path}`, { headers }), { context }),
        ) as Promise<Response>,
  );

describe.each(drivers)("GET /share-card.jpg on %s", (driver) => {
  test.override({ driver });

  test("is a 1200 × 630 JPEG, kept for a year at the address of its words", async ({
    shareCard,
    version,
  }) => {
    const response = await shareCard(`/share-card.jpg?v=${version}`);
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

  test("without a fingerprint it is served to be checked again, and a match is a 304", async ({
    shareCard,
  }) => {
    const response = await shareCard("/share-card.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, no-cache");
    const etag = response.headers.get("ETag")!;
    const again = await shareCard("/share-card.jpg", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  test.for([
    ["a fingerprint that is not eight hex digits", "/share-card.jpg?v=abc"],
    ["markup for a fingerprint", "/share-card.jpg?v=%3Cscript%3E"],
    ["two fingerprints", `/share-card.jpg?v=00000000&v=11111111`],
    ["a size to draw it at", "/share-card.jpg?w=4000"],
  ] as const)("%s is a 400 in plain words, kept nowhere", async ([, path], { shareCard }) => {
    const response = await shareCard(path);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toMatch(/^The share card's address takes only v/);
  });

  test("a new name is a new card at a new address; the old address leads to it", async ({
    db,
    shareCard,
    version,
  }) => {
    const before = Buffer.from(
      await (await shareCard(`/share-card.jpg?v=${version}`)).arrayBuffer(),
    );
    await db.query("update public.site_settings set name = 'The Renamed Tavern'");
    const renamed = await savedVersion(db);
    expect(renamed).not.toBe(version);
    // The content cache notices the revision within a second or so.
    await vi.waitFor(
      async () => {
        const old = await shareCard(`/share-card.jpg?v=${version}`);
        expect(old.status).toBe(302);
        expect(old.headers.get("Location")).toBe(`/share-card.jpg?v=${renamed}`);
      },
      { timeout: 15_000, interval: 100 },
    );
    const after = Buffer.from(
      await (await shareCard(`/share-card.jpg?v=${renamed}`)).arrayBuffer(),
    );
    expect((await sharp(after).metadata()).width).toBe(1200);
    expect(after.equals(before)).toBe(false);
  });
});
