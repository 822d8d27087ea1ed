/**
 * The cards a shared link shows in chats and feeds (the site's share card, an
 * event's): their size and type, and the fingerprint their addresses carry.
 * Safe for the browser: pages' meta functions build the addresses.
 */

/** A card: a 1200 × 630 JPEG. */
export const CARD = { width: 1200, height: 630, type: "image/jpeg" } as const;

/** FNV-1a over the text's UTF-16 units: eight hex digits, the same on server and browser. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
