/** 0 = Sunday … 6 = Saturday, as Postgres's extract(dow). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
/** Local wall-clock time in America/Toronto, "HH:MM" 24-hour. */
export type WallTime = string;
/** One day's opening. A closing time at or before the opening time means after midnight (opens 11:00, closes 02:00 = 2 am the next day). */
export type DailyHours = {
  opensAt: WallTime;
  closesAt: WallTime;
  kitchenClosesAt: WallTime | null;
};
export type WeeklyHours = { weekday: Weekday } & DailyHours; // a weekday with no row is closed
/** A date or inclusive date range ("YYYY-MM-DD", Toronto dates) that is closed or has special hours. */
export type HoursException = { startsOn: string; endsOn: string; note: string } & (
  { closed: true } | ({ closed: false } & DailyHours)
);
export type OpeningSchedule = { weekly: WeeklyHours[]; exceptions: HoursException[] };

/**
 * Whether the pub is open at an instant. A day without a kitchen closing time
 * serves food until the bar closes (kitchenOpen true, kitchenClosesAt null).
 */
export type OpenStatus =
  | {
      open: true;
      closesAt: Date;
      closesAtWall: WallTime;
      kitchenOpen: boolean;
      kitchenClosesAt: Date | null;
      kitchenClosesAtWall: WallTime | null;
      note?: string;
    }
  | { open: false; opensAt: Date | null; opensAtWall: WallTime | null; note?: string };

export type WeekDayHours = {
  date: string;
  weekday: Weekday;
  dayName: string;
  hours: DailyHours | null;
  note?: string;
  isToday: boolean;
};

export const PUB_TIME_ZONE = "America/Toronto";

/** How far ahead a closed pub looks for its next opening. */
const NEXT_OPENING_SEARCH_DAYS = 14;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: PUB_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
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
/** The weekday of a date ("YYYY-MM-DD"), read as a UTC midnight, so it names the date itself. */
const weekdayName = (date: string) => WEEKDAY_NAMES[weekdayOf(date)];
// Fixed month names: Intl's short months differ between engines ("Sep" or
// "Sept."), which would make the server's text and the browser's disagree.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthDays = {
  format: (date: Date) => `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`,
};

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
    wallClock.formatToParts(new Date(minuteMs)).map(({ type, value }) => [type, value]),
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
let offsetsMemo: { day: number; offsets: TorontoOffsets } | undefined;

/**
 * Toronto's offsets from the UTC day before `instant` to 400 days after it,
 * from Intl's time-zone data (at most one change a day, as Toronto's clocks
 * have). Worked out once a UTC day.
 */
export function torontoOffsetsAround(instant: Date): TorontoOffsets {
  const day = Math.floor(instant.getTime() / DAY);
  if (offsetsMemo?.day === day) return offsetsMemo.offsets;
  const from = (day - 1) * DAY;
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

export function torontoDate(instant: Date): string {
  return torontoWall(instant).date;
}

export function torontoWeekday(instant: Date): Weekday {
  return weekdayOf(torontoDate(instant));
}

function weekdayOf(date: string): Weekday {
  return new Date(date).getUTCDay() as Weekday;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * DAY).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY);
}

const withNote = (note: string | undefined) => (note ? { note } : {});

const dailyHours = ({ opensAt, closesAt, kitchenClosesAt }: DailyHours): DailyHours => ({
  opensAt,
  closesAt,
  kitchenClosesAt,
});

/** The hours of the span opening on a Toronto date: an exception covering the date, else the weekday's. */
export function hoursOn(
  date: string,
  schedule: OpeningSchedule,
): (DailyHours & { note?: string }) | { closed: true; note?: string } {
  const exception = schedule.exceptions.find(
    ({ startsOn, endsOn }) => startsOn <= date && date <= endsOn,
  );
  if (exception) {
    const note = withNote(exception.note);
    return exception.closed ? { closed: true, ...note } : { ...dailyHours(exception), ...note };
  }
  const weekly = schedule.weekly.find(({ weekday }) => weekday === weekdayOf(date));
  return weekly ? dailyHours(weekly) : { closed: true };
}

type Span = {
  opens: number;
  closes: number;
  kitchenCloses: number | null;
  hours: DailyHours;
  note?: string;
};

function spanOn(date: string, schedule: OpeningSchedule): Span | null {
  const hours = hoursOn(date, schedule);
  if ("closed" in hours) return null;
  const { opensAt, closesAt, kitchenClosesAt, note } = hours;
  const until = (time: WallTime) =>
    torontoInstant(time > opensAt ? date : addDays(date, 1), time).getTime();
  return {
    opens: torontoInstant(date, opensAt).getTime(),
    closes: until(closesAt),
    kitchenCloses: kitchenClosesAt === null ? null : until(kitchenClosesAt),
    hours: { opensAt, closesAt, kitchenClosesAt },
    ...withNote(note),
  };
}

function nextOpening(today: string, now: number, schedule: OpeningSchedule): Span | null {
  for (let day = 0; day <= NEXT_OPENING_SEARCH_DAYS; day++) {
    const span = spanOn(addDays(today, day), schedule);
    if (span && span.opens > now) return span;
  }
  return null;
}

export function openStatusAt(instant: Date, schedule: OpeningSchedule): OpenStatus {
  const now = instant.getTime();
  const today = torontoDate(instant);
  // Yesterday's span may still be running past midnight.
  const current = [addDays(today, -1), today]
    .map((date) => spanOn(date, schedule))
    .find((span) => span && span.opens <= now && now < span.closes);

  if (current) {
    const { closes, kitchenCloses, hours } = current;
    return {
      open: true,
      closesAt: new Date(closes),
      closesAtWall: hours.closesAt,
      kitchenOpen: kitchenCloses === null || now < kitchenCloses,
      kitchenClosesAt: kitchenCloses === null ? null : new Date(kitchenCloses),
      kitchenClosesAtWall: hours.kitchenClosesAt,
      ...withNote(current.note),
    };
  }
  const next = nextOpening(today, now, schedule);
  return {
    open: false,
    opensAt: next ? new Date(next.opens) : null,
    opensAtWall: next?.hours.opensAt ?? null,
    ...withNote(hoursOn(today, schedule).note),
  };
}

/**
 * When the pub's day ends, Toronto time, the morning after: what is "not
 * available today" is available again from then, without anyone touching it.
 */
export const PUB_DAY_ENDS_AT: WallTime = "04:00";

/** The first end of the pub's day after `instant`: this morning's 4 am if it is still to come, else tomorrow's. */
export function pubDayEndAfter(instant: Date): Date {
  const today = torontoDate(instant);
  const end = torontoInstant(today, PUB_DAY_ENDS_AT);
  return end > instant ? end : torontoInstant(addDays(today, 1), PUB_DAY_ENDS_AT);
}

/** When the Toronto date after `instant`'s begins. */
export function torontoMidnightAfter(instant: Date): Date {
  return torontoInstant(addDays(torontoDate(instant), 1), "00:00");
}

/**
 * The next moment anything said about the hours can change: the pub opening
 * or closing, the kitchen closing, "Closing soon" starting, or the Toronto
 * date turning over (which moves "today" and "tomorrow"). A page showing the
 * hours is true until then.
 */
export function nextHoursChange(instant: Date, schedule: OpeningSchedule): Date {
  const now = instant.getTime();
  const midnight = torontoMidnightAfter(instant).getTime();
  const status = openStatusAt(instant, schedule);
  const moments = status.open
    ? [
        status.closesAt.getTime(),
        status.closesAt.getTime() - CLOSING_SOON_MINUTES * MINUTE,
        status.kitchenClosesAt?.getTime() ?? midnight,
      ]
    : [status.opensAt?.getTime() ?? midnight];
  return new Date(Math.min(midnight, ...moments.filter((moment) => moment > now)));
}

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

/** "", "tomorrow ", "Tuesday " or "Dec 27 ": when `date` is, seen from `today`. */
function dayAhead(today: string, date: string): string {
  const days = daysBetween(today, date);
  if (days <= 0) return "";
  if (days === 1) return "tomorrow ";
  if (days <= 6) return `${weekdayName(date)} `;
  return `${monthDays.format(new Date(date))} `;
}

/** How long before closing the open-now line says "Closing soon". */
export const CLOSING_SOON_MINUTES = 60;

/**
 * The open-now line in two parts: "Open now" · "until midnight", "Kitchen
 * closed" · "bar open until midnight" once the kitchen has closed, "Closing
 * soon" · "until midnight" in the last hour, "Closed" · "opens at 11 am".
 */
export function describeOpenStatus(
  status: OpenStatus,
  now: Date,
): { label: string; detail: string } {
  if (status.open) {
    const until = formatWallTime(status.closesAtWall);
    const minutesLeft = (status.closesAt.getTime() - now.getTime()) / MINUTE;
    if (minutesLeft <= CLOSING_SOON_MINUTES) {
      return {
        label: "Closing soon",
        detail: status.kitchenOpen ? `until ${until}` : `kitchen closed, bar until ${until}`,
      };
    }
    if (!status.kitchenOpen) return { label: "Kitchen closed", detail: `bar open until ${until}` };
    return { label: "Open now", detail: `until ${until}` };
  }
  if (!status.opensAt || !status.opensAtWall) return { label: "Closed", detail: "" };
  const day = dayAhead(torontoDate(now), torontoDate(status.opensAt));
  return { label: "Closed", detail: `opens ${day}at ${formatWallTime(status.opensAtWall)}` };
}

/** The one-line form: "Open now · until 2 am", "Closed · opens at 11 am", or just "Closed". */
export function openStatusText(status: OpenStatus, now: Date): string {
  const { label, detail } = describeOpenStatus(status, now);
  return detail ? `${label} · ${detail}` : label;
}

/** Monday to Sunday of the current Toronto week, with exceptions applied to those dates. */
export function weekHours(now: Date, schedule: OpeningSchedule): WeekDayHours[] {
  const today = torontoDate(now);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  return Array.from({ length: 7 }, (_, index) => {
    const date = addDays(monday, index);
    const { note, ...hours } = hoursOn(date, schedule);
    return {
      date,
      weekday: weekdayOf(date),
      dayName: weekdayName(date),
      hours: "closed" in hours ? null : hours,
      ...withNote(note),
      isToday: date === today,
    };
  });
}
