import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  clientDirectory,
  openBuiltApp,
  type BuiltApp,
  type ClientAddress,
} from "../support/built-server";
import { scriptsNamedIn } from "../support/scripts-named";

/**
 * The home page's scripts against the budget `npm run lighthouse` holds it
 * to (135 KB gzipped), checked on every build: a module that drags a large
 * library (a schema validator, a client SDK) into the scripts every page
 * loads fails here, not weeks later in a Lighthouse run. Like Lighthouse, it
 * counts the live channel, which every public page loads once it is up
 * (`app/platform/live/live-updates.tsx`), as well as the scripts named in the HTML.
 */
const HOME_SCRIPT_BUDGET_BYTES = 135 * 1024;

const client: ClientAddress = { address: "203.0.113.7", family: "IPv4", port: 50000 };
let app: BuiltApp;
const handle = (request: Request) => app.handle(request, client);

beforeAll(async () => {
  app = await openBuiltApp();
});
afterAll(async () => {
  await app?.[Symbol.asyncDispose]();
});

/** The live channel's chunk, imported once the page is up. */
async function liveChannelScript(): Promise<string> {
  const assets = await readdir(path.join(clientDirectory, "assets"));
  const chunks = assets.filter((name) => /^live-channel-[\w-]+\.js$/.test(name));
  expect(chunks, "one live-channel chunk in the build").toHaveLength(1);
  return `/assets/${chunks[0]}`;
}

test("the scripts the home page loads stay within 135 KB gzipped", async () => {
  const page = await handle(new Request("http://localhost/"));
  expect(page.status).toBe(200);
  const named = scriptsNamedIn(await page.text());
  expect(named.length).toBeGreaterThan(0);
  const scripts = [...named, await liveChannelScript()];

  let total = 0;
  for (const script of scripts) {
    const response = await handle(
      new Request(new URL(script, "http://localhost"), {
        headers: { "Accept-Encoding": "gzip" },
      }),
    );
    expect(response.status, script).toBe(200);
    // The bytes on the wire: the body as sent, not decompressed.
    const sent = (await response.arrayBuffer()).byteLength;
    // An empty module (a route with no code for the browser) has nothing to compress.
    if (sent > 0) expect(response.headers.get("Content-Encoding"), script).toBe("gzip");
    total += sent;
  }
  expect(total).toBeLessThanOrEqual(HOME_SCRIPT_BUDGET_BYTES);
});

test("the first page loads none of what only the other pages share", async () => {
  const page = await handle(new Request("http://localhost/"));
  const named = scriptsNamedIn(await page.text());
  expect(named.some((script) => /\/shared-[\w-]+\.js$/.test(script))).toBe(true);
  expect(named.filter((script) => /\/other-pages-[\w-]+\.js$/.test(script))).toEqual([]);

  // The menu, which shares the page header with every page but the first, loads it.
  const menu = scriptsNamedIn(await (await handle(new Request("http://localhost/menu"))).text());
  expect(menu.filter((script) => /\/other-pages-[\w-]+\.js$/.test(script))).toHaveLength(1);
});
