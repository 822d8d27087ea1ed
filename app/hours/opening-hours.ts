import {
  addDays,
  daysBetween,
  torontoDate,
  torontoInstant,
  torontoMidnightAfter,
  weekdayOf,
  WEEKDAY_NAMES,
  type WallTime,
  type Weekday,
} from "~/platform/clock/toronto-time";
import { formatShortDate, formatWallTime } from "~/platform/clock/time-words";

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

/** How far ahead a closed pub looks for its next opening. */
const NEXT_OPENING_SEARCH_DAYS = 14;
const MINUTE = 60_000;

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

/** When the pub closes after opening on `date`, or null when it does not open that day. */
export function closingOn(
  date: string,
  schedule: OpeningSchedule,
): { at: Date; wall: WallTime } | null {
  const span = spanOn(date, schedule);
  return span ? { at: new Date(span.closes), wall: span.hours.closesAt } : null;
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

/** "", "tomorrow ", "Tuesday " or "Dec 27 ": when `date` is, seen from `today`. */
function dayAhead(today: string, date: string): string {
  const days = daysBetween(today, date);
  if (days <= 0) return "";
  if (days === 1) return "tomorrow ";
  if (days <= 6) return `${WEEKDAY_NAMES[weekdayOf(date)]} `;
  return `${formatShortDate(date)} `;
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
      dayName: WEEKDAY_NAMES[weekdayOf(date)],
      hours: "closed" in hours ? null : hours,
      ...withNote(note),
      isToday: date === today,
    };
  });
}
