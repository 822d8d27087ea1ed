import { describe, expect, test } from "vitest";
import { deferHydration, deferredModules } from "./deferred-hydration";

/** The tail of a document as React Router's `<Scripts>` writes it. */
const document = `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/assets/entry.client-a.js"/><link rel="modulepreload" href="/assets/framework-b.js"/><link rel="modulepreload" href="/assets/root-c.js"/><link rel="modulepreload" href="/assets/home-d.js"/>
</head><body><main>Hello</main>
<script>window.__reactRouterContext = {"ssr":true};</script>
<script type="module" async="" nonce="abc">;
import * as route0 from "/assets/root-c.js";
import * as route1 from "/assets/home-d.js";
  window.__reactRouterManifest = {"url":"/assets/manifest-1.js"};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-a.js");</script>
<script type="application/ld+json">{"@type":"Restaurant"}</script>
</body></html>`;

describe("deferHydration", () => {
  const { html, deferred } = deferHydration(document);
  const moduleScript = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

  test("takes the preload links out of the document", () => {
    expect(deferred).toBe(true);
    expect(html).not.toContain('rel="modulepreload"');
  });

  test("keeps the script's attributes, the other scripts and the content as they were", () => {
    expect(html).toContain('<script type="module" async="" nonce="abc">');
    expect(html).toContain('<script>window.__reactRouterContext = {"ssr":true};</script>');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Restaurant"}</script>');
    expect(html).toContain("<main>Hello</main>");
  });

  test("waits for the load event before it preloads the same modules and imports the routes", () => {
    expect(moduleScript).not.toMatch(/^import /m);
    const order = [
      moduleScript.indexOf('addEventListener("load"'),
      moduleScript.indexOf('link.rel = "modulepreload"'),
      moduleScript.indexOf("for (const href of ["),
      moduleScript.indexOf(
        'const [route0, route1] = await Promise.all([import("/assets/root-c.js"), import("/assets/home-d.js")]);',
      ),
      moduleScript.indexOf("window.__reactRouterRouteModules = {"),
      moduleScript.indexOf('import("/assets/entry.client-a.js");'),
    ];
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test("runs the preloaded modules one at a time, each in a task of its own, the entry last", () => {
    const [, list = "[]", loop = ""] =
      /for \(const href of (\[[^\]]*\])\) \{([\s\S]*?)\n\}/.exec(moduleScript) ?? [];
    // The entry, which starts hydration, is left to React Router's own import at the end.
    expect(JSON.parse(list)).toEqual([
      "/assets/framework-b.js",
      "/assets/root-c.js",
      "/assets/home-d.js",
    ]);
    expect(loop).toContain("await import(href);");
    expect(loop).toContain("await new Promise((resolve) => setTimeout(resolve));");
  });

  test("names the modules it loads later, as the links did", () => {
    expect(deferredModules(html)).toEqual([
      "/assets/entry.client-a.js",
      "/assets/framework-b.js",
      "/assets/root-c.js",
      "/assets/home-d.js",
    ]);
    expect(deferredModules(document)).toEqual([]);
  });

  test("the rewritten script is valid JavaScript", () => {
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      body: string,
    ) => unknown;
    // Parsed, not run: a module's top-level await parses as an async function's body.
    expect(() => new AsyncFunction(moduleScript.replaceAll(/\bimport\(/g, "load("))).not.toThrow();
  });

  test("leaves a document without React Router's module script alone", () => {
    const plain = "<!DOCTYPE html><html><body><p>Error</p></body></html>";
    expect(deferHydration(plain)).toEqual({ html: plain, deferred: false });
  });

  test("leaves a module script of a shape it does not know alone", () => {
    const odd = document.replace(
      'import * as route1 from "/assets/home-d.js";',
      'import { default as route1 } from "/assets/home-d.js";',
    );
    expect(deferHydration(odd)).toEqual({ html: odd, deferred: false });
  });
});
