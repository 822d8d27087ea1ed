import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { RouterContextProvider } from "react-router";
import { enquiryReceiptCookie } from "~/enquiries/enquiry-receipt.server";
import { toastCookie } from "~/platform/toast.server";
import { themeCookie } from "~/theme/theme.server";
import { cachePolicy } from "./cache-policy.server";
import { crossSiteGuard } from "./cross-site-guard.server";
import { documentSecurity } from "./document-security.server";
import { cacheControl } from "~/platform/cache-control";
import { nonceContext, pageRenderContext } from "~/platform/context";
import { PageRender } from "~/platform/page-render";
import { caught, routeArgs } from "../../../tests/support/route-args";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

const html = ({ body = "<!DOCTYPE html>", ...init }: ResponseInit & { body?: string } = {}) =>
  new Response(body, {
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

  test("allows a page shared by everyone its own scripts by hash, and takes the nonce out", async () => {
    const context = new RouterContextProvider();
    const response = (await documentSecurity(
      routeArgs(new Request("http://localhost/"), { context }),
      async () => {
        const nonce = context.get(nonceContext);
        context.get(pageRenderContext)!.sameForEveryone = true;
        return html({
          body: `<!DOCTYPE html><script nonce="${nonce}">one()</script><script nonce="${nonce}" type="module">import "/a.js";</script>`,
        });
      },
    )) as Response;
    const body = await response.text();
    expect(body).toBe(
      '<!DOCTYPE html><script>one()</script><script type="module">import "/a.js";</script>',
    );
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    const scriptSources = response.headers
      .get("Content-Security-Policy")!
      .split(";")
      .find((directive) => directive.trim().startsWith("script-src"));
    expect(scriptSources?.trim().split(/\s+/)).toEqual([
      "script-src",
      "'self'",
      `'sha256-${sha256("one()")}'`,
      `'sha256-${sha256('import "/a.js";')}'`,
      "'strict-dynamic'",
    ]);
  });

  test("gives a form kept with holes a nonce mark, filled in for each response", async () => {
    const context = new RouterContextProvider();
    const render = new PageRender({ withHoles: true });
    context.set(pageRenderContext, render);
    const response = (await documentSecurity(
      routeArgs(new Request("http://localhost/contact"), { context }),
      async () => {
        render.declarePerVisitorValuesOnly();
        render.sameForEveryone = true;
        return html({ body: `<script nonce="${context.get(nonceContext)}">one()</script>` });
      },
    )) as Response;
    const [hole] = render.holes;
    expect(context.get(nonceContext)).toBe(hole?.mark);
    expect(await response.text()).toBe(`<script nonce="${hole?.mark}">one()</script>`);
    expect(response.headers.get("Content-Security-Policy")).toContain(`'nonce-${hole?.mark}'`);
    expect(hole?.fill()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
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
  const cookies = {
    personal: [toastCookie.name, enquiryReceiptCookie.name],
    variants: [themeCookie.name],
  };
  const run = (request: Request, response: Response, context = new RouterContextProvider()) =>
    cachePolicy(cookies)(
      routeArgs(request, { context }),
      async () => response,
    ) as Promise<Response>;

  /** Whether the policy marked the response the same for every visitor. */
  async function markedShared(request: Request, response: Response) {
    const context = new RouterContextProvider();
    const render = new PageRender();
    context.set(pageRenderContext, render);
    await run(request, response, context);
    return render.sameForEveryone;
  }

  test("marks a public page the same for everyone, in any theme", async () => {
    const page = () => html({ headers: { "Cache-Control": cacheControl.publicPage } });
    expect(await markedShared(new Request("http://localhost/menu"), page())).toBe(true);
    const dark = new Request("http://localhost/", { headers: { Cookie: "theme=ImRhcmsi" } });
    expect(await markedShared(dark, page())).toBe(true);
  });

  const publicPage = { "Cache-Control": cacheControl.publicPage };
  test.each([
    ["a page with a toast", { Cookie: "toast=abc" }, publicPage],
    ["a page after an enquiry", { Cookie: "enquiry-receipt=abc" }, publicPage],
    ["a response setting a cookie", {}, { ...publicPage, "Set-Cookie": "toast=; Max-Age=0" }],
    ["a private page", {}, { "Cache-Control": cacheControl.noStore }],
    ["a page that said nothing", {}, {}],
  ])("never marks %s the same for everyone", async (_, requestHeaders, responseHeaders) => {
    const request = new Request("http://localhost/", { headers: requestHeaders });
    expect(await markedShared(request, html({ headers: responseHeaders }))).toBe(false);
  });

  test("marks a private page the same for everyone when it says only its fresh values differ", async () => {
    const context = new RouterContextProvider();
    const render = new PageRender({ withHoles: true });
    render.declarePerVisitorValuesOnly();
    context.set(pageRenderContext, render);
    const form = html({ headers: { "Cache-Control": cacheControl.noStore } });
    await run(new Request("http://localhost/contact"), form, context);
    expect(render.sameForEveryone).toBe(true);
  });

  test("never marks an error the same for everyone", async () => {
    const request = new Request("http://localhost/");
    const notFound = html({ status: 404, headers: { "Cache-Control": cacheControl.publicPage } });
    expect(await markedShared(request, notFound)).toBe(false);
  });

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

  test("without SITE_URL, keeps responses with the site's links out of shared caches", async () => {
    const policyOf = async (path: string, type: string) => {
      const response = (await cachePolicy(cookies, { linksFollowHost: true })(
        routeArgs(new Request(`http://localhost${path}`)),
        async () =>
          new Response("", {
            headers: { "Content-Type": type, "Cache-Control": cacheControl.publicPage },
          }),
      )) as Response;
      return response.headers.get("Cache-Control");
    };
    expect(await policyOf("/menu", "text/html; charset=utf-8")).toBe(cacheControl.privatePage);
    expect(await policyOf("/sitemap.xml", "application/xml")).toBe(cacheControl.privatePage);
    expect(await policyOf("/img/a.svg", "image/svg+xml")).toBe(cacheControl.publicPage);
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
