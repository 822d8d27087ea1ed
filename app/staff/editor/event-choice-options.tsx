import type { EventChoice } from "~/events/event-editor";
import { formatLongDate, torontoDateTime } from "~/platform/clock/time-words";

/**
 * The choices of a special's or a dish's event field: none first, in the
 * form's own words, then each event by its title and date.
 */
export function EventChoiceOptions({
  none,
  events,
}: {
  none: string;
  events: readonly EventChoice[];
}) {
  return (
    <>
      <option value="">{none}</option>
      {events.map((event) => (
        <option key={event.id} value={String(event.id)}>
          {event.title}, {formatLongDate(torontoDateTime(event.startsAt).date)}
        </option>
      ))}
    </>
  );
}
