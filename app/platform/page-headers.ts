import type { HeadersArgs } from "react-router";
import { cacheControl, strictestCacheControl } from "./cache-control";

/**
 * The `headers` export of a public page: shareable by caches for a short
 * while, unless the loader (or a parent) asked for something stricter.
 */
export function publicPageHeaders({ loaderHeaders, parentHeaders }: HeadersArgs): Headers {
  const policy = strictestCacheControl(
    cacheControl.publicPage,
    loaderHeaders.get("Cache-Control"),
    parentHeaders.get("Cache-Control"),
  );
  return new Headers(policy ? { "Cache-Control": policy } : undefined);
}
