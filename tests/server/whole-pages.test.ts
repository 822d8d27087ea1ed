import { afterAll, beforeAll, expect, test } from "vitest";
import { openBuiltApp, type BuiltApp, type ClientAddress } from "../support/built-server";
import { PUBLIC_PAGES } from "../support/public-pages";
import { SEARCH_DESCRIPTION_MAX } from "~/events/event-words";

/**
 * Every public page is sent whole, its parts in place: the parts that wake
 * apart (app/platform/hydrate-apart.tsx) are Suspense boundaries, which React
 * may otherwise send after the rest, hidden, for an inline script to move into
 * place, leaving them blank without JavaScript and late with it.
 */
const client: ClientAddress = { address: "203.0.113.8", family: "IPv4", port: 50000 };
let app: BuiltApp;

beforeAll(async () => {
  app = await openBuiltApp();
});
afterAll(async () => {
  await app?.[Symbol.asyncDispose]();
});

async function pageHtml(path: string): Promise<string> {
  const response = await app.handle(new Request(new URL(path, "http://localhost")), client);
  expect(response.status, path).toBe(200);
  return response.text();
}

test("every public page has its parts in place, none sent apart to be moved in by a script", async () => {
  for (const path of PUBLIC_PAGES) {
    const html = await pageHtml(path);
    // A part that wakes apart: a boundary, sent complete.
    expect(html, `${path} has parts that wake apart`).toContain("<!--$-->");
    // A part sent later: a placeholder, a hidden segment and React's script to swap them.
    expect(html, `${path} holds no placeholder`).not.toMatch(/<template id="B:/);
    expect(html, `${path} holds no hidden segment`).not.toMatch(/<div hidden id="S:/);
    expect(html, `${path} has no script moving parts in`).not.toMatch(/\$RC\(/);
  }
});

/**
 * What a search result shows of each public page: a description long enough
 * to say what the page holds (70 characters) and short enough not to be cut
 * (about 160), for the sample content as the site ships it.
 */
const SEARCH_DESCRIPTION_MIN = 70;

/** The text of an attribute as the browser reads it. */
function decoded(attribute: string): string {
  return attribute
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

test.each(PUBLIC_PAGES)("%s is described in 70 to 160 characters", async (path) => {
  const html = await pageHtml(path);
  const descriptions = [...html.matchAll(/<meta name="description" content="([^"]*)"/g)];
  expect(descriptions, "one description").toHaveLength(1);
  const description = decoded(descriptions[0]![1]!);
  expect(description.length, description).toBeGreaterThanOrEqual(SEARCH_DESCRIPTION_MIN);
  expect(description.length, description).toBeLessThanOrEqual(SEARCH_DESCRIPTION_MAX);
});

/**
 * A picture's description belongs to the picture: across the public pages
 * and every event's page, each picture is described in one way wherever it
 * is shown (a thumbnail inside a labelled button may be left undescribed,
 * alt=""), and every picture shown is described somewhere.
 */
test("every picture the pages show has one description, whatever page shows it", async () => {
  const events = (await pageHtml("/events")).matchAll(/href="(\/events\/[a-z0-9-]+)"/g);
  const pages = new Set<string>([...PUBLIC_PAGES, ...[...events].map((match) => match[1]!)]);
  const described = new Map<string, Map<string, string>>();
  for (const path of pages) {
    for (const [tag] of (await pageHtml(path)).matchAll(/<img\b[^>]*>/g)) {
      const picture = /\bsrc="\/img\/([^"?]+)/.exec(tag)?.[1];
      const alt = /\balt="([^"]*)"/.exec(tag)?.[1];
      if (!picture || alt === undefined) continue;
      const seen = described.get(picture) ?? new Map<string, string>();
      seen.set(decoded(alt), path);
      described.set(picture, seen);
    }
  }
  expect(described.size, "pictures shown").toBeGreaterThanOrEqual(20);
  for (const [picture, seen] of described) {
    const words = [...seen].filter(([alt]) => alt !== "");
    expect(words.length, `${picture}: ${JSON.stringify(Object.fromEntries(seen))}`).toBe(1);
  }
});

/** The JSON-LD blocks of a page, parsed. */
async function structuredData(path: string): Promise<Record<string, unknown>[]> {
  const html = await pageHtml(path);
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap(
    (match) => [JSON.parse(match[1]!)].flat(),
  );
}

test("the pub's search data: a complete address, a map position to five decimals, pictures in three shapes", async () => {
  const [restaurant] = (await structuredData("/")).filter((data) => data["@type"] === "Restaurant");
  expect(restaurant).toMatchObject({
    address: {
      streetAddress: expect.stringMatching(/^\d+ \S/),
      postalCode: expect.stringMatching(/^[A-Z]\d[A-Z] \d[A-Z]\d$/),
      addressLocality: "London",
      addressRegion: "ON",
    },
  });
  const geo = restaurant!.geo as { latitude: number; longitude: number };
  for (const coordinate of [geo.latitude, geo.longitude]) {
    expect(String(coordinate).split(".")[1]?.length ?? 0).toBeGreaterThanOrEqual(5);
  }
  const images = restaurant!.image as string[];
  expect(images.map((url) => new URL(url).searchParams.get("h"))).toEqual(["675", "900", "1200"]);
});

test("an event's search data: Toronto's offset, pictures in three shapes, and an offer valid from its listing", async () => {
  const [event] = (await structuredData("/events/trivia-night")).filter(
    (data) => data["@type"] === "Event",
  );
  expect(event!.startDate).toMatch(/^\d{4}-\d\d-\d\dT19:30:00-0[45]:00$/);
  expect((event!.image as string[]).map((url) => new URL(url).searchParams.get("h"))).toEqual([
    "675",
    "900",
    "1200",
  ]);
  const offers = event!.offers as { validFrom: string; availability: string };
  expect(offers.validFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/);
  expect(offers.availability).toBe("https://schema.org/InStock");
  // The sample's changes of plan, as search engines read them.
  const [postponed] = (await structuredData("/events/live-music-lantern-hollow")).filter(
    (data) => data["@type"] === "Event",
  );
  expect(postponed).toMatchObject({
    eventStatus: "https://schema.org/EventPostponed",
    offers: { availability: "https://schema.org/OutOfStock" },
  });
  const [moved] = (await structuredData("/events/trivia-championship")).filter(
    (data) => data["@type"] === "Event",
  );
  expect(moved).toMatchObject({ eventStatus: "https://schema.org/EventRescheduled" });
  expect(moved!.previousStartDate).toMatch(/-0[45]:00$/);
});
