/**
 * What a route asks of the transport: declared in its `handle`, read from
 * the build by the request pipeline (`app/server/pipeline/route-needs.ts`),
 * which knows no route by name or path.
 *
 * The needs of the routes a URL matches combine key by key: the deepest
 * route that sets a key decides it (a page overrides its layouts), and a
 * key no matched route sets has its default. So a need set on a layout
 * holds for every page below it that says nothing else.
 */
export type TransportNeeds = {
  /**
   * The body its action reads: "form" (a form of at most 64 KB; the
   * default), "upload" (a form with pictures: a larger body, read only for
   * signed-in staff), "sheet" (a form with a spreadsheet's file: larger than
   * a form, smaller than a picture, read only for signed-in staff), "any"
   * (the action reads any post itself and answers what it cannot read).
   */
  body?: "form" | "upload" | "sheet" | "any";
  /** "read": only GET and HEAD (and OPTIONS); "page": GET, HEAD, POST (the default). */
  methods?: "read" | "page";
  /**
   * An answer the page's own script reads as it comes, not the client
   * router: an endless stream (Server-Sent Events), or the poll that stands
   * in for one. Never kept by the page cache, never compressed, never read
   * whole; its client-router data URLs (`.data`) answer 404.
   */
  stream?: boolean;
  /** Never kept by the page cache, whatever its headers say. */
  neverCached?: boolean;
  /**
   * Takes posts from other sites (refused with 403 by default): for an
   * action whose authority is a token in its own URL, never a cookie or a
   * session, that other sites' servers post to by design (the newsletter's
   * one-click unsubscribe, RFC 8058, which mail programs send).
   */
  crossSitePosts?: boolean;
  /**
   * Set on a layout: a post to a page below it that has no action answers
   * that page's own 405 view in the layout's frame.
   */
  refusesPostsInFrame?: boolean;
  /**
   * The query keys the page reads (none by default). A GET or HEAD the page
   * cache may answer is rendered for the path and these keys alone, bounded
   * as `QueryKey` says, and kept by them: any other key (`utm_*`, `fbclid`,
   * `gclid`, anything unknown) never reaches the page, and a URL carrying
   * one is served the same kept copy. Routes never kept (`neverCached`,
   * `stream`) get the query as it came.
   */
  query?: Readonly<Record<string, QueryKey>>;
};

/**
 * A query key a page reads, and which of its values make a page of their
 * own. Only the first value of a key counts.
 *
 * - `values`: one of these, compared trimmed and in lower case; any other
 *   value is as if the key were absent.
 * - `maxLength`: free text (a search), with control characters and runs of
 *   white space made one space, trimmed, and cut to this many characters. A
 *   page asked with one is rendered for that request alone, never kept.
 */
export type QueryKey = { values: readonly string[] } | { maxLength: number };

/** A route module's `handle`, as far as the server reads it. */
export type RouteHandle = { transport?: TransportNeeds };
