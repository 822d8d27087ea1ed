// Node runs this file directly too (from the Lighthouse script): erasable TypeScript only.
import { deferredModules } from "../../app/platform/deferred-hydration.ts";

/**
 * The paths of the scripts a page's HTML has the browser load: `<script src>`,
 * `<link rel="modulepreload">`, and the modules its deferred hydration loads
 * once the page has loaded. The manifest's other routes are not among them.
 */
export function scriptsNamedIn(html: string, origin = "http://localhost"): string[] {
  const named = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith("<script");
    if (!isScript && !/\brel="modulepreload"/.test(tag)) continue;
    const address = tag.match(isScript ? /\bsrc="([^"]+)"/ : /\bhref="([^"]+)"/)?.[1];
    if (address) named.add(new URL(address.replaceAll("&amp;", "&"), origin).pathname);
  }
  for (const address of deferredModules(html)) named.add(new URL(address, origin).pathname);
  return [...named];
}
