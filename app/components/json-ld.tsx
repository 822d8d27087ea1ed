import type { ListedEvent } from "~/events/event-list";
import { shareImageUrls } from "~/images/pictures";
import { useSiteFrame, useSiteOrigin } from "~/site/site-frame";
import { eventsJsonLd, serializeJsonLd } from "~/site/structured-data";

/**
 * Structured data for search engines, serialised by `serializeJsonLd` from
 * `~/site/structured-data`. Pages build it while they render, from the data
 * they show: sent in a loader's data as well, it would reach the browser twice.
 */
export function JsonLd({ json }: { json: string }) {
  // A data block, which browsers never run, so the CSP needs no nonce for it.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/**
 * Structured data made with the site's public origin, which its URLs need;
 * nothing while the origin is not known.
 */
export function SiteJsonLd({ of }: { of: (origin: string) => object }) {
  const origin = useSiteOrigin();
  return origin ? <JsonLd json={serializeJsonLd(of(origin))} /> : null;
}

/** The events a page lists, as schema.org data; nothing when it lists none. */
export function EventsJsonLd({ events }: { events: readonly ListedEvent[] }) {
  const settings = useSiteFrame()?.settings;
  if (!settings || events.length === 0) return null;
  const imageUrlFor = shareImageUrls(events);
  return <SiteJsonLd of={(origin) => eventsJsonLd({ events, settings, origin, imageUrlFor })} />;
}
