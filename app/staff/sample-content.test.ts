import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { readWeek } from "~/hours/editor/hours-editor.server";
import { SUPABASE_DIRECTORY } from "~/platform/database/migrations.server";
import { networkOf } from "~/settings/editor/settings-editor";
import { getSiteSettings } from "~/settings/site-settings.server";
import { SAMPLE_PICTURES, SAMPLE_SETTINGS, SAMPLE_WEEK } from "./sample-content";

/**
 * The sample content a fresh install starts with: the first-run checklist's
 * copy of it is what the seed writes, and none of it points at anyone's real
 * accounts or numbers.
 */

const SEED = readFileSync(path.join(SUPABASE_DIRECTORY, "seed.sql"), "utf8");
const LINKS_MIGRATION = readFileSync(
  path.join(SUPABASE_DIRECTORY, "migrations", "20261128000053_sample_links_on_example_domains.sql"),
  "utf8",
);

/**
 * Hosts kept for examples and tests (RFC 2606 and 6761): example.com, .net
 * and .org with their subdomains, and the .example, .test, .invalid and
 * .localhost names; the site itself is reached by relative paths.
 */
function isReservedHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return (
    /(^|\.)example\.(com|net|org)$/.test(name) ||
    /(^|\.)(example|test|invalid|localhost)$/.test(name) ||
    name === "localhost"
  );
}

/** Every web address, bare `www.` host and email address in a text. */
function hostsIn(text: string): { found: string; host: string }[] {
  const urls = [...text.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>)\]]+/gi)].map(([found]) => ({
    found,
    host: new URL(found).hostname,
  }));
  const bare = [...text.matchAll(/(?<![/\w.-])www\.[a-z0-9.-]+\.[a-z]{2,}/gi)].map(([found]) => ({
    found,
    host: found,
  }));
  const emails = [...text.matchAll(/[\w.+-]+@([a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi)].map(
    ([found, host]) => ({ found, host: host! }),
  );
  return [...urls, ...bare, ...emails];
}

describe("the seed's sample content", () => {
  test("links only to domains reserved for examples, never to a real account", () => {
    const found = hostsIn(SEED);
    // The test reads what is there: the seed does have links and an email.
    expect(found.map((link) => link.found)).toEqual(
      expect.arrayContaining([
        SAMPLE_SETTINGS.email,
        ...SAMPLE_SETTINGS.socialLinks.map((l) => l.url),
      ]),
    );
    expect(found.filter((link) => !isReservedHost(link.host))).toEqual([]);
  });

  test("the test would catch a real third-party link", () => {
    const real = hostsIn(
      `'https://www.instagram.com/example', 'https://www.opentable.ca/r/a-pub', 'www.facebook.com/pub', 'bookings@squirepub.ca'`,
    );
    expect(real.filter((link) => !isReservedHost(link.host)).map((link) => link.host)).toEqual([
      "www.instagram.com",
      "www.opentable.ca",
      "www.facebook.com",
      "squirepub.ca",
    ]);
    expect(isReservedHost("instagram.example.com")).toBe(true);
    expect(isReservedHost("example.com.evil.net")).toBe(false);
    expect(isReservedHost("notexample.com")).toBe(false);
  });

  test("every phone number in it is one of the 555-01xx numbers kept for fiction", () => {
    const phones = [...SEED.matchAll(/\(?\b\d{3}\)?[-. ]\d{3}[-. ]\d{4}\b/g)].map(
      ([found]) => found,
    );
    expect(phones).toContain(SAMPLE_SETTINGS.phone);
    expect(phones.filter((phone) => !/555[-. ]01\d\d$/.test(phone))).toEqual([]);
  });

  test("its social links are named by their host, as the settings editor names them", () => {
    for (const link of SAMPLE_SETTINGS.socialLinks) {
      expect(networkOf(new URL(link.url))).toBe(link.network);
    }
  });
});

describe.each(drivers)("a database seeded on %s", (driver) => {
  test.override({ driver });

  test("holds the sample details the first-run checklist knows", async ({ db }) => {
    const settings = await getSiteSettings(db);
    const { heroImagePath, ...details } = SAMPLE_SETTINGS;
    expect(settings).toMatchObject({
      ...details,
      heroImage: { path: heroImagePath },
      // The name and the city are the pub's own, not sample details.
      name: "The Squire Pub & Grill",
      locality: "London",
    });
  });

  test("holds the sample week", async ({ db }) => {
    expect(await readWeek(db)).toEqual(SAMPLE_WEEK);
  });

  test("shows exactly the sample pictures on its dishes, events and spaces", async ({ db }) => {
    const rows = await db.query<{ path: string }>(
      `select image_path as path from public.menu_items where image_path is not null
       union select image_path from public.events where image_path is not null
       union select photo->>'path' from public.venue_spaces, jsonb_array_elements(photos) photo`,
    );
    expect(rows.map((row) => row.path).sort()).toEqual([...SAMPLE_PICTURES].sort());
  });

  test("an install that still has the old sample links to real accounts gets the reserved ones", async ({
    db,
  }) => {
    const old = JSON.stringify([
      { network: "instagram", url: "https://www.instagram.com/example" },
      { network: "facebook", url: "https://www.facebook.com/example" },
    ]);
    await db.query("update public.site_settings set social_links = $1::jsonb", [old]);
    await db.exec(LINKS_MIGRATION);
    expect((await getSiteSettings(db))?.socialLinks).toEqual(SAMPLE_SETTINGS.socialLinks);

    // Links staff chose are theirs: the migration leaves them as they are.
    const own = [{ network: "instagram", url: "https://www.instagram.com/thepub" }];
    await db.query("update public.site_settings set social_links = $1::jsonb", [
      JSON.stringify(own),
    ]);
    await db.exec(LINKS_MIGRATION);
    expect((await getSiteSettings(db))?.socialLinks).toEqual(own);
  });
});
