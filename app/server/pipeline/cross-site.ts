/** Methods that change nothing, which any site may send. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request that may change something came from another site's page.
 * Browsers send Sec-Fetch-Site (and Origin) on posts; older ones only Origin.
 * A request with neither did not come from a browser page and carries no
 * ambient credentials worth forging.
 */
export function isCrossSitePost(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  return origin !== new URL(request.url).origin;
}

/** The answer to a cross-site post. */
export function crossSiteRefusal(): Response {
  return new Response("Cross-site form submissions are not accepted.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
