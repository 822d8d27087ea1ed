import { formatPrice } from "./money";
import { formatLongDate, formatWallTime, torontoDateTime } from "./clock/time-words";
import { WEEKDAY_NAMES } from "./clock/toronto-time";
import { displayPhone } from "./phone";

/**
 * The words a change to a content table is told in, in the site's own
 * terms: each domain declares how its tables' rows are named and how each
 * column's values read ("Price $14.00 → $15.50"), and the staff area's list
 * of recent changes composes them. Row contents are what staff typed: they
 * are shown as text.
 */

/** A row as the audit log keeps it: column names to values. */
export type Row = Record<string, unknown>;

/** What describing a change may look up: the names of rows a column points at, by id. */
export type ChangeLookups = {
  sectionNames?: ReadonlyMap<number, string>;
  eventTitles?: ReadonlyMap<number, string>;
};

/** A value as the site shows it; `null` for "no value". */
export type Format = (value: unknown, row: Row, lookups: ChangeLookups) => string | null;

/** How one column's change reads. */
export type Column =
  /** A value old → new: "Price $14.00 → $15.50". `none` says what no value is. */
  | { kind: "value"; label: string; format: Format; none?: string }
  /** Typed text: a short line quoted, long text "Description changed" with both to open. */
  | { kind: "text"; label: string }
  /** A yes/no in words: "Not available → available". */
  | { kind: "flag"; yes: string; no: string }
  /** A list of words: "Dietary tags Vegetarian → Vegetarian, Vegan". */
  | { kind: "list"; label: string; labels?: Record<string, string> }
  /** A picture and the column holding its description. */
  | { kind: "picture"; label: string; alt: string }
  /** A list of { path, alt } pictures. */
  | { kind: "photos"; label: string }
  /** The place in a list: "Moved up", "Moved down". */
  | { kind: "order" }
  /** Out for the day until an instant: "Not available today, back at 4 am on Friday, November 27". */
  | { kind: "until" }
  /** Said with another column (a picture's description), or never worth a line. */
  | { kind: "skip" };

/** What a row is called. */
export type Subject = {
  /** "the menu item “Wings”", after "Added", "Changed", "Removed". */
  noun: string;
  /** The row in a word or two, for the one-line summary: "Wings", "Friday". */
  short: string;
};

/** Everything a change to one table is told with. */
export type TableWords = {
  /** The column that names a row, when it is not `id` (a weekday's hours). */
  key?: "weekday";
  subject: (row: Row) => Subject;
  /** Each column, in the order its editor's form shows it. */
  columns: Record<string, Column>;
  /** The whole row in a line ("Closed · Christmas Day"), said of an addition or a removal. */
  summary?: (row: Row) => string;
  /**
   * A row that stands for a state (a weekday's row: without one it is
   * closed): adding or removing it is a change of that state, from
   * `summary` of the old row (or `absent`) to that of the new.
   */
  presence?: { absent: string };
};

export const text = (value: unknown) => (typeof value === "string" ? value : "");
export const clip = (value: string, max = 80) =>
  value.length > max ? `${value.slice(0, max)}…` : value;
export const quoted = (value: unknown) => `“${clip(text(value))}”`;
export const isDate = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-\d\d-\d\d$/.test(value);
/** A time column's "HH:MM", from Postgres's "HH:MM:SS". */
export const wall = (value: unknown) => (typeof value === "string" ? value.slice(0, 5) : null);

export const money: Format = (value) => (typeof value === "number" ? formatPrice(value) : null);
export const time: Format = (value) =>
  typeof value === "string" ? formatWallTime(wall(value)!) : null;
export const date: Format = (value) => (isDate(value) ? formatLongDate(value) : null);
export const count: Format = (value) => (typeof value === "number" ? String(value) : null);
export const instant: Format = (value) => {
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) return null;
  const { date: day, time: at } = torontoDateTime(value);
  return `${formatLongDate(day)}, ${at}`;
};
export const weekday: Format = (value) =>
  typeof value === "number" ? (WEEKDAY_NAMES[value] ?? null) : null;
export const choice =
  (labels: Record<string, string>): Format =>
  (value) =>
    typeof value === "string" ? (labels[value] ?? value) : null;
export const phone: Format = (value) => (typeof value === "string" ? displayPhone(value) : null);
export const line: Format = (value) =>
  typeof value === "string" && value !== "" ? quoted(value) : null;
export const sectionName: Format = (value, _row, lookups) =>
  typeof value === "number" ? (lookups.sectionNames?.get(value) ?? "a removed section") : null;
export const eventTitle: Format = (value, _row, lookups) =>
  typeof value === "number" ? (lookups.eventTitles?.get(value) ?? "a removed event") : null;

export const published = { kind: "flag", yes: "shown on the site", no: "hidden" } as const;
export const skip = { kind: "skip" } as const;
export const order = { kind: "order" } as const;
export const textColumn = (label: string) => ({ kind: "text", label }) as const;
export const value = (label: string, format: Format, none?: string) =>
  ({ kind: "value", label, format, none }) as const;

/** A row named by one of its columns: `the ${noun} “…”`. */
export const named = (noun: string, name: unknown): Subject => ({
  noun: `the ${noun} ${quoted(name)}`,
  short: clip(text(name)),
});

/** The ways a column's change reads, as the domains' `*-changes.ts` declare them. */
export const column = { text: textColumn, value, published, order, skip } as const;

/** How values read, for `column.value`. */
export const format = {
  money,
  time,
  date,
  count,
  instant,
  weekday,
  choice,
  phone,
  line,
  sectionName,
  eventTitle,
} as const;
