import { cacheControl } from "~/platform/cache-control";
import { carriesCookie, type VisitorCookies } from "~/platform/cookies.server";

/**
 * Who may keep a response, decided once from what the route said and what
 * the request and response carry: the value the pipeline applies to the
 * response's headers and hands the page cache.
 */
export type Sharing = {
  /** The Cache-Control the response goes out with. */
  cacheControl: string;
  /** Whether shared caches must tell visitors' cookies apart (a page they may keep). */
  varyOnCookie: boolean;
  /** Whether the server may serve this response to any visitor asking for the same URL and variant. */
  sameForEveryone: boolean;
};

export type SharingRules = VisitorCookies & {
  /**
   * Without SITE_URL, the site's own absolute links (canonical, Open Graph,
   * the sitemap) are made from the request's Host, which anyone can send: a
   * shared cache must not keep such a response for others.
   */
  linksFollowHost?: boolean;
};

/** Pages are rendered for the visitor's cookies; images, feeds and files are not. */
export function isDocument(response: Response): boolean {
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
 * The last word on who may keep a response. Routes say how long their
 * content may be shared (their `headers`); a response that sets a cookie, a
 * page rendered for a visitor's cookies, or an error is made `private,
 * no-store` whatever the route said, and a route that said nothing gets the
 * safe default. A shareable answer that is not one visitor's own, or one
 * whose only per-visitor parts are values made afresh for each response (a
 * form's token: `perVisitorValuesOnly`), is the same for everyone, so the
 * server's page cache may keep it.
 */
export function decideSharing(
  request: Request,
  response: Response,
  { personal, variants, linksFollowHost = false }: SharingRules,
  { perVisitorValuesOnly = false }: { perVisitorValuesOnly?: boolean } = {},
): Sharing {
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
  return {
    cacheControl: policy,
    varyOnCookie: document && !policy.includes("no-store"),
    sameForEveryone:
      !refused &&
      !personalCookie &&
      response.status === 200 &&
      (isShareable(stated) || perVisitorValuesOnly),
  };
}

/** The response's headers as `sharing` says. */
export function applySharing(response: Response, sharing: Sharing): void {
  response.headers.set("Cache-Control", sharing.cacheControl);
  if (sharing.varyOnCookie) response.headers.append("Vary", "Cookie");
}
