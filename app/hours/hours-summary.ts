import type { Weekday } from "~/platform/clock/toronto-time";
import { formatSpan } from "~/platform/clock/time-words";
import type { WeeklyHours } from "./opening-hours";

const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
/** Monday first, as people read a week. */
const WEEK_ORDER: Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export type HoursLine = { days: string; hours: string };

/** A day's hours and the note staff gave it, each as it is shown. */
export type DayDescription = { hours: string; note: string };

/**
 * A day's hours beside its note, saying "Closed" once: a closed day whose note
 * already says so ("Closed for Christmas Day") is the note alone; any other
 * note ("Boxing Day hours", "Staff party") follows the hours.
 */
export function describeDay(
  hours: { opensAt: string; closesAt: string } | null,
  note: string | undefined,
): DayDescription {
  const said = note?.trim() ?? "";
  if (!hours && /^closed\b/i.test(said)) return { hours: said, note: "" };
  return { hours: formatSpan(hours), note: said };
}

/** The same on one line: "Closed for Christmas Day", "Closed · Staff party", "noon – 11 pm · Boxing Day hours". */
export function formatDayLine(
  hours: { opensAt: string; closesAt: string } | null,
  note: string | undefined,
): string {
  const day = describeDay(hours, note);
  return day.note ? `${day.hours} · ${day.note}` : day.hours;
}

/**
 * The week in as few lines as it takes: consecutive days with the same hours
 * share a line ("Mon–Wed", "11:30 am – midnight").
 */
export function summariseWeeklyHours(weekly: readonly WeeklyHours[]): HoursLine[] {
  const byDay = new Map(weekly.map((day) => [day.weekday, formatSpan(day)]));
  const lines: { first: Weekday; last: Weekday; hours: string }[] = [];
  for (const day of WEEK_ORDER) {
    const hours = byDay.get(day) ?? "Closed";
    const previous = lines.at(-1);
    if (previous && previous.hours === hours) previous.last = day;
    else lines.push({ first: day, last: day, hours });
  }
  return lines.map(({ first, last, hours }) => ({
    days: first === last ? SHORT_DAYS[first] : `${SHORT_DAYS[first]}–${SHORT_DAYS[last]}`,
    hours,
  }));
}
