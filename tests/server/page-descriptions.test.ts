import { afterAll, beforeAll, expect, test } from "vitest";
import { SEARCH_DESCRIPTION_MAX } from "~/events/event-description";
import { openBuiltApp, type BuiltApp, type ClientAddress } from "../support/built-server";
import { PUBLIC_PAGES } from "../support/public-pages";

/**
 * What a search result shows of each public page: a description long enough
 * to say what the page holds (70 characters) and short enough not to be cut
 * (about 160), for the sample content as the site ships it.
 */
const SEARCH_DESCRIPTION_MIN = 70;

const client: ClientAddress = { address: "203.0.113.9", family: "IPv4", port: 50000 };
let app: BuiltApp;

beforeAll(async () => {
  app = await openBuiltApp();
});
afterAll(async () => {
  await app?.[Symbol.asyncDispose]();
});

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
  const response = await app.handle(new Request(new URL(path, "http://localhost")), client);
  expect(response.status).toBe(200);
  const html = await response.text();
  const descriptions = [...html.matchAll(/<meta name="description" content="([^"]*)"/g)];
  expect(descriptions, "one description").toHaveLength(1);
  const description = decoded(descriptions[0]![1]!);
  expect(description.length, description).toBeGreaterThanOrEqual(SEARCH_DESCRIPTION_MIN);
  expect(description.length, description).toBeLessThanOrEqual(SEARCH_DESCRIPTION_MAX);
});
