import { z } from "zod";
import { textFields } from "~/platform/forms/field-rules";
import { cleanLine, characterCount, overLimitMessage } from "~/platform/forms/typed-input";
import { formatLongDate, formatWallTime } from "~/platform/clock/time-words";
import {
  CLOSES_SAME_MESSAGE,
  EXCEPTION_DAYS_AHEAD,
  EXCEPTION_DAYS_BEHIND,
  EXCEPTION_LONGEST_DAYS,
  NOTE_MAX,
  WEEK_ORDER,
  dailyHoursProblems,
  dayFields,
  exceptionFields,
  type ClosedDayField,
  type ClosingEarlyField,
  type ExceptionField,
  type KitchenEarlyField,
  type WeekField,
} from "./hours-editor";
import {
  TIME_FORMAT_MESSAGE,
  addDays,
  daysBetween,
  isIsoDate,
  parseWallTime,
  WEEKDAY_NAMES,
  type WallTime,
} from "~/platform/clock/toronto-time";
import { closesAfterMidnight, minutesAfterOpening, runsTooLate } from "~/platform/clock/pub-day";
import type { DailyHours, WeeklyHours } from "~/hours/opening-hours";

/**
 * The hours editor's rules: one schema per form, run by the action on the
 * post and by the browser (loaded lazily) before it is sent, so both say the
 * same thing. Each takes what it must know ("today", tonight's hours) as an
 * argument, so both sides check against the same day.
 */

type Issue = { path: string; message: string };

/** Turns found problems into the schema's issues (one per field), or passes the value on. */
function reportOr<T>(problems: Issue[], ctx: z.RefinementCtx, value: () => T): T | typeof z.NEVER {
  if (problems.length === 0) return value();
  for (const { path, message } of problems) {
    ctx.addIssue({ code: "custom", path: [path], message });
  }
  return z.NEVER;
}

/** A checkbox's post: ticked ("on") or not (empty); anything else is refused. */
function checkboxValue(text: string): boolean | null {
  if (text === "on") return true;
  if (text === "") return false;
  return null;
}

const TICK_MESSAGE = "Tick the box or leave it clear.";

/** The week's regular hours: each weekday open (with its times) or closed. */
export function weekHoursSchema() {
  return textFields<WeekField>(
    WEEK_ORDER.flatMap((day) => dayFields(day)) as WeekField[],
  ).transform((values, ctx) => {
    const problems: Issue[] = [];
    const week: WeeklyHours[] = [];
    for (const day of WEEK_ORDER) {
      const [open, opens, closes, kitchen] = dayFields(day);
      const isOpen = checkboxValue(values[open]);
      if (isOpen === null) problems.push({ path: open, message: TICK_MESSAGE });
      if (!isOpen) continue;
      const found = dailyHoursProblems(values[opens], values[closes], values[kitchen]);
      if (found.opens) problems.push({ path: opens, message: found.opens });
      if (found.closes) problems.push({ path: closes, message: found.closes });
      if (found.kitchen) problems.push({ path: kitchen, message: found.kitchen });
      if (found.opens || found.closes || found.kitchen) continue;
      week.push({
        weekday: day,
        opensAt: parseWallTime(values[opens])!,
        closesAt: parseWallTime(values[closes])!,
        kitchenClosesAt: parseWallTime(values[kitchen]),
      });
    }
    problems.push(...overlappingNights(week));
    return reportOr(problems, ctx, () => week);
  });
}

/** A night that runs past midnight must end before the next day opens. */
function overlappingNights(week: readonly WeeklyHours[]): Issue[] {
  const problems: Issue[] = [];
  for (const night of week) {
    if (!closesAfterMidnight(night.opensAt, night.closesAt)) continue;
    const next = week.find(({ weekday }) => weekday === (night.weekday + 1) % 7);
    if (!next || next.opensAt >= night.closesAt) continue;
    const [name, nextName] = [WEEKDAY_NAMES[night.weekday], WEEKDAY_NAMES[next.weekday]];
    problems.push({
      path: dayFields(night.weekday)[2],
      message: `${name} night runs until ${formatWallTime(night.closesAt)}, past ${nextName}'s opening at ${formatWallTime(next.opensAt)}. Close ${name} earlier or open ${nextName} later.`,
    });
  }
  return problems;
}

/** An exception as saved: closed, or open with its own times. */
export type ExceptionInput = {
  startsOn: string;
  endsOn: string;
  closed: boolean;
  opensAt: WallTime | null;
  closesAt: WallTime | null;
  kitchenClosesAt: WallTime | null;
  note: string;
};

/** The dates an exception may have, seen from `today`: from last week to two years ahead. */
export function exceptionDateLimits(today: string) {
  return {
    earliest: addDays(today, -EXCEPTION_DAYS_BEHIND),
    latest: addDays(today, EXCEPTION_DAYS_AHEAD),
  };
}

function dateProblem(text: string, today: string, missing: string): string | null {
  if (text.trim() === "") return missing;
  if (!isIsoDate(text.trim())) return "Enter a date such as 2026-12-24.";
  const { earliest, latest } = exceptionDateLimits(today);
  if (text.trim() < earliest)
    return `Choose a date from ${formatLongDate(earliest)} on; older hours cannot be changed.`;
  if (text.trim() > latest)
    return `Choose a date up to two years ahead (${formatLongDate(latest)}).`;
  return null;
}

function noteProblem(note: string, required: string | null): string | null {
  if (required && note === "") return required;
  if (characterCount(note) > NOTE_MAX) {
    return overLimitMessage(`Keep the note to ${NOTE_MAX} characters or fewer.`, note);
  }
  return null;
}

/** An exception to the regular hours for a date or a range of dates, seen from `today`. */
export function exceptionSchema(today: string) {
  return textFields<ExceptionField>(exceptionFields).transform((values, ctx) => {
    const problems: Issue[] = [];
    const add = (path: ExceptionField, message: string | null | undefined) => {
      if (message) problems.push({ path, message });
    };
    const startsOn = values.startsOn.trim();
    const endsOn = values.endsOn.trim() || startsOn;
    add("startsOn", dateProblem(startsOn, today, "Enter the first day."));
    if (values.endsOn.trim()) add("endsOn", dateProblem(endsOn, today, "Enter the last day."));
    if (problems.length === 0 && endsOn < startsOn) {
      add("endsOn", "The last day cannot be before the first day.");
    } else if (problems.length === 0 && daysBetween(startsOn, endsOn) >= EXCEPTION_LONGEST_DAYS) {
      add("endsOn", `An exception covers at most ${EXCEPTION_LONGEST_DAYS} days.`);
    }
    const closed = checkboxValue(values.closed);
    if (closed === null) add("closed", TICK_MESSAGE);
    if (closed === false) {
      const found = dailyHoursProblems(values.opensAt, values.closesAt, values.kitchenClosesAt);
      add("opensAt", found.opens);
      add("closesAt", found.closes);
      add("kitchenClosesAt", found.kitchen);
    }
    const note = cleanLine(values.note);
    add("note", noteProblem(note, null));
    return reportOr(problems, ctx, (): ExceptionInput => {
      const open = !closed;
      return {
        startsOn,
        endsOn,
        closed: Boolean(closed),
        opensAt: open ? parseWallTime(values.opensAt) : null,
        closesAt: open ? parseWallTime(values.closesAt) : null,
        kitchenClosesAt: open ? parseWallTime(values.kitchenClosesAt) : null,
        note,
      };
    });
  });
}

/**
 * "Closing early tonight": the time the bar closes, against tonight's usual
 * opening (null when the pub is not open tonight, which the form does not offer).
 */
export function closingEarlySchema(tonight: DailyHours | null) {
  return textFields<ClosingEarlyField>(["closesAt"]).transform((values, ctx) => {
    const closesAt = parseWallTime(values.closesAt);
    const problems: Issue[] = [];
    if (!closesAt) {
      problems.push({
        path: "closesAt",
        message: values.closesAt.trim() ? TIME_FORMAT_MESSAGE : "Enter the time you close tonight.",
      });
    } else if (!tonight) {
      problems.push({ path: "closesAt", message: "The pub is not open tonight." });
    } else if (closesAt === tonight.opensAt) {
      problems.push({ path: "closesAt", message: CLOSES_SAME_MESSAGE });
    } else if (runsTooLate(tonight.opensAt, closesAt)) {
      problems.push({
        path: "closesAt",
        message: `Tonight opens at ${formatWallTime(tonight.opensAt)}: close after that, or after midnight up to 6 am.`,
      });
    }
    return reportOr(problems, ctx, () => ({ closesAt: closesAt! }));
  });
}

/** "Kitchen closes early tonight": a time within tonight's opening hours. */
export function kitchenEarlySchema(tonight: DailyHours | null) {
  return textFields<KitchenEarlyField>(["kitchenClosesAt"]).transform((values, ctx) => {
    const kitchenClosesAt = parseWallTime(values.kitchenClosesAt);
    const problems: Issue[] = [];
    const path = "kitchenClosesAt";
    if (!kitchenClosesAt) {
      problems.push({
        path,
        message: values.kitchenClosesAt.trim()
          ? TIME_FORMAT_MESSAGE
          : "Enter the time the kitchen closes tonight.",
      });
    } else if (!tonight) {
      problems.push({ path, message: "The pub is not open tonight." });
    } else if (
      minutesAfterOpening(tonight.opensAt, kitchenClosesAt) >
      minutesAfterOpening(tonight.opensAt, tonight.closesAt)
    ) {
      problems.push({
        path,
        message: `Tonight is open ${formatWallTime(tonight.opensAt)} to ${formatWallTime(tonight.closesAt)}: the kitchen must close within those hours.`,
      });
    }
    return reportOr(problems, ctx, () => ({ kitchenClosesAt: kitchenClosesAt! }));
  });
}

/** "Closed" for a day: a holiday or a closure, with the note visitors see. */
export function closedDaySchema(today: string) {
  return textFields<ClosedDayField>(["date", "note"]).transform((values, ctx) => {
    const problems: Issue[] = [];
    const date = values.date.trim();
    const dateIssue = dateProblem(date, today, "Enter the day you are closed.");
    if (dateIssue) problems.push({ path: "date", message: dateIssue });
    const note = cleanLine(values.note);
    const noteIssue = noteProblem(note, "Say why, for visitors: “Closed for Christmas Day”.");
    if (noteIssue) problems.push({ path: "note", message: noteIssue });
    return reportOr(problems, ctx, () => ({ date, note }));
  });
}
