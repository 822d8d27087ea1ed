import type { MiddlewareFunction } from "react-router";
import { crossSiteRefusal, isCrossSitePost } from "~/platform/http/cross-site";

/**
 * Refuses form posts from other sites, on every route (React Router checks
 * the Origin of page actions only, and answers 400 with an error logged).
 * The production server refuses them before React Router sees them; this
 * covers the development server.
 */
export const crossSiteGuard: MiddlewareFunction<Response> = ({ request }) => {
  if (isCrossSitePost(request)) throw crossSiteRefusal();
};
