import { afterAll, beforeAll, expect, test } from "vitest";
import { openBuiltApp, type BuiltApp, type ClientAddress } from "../support/built-server";
import { PUBLIC_PAGES } from "../support/public-pages";

/**
 * Every public page is sent whole, its parts in place: the parts that wake
 * apart (app/platform/hydrate-apart.tsx) are Suspense boundaries, which React
 * may otherwise send after the rest, hidden, for an inline script to move into
 * place, leaving them blank without JavaScript and late with it.
 */
const client: ClientAddress = { address: "203.0.113.8", family: "IPv4", port: 50000 };
let app: BuiltApp;

beforeAll(async () => {
  app = await openBuiltApp();
});
afterAll(async () => {
  await app?.[Symbol.asyncDispose]();
});

async function pageHtml(path: string): Promise<string> {
  const response = await app.handle(new Request(new URL(path, "http://localhost")), client);
  expect(response.status, path).toBe(200);
  return response.text();
}

test("every public page has its parts in place, none sent apart to be moved in by a script", async () => {
  for (const path of PUBLIC_PAGES) {
    const html = await pageHtml(path);
    // A part that wakes apart: a boundary, sent complete.
    expect(html, `${path} has parts that wake apart`).toContain("<!--$-->");
    // A part sent later: a placeholder, a hidden segment and React's script to swap them.
    expect(html, `${path} holds no placeholder`).not.toMatch(/<template id="B:/);
    expect(html, `${path} holds no hidden segment`).not.toMatch(/<div hidden id="S:/);
    expect(html, `${path} has no script moving parts in`).not.toMatch(/\$RC\(/);
  }
});
