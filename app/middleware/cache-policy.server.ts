import type { MiddlewareFunction } from "react-router";
import { cacheControl } from "~/lib/cache-control";
import { enquiryReceiptCookie } from "~/lib/enquiry-receipt.server";
import { themeCookie } from "~/lib/theme.server";
import { toastCookie } from "~/lib/toast.server";

/** Cookies that change what a page shows; a request carrying one gets a personal page. */
const PERSONAL_COOKIES = [themeCookie.name, toastCookie.name, enquiryReceiptCookie.name];

function carriesPersonalCookie(request: Request): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return header
    .split(";")
    .some((pair) => PERSONAL_COOKIES.includes(pair.split("=", 1)[0]?.trim() ?? ""));
}

/** Pages are rendered for the visitor's cookies; images, feeds and files are not. */
function isDocument(response: Response): boolean {
  return response.headers.get("Content-Type")?.startsWith("text/html") ?? false;
}

/**
 * The last word on Cache-Control. Routes say how long their content may be
 * shared; a response that sets a cookie, a page rendered for a visitor's own
 * cookies, or an error is made `private, no-store` whatever the route said,
 * and a route that said nothing gets the safe default.
 */
export const cachePolicy: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const document = isDocument(response);
  const personal =
    response.headers.has("Set-Cookie") || (document && carriesPersonalCookie(request));
  const stated = response.headers.get("Cache-Control");
  const policy = personal || response.status >= 400 || !stated ? cacheControl.noStore : stated;
  response.headers.set("Cache-Control", policy);
  if (document && !policy.includes("no-store")) response.headers.append("Vary", "Cookie");
  return response;
};
