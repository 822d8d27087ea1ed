import type { MiddlewareFunction } from "react-router";
import { cacheControl } from "~/platform/cache-control";
import { pageRenderContext } from "~/platform/context";

/** The cookies a page is rendered for. */
export type VisitorCookies = {
  /** One visitor's own (a toast, a receipt): a page rendered for them is theirs alone. */
  personal: readonly string[];
  /**
   * A choice among a few (the theme): the page differs by its value, so shared
   * caches, which cannot tell the values apart, may not keep it; the server's
   * page cache keeps one copy per value.
   */
  variants: readonly string[];
};

export function carriesCookie(request: Request, names: readonly string[]): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return header.split(";").some((pair) => names.includes(pair.split("=", 1)[0]?.trim() ?? ""));
}

/** Pages are rendered for the visitor's cookies; images, feeds and files are not. */
function isDocument(response: Response): boolean {
  return response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
}

/** Images hold no links; pages, feeds, the sitemap and the manifest may. */
function isImage(response: Response): boolean {
  return response.headers.get("Content-Type")?.startsWith("image/") ?? false;
}

/** Whether a Cache-Control value lets shared caches keep the response. */
function isShareable(policy: string): boolean {
  const directives = policy.split(",").map((part) => part.split("=", 1)[0]?.trim().toLowerCase());
  return (
    directives.includes("public") &&
    !directives.some((name) => name === "private" || name === "no-store" || name === "no-cache")
  );
}

/**
 * The last word on Cache-Control. Routes say how long their content may be
 * shared; a response that sets a cookie, a page rendered for a visitor's
 * cookies, or an error is made `private, no-store` whatever the route said,
 * and a route that said nothing gets the safe default. A shareable answer
 * that is not one visitor's own, or one whose only per-visitor parts are
 * values made afresh for each response (a form's token), is marked the same
 * for everyone, so the server's page cache may keep it.
 */
export const cachePolicy =
  (
    { personal, variants }: VisitorCookies,
    {
      linksFollowHost = false,
    }: {
      /**
       * Without SITE_URL, the site's own absolute links (canonical, Open
       * Graph, the sitemap) are made from the request's Host, which anyone
       * can send: a shared cache must not keep such a response for others.
       */
      linksFollowHost?: boolean;
    } = {},
  ): MiddlewareFunction<Response> =>
  async ({ request, context }, next) => {
    const response = await next();
    const document = isDocument(response);
    const stated = response.headers.get("Cache-Control");
    const refused = response.headers.has("Set-Cookie") || response.status >= 400 || !stated;
    const personalCookie = carriesCookie(request, personal);
    const policy =
      refused || (document && (personalCookie || carriesCookie(request, variants)))
        ? cacheControl.noStore
        : linksFollowHost && isShareable(stated) && !isImage(response)
          ? cacheControl.privatePage
          : stated;
    response.headers.set("Cache-Control", policy);
    if (document && !policy.includes("no-store")) response.headers.append("Vary", "Cookie");
    const render = context.get(pageRenderContext);
    if (
      render &&
      !refused &&
      !personalCookie &&
      response.status === 200 &&
      (isShareable(stated) || render.declaredPerVisitorValuesOnly)
    ) {
      render.sameForEveryone = true;
    }
    return response;
  };
