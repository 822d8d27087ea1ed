import { describe, expect, test } from "vitest";
import { enquiryReceiptCookie } from "~/enquiries/enquiry-receipt.server";
import { cacheControl } from "~/platform/cache-control";
import { toastCookie } from "~/platform/toast.server";
import { themeCookie } from "~/theme/theme.server";
import { applySharing, decideSharing } from "./sharing";

const html = ({ body = "<!DOCTYPE html>", ...init }: ResponseInit & { body?: string } = {}) =>
  new Response(body, {
    ...init,
    headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers },
  });

describe("the sharing decision", () => {
  const cookies = {
    personal: [toastCookie.name, enquiryReceiptCookie.name],
    variants: [themeCookie.name],
  };
  /** The response with the decision applied to its headers. */
  const run = async (request: Request, response: Response) => {
    applySharing(response, decideSharing(request, response, cookies));
    return response;
  };

  /** Whether the decision marked the response the same for every visitor. */
  async function markedShared(request: Request, response: Response) {
    return decideSharing(request, response, cookies).sameForEveryone;
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
    const form = html({ headers: { "Cache-Control": cacheControl.noStore } });
    const decided = decideSharing(new Request("http://localhost/contact"), form, cookies, {
      perVisitorValuesOnly: true,
    });
    expect(decided.sameForEveryone).toBe(true);
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
      const response = new Response("", {
        headers: { "Content-Type": type, "Cache-Control": cacheControl.publicPage },
      });
      const request = new Request(`http://localhost${path}`);
      return decideSharing(request, response, { ...cookies, linksFollowHost: true }).cacheControl;
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
