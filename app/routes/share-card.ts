import { cacheControl, ifNoneMatch } from "~/platform/cache-control";
import { siteContent } from "~/site/site-content.server";
import { SHARE_CARD, shareCardPath, shareCardVersion } from "~/site/share-card";
import { renderShareCard } from "~/site/share-card.server";
import type { RouteHandle } from "~/platform/route-needs";
import type { Route } from "./+types/share-card";

/**
 * The share card, `/share-card.jpg?v=<fingerprint>`, as every public page's
 * og:image and twitter:image name it: the pub's name and tagline from the
 * settings, drawn once per fingerprint and kept in memory. The address with
 * the current fingerprint is kept for a year (a new name is a new address);
 * an older one is sent to the current; without one the card is served, to be
 * checked again each time (ETag).
 */

/**
 * The card reads its own query (`v`, and refuses any other key) and keeps its
 * own drawings, so the page cache, which keeps no picture, leaves it as it comes.
 */
export const handle = { transport: { neverCached: true } } satisfies RouteHandle;

const VERSION_PATTERN = /^[0-9a-f]{8}$/;

/** The cards drawn, by fingerprint: the current one, and the one before while pages move on. */
const drawn = new Map<string, Promise<Buffer>>();

function cardFor(version: string, text: { name: string; tagline: string }): Promise<Buffer> {
  let card = drawn.get(version);
  if (!card) {
    card = renderShareCard(text);
    drawn.set(version, card);
    card.catch(() => drawn.delete(version));
    for (const kept of drawn.keys()) if (drawn.size > 2 && kept !== version) drawn.delete(kept);
  }
  return card;
}

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": cacheControl.noStore,
      ...headers,
    },
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const asked = searchParams.getAll("v");
  if (
    [...searchParams.keys()].some((key) => key !== "v") ||
    asked.length > 1 ||
    (asked[0] !== undefined && !VERSION_PATTERN.test(asked[0]))
  ) {
    return plain(400, "The share card's address takes only v, eight hex digits, as pages link it.");
  }
  const settings = await siteContent(context).settings();
  const version = shareCardVersion(settings);
  if (asked[0] !== undefined && asked[0] !== version) {
    // An older card's address: the name or tagline has changed since.
    return new Response(null, {
      status: 302,
      headers: { Location: shareCardPath(settings), "Cache-Control": cacheControl.noStore },
    });
  }
  const etag = `"share-card-${version}"`;
  const headers = {
    ETag: etag,
    "Cache-Control": asked[0] === undefined ? "public, no-cache" : cacheControl.immutable,
  };
  if (ifNoneMatch(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const card = await cardFor(version, settings);
  return new Response(new Uint8Array(card), {
    headers: {
      ...headers,
      "Content-Type": SHARE_CARD.type,
      "Content-Length": String(card.length),
    },
  });
}
