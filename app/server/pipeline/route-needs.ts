import { matchRoutes, type RouteMatch, type RouteObject, type ServerBuild } from "react-router";
import type { RouteHandle, TransportNeeds } from "~/platform/route-needs";

/**
 * What the routes a URL reaches ask of the transport, read from the build:
 * the pipeline knows routes only through this. Routes declare their needs
 * in their `handle` (`app/platform/route-needs.ts`); the needs of the
 * routes a URL matches combine key by key, the deepest route that sets a
 * key deciding it, a key none sets taking its default.
 */
export type RouteNeeds = Required<TransportNeeds> & {
  /**
   * The matched route's path as declared, from the root (`/events/:slug`),
   * for messages; null when no route matched.
   */
  routePath: string | null;
  /** The ids of the routes matched, root first (what a data request's `_routes` may name). */
  routeIds: readonly string[];
};

/** What a URL no route asks anything for gets. */
export const DEFAULT_NEEDS: Readonly<Required<TransportNeeds>> = {
  body: "form",
  methods: "page",
  stream: false,
  neverCached: false,
  crossSitePosts: false,
  refusesPostsInFrame: false,
  query: {},
};

type Routes = Pick<ServerBuild, "routes"> &
  Partial<Pick<ServerBuild, "routeDiscovery" | "basename">>;

/** The routes a path matches, root first, each with its id in the build. */
export type RouteMatches = RouteMatch<string, RouteObject>[];

/** The build's flat route manifest as the nested routes `matchRoutes` takes. */
function routeTree(manifest: Routes["routes"], parentId?: string): RouteObject[] {
  return Object.values(manifest).flatMap((route) => {
    if (!route || route.parentId !== parentId) return [];
    const children = routeTree(manifest, route.id);
    const node = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    return [(route.index ? { ...node, index: true } : { ...node, children }) as RouteObject];
  });
}

/** Whether a URL is a client-router data request (`/menu.data`, `/_.data`). */
export function isDataRequest(url: URL): boolean {
  return url.pathname.endsWith(".data");
}

/** The page a data request (`/menu.data`, `/_.data`) is for, as React Router reads it. */
export function pagePathname(pathname: string): string {
  return pathname.endsWith("/_.data")
    ? pathname.slice(0, -"_.data".length)
    : pathname.replace(/\.data$/, "");
}

/**
 * Page paths whose matches are remembered: the site has a few dozen pages
 * and about a hundred files, and `matchRoutes` ranks every route again each
 * time it is called.
 */
const REMEMBERED_PATHS = 1024;
/** Longer paths are matched each time, so odd requests cannot fill the memory. */
const REMEMBERED_PATH_LENGTH = 256;

type Matcher = (pathname: string) => RouteMatches | null;

/** One matcher per build, shared by everything that reads its routes. */
const matchers = new WeakMap<Routes["routes"], Matcher>();

/**
 * For a build, the routes a page path matches, root first, as React Router
 * matches them (any case, a trailing slash or none): null when none does.
 */
export function routeMatcher(build: Routes): Matcher {
  const known = matchers.get(build.routes);
  if (known) return known;
  const tree = routeTree(build.routes);
  const remembered = new Map<string, RouteMatches | null>();
  const matcher: Matcher = (pathname) => {
    const kept = remembered.get(pathname);
    if (kept !== undefined) return kept;
    const matches = matchRoutes(tree, pathname);
    if (pathname.length <= REMEMBERED_PATH_LENGTH) {
      if (remembered.size >= REMEMBERED_PATHS) {
        remembered.delete(remembered.keys().next().value as string);
      }
      remembered.set(pathname, matches);
    }
    return matches;
  };
  matchers.set(build.routes, matcher);
  return matcher;
}

/** A route module's transport needs, if its `handle` declares any. */
function declaredNeeds(handle: unknown): TransportNeeds | undefined {
  if (typeof handle !== "object" || handle === null) return undefined;
  const { transport } = handle as RouteHandle;
  return typeof transport === "object" && transport !== null ? transport : undefined;
}

/** The needs of matched routes (root first) combined: the deepest that sets a key decides it. */
export function combinedNeeds(handles: readonly unknown[]): Required<TransportNeeds> {
  const needs = { ...DEFAULT_NEEDS };
  for (const handle of handles) {
    const declared = declaredNeeds(handle);
    if (!declared) continue;
    for (const key of Object.keys(DEFAULT_NEEDS) as (keyof TransportNeeds)[]) {
      if (declared[key] !== undefined) Object.assign(needs, { [key]: declared[key] });
    }
  }
  return needs;
}

/** A matched route's path from the root, as declared (`/staff/menu/items/:id`). */
function declaredPath(matches: RouteMatches): string {
  const segments = matches.map((match) => match.route.path).filter((path) => path);
  return `/${segments.join("/")}`;
}

/**
 * Where React Router answers lazy route discovery itself (from the build),
 * or null when it does not: its query names pages, so anyone can make new
 * ones, and its answer is never kept.
 */
function manifestPathOf({ routeDiscovery, basename = "/" }: Routes): string | null {
  if (routeDiscovery?.mode !== "lazy") return null;
  return `${basename.replace(/\/+$/, "")}/${routeDiscovery.manifestPath.replace(/^\/+/, "")}`;
}

/**
 * For a build, what the routes a URL reaches ask of the transport; a data
 * request (`/menu.data`) reaches the routes of its page. Built once per
 * build; a URL no route matches gets the defaults, and React Router's own
 * route discovery is never cached.
 */
export function routeNeeds(build: Routes): (url: URL) => Readonly<RouteNeeds> {
  const match = routeMatcher(build);
  const unmatched: RouteNeeds = { ...DEFAULT_NEEDS, routePath: null, routeIds: [] };
  const manifestPath = manifestPathOf(build);
  const manifest: RouteNeeds = { ...unmatched, neverCached: true };
  // Matches are remembered per path, and their needs with them.
  const combined = new WeakMap<RouteMatches, RouteNeeds>();
  return (url) => {
    if (url.pathname === manifestPath) return manifest;
    const matches = match(pagePathname(url.pathname));
    if (!matches) return unmatched;
    let needs = combined.get(matches);
    if (!needs) {
      const handles = matches.map((found) => build.routes[found.route.id ?? ""]?.module.handle);
      needs = {
        ...combinedNeeds(handles),
        routePath: declaredPath(matches),
        routeIds: matches.map((found) => found.route.id ?? ""),
      };
      combined.set(matches, needs);
    }
    return needs;
  };
}
