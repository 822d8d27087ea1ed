import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { PageHeader } from "~/components/page-header";
import { documentTitle, siteFrameFromMatches } from "~/site/meta";
import type { RouteHandle } from "~/platform/route-needs";

/**
 * The frame of the newsletter's link pages: a heading and what happened.
 * They are reached only from a subscriber's mail, so they are never indexed,
 * and their query (the link's token) reaches them as it came, never kept by
 * the page cache.
 */
export function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader eyebrow="Newsletter" title={title} />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-14 text-lg sm:px-6">{children}</div>
    </>
  );
}

/** The `meta` export of a newsletter link page. */
export function newsletterPageMeta(title: string) {
  return ({
    matches,
  }: {
    matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
  }) =>
    [
      { title: documentTitle(title, siteFrameFromMatches(matches)?.settings.name) },
      { name: "robots", content: "noindex" },
    ] satisfies MetaDescriptor[];
}

/** The confirmation page's needs: its token in the query, never cached. */
export const confirmPageHandle = { transport: { neverCached: true } } satisfies RouteHandle;

/**
 * The unsubscribe page's needs: as the confirmation page's, and it takes
 * posts from other sites, because mail programs send the one-click
 * unsubscribe (RFC 8058) from their own servers. Its token is its authority:
 * it reads no cookie and no session.
 */
export const unsubscribePageHandle = {
  transport: { neverCached: true, crossSitePosts: true },
} satisfies RouteHandle;
