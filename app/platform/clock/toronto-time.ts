/**
 * The pub's clock: wall time in America/Toronto, whatever the server's or
 * the browser's own time zone, and plain arithmetic on its dates. Every
 * domain tells the time through this module.
 */

/** 0 = Sunday … 6 = Saturday, as Postgres's extract(dow). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
/** Local wall-clock time in America/Toronto, "HH:MM" 24-hour. */
export type WallTime = string;

export const PUB_TIME_ZONE = "America/Toronto";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The pub's wall clock as Intl reads it (en-CA): its date and its 24-hour time. */
export const WALL_CLOCK_FORMAT: Intl.DateTimeFormatOptions = {
  timeZone: PUB_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/**
 * Made on first use, not when the module loads: a browser's first
 * Intl.DateTimeFormat starts ICU, 15 to 35 ms of its main thread (four times
 * that on a phone), and a page that carries its offsets never needs one.
 */
let wallClock: Intl.DateTimeFormat | undefined;

/** Weekday names, 0 = Sunday; spelled out, as Intl's would cost the browser its start-up. */
export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

type Wall = Readonly<{ date: string; time: WallTime }>;

/**
 * Minutes already read off the wall clock. Every page asks about the same few
 * (now, today's and the week's openings), and asking Intl costs far more
 * than remembering; the oldest are forgotten past a few thousand.
 */
const wallMemo = new Map<number, Wall>();
const WALL_MEMO_SIZE = 4096;

/**
 * Toronto's offsets from UTC over a span of time, as the server's time-zone
 * data has them: from each `changes` instant (ms) on, its offset in minutes
 * holds, the first from `from`, the last until `until`. A page carries one
 * (see `rememberTorontoOffsets`) so the browser can tell Toronto's time by
 * arithmetic: the first use of Intl costs a phone tens of milliseconds of
 * ICU start-up while the page is starting.
 */
export type TorontoOffsets = {
  from: number;
  until: number;
  changes: Array<[at: number, minutes: number]>;
};

let knownOffsets: TorontoOffsets | undefined;

/** From now on, tell Toronto's time within `offsets`' span by its offsets instead of Intl. */
export function rememberTorontoOffsets(offsets: TorontoOffsets): void {
  knownOffsets = offsets;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The wall clock at the start of a minute, from Intl's time-zone data. */
function intlWall(minuteMs: number): Wall {
  const parts = Object.fromEntries(
    (wallClock ??= new Intl.DateTimeFormat("en-CA", WALL_CLOCK_FORMAT))
      .formatToParts(new Date(minuteMs))
      .map(({ type, value }) => [type, value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The Toronto wall clock of an instant by `offsets`, or undefined outside their span. */
export function torontoWallFrom(offsets: TorontoOffsets, instant: Date): Wall | undefined {
  const minuteMs = Math.floor(instant.getTime() / MINUTE) * MINUTE;
  if (minuteMs < offsets.from || minuteMs >= offsets.until) return undefined;
  let offset = 0;
  for (const [at, minutes] of offsets.changes) {
    if (at > minuteMs) break;
    offset = minutes;
  }
  const wall = new Date(minuteMs + offset * MINUTE);
  return {
    date: `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())}`,
    time: `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`,
  };
}

/** The Toronto date ("YYYY-MM-DD") and wall time ("HH:MM") of an instant. */
export function torontoWall(instant: Date): Wall {
  const minute = Math.floor(instant.getTime() / MINUTE);
  const known = wallMemo.get(minute);
  if (known) return known;
  const wall: Wall = Object.freeze(
    (knownOffsets && torontoWallFrom(knownOffsets, instant)) ?? intlWall(minute * MINUTE),
  );
  if (wallMemo.size >= WALL_MEMO_SIZE) wallMemo.delete(wallMemo.keys().next().value as number);
  wallMemo.set(minute, wall);
  return wall;
}

/** Toronto's offset from UTC at the start of a minute, in minutes, from Intl's data. */
function intlOffsetAt(minuteMs: number): number {
  const { date, time } = intlWall(minuteMs);
  return (wallMs(date, time) - minuteMs) / MINUTE;
}

/** How far ahead a page's offsets reach; Intl answers for anything later. */
const OFFSETS_DAYS_AHEAD = 400;
/**
 * How far back they reach: the open-now line reads yesterday's opening,
 * and finding when a wall time happens looks a day either side of it.
 */
const OFFSETS_DAYS_BEHIND = 7;
let offsetsMemo: { day: number; offsets: TorontoOffsets } | undefined;

/**
 * Toronto's offsets from a week before `instant`'s UTC day to 400 days after it,
 * from Intl's time-zone data (at most one change a day, as Toronto's clocks
 * have). Worked out once a UTC day.
 */
export function torontoOffsetsAround(instant: Date): TorontoOffsets {
  const day = Math.floor(instant.getTime() / DAY);
  if (offsetsMemo?.day === day) return offsetsMemo.offsets;
  const from = (day - OFFSETS_DAYS_BEHIND) * DAY;
  const until = (day + OFFSETS_DAYS_AHEAD + 1) * DAY;
  let offset = intlOffsetAt(from);
  const changes: TorontoOffsets["changes"] = [[from, offset]];
  for (let end = from + DAY; end <= until; end += DAY) {
    const next = intlOffsetAt(end);
    if (next === offset) continue;
    // The minute the clocks change, between the day's start (old offset) and its end (new).
    let [before, after] = [end - DAY, end];
    while (after - before > MINUTE) {
      const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
      if (intlOffsetAt(middle) === offset) before = middle;
      else after = middle;
    }
    changes.push([after, next]);
    offset = next;
  }
  const offsets = { from, until, changes };
  offsetsMemo = { day, offsets };
  return offsets;
}

/** A wall-clock date and time read as if it were UTC: arithmetic on it ignores the clocks changing. */
function wallMs(date: string, time: WallTime): number {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return Date.parse(date) + (hour * 60 + minute) * MINUTE;
}

/** Toronto's offset from UTC at an instant, in ms (negative: behind UTC). */
function offsetAt(ms: number): number {
  const minute = Math.floor(ms / MINUTE) * MINUTE;
  const { date, time } = torontoWall(new Date(minute));
  return wallMs(date, time) - minute;
}

/**
 * The instant a Toronto wall-clock time happens. When the clocks fall back
 * and the time happens twice, the first (daylight) one; when they spring
 * forward over it, the moment they jump.
 */
export function torontoInstant(date: string, time: WallTime): Date {
  const wall = wallMs(date, time);
  // A day either side of a switch shows both offsets in play; otherwise both are the same.
  const [earlier, later] = [offsetAt(wall - DAY), offsetAt(wall + DAY)];
  const matches = [wall - earlier, wall - later].filter((ms) => offsetAt(ms) === wall - ms);
  if (matches.length > 0) return new Date(Math.min(...matches));

  // In the spring-forward gap: on the new offset it is still before the jump,
  // on the old one already after it. Narrow down to the minute of the jump.
  let [before, after] = [wall - later, wall - earlier];
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (offsetAt(middle) === earlier) before = middle;
    else after = middle;
  }
  return new Date(after);
}

/**
 * An instant as Toronto's wall clock writes it, with its offset from UTC:
 * "2026-12-02T19:30:00-05:00", as search engines read event times (in UTC
 * the evening's date would read as the next day's).
 */
export function torontoIsoDateTime(instant: Date): string {
  const { date, time } = torontoWall(instant);
  const offset = offsetAt(instant.getTime()) / MINUTE;
  const hours = twoDigits(Math.floor(Math.abs(offset) / 60));
  const sign = offset < 0 ? "-" : "+";
  const seconds = twoDigits(instant.getUTCSeconds());
  return `${date}T${time}:${seconds}${sign}${hours}:${twoDigits(Math.abs(offset) % 60)}`;
}

export function torontoDate(instant: Date): string {
  return torontoWall(instant).date;
}

export function torontoWeekday(instant: Date): Weekday {
  return weekdayOf(torontoDate(instant));
}

/** The weekday of a date ("YYYY-MM-DD"), read as a UTC midnight, so it names the date itself. */
export function weekdayOf(date: string): Weekday {
  return new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
}

/** A "YYYY-MM-DD" date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Whole days from one date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
}

/** Whether a text is a real "YYYY-MM-DD" date. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** When the Toronto date after `instant`'s begins. */
export function torontoMidnightAfter(instant: Date): Date {
  return torontoInstant(addDays(torontoDate(instant), 1), "00:00");
}

/** What a time field says of a time it cannot read. */
export const TIME_FORMAT_MESSAGE = "Enter a time such as 21:30 (00:00 to 23:59).";

/**
 * A typed time as "HH:MM": "21:30", "9:30" and the "21:30:00" some browsers
 * send; null for anything else ("25:00", "9.30", "").
 */
export function parseWallTime(text: string): WallTime | null {
  const match = /^(\d{1,2}):(\d{2})(?::00)?$/.exec(text.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${match[2]}`;
}
