import { addDays, torontoDate, torontoInstant, torontoWall, type WallTime } from "./toronto-time";

/**
 * The pub's day, which does not end at midnight: a night that opens in the
 * evening runs on to 2 am, closes by 6 am at the latest, and what is "not
 * available today" comes back at 4 am.
 */

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

/** The latest a night may run after midnight: closing at 6 am is the limit. */
export const LATEST_AFTER_MIDNIGHT: WallTime = "06:00";

const MINUTES_A_DAY = 24 * 60;

function minutesOf(time: WallTime): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** Minutes from opening to `time`, which at or before the opening is after midnight. */
export function minutesAfterOpening(opensAt: WallTime, time: WallTime): number {
  const after = minutesOf(time) - minutesOf(opensAt);
  return after > 0 ? after : after + MINUTES_A_DAY;
}

/** Whether a night that opens at `opensAt` and closes at `closesAt` runs past midnight. */
export function closesAfterMidnight(opensAt: WallTime, closesAt: WallTime): boolean {
  return closesAt <= opensAt;
}

/** Whether a time at or before the opening (so after midnight) is past the 6 am limit. */
export function runsTooLate(opensAt: WallTime, closesAt: WallTime): boolean {
  return closesAt <= opensAt && closesAt > LATEST_AFTER_MIDNIGHT;
}

/**
 * The date of "tonight" at an instant, in the pub's time zone: before 6 am
 * the night that is still going is the one that started the day before.
 */
export function tonightDate(now: Date): string {
  const { date, time } = torontoWall(now);
  return time < LATEST_AFTER_MIDNIGHT ? addDays(date, -1) : date;
}
