import { describe, expect, test } from "vitest";
import { RouterContextProvider } from "react-router";
import { enquiryReceiptCookie } from "~/enquiries/enquiry-receipt.server";
import { toastCookie } from "~/platform/toast.server";
import { themeCookie } from "~/theme/theme.server";
import { cachePolicy } from "./cache-policy.server";
import { crossSiteGuard } from "./cross-site-guard.server";
import { documentSecurity } from "./document-security.server";
import { cacheControl } from "~/platform/cache-control";
import { nonceContext } from "~/platform/context";
import { caught, routeArgs } from "../../../tests/support/route-args";

const html = (init: ResponseInit = {}) =>
  new Response("<!DOCTYPE html>", {
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });

describe("documentSecurity", () => {
  test("gives each request its own nonce and names it in the document's policy", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const context = new RouterContextProvider();
      const response = await documentSecurity(
        routeArgs(new Request("http://localhost/"), { context }),
        async () => {
          nonces.push(context.get(nonceContext));
          return html();
        },
      );
      const policy = (response as Response).headers.get("Content-Security-Policy");
      expect(policy).toContain(`'nonce-${nonces[i]}'`);
    }
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("leaves non-document responses to the server's fallback policy", async () => {
    const response = await documentSecurity(
      routeArgs(new Request("http://localhost/healthz")),
      async () => Response.json({ status: "ok" }),
    );
    expect((response as Response).headers.has("Content-Security-Policy")).toBe(false);
  });
});

describe("crossSiteGuard", () => {
  const post = (headers: Record<string, string>) =>
    routeArgs(new Request("http://localhost/theme", { method: "POST", headers }));

  test.each([
    ["another site's page", { "Sec-Fetch-Site": "cross-site" }],
    ["a sibling subdomain", { "Sec-Fetch-Site": "same-site" }],
    ["an old browser on another origin", { Origin: "https://evil.example" }],
  ])("refuses a post from %s with 403", async (_, headers) => {
    const thrown = await caught(() => crossSiteGuard(post(headers), async () => html()));
    expect((thrown as Response).status).toBe(403);
  });

  test.each([
    ["our own page", { "Sec-Fetch-Site": "same-origin" }],
    ["a typed-in address", { "Sec-Fetch-Site": "none" }],
    ["an old browser on our origin", { Origin: "http://localhost" }],
    ["a client that is not a browser", {}],
  ])("lets a post from %s through", async (_, headers) => {
    expect(await crossSiteGuard(post(headers), async () => html())).toBeUndefined();
  });

  test("never blocks reads", async () => {
    const read = routeArgs(
      new Request("http://localhost/", { headers: { "Sec-Fetch-Site": "cross-site" } }),
    );
    expect(await crossSiteGuard(read, async () => html())).toBeUndefined();
  });
});

describe("cachePolicy", () => {
  const PERSONAL_COOKIES = [themeCookie.name, toastCookie.name, enquiryReceiptCookie.name];
  const run = (request: Request, response: Response) =>
    cachePolicy(PERSONAL_COOKIES)(routeArgs(request), async () => response) as Promise<Response>;

  test("keeps a public page's policy and varies it on cookies", async () => {
    const response = await run(
      new Request("http://localhost/menu"),
      html({ headers: { "Cache-Control": cacheControl.publicPage } }),
    );
    expect(response.headers.get("Cache-Control")).toBe(cacheControl.publicPage);
    expect(response.headers.get("Vary")).toBe("Cookie");
  });

  test("a response that sets a cookie is private", async () => {
    const response = await run(
      new Request("http://localhost/"),
      html({
        headers: { "Cache-Control": cacheControl.publicPage, "Set-Cookie": "toast=; Max-Age=0" },
      }),
    );
    expect(response.headers.get("Cache-Control")).toBe(cacheControl.noStore);
  });

  test("a page rendered for the visitor's theme is private", async () => {
    const response = await run(
      new Request("http://localhost/", { headers: { Cookie: "other=1; theme=ImRhcmsi" } }),
      html({ headers: { "Cache-Control": cacheControl.publicPage } }),
    );
    expect(response.headers.get("Cache-Control")).toBe(cacheControl.noStore);
  });

  test("an image stays shareable for a visitor with a theme, without varying on cookies", async () => {
    const immutable = "public, max-age=31536000, immutable";
    const response = await run(
      new Request("http://localhost/img/dishes/wings.svg", {
        headers: { Cookie: "theme=ImRhcmsi" },
      }),
      new Response("", { headers: { "Content-Type": "image/webp", "Cache-Control": immutable } }),
    );
    expect(response.headers.get("Cache-Control")).toBe(immutable);
    expect(response.headers.has("Vary")).toBe(false);
  });

  test("cookies the site does not read do not make a page private", async () => {
    const response = await run(
      new Request("http://localhost/", { headers: { Cookie: "themes=1; _ga=2" } }),
      html({ headers: { "Cache-Control": cacheControl.publicPage } }),
    );
    expect(response.headers.get("Cache-Control")).toBe(cacheControl.publicPage);
  });

  test("errors and responses that said nothing are not stored", async () => {
    for (const status of [404, 500]) {
      const failed = await run(
        new Request("http://localhost/"),
        html({ status, headers: { "Cache-Control": cacheControl.publicPage } }),
      );
      expect(failed.headers.get("Cache-Control")).toBe(cacheControl.noStore);
    }
    const unstated = await run(new Request("http://localhost/"), html());
    expect(unstated.headers.get("Cache-Control")).toBe(cacheControl.noStore);
    expect(unstated.headers.has("Vary")).toBe(false);
  });
});
