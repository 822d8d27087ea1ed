import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { CONFIRM_TOKEN, UNSUBSCRIBE_TOKEN } from "./newsletter-words";

/**
 * The newsletter's links. A confirmation link carries a random token, of
 * which only a digest is stored. An unsubscribe link carries the
 * subscriber's number signed with a key of the server's own, so every mail
 * to them can carry it and nothing secret is stored with the subscriber.
 */

/** The name of the server's key that signs unsubscribe links (`serverSecret`). */
export const UNSUBSCRIBE_KEY = "newsletter-unsubscribe";

/** A new confirmation token and the digest to store. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: confirmTokenHash(token) };
}

/** The stored digest of a confirmation token, or null when it is not one. */
export function confirmTokenHashOf(token: string | null): string | null {
  return token !== null && CONFIRM_TOKEN.test(token) ? confirmTokenHash(token) : null;
}

function confirmTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function signature(key: string, id: number): string {
  return createHmac("sha256", key).update(`newsletter-unsubscribe:${id}`).digest("base64url");
}

/** The token of a subscriber's unsubscribe link. */
export function unsubscribeToken(key: string, id: number): string {
  return `${id}.${signature(key, id)}`;
}

/** The subscriber an unsubscribe token names, or null when it is garbled or not signed by `key`. */
export function subscriberOf(key: string, token: string | null): number | null {
  const parts = token === null ? null : UNSUBSCRIBE_TOKEN.exec(token);
  if (!parts) return null;
  const id = Number(parts[1]);
  if (!Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(signature(key, id));
  const given = Buffer.from(parts[2] ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
