import type { Route } from "./+types/events";
import { pageFreshness } from "~/platform/context";
import { EventsJsonLd } from "~/components/json-ld";
import { PageHeader } from "~/components/page-header";
import { EventList } from "~/events/event-list";
import { withPictures } from "~/images/pictures.server";
import { publicPageHeaders } from "~/platform/page-headers";
import { fixedPageMeta } from "~/site/meta";
import { siteContent } from "~/site/site-content.server";

/** What the page is for: its header says it, and search results show it. */
const DESCRIPTION =
  "Live music, trivia, the game on the big screens and more: what's coming up at the pub, with dates, times and cover charges.";

/** `/events`: every event not yet over, soonest first, each linking to its own page. */
export async function loader({ context }: Route.LoaderArgs) {
  // The list says when it next changes (an event ending), so a kept copy goes then.
  const events = await siteContent(context).upcomingEvents(new Date());
  return {
    events: await withPictures(context, events),
    ...pageFreshness(context),
  };
}

export const meta: Route.MetaFunction = fixedPageMeta("Events", "/events", DESCRIPTION);

export const headers = publicPageHeaders;

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <>
      <EventsJsonLd events={events} />
      <PageHeader eyebrow="What's on" title="Events">
        <p>{DESCRIPTION}</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        {events.length === 0 ? (
          <p className="text-lg">Nothing booked just now: check back soon.</p>
        ) : (
          <EventList events={events} headingLevel={2} />
        )}
      </div>
    </>
  );
}
