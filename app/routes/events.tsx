import type { Route } from "./+types/events";
import { pageFreshness } from "~/platform/context";
import { EventsJsonLd } from "~/components/json-ld";
import { PageHeader } from "~/components/page-header";
import { EventList } from "~/events/event-list";
import { withPictures } from "~/images/pictures.server";
import { publicPageHeaders } from "~/platform/page-headers";
import { describedPageMeta } from "~/site/meta";
import { siteContent } from "~/site/site-content.server";

/** `/events`: every event not yet over, soonest first, each linking to its own page. */
export async function loader({ context }: Route.LoaderArgs) {
  // The list says when it next changes (an event ending), so a kept copy goes then.
  const content = siteContent(context);
  const [events, { events: words }] = await Promise.all([
    content.upcomingEvents(new Date()),
    content.pageTexts(),
  ]);
  return {
    description: words.description,
    events: await withPictures(context, events),
    ...pageFreshness(context),
  };
}

export const meta: Route.MetaFunction = describedPageMeta("Events", "/events");

export const headers = publicPageHeaders;

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { events, description } = loaderData;
  return (
    <>
      <EventsJsonLd events={events} />
      <PageHeader eyebrow="What's on" title="Events">
        <p>{description}</p>
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
