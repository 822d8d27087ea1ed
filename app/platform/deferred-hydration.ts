/**
 * Loads a page's scripts once the page has loaded and painted, instead of
 * while it is still arriving.
 *
 * React Router's `<Scripts>` writes `<link rel="modulepreload">` for every
 * chunk the page needs and one module script whose static imports fetch and
 * run them at once. On a phone over a slow connection those 120 KB of
 * scripts then share the line with the page's text, font and first picture,
 * and their evaluation and hydration (tens of milliseconds of a phone's main
 * thread) come before the first paint. The page works without scripts (links
 * navigate, forms post), so it can be shown first and improved after.
 *
 * This rewrites that output: the preload links go, and the module script
 * waits for the window's `load` event and the next frame, then adds the same
 * preload links and, once they have loaded, imports the route modules and
 * the entry that hydrates the page. Nothing else changes: the manifest, the
 * route modules and the hydration data are React Router's own.
 *
 * The browser runs a module and everything it imports in one task, which for
 * the whole app (over 400 KB of code) blocks a phone's main thread for longer
 * than a tap should wait. So the preloaded modules are run one at a time, in
 * the order React Router lists them (the entry's chunks, the framework's
 * first, then each route's), each in a task of its own, and the entry, which
 * starts hydration, last.
 *
 * The links are added by the script, not imported directly, for the pages
 * whose policy trusts their inline scripts by hash: under 'strict-dynamic' a
 * script added by a trusted script may load, but an `import()` of a module
 * not yet fetched from a hashed inline script is refused (a nonce would be
 * passed on; a hash cannot be). Preloaded modules are in the module map, so
 * the imports then fetch nothing.
 */

/** `<link rel="modulepreload" href="…"/>` as React renders it. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;

/** React Router's route-modules script: the one inline module script of a page. */
const ROUTE_MODULES_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;

/** A static import of a route module or one of its chunks: `import * as route0 from "…";`. */
const STATIC_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from ("[^"\n]+");$/gm;

/** A bare import (the manifest when route discovery is off): `import "…";`. */
const BARE_IMPORT = /^import ("[^"\n]+");/gm;

/** Resolves once the page has loaded and the frame after it has been painted. */
const AFTER_LOAD = `await new Promise((resolve) => {
  const later = () => requestAnimationFrame(() => setTimeout(resolve));
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
});`;

/** Preloads the modules `hrefs` (a JSON array) and resolves once each has loaded or failed. */
const preloadAll = (
  hrefs: string,
) => `await Promise.all(${hrefs}.map((href) => new Promise((resolve) => {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = href;
  link.onload = link.onerror = resolve;
  document.head.append(link);
})));`;

/** Runs the modules `hrefs` (a JSON array) one at a time, each in a task of its own. */
const runInTurn = (hrefs: string) => `for (const href of ${hrefs}) {
  await import(href);
  await new Promise((resolve) => setTimeout(resolve));
}`;

export type DeferredHydration = { html: string; deferred: boolean };

/**
 * The document with its scripts loading after `load`. A document without
 * React Router's module script (an error page rendered without scripts, say)
 * comes back unchanged, with `deferred: false`.
 */
export function deferHydration(html: string): DeferredHydration {
  const script = ROUTE_MODULES_SCRIPT.exec(html);
  if (!script) return { html, deferred: false };
  const [whole, open = "", body = "", close = ""] = script;

  const names: string[] = [];
  const specifiers: string[] = [];
  const rest = body
    .replace(STATIC_IMPORT, (_, name: string, specifier: string) => {
      names.push(name);
      specifiers.push(specifier);
      return "";
    })
    .replace(BARE_IMPORT, (_, specifier: string) => {
      specifiers.push(specifier);
      return "";
    });
  if (/^\s*import\s/m.test(rest)) {
    // A shape this rewrite does not know: leave the page as React Router made it.
    return { html, deferred: false };
  }

  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href = ""]) => href);
  const imports = specifiers.map((specifier) => `import(${specifier})`).join(", ");
  const bindings = names.length > 0 ? `const [${names.join(", ")}] = ` : "";
  // The entry, imported at the end of React Router's script, runs after the rest.
  const first = preloads.filter((href) => !rest.includes(`import(${JSON.stringify(href)})`));
  const asScript = (list: string[]) => JSON.stringify(list).replaceAll("<", "\\u003c");
  const deferredBody = [
    AFTER_LOAD,
    preloadAll(asScript(preloads)),
    runInTurn(asScript(first)),
    `${bindings}await Promise.all([${imports}]);`,
    rest.trim(),
  ].join("\n");
  const withScript = html.replace(whole, () => `${open}${deferredBody}${close}`);
  return { html: withScript.replace(MODULE_PRELOAD, ""), deferred: true };
}

/** The list `preloadAll` writes into the rewritten script. */
const DEFERRED_LIST = /await Promise\.all\((\[[^\]]*\])\.map\(\(href\) =>/;

/**
 * The modules a document rewritten by `deferHydration` loads once it has
 * loaded: what its `<link rel="modulepreload">` tags named before.
 */
export function deferredModules(html: string): string[] {
  const list = DEFERRED_LIST.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
