import type { QueryKey } from "~/platform/route-needs";
import { cleanLine } from "~/platform/forms/typed-input";
import { isDataRequest, type RouteNeeds } from "./route-needs";

/** React Router's key on a data request naming the routes whose loaders it wants. */
const DATA_ROUTES_KEY = "_routes";

/** What a GET or HEAD the page cache may answer is rendered for. */
export type PageAddress = {
  /**
   * The URL the page is rendered for and kept by: the request's origin and
   * path, and the query keys its routes read, bounded, in the order they
   * declare them. Nothing else of the query.
   */
  url: URL;
  /** Whether a page for it may be kept: not when it carries free text (a search). */
  keepable: boolean;
};

/** Free text as a page gets it: cleaned as a typed line is, cut to length. */
function freeText(raw: string, maxLength: number): string {
  // Cut by code points, so no character is split in half.
  return [...cleanLine(raw)].slice(0, maxLength).join("").trim();
}

/** The value of a key as the page reads it, or null when it is as if absent. */
function boundedValue(raw: string, rule: QueryKey): string | null {
  if ("values" in rule) {
    const value = raw.trim().toLowerCase();
    return rule.values.includes(value) ? value : null;
  }
  return freeText(raw, rule.maxLength) || null;
}

/**
 * The address a page is rendered for and kept by, from the request's URL
 * and what its routes read (`query` in their `handle`): the first value of
 * each key they read, bounded; every other key dropped (`utm_*`, `fbclid`,
 * a cache-buster), so it costs no render of its own. A data request keeps
 * the `_routes` React Router's client asks for, as far as they name routes
 * the URL matches (their order and repeats made one).
 */
export function pageAddress(url: URL, { query, routeIds }: RouteNeeds): PageAddress {
  const address = new URL(url);
  address.search = "";
  address.hash = "";
  const asked = url.searchParams;
  let keepable = true;
  for (const [key, rule] of Object.entries(query)) {
    const raw = asked.get(key);
    const value = raw === null ? null : boundedValue(raw, rule);
    if (value === null) continue;
    address.searchParams.append(key, value);
    if ("maxLength" in rule) keepable = false;
  }
  const routes = isDataRequest(url) ? asked.get(DATA_ROUTES_KEY) : null;
  if (routes) {
    const named = new Set(routes.split(","));
    const loaded = routeIds.filter((id) => named.has(id));
    // Naming none the URL matches, the client asked for no loader: a request
    // of its own, answered as it came and not kept.
    if (loaded.length > 0) address.searchParams.set(DATA_ROUTES_KEY, loaded.join(","));
    else return { url, keepable: false };
  }
  return { url: address, keepable };
}

/** `request` for `url`: the same method, headers and signal (a GET or HEAD has no body). */
export function requestFor(request: Request, url: URL): Request {
  if (url.href === request.url) return request;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
  });
}
