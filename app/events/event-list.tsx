import { PlacedPicture } from "~/images/placed-picture";
import type { Picture } from "~/images/pictures";
import { cn } from "~/platform/cn";
import { dateParts, torontoDateTime } from "~/platform/clock/time-words";
import { Link } from "~/platform/ui/link";
import { eventPath, type PubEvent } from "./events";
import { EVENT_STATUS_LABELS, eventMovedFrom, eventPrice, eventWhen } from "./event-words";

export type ListedEvent = PubEvent & { picture: Picture | null };

/** "Postponed", "Cancelled" or "Sold out" as a label; nothing for an event on as planned. */
export function EventStatusBadge({
  status,
  className,
}: {
  status: PubEvent["status"];
  className?: string;
}) {
  if (status === "scheduled") return null;
  return (
    <p
      className={cn(
        "w-fit px-2 py-0.5 text-xs font-bold tracking-wider uppercase",
        status === "cancelled"
          ? "bg-red-700 text-white dark:bg-red-400 dark:text-zinc-950"
          : "bg-foreground text-background",
        className,
      )}
    >
      {EVENT_STATUS_LABELS[status]}
    </p>
  );
}

/** "Saturday, December 5, 9 pm – 12:30 am", on Toronto's clock. */
export function EventWhen({ event }: { event: Pick<PubEvent, "startsAt" | "endsAt"> }) {
  return <time dateTime={event.startsAt}>{eventWhen(event)}</time>;
}

/**
 * What a change of plan means for the date: where a rescheduled event moved
 * from, or that a postponed one's new date is still to come; nothing else.
 */
export function EventPlanNote({
  event,
  className,
}: {
  event: Pick<PubEvent, "status" | "previousStartsAt">;
  className?: string;
}) {
  const note =
    event.status === "postponed" ? "The new date is still to come." : eventMovedFrom(event);
  return note ? <p className={cn("font-semibold", className)}>{note}</p> : null;
}

/** Events as cards: the date first, then what, when, the price and any change of plan. */
export function EventList({
  events,
  headingLevel,
  className,
}: {
  events: ListedEvent[];
  headingLevel: 2 | 3;
  className?: string;
}) {
  if (events.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={cn("grid gap-6 md:grid-cols-2 lg:grid-cols-3", className)}>
      {events.map((event) => {
        const { date } = torontoDateTime(event.startsAt);
        const parts = dateParts(date);
        const cancelled = event.status === "cancelled";
        return (
          <li
            key={event.id}
            id={`event-${event.slug}`}
            className="flex flex-col border border-border bg-background"
          >
            {event.picture ? (
              <PlacedPicture
                picture={event.picture}
                place="event-card"
                className={cn("h-auto w-full", cancelled && "opacity-50 grayscale")}
              />
            ) : null}
            <div className="flex flex-1 gap-4 p-5">
              <p
                className="flex w-14 shrink-0 flex-col items-center self-start border-2 border-foreground py-1 leading-none"
                aria-hidden="true"
              >
                <span className="text-xs font-semibold uppercase">{parts.monthShort}</span>
                <span className="mt-1 font-display text-2xl">{parts.day}</span>
              </p>
              <div className="min-w-0 flex-1">
                <EventStatusBadge status={event.status} className="mb-2" />
                <Heading className={cn("text-xl", cancelled && "line-through decoration-2")}>
                  <Link
                    to={eventPath(event)}
                    className="underline-offset-4 hover:underline"
                    aria-describedby={`event-${event.slug}-when`}
                  >
                    {event.title}
                  </Link>
                </Heading>
                <p
                  id={`event-${event.slug}-when`}
                  className="mt-1 text-sm font-semibold text-primary"
                >
                  <EventWhen event={event} />
                </p>
                <EventPlanNote event={event} className="mt-1 text-sm" />
                <p className="mt-2 text-muted-foreground">{event.summary}</p>
                <p className="mt-2 text-sm font-semibold">{eventPrice(event)}</p>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
