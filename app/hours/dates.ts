import { WEEKDAY_NAMES, formatWallTime, torontoWall } from "./opening-hours";

// Names are spelled out rather than taken from Intl, whose short forms vary
// between engines ("Sep" or "Sept.") and would make server and browser disagree.
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
