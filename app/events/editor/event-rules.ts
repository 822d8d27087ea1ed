import { z } from "zod";
import { withThousands } from "~/platform/thousands";
import { torontoInstant, torontoWall } from "~/platform/clock/toronto-time";
import { formatLongDate } from "~/platform/clock/time-words";
import { cleanLine } from "~/platform/forms/typed-input";
import { ALT_TEXT_REQUIRED } from "~/images/uploads";
import type { EventStatus } from "~/events/events";
import {
  checkboxSchema,
  lineSchema,
  priceSchema,
  slugSchema,
  slugify,
  textSchema,
} from "~/platform/forms/field-rules";
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_PERFORMER_MAX,
  EVENT_STATUSES,
  EVENT_SUMMARY_MAX,
  EVENT_TITLE_MAX,
  IMAGE_ALT_MAX,
  SLUG_MAX,
} from "./event-editor";

/**
 * The events editor's rules: one schema, run by the action and (loaded on
 * first use) by the browser. Dates and times are on the pub's clock
 * (America/Toronto) and become instants here, so summer and winter times
 * both land where staff meant them.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const EARLIEST_YEAR = 2000;
const LATEST_YEAR = 2100;

/** Whether "YYYY-MM-DD" names a real day in the years events can have. */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * "HH:MM" from what staff type or a time input sends: "19:30", "19:30:00",
 * "7:30 pm", "7pm", "12 am"; null when it is not a time.
 */
export function parseTime(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/\./g, "");
  const clock = /^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\d*)?)?$/.exec(text);
  if (clock) return `${clock[1]!.padStart(2, "0")}:${clock[2]}`;
  const twelve = /^(1[0-2]|0?[1-9])(?::([0-5]\d))?\s*(am|pm)$/.exec(text);
  if (!twelve) return null;
  const hour = (Number(twelve[1]) % 12) + (twelve[3] === "pm" ? 12 : 0);
  return `${String(hour).padStart(2, "0")}:${twelve[2] ?? "00"}`;
}

const dateField = (required: string | null) =>
  z
    .string({ error: "Enter a date such as 2026-07-18." })
    .transform(cleanLine)
    .refine((value) => value !== "" || required === null, required ?? "")
    .refine(
      (value) => value === "" || DATE_PATTERN.test(value),
      "Enter a date such as 2026-07-18 (year, month, day).",
    )
    .refine(
      (value) => !DATE_PATTERN.test(value) || isCalendarDate(value),
      `That date does not exist. Check the day and month (years ${EARLIEST_YEAR} to ${LATEST_YEAR}).`,
    );

const timeField = (required: string | null) =>
  z
    .string({ error: "Enter a time such as 19:30 or 7:30 pm." })
    .transform(cleanLine)
    .refine((value) => value !== "" || required === null, required ?? "")
    .refine(
      (value) => value === "" || parseTime(value) !== null,
      "Enter a time such as 19:30 or 7:30 pm.",
    )
    .transform((value) => (value === "" ? "" : parseTime(value)!));

/** The instant of a Toronto date and time, or null when the clocks skip that time. */
function instantOf(date: string, time: string): Date | null {
  const instant = torontoInstant(date, time);
  return torontoWall(instant).time === time ? instant : null;
}

const SKIPPED =
  "The clocks go forward an hour that night, so this time does not happen. Choose a time an hour later.";

/**
 * When a rescheduled event was to start before it moved: null for an event
 * that has not moved, undefined (with the reason on the form) when the
 * earlier date and time are missing, do not exist, or do not fit the status.
 */
function movedFrom(
  event: { status: EventStatus; previousDate: string; previousTime: string },
  startsAt: Date,
  ctx: z.RefinementCtx,
): Date | null | undefined {
  const problem = (path: "previousDate" | "previousTime", message: string) => {
    ctx.addIssue({ code: "custom", path: [path], message });
    return undefined;
  };
  const typed = event.previousDate !== "" || event.previousTime !== "";
  if (event.status !== "rescheduled") {
    if (!typed) return null;
    return problem(
      event.previousDate !== "" ? "previousDate" : "previousTime",
      "An earlier day goes with a rescheduled event. Choose Rescheduled as the status, or clear the earlier day and start.",
    );
  }
  if (event.previousDate === "")
    return problem(
      "previousDate",
      "Enter the day it had before it moved, so visitors who saw that date know it has moved.",
    );
  if (event.previousTime === "")
    return problem("previousTime", "Enter the time it was to start before it moved.");
  const before = instantOf(event.previousDate, event.previousTime);
  if (!before) return problem("previousTime", SKIPPED);
  if (before.getTime() === startsAt.getTime())
    return problem(
      "previousDate",
      "That is the date and time it has now. Enter the ones it had before it moved, or set the new date above.",
    );
  return before;
}

export const eventSchema = z
  .object({
    title: lineSchema({
      max: EVENT_TITLE_MAX,
      required: "Enter the event's title.",
      tooLong: `Keep the title to ${EVENT_TITLE_MAX} characters or fewer.`,
    }),
    slug: slugSchema(SLUG_MAX),
    summary: lineSchema({
      max: EVENT_SUMMARY_MAX,
      tooLong: `Keep the summary to ${EVENT_SUMMARY_MAX} characters or fewer; the description can say more.`,
    }),
    performer: lineSchema({
      max: EVENT_PERFORMER_MAX,
      tooLong: `Keep the performer to ${EVENT_PERFORMER_MAX} characters or fewer, such as Kettle & Crow.`,
    }),
    description: textSchema({
      max: EVENT_DESCRIPTION_MAX,
      tooLong: `Keep the description to ${withThousands(EVENT_DESCRIPTION_MAX)} characters or fewer.`,
    }),
    startDate: dateField("Enter the date of the event."),
    startTime: timeField("Enter the time the event starts."),
    endDate: dateField(null),
    endTime: timeField(null),
    status: z.enum(EVENT_STATUSES, {
      error: "Choose on as planned, postponed, rescheduled, cancelled or sold out.",
    }),
    previousDate: dateField(null),
    previousTime: timeField(null),
    price: priceSchema({ optional: true, maxCents: 100_000_00 }),
    imageAlt: lineSchema({
      max: IMAGE_ALT_MAX,
      tooLong: `Keep the picture's description to ${IMAGE_ALT_MAX} characters or fewer.`,
    }),
    /** The file input: read by the upload step, not here. */
    image: z.string().optional().default(""),
    /** The picture the event has now (a hidden field), so the browser can ask for its description. */
    imageKept: z.string().optional().default(""),
    imageRemove: z.string().optional().default(""),
    hidden: checkboxSchema,
  })
  .transform((event, ctx) => {
    const startsAt = instantOf(event.startDate, event.startTime);
    if (!startsAt) {
      ctx.addIssue({ code: "custom", path: ["startTime"], message: SKIPPED });
      return z.NEVER;
    }
    let endsAt: Date | null = null;
    if (event.endTime === "" && event.endDate !== "") {
      ctx.addIssue({
        code: "custom",
        path: ["endTime"],
        message: "Enter the time the event ends, or clear the end date.",
      });
      return z.NEVER;
    }
    if (event.endTime !== "") {
      endsAt = instantOf(event.endDate || event.startDate, event.endTime);
      if (!endsAt) {
        ctx.addIssue({ code: "custom", path: ["endTime"], message: SKIPPED });
        return z.NEVER;
      }
      if (endsAt <= startsAt) {
        ctx.addIssue({
          code: "custom",
          path: [event.endDate ? "endDate" : "endTime"],
          message: `The end must be after the start (${formatLongDate(event.startDate)}, ${event.startTime}). For an event that runs past midnight, set the end date to the next day.`,
        });
        return z.NEVER;
      }
    }
    const previousStartsAt = movedFrom(event, startsAt, ctx);
    if (previousStartsAt === undefined) return z.NEVER;
    const hasPicture = event.imageKept.trim() !== "" && event.imageRemove !== "on";
    if (hasPicture && event.imageAlt === "") {
      ctx.addIssue({
        code: "custom",
        path: ["imageAlt"],
        message: ALT_TEXT_REQUIRED,
      });
      return z.NEVER;
    }
    const slug = event.slug || slugify(event.title, SLUG_MAX);
    if (slug === "") {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message:
          "The title has no letters or numbers to make a web address from. Enter one such as trivia-night.",
      });
      return z.NEVER;
    }
    return {
      title: event.title,
      slug,
      /** Left empty and made from the title: another event's may take a number after it. */
      slugFromTitle: event.slug === "",
      summary: event.summary,
      description: event.description,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt?.toISOString() ?? null,
      status: event.status,
      previousStartsAt: previousStartsAt?.toISOString() ?? null,
      priceCents: event.price,
      performer: event.performer,
      imageAlt: event.imageAlt,
      published: !event.hidden,
    };
  });

/** An event as the editor saves it. */
export type EventInput = z.output<typeof eventSchema>;
