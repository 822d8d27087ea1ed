import { ArrowLeftIcon, CalendarPlusIcon } from "lucide-react";
import { pageNextChange } from "~/platform/context";
import { data } from "react-router";
import type { Route } from "./+types/event";
import { SiteJsonLd } from "~/components/json-ld";
import { EventStatusBadge, EventWhen, eventPrice } from "~/events/event-list";
import { eventCalendarPath, eventPath } from "~/events/events";
import { ResponsiveImage } from "~/images/responsive-image";
import { pictureFor } from "~/images/pictures.server";
import { shareImageUrl } from "~/images/pictures";
import { cn } from "~/platform/cn";
import { publicPageHeaders } from "~/platform/page-headers";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { pageMeta } from "~/site/meta";
import { siteContent } from "~/site/site-content.server";
import { useSiteFrame } from "~/site/site-frame";
import { formatAddress } from "~/settings/site-settings";
import { eventJsonLd } from "~/site/structured-data";

/**
 * `/events/<slug>`: one event. Its slug is the row's own, unique in the
 * table and kept when the title is edited (the editor fills the form with
 * it), so a shared link keeps working.
 *
 * An event that is over answers 410 with a page saying so and pointing to
 * what is on next: a visitor following an old link learns what happened,
 * and search engines drop the page. An unknown slug is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await siteContent(context).event(params.slug, new Date());
  if (!found) throw data(null, { status: 404 });
  const { event, over } = found;
  const payload = {
    event,
    over,
    picture: await pictureFor(context, event.image),
    nextChangeAt: pageNextChange(context),
  };
  return over ? data(payload, { status: 410 }) : payload;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { event, over } = loaderData;
  const description = (event.summary || event.description).slice(0, 300);
  return [
    ...pageMeta({ title: event.title, description, path: eventPath(event), matches }),
    ...(over ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export const headers = publicPageHeaders;

/** The event as schema.org data, from what the page shows. */
function EventStructuredData({ event, picture }: Route.ComponentProps["loaderData"]) {
  const settings = useSiteFrame()?.settings;
  if (!settings) return null;
  const imageUrl = picture ? shareImageUrl(picture) : undefined;
  return (
    <SiteJsonLd
      of={(origin) => eventJsonLd({ event, settings, origin, imageUrl, shows: "description" })}
    />
  );
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, over, picture } = loaderData;
  const settings = useSiteFrame()?.settings;
  const cancelled = event.status === "cancelled";

  return (
    <article aria-labelledby="event-title">
      {over ? null : <EventStructuredData {...loaderData} />}
      <div className="border-b border-border bg-card">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
          <Link
            to="/events"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
          >
            <ArrowLeftIcon aria-hidden="true" className="size-5" />
            All events
          </Link>
          <EventStatusBadge status={event.status} className="mt-6 block w-fit" />
          <h1
            id="event-title"
            className={cn(
              "mt-3 text-4xl leading-[1.05] tracking-tight break-words sm:text-6xl",
              cancelled && "line-through decoration-4",
            )}
          >
            {event.title}
          </h1>
          <p className="mt-5 text-lg font-semibold text-primary sm:text-xl">
            <EventWhen event={event} />
          </p>
          {event.performer ? (
            <p className="mt-2 text-lg">
              With <span className="font-semibold">{event.performer}</span>
            </p>
          ) : null}
          <p className="mt-2 text-lg font-semibold">{eventPrice(event)}</p>
          {settings ? (
            <p className="mt-2 text-muted-foreground">
              At {settings.name}, {formatAddress(settings)}
            </p>
          ) : null}
          {over ? (
            <div
              role="status"
              className="mt-6 max-w-2xl border-l-4 border-primary bg-background p-5"
            >
              <p className="text-lg font-semibold">This event has passed.</p>
              <Link to="/events" className={cn(buttonVariants(), "mt-4")}>
                What&rsquo;s on next
              </Link>
            </div>
          ) : cancelled ? null : (
            <a
              href={eventCalendarPath(event)}
              download={`${event.slug}.ics`}
              className={cn(buttonVariants({ variant: "outline" }), "mt-6")}
            >
              <CalendarPlusIcon aria-hidden="true" />
              Add to calendar
            </a>
          )}
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[3fr_2fr]">
        <div className="max-w-2xl">
          {event.summary ? <p className="text-xl">{event.summary}</p> : null}
          {event.description ? (
            <p className="mt-4 text-lg whitespace-pre-line text-muted-foreground">
              {event.description}
            </p>
          ) : null}
        </div>
        {picture ? (
          <ResponsiveImage
            image={picture.source}
            alt={picture.alt}
            sizes="(min-width: 1024px) 440px, 100vw"
            aspectRatio={16 / 9}
            maxWidth={640}
            priority
            className={cn("h-auto w-full", cancelled && "opacity-50 grayscale")}
          />
        ) : null}
      </div>
    </article>
  );
}
