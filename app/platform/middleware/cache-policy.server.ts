import type { MiddlewareFunction } from "react-router";
import { cacheControl } from "~/platform/cache-control";

function carriesCookie(request: Request, names: readonly string[]): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return header.split(";").some((pair) => names.includes(pair.split("=", 1)[0]?.trim() ?? ""));
}

/** Pages are rendered for the visitor's cookies; images, feeds and files are not. */
function isDocument(response: Response): boolean {
  return response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
}

/**
 * The last word on Cache-Control. Routes say how long their content may be
 * shared; a response that sets a cookie, a page rendered for a visitor's own
 * cookies (`personalCookies`: the ones that change what a page shows), or an
 * error is made `private, no-store` whatever the route said, and a route that
 * said nothing gets the safe default.
 */
export const cachePolicy =
  (personalCookies: readonly string[]): MiddlewareFunction<Response> =>
  async ({ request }, next) => {
    const response = await next();
    const document = isDocument(response);
    const personal =
      response.headers.has("Set-Cookie") || (document && carriesCookie(request, personalCookies));
    const stated = response.headers.get("Cache-Control");
    const policy = personal || response.status >= 400 || !stated ? cacheControl.noStore : stated;
    response.headers.set("Cache-Control", policy);
    if (document && !policy.includes("no-store")) response.headers.append("Vary", "Cookie");
    return response;
  };
