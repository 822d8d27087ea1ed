import { createHash } from "node:crypto";

/** An inline script: `<script …>text</script>` without a `src` (data blocks are scripts too). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The SHA-256 hash (base64) of the text of every inline script in a document,
 * once each, in the order they appear: what a Content-Security-Policy lists
 * to let exactly those scripts run. React and React Router escape `</script`
 * inside the scripts they write, so a script's text ends at the first closing tag.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}
