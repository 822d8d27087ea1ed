import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { formatLongDate, formatTimeRange, torontoDateTime } from "~/platform/clock/time-words";
import { buttonVariants } from "~/platform/ui/button";
import {
  EditorHeading,
  EditorList,
  EditorListItem,
  SampleBadge,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import { Link } from "~/platform/ui/link";
import type { EditableEvent } from "./event-editor";
import { EVENT_STATUS_LABELS } from "~/events/event-words";

function EventItem({ event }: { event: EditableEvent }) {
  const { date } = torontoDateTime(event.startsAt);
  return (
    <EditorListItem
      to={`/staff/events/${event.id}`}
      title={event.title}
      details={`${formatLongDate(date)} ${date.slice(0, 4)}, ${formatTimeRange(event.startsAt, event.endsAt)}`}
      badges={
        event.status !== "scheduled" || !event.published || event.sample ? (
          <>
            {event.sample ? <SampleBadge /> : null}
            {event.status !== "scheduled" ? (
              <StatusBadge tone="warning">{EVENT_STATUS_LABELS[event.status]}</StatusBadge>
            ) : null}
            {!event.published ? <StatusBadge>Hidden</StatusBadge> : null}
          </>
        ) : undefined
      }
    />
  );
}

const pastLink = (page: number) => `/staff/events?past=${page}#past`;

/** The staff list of events: those coming up, and the past ones a page at a time. */
export function EventsList({
  upcoming,
  past,
  morePast,
  page,
}: {
  upcoming: readonly EditableEvent[];
  past: readonly EditableEvent[];
  morePast: boolean;
  /** The page of past events shown; null when the list is closed. */
  page: number | null;
}) {
  return (
    <>
      <EditorHeading
        title="Events"
        intro="What's on, as the home page lists it. Times are on the pub's clock (Toronto)."
        addTo="/staff/events/new"
        addLabel="Add an event"
      />

      <h2 className="mt-10 text-2xl tracking-tight">Coming up</h2>
      {upcoming.length > 0 ? (
        <EditorList label="Upcoming events">
          {upcoming.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </EditorList>
      ) : (
        <p className="mt-3 text-muted-foreground">Nothing booked. Add an event to list it.</p>
      )}

      <details id="past" open={page !== null} className="mt-10 scroll-mt-28">
        <summary className="flex min-h-11 cursor-pointer items-center text-2xl tracking-tight">
          Past events
        </summary>
        {past.length > 0 ? (
          <EditorList label="Past events">
            {past.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </EditorList>
        ) : (
          <p className="mt-3 text-muted-foreground">No past events.</p>
        )}
        {(page ?? 1) > 1 || morePast ? (
          <nav aria-label="Past events pages" className="mt-6 flex flex-wrap gap-3">
            {(page ?? 1) > 1 ? (
              <Link
                to={pastLink((page ?? 1) - 1)}
                className={buttonVariants({ variant: "outline" })}
              >
                <ChevronLeftIcon aria-hidden="true" />
                Later
              </Link>
            ) : null}
            {morePast ? (
              <Link
                to={pastLink((page ?? 1) + 1)}
                className={buttonVariants({ variant: "outline" })}
              >
                Earlier
                <ChevronRightIcon aria-hidden="true" />
              </Link>
            ) : null}
          </nav>
        ) : null}
      </details>
    </>
  );
}
