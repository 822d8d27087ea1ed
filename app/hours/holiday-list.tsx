import { formatLongDate } from "~/platform/clock/time-words";
import { formatDayLine } from "./hours-summary";
import type { HoursException } from "./opening-hours";

/** Holidays and other days with hours of their own: when, then the hours or "Closed" and why. */
export function HolidayList({ holidays }: { holidays: readonly HoursException[] }) {
  return (
    <ul className="mt-4 divide-y divide-border border-y border-border">
      {holidays.map((holiday) => (
        <li key={`${holiday.startsOn}-${holiday.note}`} className="py-3">
          <p className="font-semibold">
            {formatLongDate(holiday.startsOn)}
            {holiday.endsOn !== holiday.startsOn ? ` to ${formatLongDate(holiday.endsOn)}` : ""}
          </p>
          <p className="text-muted-foreground">
            {formatDayLine(holiday.closed ? null : holiday, holiday.note)}
          </p>
        </li>
      ))}
    </ul>
  );
}
