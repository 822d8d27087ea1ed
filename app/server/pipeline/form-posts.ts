import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The routes whose action answers a post it cannot read as a form itself:
 * the enquiry forms show the form again (400) saying nothing was sent, so a
 * visitor is never met with a bare error. A post to any other action whose
 * body is not a readable form is refused before React Router
 * (`unreadableFormRefusal`), since the action would fail reading it.
 */
export const READS_ANY_POST: ReadonlySet<string> = new Set(["routes/contact", "routes/venue"]);

type Manifest = ServerBuild["routes"];

/** The build's flat route manifest as the nested routes `matchRoutes` takes. */
function routeTree(manifest: Manifest, parentId?: string): RouteObject[] {
  return Object.values(manifest).flatMap((route) => {
    if (!route || route.parentId !== parentId) return [];
    const children = routeTree(manifest, route.id);
    const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    return [(route.index ? { ...node, index: true } : { ...node, children }) as RouteObject];
  });
}

/** The page a data request (`/menu.data`, `/_.data`) is for, as React Router reads it. */
function pagePathname(pathname: string): string {
  return pathname.endsWith("/_.data")
    ? pathname.slice(0, -"_.data".length)
    : pathname.replace(/\.data$/, "");
}

/**
 * For a build, which route's action a post to a URL runs, as React Router
 * picks it: the deepest route with a path (the index route itself with a
 * bare `?index`), or a resource route. Null when the post reaches no action
 * (React Router answers it 405 without reading the body).
 */
export function actionRoutes(build: Pick<ServerBuild, "routes">): (url: URL) => string | null {
  const tree = routeTree(build.routes);
  return (url) => {
    const pathname = pagePathname(url.pathname);
    const matches = matchRoutes(tree, { pathname, search: url.search });
    const last = matches?.at(-1);
    if (!matches || !last) return null;
    const module = (id: string | undefined) => (id ? build.routes[id]?.module : undefined);
    const lastModule = module(last.route.id);
    const resource =
      !url.pathname.endsWith(".data") && !lastModule?.default && !lastModule?.ErrorBoundary;
    const nakedIndex = new URLSearchParams(url.search).getAll("index").includes("");
    const target =
      resource || (last.route.index && nakedIndex)
        ? last
        : matches.filter((match, index) => index === 0 || match.route.path).at(-1);
    const id = target?.route.id;
    return id && module(id)?.action ? id : null;
  };
}

/** The route every public page sits in, with the site's header, footer and error view. */
const SITE_LAYOUT = "routes/site-layout";

/**
 * For a build, whether a post to a URL is one to a public page that takes
 * none (no action, as `actionRoutes` finds): React Router would answer it
 * 405 from the root, before any loader ran, so with neither the site's frame
 * nor the visitor's theme. The server renders the page's GET in its place,
 * refused (`refusedRequestContext`). Data requests (`.data`) are left to
 * React Router, whose client shows the error inside the page it is on.
 */
export function postsToPagesWithoutAction(
  build: Pick<ServerBuild, "routes">,
): (request: Request, url: URL) => boolean {
  const tree = routeTree(build.routes);
  const actionAt = actionRoutes(build);
  return (request, url) => {
    if (request.method !== "POST" || url.pathname.endsWith(".data")) return false;
    if (actionAt(url)) return false;
    const matches = matchRoutes(tree, { pathname: url.pathname, search: url.search });
    return matches?.some((match) => match.route.id === SITE_LAYOUT) ?? false;
  };
}
