import { useEffect } from "react";
import { useMatches, useRouteLoaderData } from "react-router";

/**
 * In the browser, the last data each route loaded. Written by an effect, so
 * only ever in the browser: on the server, shared by every visitor, it stays
 * empty.
 */
const kept = new Map<string, unknown>();

/**
 * Keeps the last data each route loaded, for an error view shown when a
 * later request for it failed: a client navigation whose data request fails
 * takes the root's and the layout's data with it, and the error view would
 * otherwise lose the pub's details and the visitor's theme. Rendered once, by
 * the document's layout.
 */
export function KeepLoaderData() {
  const matches = useMatches();
  useEffect(() => {
    for (const match of matches) {
      if (match.loaderData !== undefined) kept.set(match.id, match.loaderData);
    }
  }, [matches]);
  return null;
}

/**
 * A route's loader data as `useRouteLoaderData` gives it, or, when the route
 * has none now (its request failed), the last it had in this browser tab.
 */
export function useKeptRouteLoaderData<T>(routeId: string): T | undefined {
  const current = useRouteLoaderData(routeId) as T | undefined;
  return current ?? (kept.get(routeId) as T | undefined);
}
