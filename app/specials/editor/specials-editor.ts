import { defineEditor, rowOptions, type RowChoice } from "~/platform/forms/editor-spec";
import { area, checkbox, row, select, text } from "~/platform/forms/field-specs";
import type { FormValues } from "~/platform/forms/form-check";
import { defineForm } from "~/platform/forms/form-spec";
import { formatLongDate, formatWallTime } from "~/platform/clock/time-words";
import type { Special } from "~/specials/specials";

/**
 * What the specials editor's form shares between the server and the browser
 * without the rules themselves: fields, labels, limits, and money typed as
 * dollars.
 */

/** A special as staff see it: hidden ones too, with its place in its day's list. */
export type EditableSpecial = Special & {
  published: boolean;
  /** Still the sample's: not yet saved from its form. */
  sample: boolean;
  sortOrder: number;
  /** Its event's title, when it is tied to one. */
  eventTitle: string | null;
};

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1000;
/** Prices are stored in cents, as integers; anything past this is a typing slip. */
export const PRICE_MAX_CENTS = 1_000_000;
/** How far ahead a special's dates may reach: two years. */
export const SPECIAL_DAYS_AHEAD = 731;

export const specialFields = [
  "title",
  "description",
  "price",
  "weekday",
  "startsOn",
  "endsOn",
  "startsAt",
  "endsAt",
  "eventId",
  "hidden",
] as const;
export type SpecialField = (typeof specialFields)[number];
/** The weekday choices, Monday first as the site's week reads. */
export const WEEKDAY_CHOICES = [
  { value: "1", label: "Monday" },
  { value: "2", label: "Tuesday" },
  { value: "3", label: "Wednesday" },
  { value: "4", label: "Thursday" },
  { value: "5", label: "Friday" },
  { value: "6", label: "Saturday" },
  { value: "0", label: "Sunday" },
] as const;

/** Cents as a form shows them again: "14.50". */
export const dollarsText = (cents: number | null) =>
  cents === null ? "" : (cents / 100).toFixed(2);

/** The form's values for a saved special. */
export function specialValues(special: EditableSpecial): FormValues<SpecialField> {
  return {
    title: special.title,
    description: special.description,
    price: dollarsText(special.priceCents),
    weekday: special.weekday === null ? "" : String(special.weekday),
    startsOn: special.startsOn ?? "",
    endsOn: special.endsOn ?? "",
    startsAt: special.startsAt ?? "",
    endsAt: special.endsAt ?? "",
    eventId: special.eventId === null ? "" : String(special.eventId),
    hidden: special.published ? "" : "on",
  };
}

/** When a special runs, in a few words: "Nov 24 to Dec 24", "from 4 pm to 10 pm". */
export function describeWhen(special: EditableSpecial): string {
  const parts: string[] = [];
  if (special.startsOn) {
    parts.push(
      special.endsOn && special.endsOn !== special.startsOn
        ? `${formatLongDate(special.startsOn)} to ${formatLongDate(special.endsOn)}`
        : special.endsOn || special.weekday === null
          ? formatLongDate(special.startsOn)
          : `from ${formatLongDate(special.startsOn)}`,
    );
  }
  if (special.startsAt) {
    parts.push(
      special.endsAt
        ? `${formatWallTime(special.startsAt)} to ${formatWallTime(special.endsAt)}`
        : `from ${formatWallTime(special.startsAt)}`,
    );
  }
  if (special.eventTitle) parts.push(`only while ${special.eventTitle} is on`);
  return parts.join(", ");
}

/** The special's form: its rules are made for today, which bounds how far ahead its dates go. */
export const specialForm = defineForm({
  id: "special",
  fields: specialFields,
  verb: "save",
  rules: ({ today }: { today: string }) =>
    import("./specials-rules").then((rules) => rules.specialSchema(today)),
});

/** The special's editor, at /staff/specials/:id. */
export const specialEditor = defineEditor({
  form: specialForm,
  list: { path: "/staff/specials", label: "All specials" },
  title: (special: EditableSpecial | null) => special?.title ?? "Add a special",
  intro: "Every week on a day, on dates, or on a day within dates.",
  submit: { add: "Add the special", save: "Save changes" },
  remove: {
    what: (special) => `“${special.title}”`,
    consequence: "The special leaves the site and this list.",
  },
  path: (id) => `/staff/specials/${id}`,
  values: specialValues,
  fields: (_, { events }: { events: readonly RowChoice[] }) => [
    text("title", { label: "Name", limit: TITLE_MAX }),
    area("description", { label: "Description", limit: DESCRIPTION_MAX, optional: true }),
    text("price", {
      label: "Price",
      hint: "In dollars, such as 14.50. Leave empty for a deal with no one price, such as a happy hour, and say the offer in the description.",
      inputMode: "decimal",
      optional: true,
    }),
    select("weekday", {
      label: "Every week on",
      hint: "Or choose dates below; with both, the day within those dates.",
      optional: true,
      none: "No weekday: on dates only",
      options: WEEKDAY_CHOICES,
    }),
    row(
      text("startsOn", { type: "date", label: "First day", optional: true }),
      text("endsOn", {
        type: "date",
        label: "Last day",
        hint: "Empty: a weekday special runs on; a dated one is that day only.",
        optional: true,
      }),
    ),
    row(
      text("startsAt", { type: "time", label: "From", optional: true }),
      text("endsAt", {
        type: "time",
        label: "Until",
        hint: "Before the start means after midnight.",
        optional: true,
      }),
    ),
    select("eventId", {
      label: "Only while this event is on",
      hint: "For a deal that goes with an event, such as pitchers while the quiz is on: the special shows only on the day of that event, and not at all if it is cancelled, postponed or hidden.",
      optional: true,
      none: "No event: on its days as above",
      options: rowOptions(events),
    }),
    checkbox("hidden", {
      label: "Hidden",
      hint: "Kept here, not shown on the site.",
      optional: true,
    }),
  ],
});
