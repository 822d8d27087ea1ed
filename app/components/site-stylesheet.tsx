import { useMatches } from "react-router";
import href from "~/app.css?url";

/**
 * The stylesheet's text, for the production server to inline. The browser's
 * bundle never carries it: in the browser only the href is needed.
 */
const inlineCss: string | undefined =
  import.meta.env.SSR && import.meta.env.PROD
    ? (await import("~/app.css?inline")).default
    : undefined;

/** What a route's `handle` may say about the stylesheet. */
export type StylesheetHandle = {
  /**
   * "link": the page links the stylesheet instead of carrying it. For a page
   * whose own HTML is large (the menu), where keeping the HTML small is worth
   * more than the request a link costs.
   */
  stylesheet?: "link";
};

function asksForLink(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as StylesheetHandle).stylesheet === "link"
  );
}

/**
 * The site's stylesheet. A document carries it in a <style> element, so a
 * first visit paints without waiting for another request (about 10 KB
 * gzipped per page); a page that asks (see `StylesheetHandle`) links it, and
 * so does the development server, for hot reloading.
 *
 * Both are React resources keyed by the href and placed in the head. In the
 * browser this always renders the <style> resource, with no text: React finds
 * the server's inlined copy by its href and keeps it as it is, or, under a
 * linked stylesheet (which stays), adds an empty one. So hydration and client
 * navigation never fetch or change the styles.
 */
export function SiteStylesheet() {
  const linked = useMatches().some((match) => asksForLink(match.handle));
  if (import.meta.env.DEV || (import.meta.env.SSR && linked)) {
    return <link rel="stylesheet" href={href} precedence="site" />;
  }
  return (
    <style href={href} precedence="site">
      {inlineCss}
    </style>
  );
}
