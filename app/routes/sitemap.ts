import { env } from "~/platform/env.server";
import { cacheControl } from "~/platform/cache-control";
import { eventPath } from "~/events/events";
import { publicPages } from "~/site/site";
import { siteContent } from "~/site/site-content.server";
import type { Route } from "./+types/sitemap";

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/**
 * The site's public pages, as absolute URLs on `origin`, each with the time
 * the content last changed (`lastModified`, an ISO instant) when given: every
 * page reads the same content, so a change anywhere may change any of them.
 */
export function sitemapXml(
  origin: string,
  paths: readonly string[],
  lastModified?: string,
): string {
  const lastmod = lastModified ? `\n    <lastmod>${escapeXml(lastModified)}</lastmod>` : "";
  const urls = paths
    .map(
      (path) =>
        `  <url>\n    <loc>${escapeXml(new URL(path, origin).href)}</loc>${lastmod}\n  </url>`,
    )
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** The public pages, then each event not yet over (its page answers 410 once it is). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = env.SITE_URL ?? new URL(request.url).origin;
  const content = siteContent(context);
  const [events, changedAt] = await Promise.all([
    content.upcomingEvents(new Date()),
    content.changedAt(),
  ]);
  return new Response(sitemapXml(origin, [...publicPages, ...events.map(eventPath)], changedAt), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": cacheControl.publicFile,
    },
  });
}
