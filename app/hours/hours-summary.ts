import { formatWallTime, type WeeklyHours, type Weekday } from "./opening-hours";

const SHORT_DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
/** Monday first, as people read a week. */
const WEEK_ORDER: Weekday[] = [1, 2, 3, 4, 5, 6, 0];

export type HoursLine = { days: string; hours: string };

/** "11:30 am – midnight", or "Closed". */
export function formatSpan(hours: { opensAt: string; closesAt: string } | null): string {
  return hours ? `${formatWallTime(hours.opensAt)} – ${formatWallTime(hours.closesAt)}` : "Closed";
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
