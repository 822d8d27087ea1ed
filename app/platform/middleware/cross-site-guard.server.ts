import type { MiddlewareFunction } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses form posts from other sites. React Router checks the Origin of
 * actions on page routes, but not on resource routes such as /theme; this
 * covers every route. Browsers send Sec-Fetch-Site (and Origin) on posts;
 * a request with neither did not come from a browser page and carries no
 * ambient credentials worth forging.
 */
export const crossSiteGuard: MiddlewareFunction<Response> = ({ request }) => {
  if (SAFE_METHODS.has(request.method)) return;
  if (isCrossSite(request)) {
    throw new Response("Cross-site form submissions are not accepted.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
};

function isCrossSite(request: Request): boolean {
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return origin !== new URL(request.url).origin;
}
