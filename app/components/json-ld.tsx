import { Suspense, use, useState } from "react";
import { useLocation } from "react-router";
import type { ListedEvent } from "~/events/event-list";
import { useHydrated } from "~/platform/use-hydrated";
import { searchImageUrlsOf } from "~/images/pictures";
import { useSiteFrame, useSiteOrigin } from "~/site/site-frame";
import type * as Builders from "~/site/structured-data-builders";

/** The schema.org builders, in a module of their own (see below). */
export type StructuredDataBuilders = typeof Builders;

let builders: Promise<StructuredDataBuilders | null> | undefined;

/**
 * The builders, loaded once, the first time a page's data is built where it
 * runs. If the browser cannot load them (a connection lost, a new
 * deployment), the page goes without its data block: nothing a visitor sees.
 */
function loadBuilders(): Promise<StructuredDataBuilders | null> {
  builders ??= import("~/site/structured-data-builders").catch(() => null);
  return builders;
}

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
 * nothing while the origin is not known. `of` builds it with the builders.
 *
 * Only the server builds it for the page a visitor opens: the block is in
 * the HTML, and browsers never run it, so the browser leaves it as it is
 * instead of building the same data again while the page wakes (the whole
 * menu's, for one, is a long task on a phone), and does not even load the
 * builders for it. Once the visitor follows a link, the browser loads them
 * and builds the blocks of the page it shows. A live update of the page the
 * visitor opened leaves its blocks as the server sent them.
 */
export function SiteJsonLd({
  of,
}: {
  of: (build: StructuredDataBuilders, origin: string) => object;
}) {
  const origin = useSiteOrigin();
  const hydrated = useHydrated();
  const { key } = useLocation();
  // The address the server rendered, while the block holds its text: null
  // once the visitor has moved on (to another event's page, say), or when the
  // block is made here.
  const [serverLocation, setServerLocation] = useState(() =>
    typeof document !== "undefined" && !hydrated ? key : null,
  );
  if (serverLocation !== null && key !== serverLocation) setServerLocation(null);
  const fromServer = key === serverLocation;
  if (!origin) return null;
  // The same boundary around the block as the server rendered, waking or not.
  return (
    <Suspense fallback={null}>
      {fromServer ? (
        <script
          type="application/ld+json"
          suppressHydrationWarning
          dangerouslySetInnerHTML={SERVER_TEXT}
        />
      ) : (
        <BuiltJsonLd of={of} origin={origin} />
      )}
    </Suspense>
  );
}

function BuiltJsonLd({
  of,
  origin,
}: {
  of: (build: StructuredDataBuilders, origin: string) => object;
  origin: string;
}) {
  const build = use(loadBuilders());
  return build ? <JsonLd json={build.serializeJsonLd(of(build, origin))} /> : null;
}

/** The events a page lists, as schema.org data; nothing when it lists none. */
export function EventsJsonLd({ events }: { events: readonly ListedEvent[] }) {
  const settings = useSiteFrame()?.settings;
  if (!settings || events.length === 0) return null;
  const imageUrlsFor = searchImageUrlsOf(events);
  return (
    <SiteJsonLd
      of={(build, origin) => build.eventsJsonLd({ events, settings, origin, imageUrlsFor })}
    />
  );
}
