import { torontoWall } from "~/platform/clock/toronto-time";
import { PICTURE_DESCRIPTION_MAX } from "~/images/uploads";
import { defineEditor } from "~/platform/forms/editor-spec";
import { area, checkbox, picture, row, select, text } from "~/platform/forms/field-specs";
import type { FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
import { EVENT_STATUSES, type PubEvent } from "~/events/events";
import { EVENT_STATUS_LABELS } from "~/events/event-words";

/**
 * The staff events editor's form: its fields, labels and limits, and how a
 * saved event fills the form. Safe for the browser (no zod here; the rules
 * are in event-rules.ts, loaded when the form is first used).
 */

export const eventFields = [
  "title",
  "slug",
  "summary",
  "description",
  "startDate",
  "startTime",
  "endDate",
  "endTime",
  "status",
  "previousDate",
  "previousTime",
  "price",
  "performer",
  "image",
  "imageAlt",
  "imageKept",
  "imageRemove",
  "hidden",
] as const;
export type EventField = (typeof eventFields)[number];

/** What it says when the chosen event has gone since the form was shown. */
export const NO_SUCH_EVENT = "That event is no longer on the site; choose another, or none.";

export const EVENT_TITLE_MAX = 100;
export const SLUG_MAX = 80;
export const EVENT_SUMMARY_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 2000;
export const IMAGE_ALT_MAX = PICTURE_DESCRIPTION_MAX;
export const EVENT_PERFORMER_MAX = 100;

export { EVENT_STATUSES };

/** An event as the editor shows it: every published field, hidden ones too. */
export type EditableEvent = PubEvent & { published: boolean; sample: boolean };

/** Dollars as staff type them: "14.50", from cents. */
export function centsToDollars(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}

/** A saved event as the form shows it: date and times on Toronto's clock. */
export function eventFormValues(event: EditableEvent): FormValues<EventField> {
  const start = torontoWall(new Date(event.startsAt));
  const end = event.endsAt ? torontoWall(new Date(event.endsAt)) : null;
  const before = event.previousStartsAt ? torontoWall(new Date(event.previousStartsAt)) : null;
  return {
    title: event.title,
    slug: event.slug,
    summary: event.summary,
    description: event.description,
    startDate: start.date,
    startTime: start.time,
    endDate: end && end.date !== start.date ? end.date : "",
    endTime: end?.time ?? "",
    status: event.status,
    previousDate: before?.date ?? "",
    previousTime: before?.time ?? "",
    price: centsToDollars(event.priceCents),
    performer: event.performer,
    image: "",
    imageAlt: event.image?.alt ?? "",
    imageKept: event.image?.path ?? "",
    imageRemove: "",
    hidden: event.published ? "" : "on",
  };
}

/** What a new event's form starts with. */
export const newEventValues: Partial<FormValues<EventField>> = { status: "scheduled" };

/** The picture's fields in the form (the file input, the kept path, the remove box, the alt text). */
export const EVENT_PICTURE_NAMES = {
  file: "image",
  kept: "imageKept",
  remove: "imageRemove",
  alt: "imageAlt",
} as const;

export const eventForm = defineForm({
  id: "event-form",
  fields: eventFields,
  files: ["image"],
  verb: "save",
  rules: () => import("./event-rules").then((rules) => rules.eventSchema),
});

/** An event's editor, at /staff/events/:id. */
export const eventEditor = defineEditor({
  form: eventForm,
  list: { path: "/staff/events", label: "All events" },
  title: (event: EditableEvent | null) => event?.title ?? "Add an event",
  pageTitle: (event) => (event ? `Edit ${event.title.slice(0, 60)}` : "Add an event"),
  intro: "Dates and times are on the pub’s clock (Toronto), summer or winter.",
  submit: { add: "Add event", save: "Save changes" },
  remove: {
    what: (event) => `“${event.title}”`,
    consequence: "The event goes from the site and from this list.",
  },
  path: (id) => `/staff/events/${id}`,
  values: eventFormValues,
  pictures: true,
  fields: () => [
    text("title", { label: "Title", limit: EVENT_TITLE_MAX }),
    text("slug", {
      label: "Web address name",
      summary: "Web address",
      optional: true,
      hint: "Made from the title when left empty, such as trivia-night (trivia-night-2 when another event has it). It stays when the title changes.",
      limit: SLUG_MAX,
      autoCapitalize: "none",
      spellCheck: false,
    }),
    row(
      text("startDate", { label: "Date", type: "date" }),
      text("startTime", { label: "Starts at", type: "time" }),
    ),
    row(
      text("endTime", {
        label: "Ends at",
        type: "time",
        optional: true,
        hint: "Empty: about three hours.",
      }),
      text("endDate", {
        label: "Ends on",
        type: "date",
        optional: true,
        hint: "Only when it runs past midnight.",
      }),
    ),
    select("status", {
      label: "Status",
      hint: "Postponed: off for now, no new date yet. Rescheduled: set the new date above, and the day and time it had below.",
      options: EVENT_STATUSES.map((status) => ({
        value: status,
        label: EVENT_STATUS_LABELS[status],
      })),
    }),
    row(
      text("previousDate", {
        label: "Earlier day",
        type: "date",
        optional: true,
        hint: "Only for a rescheduled event: the day it had before it moved.",
      }),
      text("previousTime", {
        label: "Earlier start",
        type: "time",
        optional: true,
        hint: "The time it was to start on that day.",
      }),
    ),
    text("price", {
      label: "Cover charge",
      optional: true,
      hint: "In dollars, such as 10 or 12.50. Empty: free.",
      inputMode: "decimal",
    }),
    text("performer", {
      label: "Performer",
      optional: true,
      hint: "Who plays or hosts, such as Kettle & Crow; search engines show it with the event. Empty: no one to name.",
      limit: EVENT_PERFORMER_MAX,
      autoComplete: "off",
    }),
    text("summary", {
      label: "Summary",
      optional: true,
      hint: "One line for the home page.",
      limit: EVENT_SUMMARY_MAX,
    }),
    area("description", {
      label: "Description",
      optional: true,
      rows: 5,
      limit: EVENT_DESCRIPTION_MAX,
    }),
    picture(EVENT_PICTURE_NAMES, {
      altLimit: IMAGE_ALT_MAX,
    }),
    checkbox("hidden", {
      label: "Hide from the site",
      summary: "Hidden",
      hint: "Hidden events stay here for staff but visitors do not see them.",
      optional: true,
    }),
  ],
});
