import { WEEKDAY_NAMES, torontoWall, type WallTime } from "./toronto-time";

/**
 * Times and dates as the site says them, the same on the server and in the
 * browser. Names are spelled out rather than taken from Intl, whose short
 * forms vary between engines ("Sep" or "Sept.") and would make server and
 * browser disagree.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "11 am", "11:30 am", "noon", "midnight", "5:45 pm": the space before am/pm
 * is a no-break space, so a narrow screen never splits a time across lines.
 */
export function formatWallTime(time: WallTime): string {
  const [hours = 0, minute = 0] = time.split(":").map(Number);
  const hour = hours % 24;
  if (minute === 0 && hour === 0) return "midnight";
  if (minute === 0 && hour === 12) return "noon";
  const minutes = minute === 0 ? "" : `:${String(minute).padStart(2, "0")}`;
  return `${hour % 12 || 12}${minutes}\u00a0${hour < 12 ? "am" : "pm"}`;
}

/** "11:30 am – midnight", or "Closed". */
export function formatSpan(hours: { opensAt: WallTime; closesAt: WallTime } | null): string {
  return hours ? `${formatWallTime(hours.opensAt)} – ${formatWallTime(hours.closesAt)}` : "Closed";
}

export type DateParts = { weekday: string; day: number; month: string; monthShort: string };

/** The parts of a Toronto date ("YYYY-MM-DD"). */
export function dateParts(date: string): DateParts {
  const utc = new Date(`${date}T00:00:00Z`);
  const month = MONTHS[utc.getUTCMonth()] ?? "";
  return {
    weekday: WEEKDAY_NAMES[utc.getUTCDay()] ?? "",
    day: utc.getUTCDate(),
    month,
    monthShort: month.slice(0, 3),
  };
}

/** "Wednesday, November 25" */
export function formatLongDate(date: string): string {
  const { weekday, month, day } = dateParts(date);
  return `${weekday}, ${month} ${day}`;
}

/** "Nov 25" */
export function formatShortDate(date: string): string {
  const { monthShort, day } = dateParts(date);
  return `${monthShort} ${day}`;
}

/** "Wednesday, November 25", or "Wednesday, November 25 to Friday, November 27". */
export function formatDateRange(startsOn: string, endsOn: string): string {
  return startsOn === endsOn
    ? formatLongDate(startsOn)
    : `${formatLongDate(startsOn)} to ${formatLongDate(endsOn)}`;
}

/** The Toronto date and the "7:30 pm" time of an instant (ISO string). */
export function torontoDateTime(iso: string): { date: string; time: string } {
  const { date, time } = torontoWall(new Date(iso));
  return { date, time: formatWallTime(time) };
}

/** "7:30 pm – 10 pm", or "7:30 pm" without an end; an end on a later day keeps just its time. */
export function formatTimeRange(startsAt: string, endsAt: string | null): string {
  const start = torontoDateTime(startsAt).time;
  return endsAt ? `${start} – ${torontoDateTime(endsAt).time}` : start;
}

/** "a year", "2 years", "6 months", "90 days": how long something is kept. */
export function describeRetention(days: number): string {
  if (days % 365 === 0) return days === 365 ? "a year" : `${days / 365} years`;
  if (days % 30 === 0) return days === 30 ? "a month" : `${days / 30} months`;
  return days === 1 ? "a day" : `${days} days`;
}
