import type { ServerBuild } from "react-router";
import { isDataRequest, routeMatcher, routeNeeds, pagePathname } from "./route-needs";

/**
 * For a build, which route's action a post to a URL runs, as React Router
 * picks it: the deepest route with a path (the index route itself with a
 * bare `?index`), or a resource route. Null when the post reaches no action
 * (React Router answers it 405 without reading the body).
 */
export function actionRoutes(build: Pick<ServerBuild, "routes">): (url: URL) => string | null {
  const match = routeMatcher(build);
  return (url) => {
    const matches = match(pagePathname(url.pathname));
    const last = matches?.at(-1);
    if (!matches || !last) return null;
    const module = (id: string | undefined) => (id ? build.routes[id]?.module : undefined);
    const lastModule = module(last.route.id);
    const resource = !isDataRequest(url) && !lastModule?.default && !lastModule?.ErrorBoundary;
    const nakedIndex = new URLSearchParams(url.search).getAll("index").includes("");
    const target =
      resource || (last.route.index && nakedIndex)
        ? last
        : matches.filter((match, index) => index === 0 || match.route.path).at(-1);
    const id = target?.route.id;
    return id && module(id)?.action ? id : null;
  };
}

/**
 * For a build, whether a post to a URL is one to a page that takes none (no
 * action, as `actionRoutes` finds) below a layout that refuses such posts in
 * its frame (`refusesPostsInFrame`): React Router would answer it 405 from
 * the root, before any loader ran, so with neither the site's frame nor the
 * visitor's theme. The server renders the page's GET in its place, refused
 * (`refusedRequestContext`). Data requests (`.data`) are left to React
 * Router, whose client shows the error inside the page it is on.
 */
export function postsToPagesWithoutAction(
  build: Pick<ServerBuild, "routes">,
): (request: Request, url: URL) => boolean {
  const actionAt = actionRoutes(build);
  const needsAt = routeNeeds(build);
  return (request, url) => {
    if (request.method !== "POST" || isDataRequest(url)) return false;
    return needsAt(url).refusesPostsInFrame && !actionAt(url);
  };
}
