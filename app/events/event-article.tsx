import { ArrowLeftIcon, CalendarPlusIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PlacedPicture } from "~/images/placed-picture";
import type { Picture } from "~/images/pictures";
import { cn } from "~/platform/cn";
import { buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { EventPlanNote, EventStatusBadge, EventWhen } from "./event-list";
import { eventPrice } from "./event-words";
import { eventCalendarPath, eventGoesAhead, type PubEvent } from "./events";

/**
 * One event as its own page shows it: what, when, who, the price and where,
 * then "Add to calendar" (not while it is off), or, once it is over, that it has passed and what
 * is on next; its description and picture below.
 */
export function EventArticle({
  event,
  over,
  picture,
  venue,
  children,
}: {
  event: PubEvent;
  over: boolean;
  picture: Picture | null;
  /** The pub's name and address, where it is; null while they are not known. */
  venue: { name: string; address: string } | null;
  /** What goes first in the article: its structured data. */
  children?: ReactNode;
}) {
  const cancelled = event.status === "cancelled";

  return (
    <article aria-labelledby="event-title">
      {children}
      <div className="border-b border-border bg-card">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
          <Link
            to="/events"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
          >
            <ArrowLeftIcon aria-hidden="true" className="size-5" />
            All events
          </Link>
          <EventStatusBadge status={event.status} className="mt-6" />
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
          <EventPlanNote event={event} className="mt-1 text-lg" />
          {event.performer ? (
            <p className="mt-2 text-lg">
              With <span className="font-semibold">{event.performer}</span>
            </p>
          ) : null}
          <p className="mt-2 text-lg font-semibold">{eventPrice(event)}</p>
          {venue ? (
            <p className="mt-2 text-muted-foreground">
              At {venue.name}, {venue.address}
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
          ) : !eventGoesAhead(event) ? null : (
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
          <PlacedPicture
            picture={picture}
            place="event-page"
            priority
            className={cn("h-auto w-full", cancelled && "opacity-50 grayscale")}
          />
        ) : null}
      </div>
    </article>
  );
}
