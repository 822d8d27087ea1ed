import { randomBytes } from "node:crypto";
import { env } from "~/platform/env.server";
import type { PageNotes } from "~/platform/context";
import { inlineScriptHashes } from "~/platform/script-hashes.server";
import { contentSecurityPolicy, isHttps, type CspOptions } from "~/platform/security-headers";
import { TURNSTILE_ORIGIN } from "~/platform/turnstile";
import { isDocument } from "./sharing";

/**
 * A fresh nonce for this response (entry.server puts it on every script it
 * renders), or, in a page the server keeps with holes, the mark filled in
 * with one for each response.
 */
export function scriptNonce(notes: PageNotes): string {
  return notes.freshEachTime(() => randomBytes(16).toString("base64"));
}

/**
 * Sends a document the Content-Security-Policy for its scripts.
 *
 * A document the same for every visitor is served to many, where a nonce
 * would be one secret shared by all: its nonce is taken out again and the
 * policy lists the hash of each inline script instead, so it allows exactly
 * the scripts this document holds. That means reading the whole document
 * first; the page cache keeps it whole anyway. A page kept with holes (a
 * form) keeps its nonce, filled in afresh for each response; so does every
 * page under the development server, whose hot-reload scripts are loaded
 * from the page and could not be hashed.
 */
export async function secureDocument(
  request: Request,
  response: Response,
  {
    nonce,
    sameForEveryone,
    perVisitorValuesOnly,
  }: { nonce: string; sameForEveryone: boolean; perVisitorValuesOnly: boolean },
): Promise<Response> {
  if (!isDocument(response)) return response;
  const policy = (scripts: CspOptions["scripts"]) =>
    contentSecurityPolicy({
      scripts,
      https: isHttps(request),
      development: env.NODE_ENV === "development",
      turnstileOrigin: env.TURNSTILE_SITE_KEY ? TURNSTILE_ORIGIN : undefined,
    });
  if (
    !sameForEveryone ||
    perVisitorValuesOnly ||
    !response.body ||
    env.NODE_ENV === "development"
  ) {
    response.headers.set("Content-Security-Policy", policy({ nonce }));
    return response;
  }
  const html = (await response.text()).replaceAll(` nonce="${nonce}"`, "");
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", policy({ hashes: inlineScriptHashes(html) }));
  headers.set("Content-Length", String(Buffer.byteLength(html)));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
