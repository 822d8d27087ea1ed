import { cacheControl, ifNoneMatch } from "./cache-control";
import { CARD } from "./cards";

/**
 * How a drawn card (the site's share card, an event's) is served. Its
 * address carries the fingerprint of what it shows (`?v=`, eight hex
 * digits): the current one is kept for a year; an older one is sent to the
 * current (302); without one the card is served, to be checked again each
 * time (ETag). Any other query is a 400 in plain words, so a stranger cannot
 * make it draw anything but the current card. Cards are drawn once per
 * fingerprint, one at a time (a burst of new cards waits its turn rather
 * than taking every core), and the last `keep` are held in memory.
 */

const VERSION_PATTERN = /^[0-9a-f]{8}$/;

export type CardRequest = {
  request: Request;
  /** The current card's fingerprint. */
  version: string;
  /** The current card's address, with its fingerprint. */
  path: string;
  /** Draws the current card (called once per fingerprint while it is kept). */
  draw: () => Promise<Buffer>;
};

/** A card's refusal in plain words, never kept. */
export function plainAnswer(
  status: number,
  text: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(text, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": cacheControl.noStore,
      ...headers,
    },
  });
}

/**
 * A server of one kind of card: `what` names it in a refusal ("The share
 * card's"); `tag` starts its ETags; `keep` cards are held at most.
 */
export function cardServer({ what, tag, keep }: { what: string; tag: string; keep: number }) {
  /** The cards drawn, by fingerprint, the most recently served last. */
  const drawn = new Map<string, Promise<Buffer>>();
  /** The last draw asked for: the next waits for it. */
  let turn: Promise<unknown> = Promise.resolve();

  function cardFor(version: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    let card = drawn.get(version);
    if (card) drawn.delete(version);
    else {
      card = turn.then(draw);
      turn = card.catch(() => undefined);
      card.catch(() => drawn.delete(version));
    }
    drawn.set(version, card);
    for (const kept of drawn.keys()) if (drawn.size > keep) drawn.delete(kept);
    return card;
  }

  /** Whether the request's query is one the card takes: a 400 when it is not. */
  function refused(request: Request): Response | null {
    const { searchParams } = new URL(request.url);
    const asked = searchParams.getAll("v");
    return [...searchParams.keys()].some((key) => key !== "v") ||
      asked.length > 1 ||
      (asked[0] !== undefined && !VERSION_PATTERN.test(asked[0]))
      ? plainAnswer(400, `${what} address takes only v, eight hex digits, as pages link it.`)
      : null;
  }

  async function serve({ request, version, path, draw }: CardRequest): Promise<Response> {
    const bad = refused(request);
    if (bad) return bad;
    const asked = new URL(request.url).searchParams.get("v");
    if (asked !== null && asked !== version) {
      // An older card's address: what it shows has changed since.
      return new Response(null, {
        status: 302,
        headers: { Location: path, "Cache-Control": cacheControl.noStore },
      });
    }
    const etag = `"${tag}-${version}"`;
    const headers = {
      ETag: etag,
      "Cache-Control": asked === null ? "public, no-cache" : cacheControl.immutable,
    };
    if (ifNoneMatch(request.headers.get("If-None-Match"), etag)) {
      return new Response(null, { status: 304, headers });
    }
    const card = await cardFor(version, draw);
    return new Response(new Uint8Array(card), {
      headers: {
        ...headers,
        "Content-Type": CARD.type,
        "Content-Length": String(card.length),
      },
    });
  }

  return { refused, serve };
}
