import { formatWallTime } from "~/platform/clock/time-words";
import {
  torontoDate,
  torontoInstant,
  torontoWeekday,
  type Weekday,
  type WallTime,
} from "~/platform/clock/toronto-time";

export type Special = {
  id: number;
  title: string;
  description: string;
  priceCents: number | null;
  /** Every week on this day; with dates too, only that day within them. */
  weekday: Weekday | null;
  startsOn: string | null;
  endsOn: string | null;
  startsAt: WallTime | null;
  endsAt: WallTime | null;
  /** The event it goes with ("while the quiz is on"); null when it stands alone. */
  eventId: number | null;
  /**
   * The pub's date ("YYYY-MM-DD") its event is on; null when it has no event,
   * or its event is hidden, cancelled or postponed (so it runs on no day at all).
   */
  eventDay: string | null;
};

/** The specials that run on a date ("YYYY-MM-DD", with its weekday), in their order. */
export function specialsOn(
  date: string,
  weekday: Weekday,
  specials: readonly Special[],
): Special[] {
  return specials.filter((special) => {
    // A special tied to an event runs only on a day its event is on.
    if ((special.eventId ?? null) !== null && special.eventDay !== date) return false;
    if (special.weekday !== null && special.weekday !== weekday) return false;
    if (special.startsOn !== null && date < special.startsOn) return false;
    if (special.endsOn !== null && date > special.endsOn) return false;
    // A dated special without an end runs on its start date only.
    if (special.startsOn !== null && special.endsOn === null && special.weekday === null) {
      return date === special.startsOn;
    }
    return true;
  });
}

/**
 * A special as today's list shows it: whether its time today has passed,
 * and what the pub's closing does to it: `closesAt` when the pub closes
 * before the special's own end (it is shown ending then), `notToday` when
 * the pub closes before it would start.
 */
export type TodaysSpecial = Special & {
  ended: boolean;
  closesAt?: WallTime;
  notToday?: boolean;
};

/**
 * When a special runs today, in words: its hours, "All day", once over when
 * it ended, and what an early closing does to it. Worked out where the list
 * is read, so the page's scripts carry only the words.
 */
export function specialTimeWords(special: TodaysSpecial): { words: string; on: boolean } {
  const { startsAt, endsAt, closesAt, ended, notToday } = special;
  if (notToday && closesAt)
    return { words: `Not today: we close at ${formatWallTime(closesAt)}`, on: false };
  if (closesAt) {
    const close = formatWallTime(closesAt);
    if (ended) return { words: `Ended at ${close}, when we closed`, on: false };
    const from = startsAt ? `${formatWallTime(startsAt)} – ` : "Until ";
    return { words: `${from}${close}, when we close today`, on: true };
  }
  if (ended && endsAt) return { words: `Ended at ${formatWallTime(endsAt)}`, on: false };
  if (!startsAt) return { words: "All day", on: true };
  return {
    words: endsAt
      ? `${formatWallTime(startsAt)} – ${formatWallTime(endsAt)}`
      : `From ${formatWallTime(startsAt)}`,
    on: true,
  };
}

/** When the pub closes after opening today: the instant, and the time as the hours say it. */
export type Closing = { at: Date; wall: WallTime };

/**
 * When a special running on `date` ends that day: its end time, when it ends
 * the same evening (a time at or before its start runs past midnight, and the
 * next day's list takes over then). Null for one that runs until closing.
 */
export function specialEndOn(date: string, special: Special): Date | null {
  const { startsAt, endsAt } = special;
  if (endsAt === null) return null;
  if (startsAt !== null && endsAt <= startsAt) return null;
  return torontoInstant(date, endsAt);
}

/**
 * The specials running today at `now`, in their order, those whose time has
 * passed marked ended and listed after the rest: a diner at 7:39 pm reads
 * that the 3 to 6 pm happy hour is over, not that it is on. With today's
 * `closing`, a special never outlasts the pub: one set to run past it is
 * shown ending at closing, and one that would start after it is not on
 * today (closing early leaves no 5 pm to 11 pm roast on the page).
 */
export function specialsToday(
  now: Date,
  specials: readonly Special[],
  closing: Closing | null = null,
): TodaysSpecial[] {
  const today = torontoDate(now);
  const marked = specialsOn(today, torontoWeekday(now), specials).map((special): TodaysSpecial => {
    const end = specialEndOn(today, special);
    if (closing && special.startsAt && torontoInstant(today, special.startsAt) >= closing.at) {
      return { ...special, ended: true, notToday: true, closesAt: closing.wall };
    }
    if (closing && special.endsAt && (end === null || end > closing.at)) {
      return { ...special, ended: closing.at <= now, closesAt: closing.wall };
    }
    return { ...special, ended: end !== null && end <= now };
  });
  return [...marked.filter((special) => !special.ended), ...marked.filter((s) => s.ended)];
}

/** The moments today's list changes by itself after `now`: the ends still to come. */
export function specialsChangeAfter(now: Date, specials: readonly Special[]): Date[] {
  const today = torontoDate(now);
  return specialsOn(today, torontoWeekday(now), specials)
    .map((special) => specialEndOn(today, special))
    .filter((end): end is Date => end !== null && end > now);
}
