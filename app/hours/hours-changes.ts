import {
  column,
  format,
  isDate,
  text,
  clip,
  wall,
  type Row,
  type TableWords,
} from "~/platform/change-words";
import { WEEKDAY_NAMES } from "~/platform/clock/toronto-time";
import { dateParts, formatDateRange } from "~/platform/clock/time-words";
import { formatDayHours } from "~/hours/editor/hours-editor";

/** How a change to the opening hours is told in the recent changes. */

/** A day's hours as the site shows them: "11 am to 2 am, kitchen until 10 pm", or "Closed". */
function dayHours(row: Row): string {
  return formatDayHours({
    opensAt: wall(row.opens_at)!,
    closesAt: wall(row.closes_at)!,
    kitchenClosesAt: wall(row.kitchen_closes_at),
  });
}

/** An exception's days: "Thursday, December 24", a range, or, with only a first day, "24 Dec". */
function exceptionDays(row: Row): string {
  if (isDate(row.starts_on) && isDate(row.ends_on)) {
    return formatDateRange(row.starts_on, row.ends_on);
  }
  const first = text(row.starts_on).slice(0, 10);
  if (!isDate(first)) return "";
  const { day, monthShort } = dateParts(first);
  return `${day} ${monthShort}`;
}

export const hoursChanges = {
  // A weekday without a row is closed: opening or closing a day changes its hours.
  opening_hours: {
    key: "weekday",
    subject: (row) => {
      const day = WEEKDAY_NAMES[Number(row.weekday)] ?? "a day";
      return { noun: `the opening hours for ${day}`, short: day };
    },
    columns: {
      weekday: column.skip,
      opens_at: column.value("Opens at", format.time),
      closes_at: column.value("Closes at", format.time),
      kitchen_closes_at: column.value("Kitchen closes at", format.time, "when the bar closes"),
    },
    summary: dayHours,
    presence: { absent: "Closed" },
  },
  hours_exceptions: {
    subject: (row) => ({
      noun: `the hours for ${exceptionDays(row)}`,
      short: `Hours for ${exceptionDays(row)}`,
    }),
    columns: {
      starts_on: column.value("First day", format.date),
      ends_on: column.value("Last day", format.date),
      closed: { kind: "flag", yes: "closed", no: "open" },
      opens_at: column.value("Opens at", format.time, "none"),
      closes_at: column.value("Closes at", format.time, "none"),
      kitchen_closes_at: column.value("Kitchen closes at", format.time, "when the bar closes"),
      note: column.text("Note"),
    },
    // "Closed · Christmas Day"
    summary: (row) => {
      const hours = row.closed ? "Closed" : dayHours(row);
      const note = text(row.note);
      return note ? `${hours} · ${clip(note)}` : hours;
    },
  },
} satisfies Record<string, TableWords>;
