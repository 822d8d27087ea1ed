import { useState } from "react";
import type { ListedEvent } from "~/events/event-list";
import { useHydrated } from "~/platform/use-hydrated";
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

/** What a data block the server wrote is given while the page wakes: its text is left as it is. */
const SERVER_TEXT = { __html: "" };

/**
 * Structured data made with the site's public origin, which its URLs need;
 * nothing while the origin is not known.
 *
 * Only the server builds it for the page a visitor opens: the block is in
 * the HTML, and browsers never run it, so the browser leaves it as it is
 * instead of building the same data again while the page wakes (the whole
 * menu's, for one, is a long task on a phone). A page reached by a link in
 * the browser builds its own.
 */
export function SiteJsonLd({ of }: { of: (origin: string) => object }) {
  const origin = useSiteOrigin();
  const hydrated = useHydrated();
  const [fromServer] = useState(() => typeof document !== "undefined" && !hydrated);
  if (!origin) return null;
  if (fromServer) {
    return (
      <script
        type="application/ld+json"
        suppressHydrationWarning
        dangerouslySetInnerHTML={SERVER_TEXT}
      />
    );
  }
  return <JsonLd json={serializeJsonLd(of(origin))} />;
}

/** The events a page lists, as schema.org data; nothing when it lists none. */
export function EventsJsonLd({ events }: { events: readonly ListedEvent[] }) {
  const settings = useSiteFrame()?.settings;
  if (!settings || events.length === 0) return null;
  const imageUrlFor = shareImageUrls(events);
  return <SiteJsonLd of={(origin) => eventsJsonLd({ events, settings, origin, imageUrlFor })} />;
}
