import { formatTimeRange, torontoDateTime } from "~/platform/clock/time-words";
import { Link } from "~/platform/ui/link";
import { eventGoesAhead, eventPath, type PubEvent } from "./events";

/** The events on tonight (on `today`'s date, going ahead), each linking to its page; nothing when none is. */
export function TonightList({ events, today }: { events: readonly PubEvent[]; today: string }) {
  const tonight = events.filter(
    (event) => eventGoesAhead(event) && torontoDateTime(event.startsAt).date === today,
  );
  if (tonight.length === 0) return null;
  return (
    <ul aria-label="On tonight" className="mt-6 grid gap-3 md:grid-cols-2">
      {tonight.map((event) => (
        <li key={event.id} className="border-l-4 border-primary bg-background px-5 py-4">
          <p className="text-sm font-semibold text-primary">
            Tonight · {formatTimeRange(event.startsAt, event.endsAt)}
          </p>
          <Link
            to={eventPath(event)}
            className="mt-1 inline-flex min-h-11 items-center font-display text-xl underline-offset-4 hover:underline"
          >
            {event.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
