import { defineEditor } from "~/platform/forms/editor-spec";
import { checkbox, row, text } from "~/platform/forms/field-specs";
import type { FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
import { formatDateRange } from "~/platform/clock/time-words";
import {
  TIME_FORMAT_MESSAGE,
  WEEKDAY_NAMES,
  isIsoDate,
  parseWallTime,
  type WallTime,
  type Weekday,
} from "~/platform/clock/toronto-time";
import { minutesAfterOpening, runsTooLate } from "~/platform/clock/pub-day";
import { formatWallTime } from "~/platform/clock/time-words";
import type { DailyHours, WeeklyHours } from "~/hours/opening-hours";
import type { ExceptionInput } from "./hours-rules";

/**
 * What the hours editor's forms share between the server and the browser
 * without the rules themselves: field names, labels, limits and the
 * arithmetic of wall-clock times that run past midnight.
 */

/** How far back an exception's dates may reach: last week, for a correction. */
export const EXCEPTION_DAYS_BEHIND = 7;
/** How far ahead an exception's dates may reach: two years. */
export const EXCEPTION_DAYS_AHEAD = 731;
/** An exception's longest span: a three-month closure for renovation. */
export const EXCEPTION_LONGEST_DAYS = 92;
/** Notes show on the public hours next to the date. */
export const NOTE_MAX = 200;

/** Monday first, as the week reads on the site. */
export const WEEK_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

// The week's form: four fields a day, named by the weekday's number.
export const dayFields = (day: Weekday) =>
  [`open${day}`, `opens${day}`, `closes${day}`, `kitchen${day}`] as const;
export type WeekField = ReturnType<typeof dayFields>[number];
export const weekFields: readonly WeekField[] = WEEK_ORDER.flatMap((day) => dayFields(day));

/** Short names for the error summary: "Friday closes: …". */
export const weekLabels = Object.fromEntries(
  WEEK_ORDER.flatMap((day) => {
    const name = WEEKDAY_NAMES[day];
    const [open, opens, closes, kitchen] = dayFields(day);
    return [
      [open, `${name}`],
      [opens, `${name} opens`],
      [closes, `${name} closes`],
      [kitchen, `${name} kitchen closes`],
    ];
  }),
) as Record<WeekField, string>;

/** Which closing of a night the hours page tells about: the pub's, or the kitchen's. */
export const CLOSINGS = ["closing", "kitchen"] as const;
export type Closing = (typeof CLOSINGS)[number];

/**
 * The hours page telling what a night's closing cuts short (after closing
 * early, or the kitchen closing early): `/staff/hours?closing=2026-12-05`.
 */
export const nightPath = (date: string, closing: Closing) => `/staff/hours?${closing}=${date}`;

/** The night the hours page's address asks about (`?closing=` or `?kitchen=`); null for none. */
export function nightAsked(params: URLSearchParams): { date: string; closing: Closing } | null {
  for (const closing of CLOSINGS) {
    const date = params.get(closing);
    if (date !== null && isIsoDate(date)) return { date, closing };
  }
  return null;
}

export const exceptionFields = [
  "startsOn",
  "endsOn",
  "closed",
  "opensAt",
  "closesAt",
  "kitchenClosesAt",
  "note",
] as const;
export type ExceptionField = (typeof exceptionFields)[number];
/** The quick changes for tonight, each a small form of its own. */
export const closingEarlyFields = ["closesAt"] as const;
export const kitchenEarlyFields = ["kitchenClosesAt"] as const;
export const closedDayFields = ["date", "note"] as const;
export type ClosingEarlyField = (typeof closingEarlyFields)[number];
export type KitchenEarlyField = (typeof kitchenEarlyFields)[number];
export type ClosedDayField = (typeof closedDayFields)[number];

/** The forms on the hours page, told apart by their form-id field. */
export const HOURS_FORMS = {
  week: "week-hours",
  closingEarly: "closing-early",
  kitchenEarly: "kitchen-early",
  closedDay: "closed-day",
} as const;

/** The problems with one day's opening times, by which of the three they are about. */
export type DailyHoursProblems = { opens?: string; closes?: string; kitchen?: string };

export const CLOSES_SAME_MESSAGE = "Closing time must differ from opening time.";
export const CLOSES_TOO_LATE_MESSAGE =
  "Closing time must be after opening time, or after midnight up to 6 am.";

/**
 * Checks a day's opening against the rules of the site's hours: valid times,
 * a closing that differs from the opening and, after midnight, comes by 6 am,
 * and a kitchen that closes after opening and no later than the bar.
 */
export function dailyHoursProblems(
  opensText: string,
  closesText: string,
  kitchenText: string,
): DailyHoursProblems {
  const problems: DailyHoursProblems = {};
  const opens = parseWallTime(opensText);
  const closes = parseWallTime(closesText);
  const kitchen = kitchenText.trim() === "" ? null : parseWallTime(kitchenText);
  if (!opens) problems.opens = opensText.trim() ? TIME_FORMAT_MESSAGE : "Enter the opening time.";
  if (!closes)
    problems.closes = closesText.trim() ? TIME_FORMAT_MESSAGE : "Enter the closing time.";
  if (kitchenText.trim() !== "" && !kitchen) problems.kitchen = TIME_FORMAT_MESSAGE;
  if (!opens || !closes) return problems;

  if (closes === opens) problems.closes = CLOSES_SAME_MESSAGE;
  else if (runsTooLate(opens, closes)) problems.closes = CLOSES_TOO_LATE_MESSAGE;
  else if (kitchen && minutesAfterOpening(opens, kitchen) > minutesAfterOpening(opens, closes)) {
    problems.kitchen = `The kitchen must close after opening (${formatWallTime(opens)}) and by closing time (${formatWallTime(closes)}).`;
  }
  return problems;
}

/** "11 am to 2 am, kitchen until 10 pm" or "Closed". */
export function formatDayHours(
  hours: { opensAt: WallTime; closesAt: WallTime; kitchenClosesAt: WallTime | null } | null,
): string {
  if (!hours) return "Closed";
  const kitchen = hours.kitchenClosesAt
    ? `, kitchen until ${formatWallTime(hours.kitchenClosesAt)}`
    : "";
  return `${formatWallTime(hours.opensAt)} to ${formatWallTime(hours.closesAt)}${kitchen}`;
}

/** The week as its form shows it: each open day ticked, with its times. */
export function weekValues(week: readonly WeeklyHours[]): Partial<Record<WeekField, string>> {
  const values: Partial<Record<WeekField, string>> = {};
  for (const day of week) {
    const [open, opens, closes, kitchen] = dayFields(day.weekday);
    values[open] = "on";
    values[opens] = day.opensAt;
    values[closes] = day.closesAt;
    values[kitchen] = day.kitchenClosesAt ?? "";
  }
  return values;
}

/** A saved exception as its form shows it (one day: no last day). */
export function exceptionValues(exception: ExceptionInput): FormValues<ExceptionField> {
  return {
    startsOn: exception.startsOn,
    endsOn: exception.endsOn === exception.startsOn ? "" : exception.endsOn,
    closed: exception.closed ? "on" : "",
    opensAt: exception.opensAt ?? "",
    closesAt: exception.closesAt ?? "",
    kitchenClosesAt: exception.kitchenClosesAt ?? "",
    note: exception.note,
  };
}

/** An exception to the hours as staff edit it. */
export type EditableException = ExceptionInput & { id: number };

/** An exception's form: its dates are bounded by today. */
export const exceptionForm = defineForm({
  id: "hours-exception",
  fields: exceptionFields,
  verb: "save",
  rules: ({ today }: { today: string }) =>
    import("./hours-rules").then((rules) => rules.exceptionSchema(today)),
});

/** An exception's days, as its heading names them. */
const daysOf = (exception: EditableException) =>
  formatDateRange(exception.startsOn, exception.endsOn);

/** An exception's editor, at /staff/hours/exceptions/:id. */
export const exceptionEditor = defineEditor({
  form: exceptionForm,
  list: { path: "/staff/hours", label: "All hours" },
  title: (exception: EditableException | null) =>
    exception ? daysOf(exception) : "Add an exception",
  pageTitle: (exception) =>
    exception ? `Hours for ${daysOf(exception)}` : "Add an exception to the hours",
  intro:
    "A holiday, a closure or a night with different hours. The days it covers use these hours instead of the regular week.",
  submit: { add: "Add the exception", save: "Save changes" },
  remove: {
    what: (exception) => `the hours for ${daysOf(exception)}`,
    consequence: "The regular hours apply to these days again.",
  },
  path: (id) => `/staff/hours/exceptions/${id}`,
  values: exceptionValues,
  fields: () => [
    row(
      text("startsOn", { type: "date", label: "First day" }),
      text("endsOn", {
        type: "date",
        label: "Last day",
        hint: "Leave empty for one day.",
        optional: true,
      }),
    ),
    checkbox("closed", {
      label: "Closed all day",
      summary: "Closed",
      hint: "When ticked, the times below are not used.",
      optional: true,
    }),
    row(
      text("opensAt", { type: "time", label: "Opens", conditional: true }),
      text("closesAt", {
        type: "time",
        label: "Closes",
        hint: "Before opening means after midnight, up to 6 am.",
        conditional: true,
      }),
      text("kitchenClosesAt", { type: "time", label: "Kitchen closes", optional: true }),
    ),
    text("note", {
      label: "Note",
      hint: "Visitors see it beside the date: “Boxing Day hours”.",
      limit: NOTE_MAX,
      optional: true,
    }),
  ],
});

/** The regular week's form: four fields a day. */
export const weekForm = defineForm({
  id: HOURS_FORMS.week,
  fields: weekFields,
  labels: weekLabels,
  verb: "save",
  rules: () => import("./hours-rules").then((rules) => rules.weekHoursSchema()),
});

/** Tonight's hours, which closing early is checked against (none: closed tonight). */
type Tonight = { tonight: DailyHours | null };

export const closingEarlyForm = defineForm({
  id: HOURS_FORMS.closingEarly,
  fields: closingEarlyFields,
  labels: { closesAt: "We close at" },
  verb: "save",
  rules: ({ tonight }: Tonight) =>
    import("./hours-rules").then((rules) => rules.closingEarlySchema(tonight)),
});

export const kitchenEarlyForm = defineForm({
  id: HOURS_FORMS.kitchenEarly,
  fields: kitchenEarlyFields,
  labels: { kitchenClosesAt: "Kitchen closes at" },
  verb: "save",
  rules: ({ tonight }: Tonight) =>
    import("./hours-rules").then((rules) => rules.kitchenEarlySchema(tonight)),
});

/** "Closed" for a day: the day, bounded by today, and the note visitors see. */
export const closedDayForm = defineForm({
  id: HOURS_FORMS.closedDay,
  fields: closedDayFields,
  labels: { date: "Day", note: "Reason" },
  verb: "save",
  rules: ({ today }: { today: string }) =>
    import("./hours-rules").then((rules) => rules.closedDaySchema(today)),
});
