import { EVENT_STATUSES, type EventStatus } from "~/events/events";
import { eventStatusLabels } from "~/events/event-editor";
import {
  dateParts,
  formatLongDate,
  torontoDateTime,
  formatDateRange,
  formatWallTime,
} from "~/platform/clock/time-words";
import { addDays, WEEKDAY_NAMES, torontoDate } from "~/platform/clock/toronto-time";
import { formatDayHours } from "~/hours/hours-editor";
import { contentImage, type ContentImage } from "~/images/content-image";
import { ALLERGEN_LABELS, BADGE_LABELS, DIETARY_LABELS } from "~/menu/menu";
import { formatPrice } from "~/platform/money";
import { displayPhone } from "~/platform/phone";
import { priceUnitLabels } from "~/venue/venue-editor";

/**
 * The audit log in the site's words: what changed, from what to what
 * ("Price $14.00 → $15.50", "Not available → available"), with money, times,
 * dates and pictures as visitors see them. Row contents are what staff (or
 * visitors, for enquiries) typed: the page shows them as text, with hidden
 * characters neutralised.
 */

type Row = Record<string, unknown>;

/** How many changes the changes page shows, newest first. */
export const RECENT_CHANGES_LIMIT = 50;

/** One entry of the audit log as the server reads it. */
export type AuditEntry = {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  actor: string | null;
  /** The actor's email while they are on the staff list. */
  actorEmail: string | null;
  tableName: string;
  operation: "INSERT" | "UPDATE" | "DELETE";
  oldRow: Row | null;
  newRow: Row | null;
  /** The change this one undid, when it was an undo. */
  undoes?: number | null;
};

/** One line of what a change did. */
export type ChangeDetail =
  /** "Price $14.00 → $15.50" */
  | { kind: "value"; text: string }
  /** "Description changed", with the text before and after to open. */
  | { kind: "text"; text: string; before: string; after: string }
  /** "Picture replaced", with the pictures before and after. */
  | { kind: "picture"; text: string; before: ContentImage[]; after: ContentImage[] };

/** Whether an owner may undo a change from the list, and if not, why. */
export type UndoOffer =
  | { state: "offered" }
  | { state: "refused"; reason: string }
  /** Not for this change, or not for this member (editors). */
  | { state: "none" };

/** What a change was, for the list. */
export type RecentChange = {
  id: number;
  at: string;
  /** When, in the pub's time: "Today at 3:05 pm". */
  when: string;
  /** The staff member's email, "System" for the server's own writes, or "A former staff member". */
  who: string;
  /** The sentence: "Changed the menu item “Wings”". */
  what: string;
  /** Each field it changed, old → new. */
  details: ChangeDetail[];
  /** All of it on one line: "Wings: not available → available". */
  summary: string;
  undo: UndoOffer;
};

/** What describing a change may look up: the names of menu sections, by id. */
export type ChangeLookups = {
  sectionNames?: ReadonlyMap<number, string>;
  eventTitles?: ReadonlyMap<number, string>;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const quoted = (value: unknown) => `“${clip(text(value))}”`;
const clip = (value: string, max = 80) => (value.length > max ? `${value.slice(0, max)}…` : value);
const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const lowerFirst = (value: string) => value.charAt(0).toLowerCase() + value.slice(1);
const isDate = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-\d\d-\d\d$/.test(value);
const wall = (value: unknown) => (typeof value === "string" ? value.slice(0, 5) : null);

/** A date as a short "24 Dec", for the names of exceptions in a line. */
const shortDay = (value: unknown) => {
  const date = text(value).slice(0, 10);
  if (!isDate(date)) return "";
  const { day, monthShort } = dateParts(date);
  return `${day} ${monthShort}`;
};

// ---------------------------------------------------------------------------
// How each column's values read.

/** A value as the site shows it; `null` for "no value". */
type Format = (value: unknown, row: Row, lookups: ChangeLookups) => string | null;

type Column =
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

const money: Format = (value) => (typeof value === "number" ? formatPrice(value) : null);
const time: Format = (value) => (typeof value === "string" ? formatWallTime(wall(value)!) : null);
const date: Format = (value) => (isDate(value) ? formatLongDate(value) : null);
const count: Format = (value) => (typeof value === "number" ? String(value) : null);
const instant: Format = (value) => {
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) return null;
  const { date: day, time: at } = torontoDateTime(value);
  return `${formatLongDate(day)}, ${at}`;
};
const weekday: Format = (value) =>
  typeof value === "number" ? (WEEKDAY_NAMES[value] ?? null) : null;
const choice =
  (labels: Record<string, string>): Format =>
  (value) =>
    typeof value === "string" ? (labels[value] ?? value) : null;
const phone: Format = (value) => (typeof value === "string" ? displayPhone(value) : null);
const line: Format = (value) => (typeof value === "string" && value !== "" ? quoted(value) : null);
const sectionName: Format = (value, _row, lookups) =>
  typeof value === "number" ? (lookups.sectionNames?.get(value) ?? "a removed section") : null;
const eventTitle: Format = (value, _row, lookups) =>
  typeof value === "number" ? (lookups.eventTitles?.get(value) ?? "a removed event") : null;
const socialLinks: Format = (value) =>
  Array.isArray(value) && value.length > 0
    ? value.map((link) => text((link as { url?: unknown }).url)).join(", ")
    : null;

const published = { kind: "flag", yes: "shown on the site", no: "hidden" } as const;
const skip = { kind: "skip" } as const;
const order = { kind: "order" } as const;
const textColumn = (label: string) => ({ kind: "text", label }) as const;
const value = (label: string, format: Format, none?: string) =>
  ({ kind: "value", label, format, none }) as const;

/** Each table's columns in the order its editor's form shows them. */
const COLUMNS: Record<string, Record<string, Column>> = {
  site_settings: {
    name: textColumn("Name"),
    short_name: textColumn("Short name"),
    tagline: textColumn("Tagline"),
    description: textColumn("Description"),
    street_address: textColumn("Street address"),
    locality: textColumn("City"),
    region: textColumn("Province"),
    postal_code: textColumn("Postal code"),
    country: textColumn("Country"),
    latitude: value("Latitude", count),
    longitude: value("Longitude", count),
    phone: value("Phone", phone),
    email: textColumn("Email"),
    price_range: textColumn("Price range"),
    cuisines: { kind: "list", label: "Cuisines" },
    accepts_reservations: { kind: "flag", yes: "takes reservations", no: "no reservations" },
    reservation_url: value("Reservations link", line, "none"),
    ordering_url: value("Ordering link", line, "none"),
    social_links: value("Social links", socialLinks, "none"),
    transit_note: textColumn("Getting here by transit"),
    parking_note: textColumn("Parking"),
    accessibility_note: textColumn("Accessibility"),
    hero_image_path: { kind: "picture", label: "Home page picture", alt: "hero_image_alt" },
    hero_image_alt: skip,
  },
  opening_hours: {
    weekday: skip,
    opens_at: value("Opens at", time),
    closes_at: value("Closes at", time),
    kitchen_closes_at: value("Kitchen closes at", time, "when the bar closes"),
  },
  hours_exceptions: {
    starts_on: value("First day", date),
    ends_on: value("Last day", date),
    closed: { kind: "flag", yes: "closed", no: "open" },
    opens_at: value("Opens at", time, "none"),
    closes_at: value("Closes at", time, "none"),
    kitchen_closes_at: value("Kitchen closes at", time, "when the bar closes"),
    note: textColumn("Note"),
  },
  menu_sections: {
    name: textColumn("Name"),
    slug: textColumn("Web address"),
    description: textColumn("Description"),
    note: textColumn("Note"),
    may_contain: { kind: "list", label: "May contain traces of", labels: ALLERGEN_LABELS },
    published,
    sort_order: order,
  },
  menu_items: {
    section_id: value("Section", sectionName),
    name: textColumn("Name"),
    description: textColumn("Description"),
    price_cents: value("Price", money),
    portion: textColumn("Portion"),
    dietary_tags: { kind: "list", label: "Dietary tags", labels: DIETARY_LABELS },
    allergens: { kind: "list", label: "Allergens", labels: ALLERGEN_LABELS },
    badges: { kind: "list", label: "Badges", labels: BADGE_LABELS },
    available: { kind: "flag", yes: "on the menu", no: "off the menu" },
    unavailable_until: { kind: "until" },
    featured: { kind: "flag", yes: "featured on the home page", no: "not featured" },
    image_path: { kind: "picture", label: "Picture", alt: "image_alt" },
    image_alt: skip,
    event_id: value("Only on the day of this event", eventTitle, "none"),
    published,
    sort_order: order,
  },
  specials: {
    title: textColumn("Name"),
    description: textColumn("Description"),
    price_cents: value("Price", money, "none"),
    weekday: value("Every week on", weekday, "none"),
    starts_on: value("First day", date, "none"),
    ends_on: value("Last day", date, "none"),
    starts_at: value("From", time, "opening"),
    ends_at: value("Until", time, "closing"),
    event_id: value("Only while this event is on", eventTitle, "none"),
    published,
    sort_order: order,
  },
  events: {
    title: textColumn("Title"),
    slug: textColumn("Web address"),
    summary: textColumn("Summary"),
    description: textColumn("Description"),
    starts_at: value("Starts", instant),
    ends_at: value("Ends", instant, "no end time"),
    status: value(
      "Status",
      choice(
        Object.fromEntries(
          EVENT_STATUSES.map((status: EventStatus) => [status, eventStatusLabels[status]]),
        ),
      ),
    ),
    price_cents: value("Cover charge", money, "free"),
    performer: textColumn("Performer"),
    image_path: { kind: "picture", label: "Picture", alt: "image_alt" },
    image_alt: skip,
    published,
  },
  venue_spaces: {
    name: textColumn("Name"),
    slug: textColumn("Web address"),
    summary: textColumn("Summary"),
    description: textColumn("Description"),
    seated_capacity: value("Seated guests", count),
    standing_capacity: value("Standing guests", count),
    features: { kind: "list", label: "Features" },
    step_free: { kind: "flag", yes: "step-free", no: "not step-free" },
    accessibility_note: textColumn("Access note"),
    photos: { kind: "photos", label: "Photos" },
    published,
    sort_order: order,
  },
  venue_packages: {
    name: textColumn("Name"),
    description: textColumn("Description"),
    price_cents: value("Price", money),
    price_unit: value("Priced", choice(priceUnitLabels)),
    minimum_guests: value("Minimum guests", count, "none"),
    includes: { kind: "list", label: "Includes" },
    published,
    sort_order: order,
  },
};

/** The columns that change by themselves, or say nothing to staff. */
const IGNORED = new Set(["updated_at", "id"]);

/** Text longer than this, or on several lines, is "changed" with both versions to open. */
const SHORT_TEXT = 60;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function images(value: unknown): ContentImage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((photo) => {
    const image = contentImage(text((photo as Row)?.path) || null, text((photo as Row)?.alt));
    return image ? [image] : [];
  });
}

function listWords(value: unknown, labels?: Record<string, string>): string {
  const words = Array.isArray(value) ? value.map((entry) => text(entry)).filter(Boolean) : [];
  return words.length > 0
    ? words.map((word) => clip(labels?.[word] ?? word, 40)).join(", ")
    : "none";
}

/** The line for one column that differs between `oldRow` and `newRow`, or null for none. */
function columnDetail(
  column: Column,
  name: string,
  oldRow: Row,
  newRow: Row,
  lookups: ChangeLookups,
): ChangeDetail | null {
  const before = oldRow[name];
  const after = newRow[name];
  switch (column.kind) {
    case "skip":
      return null;
    case "value": {
      const none = column.none ?? "none";
      const from = column.format(before, oldRow, lookups) ?? none;
      const to = column.format(after, newRow, lookups) ?? none;
      return { kind: "value", text: `${column.label} ${from} → ${to}` };
    }
    case "flag":
      return {
        kind: "value",
        text: upperFirst(`${before ? column.yes : column.no} → ${after ? column.yes : column.no}`),
      };
    case "list":
      return {
        kind: "value",
        text: `${column.label} ${listWords(before, column.labels)} → ${listWords(after, column.labels)}`,
      };
    case "until": {
      if (typeof after === "string" && !Number.isNaN(Date.parse(after))) {
        const { date: day, time: at } = torontoDateTime(after);
        return {
          kind: "value",
          text: `Not available today, back at ${at} on ${formatLongDate(day)}`,
        };
      }
      return before ? { kind: "value", text: "No longer marked not available today" } : null;
    }
    case "order": {
      const up = Number(after) < Number(before);
      return { kind: "value", text: up ? "Moved up the list" : "Moved down the list" };
    }
    case "text": {
      const [from, to] = [text(before), text(after)];
      const short = (value: string) => value.length <= SHORT_TEXT && !/\n/.test(value);
      if (short(from) && short(to)) {
        const word = (value: string) => (value === "" ? "none" : `“${value}”`);
        return { kind: "value", text: `${column.label} ${word(from)} → ${word(to)}` };
      }
      const did = from === "" ? "added" : to === "" ? "removed" : "changed";
      return { kind: "text", text: `${column.label} ${did}`, before: from, after: to };
    }
    case "picture": {
      const from = contentImage(text(before) || null, text(oldRow[column.alt]));
      const to = contentImage(text(after) || null, text(newRow[column.alt]));
      const did = !from ? "added" : !to ? "removed" : "replaced";
      return {
        kind: "picture",
        text: `${column.label} ${did}`,
        before: from ? [from] : [],
        after: to ? [to] : [],
      };
    }
    case "photos": {
      const [from, to] = [images(before), images(after)];
      return {
        kind: "picture",
        text: `${column.label} changed (${from.length} → ${to.length})`,
        before: from,
        after: to,
      };
    }
  }
}

/** A picture's description changed on its own (the picture kept). */
function altDetail(column: Extract<Column, { kind: "picture" }>, oldRow: Row, newRow: Row) {
  const [from, to] = [text(oldRow[column.alt]), text(newRow[column.alt])];
  if (from === to || !newRow[column.alt.replace(/_alt$/, "_path")]) return null;
  return {
    kind: "text",
    text: `${column.label} description changed`,
    before: from,
    after: to,
  } as const;
}

/** A column the site does not know yet, as its name says: `price_cents` is "price". */
function fieldName(column: string): string {
  return upperFirst(column.replace(/_(cents|id)$/, "").replace(/_/g, " "));
}

/** The lines of an update: each column that changed, in the form's order. */
export function changeDetails(
  tableName: string,
  oldRow: Row | null,
  newRow: Row | null,
  lookups: ChangeLookups = {},
): ChangeDetail[] {
  if (!oldRow || !newRow) return [];
  const columns = COLUMNS[tableName] ?? {};
  const changed = [...new Set([...Object.keys(oldRow), ...Object.keys(newRow)])].filter(
    (key) => !IGNORED.has(key) && !same(oldRow[key], newRow[key]),
  );
  const known = Object.keys(columns);
  const details: ChangeDetail[] = [];
  for (const name of known) {
    const column = columns[name]!;
    if (changed.includes(name)) {
      const detail = columnDetail(column, name, oldRow, newRow, lookups);
      if (detail) details.push(detail);
    } else if (column.kind === "picture") {
      const detail = altDetail(column, oldRow, newRow);
      if (detail) details.push(detail);
    }
  }
  for (const name of changed.filter((key) => !known.includes(key)).sort()) {
    details.push({ kind: "value", text: `${fieldName(name)} changed` });
  }
  return details;
}

// ---------------------------------------------------------------------------
// What each table's rows are called.

type Subject = {
  /** "the menu item “Wings”", after "Added", "Changed", "Removed". */
  noun: string;
  /** The row in a word or two, for the one-line summary: "Wings", "Friday". */
  short: string;
};

const named = (noun: string, value: unknown): Subject => ({
  noun: `the ${noun} ${quoted(value)}`,
  short: clip(text(value)),
});

const exceptionDays = (row: Row) =>
  isDate(row.starts_on) && isDate(row.ends_on)
    ? formatDateRange(row.starts_on, row.ends_on)
    : shortDay(row.starts_on);

/** How each table's rows are named: a noun and the row's own words. */
const subjects: Record<string, (row: Row) => Subject> = {
  site_settings: () => ({ noun: "the site settings", short: "Site settings" }),
  opening_hours: (row) => {
    const day = WEEKDAY_NAMES[Number(row.weekday)] ?? "a day";
    return { noun: `the opening hours for ${day}`, short: day };
  },
  hours_exceptions: (row) => ({
    noun: `the hours for ${exceptionDays(row)}`,
    short: `Hours for ${exceptionDays(row)}`,
  }),
  menu_sections: (row) => named("menu section", row.name),
  menu_items: (row) => named("menu item", row.name),
  specials: (row) => named("special", row.title),
  events: (row) => named("event", row.title),
  venue_spaces: (row) => named("venue space", row.name),
  venue_packages: (row) => named("venue package", row.name),
  staff: (row) => ({ noun: `${text(row.email)} on the staff list`, short: text(row.email) }),
  enquiries: (row) => ({
    noun: `enquiry #${String(row.id ?? "")}`,
    short: `Enquiry #${String(row.id ?? "")}`,
  }),
  // Added by an upload, removed by the daily sweep when no page uses it.
  pictures: () => ({ noun: "an uploaded picture", short: "An uploaded picture" }),
};

function subjectOf(entry: AuditEntry): Subject {
  const row = entry.newRow ?? entry.oldRow ?? {};
  const name = subjects[entry.tableName];
  return name
    ? name(row)
    : { noun: `a row of ${entry.tableName}`, short: `A row of ${entry.tableName}` };
}

/** A day's hours as the site shows them: "11 am to 2 am, kitchen until 10 pm", or "Closed". */
function dayHours(row: Row | null): string {
  if (!row) return "Closed";
  return formatDayHours({
    opensAt: wall(row.opens_at)!,
    closesAt: wall(row.closes_at)!,
    kitchenClosesAt: wall(row.kitchen_closes_at),
  });
}

/** An exception's hours and note as the site shows them: "Closed · Christmas Day". */
function exceptionHours(row: Row): string {
  const hours = row.closed ? "Closed" : dayHours(row);
  const note = text(row.note);
  return note ? `${hours} · ${clip(note)}` : hours;
}

/** What a change did, in a sentence, with its lines. */
export function describeChange(
  entry: AuditEntry,
  lookups: ChangeLookups = {},
): { what: string; details: ChangeDetail[]; summary: string } {
  const subject = subjectOf(entry);
  if (entry.tableName === "enquiries") return alone(describeEnquiry(entry, subject.noun));
  if (entry.tableName === "staff") return alone(describeStaff(entry, subject.noun));

  // A weekday without a row is closed: opening or closing a day changes its hours.
  if (entry.tableName === "opening_hours" && entry.operation !== "UPDATE") {
    const detail = `${dayHours(entry.oldRow)} → ${dayHours(entry.newRow)}`;
    return withUndo(entry, `Changed ${subject.noun}`, subject.short, [
      { kind: "value", text: detail },
    ]);
  }
  if (entry.operation === "UPDATE") {
    const details = changeDetails(entry.tableName, entry.oldRow, entry.newRow, lookups);
    return withUndo(entry, `Changed ${subject.noun}`, subject.short, details);
  }
  const details: ChangeDetail[] =
    entry.tableName === "hours_exceptions"
      ? [{ kind: "value", text: exceptionHours(entry.newRow ?? entry.oldRow ?? {}) }]
      : [];
  const verb = entry.operation === "INSERT" ? "Added" : "Removed";
  return withUndo(entry, `${verb} ${subject.noun}`, `${verb} ${subject.noun}`, details);
}

/** A change described by its sentence alone. */
const alone = (what: string) => ({ what, details: [], summary: what });

/**
 * The sentence, lines and summary of a change to content; an undo says so:
 * "Undid the change to …", "Undid adding …", "Undid removing …".
 */
function withUndo(entry: AuditEntry, what: string, short: string, details: ChangeDetail[]) {
  const lines = details.map((detail) => lowerFirst(detail.text)).join("; ");
  if (entry.undoes) {
    const undid =
      entry.operation === "UPDATE" || entry.tableName === "opening_hours"
        ? what.replace(/^Changed /, "Undid the change to ")
        : entry.operation === "DELETE"
          ? what.replace(/^Removed /, "Undid adding ")
          : what.replace(/^Added /, "Undid removing ");
    return { what: undid, details, summary: lines ? `${undid}: ${lines}` : undid };
  }
  if (entry.operation === "UPDATE" || entry.tableName === "opening_hours") {
    return { what, details, summary: lines ? `${short}: ${lines}` : what };
  }
  return { what, details, summary: lines ? `${what}: ${lines}` : what };
}

function describeEnquiry(entry: AuditEntry, subject: string): string {
  const before = entry.oldRow?.handled_at ?? null;
  const after = entry.newRow?.handled_at ?? null;
  if (!before && after) return `Marked ${subject} as handled`;
  if (before && !after) return `Marked ${subject} as not handled`;
  return `Changed ${subject}`;
}

function describeStaff(entry: AuditEntry, subject: string): string {
  const role = text(entry.newRow?.role);
  const email = text((entry.newRow ?? entry.oldRow)?.email);
  if (entry.operation === "INSERT") return `Added ${email} to the staff as an ${role}`;
  if (entry.operation === "DELETE") return `Removed ${email} from the staff`;
  if (entry.oldRow?.role !== entry.newRow?.role) return `Made ${email} an ${role}`;
  if (!entry.oldRow?.joined_at && entry.newRow?.joined_at) return `${email} joined the staff`;
  return `Changed ${subject}`;
}

/** Whether an update changed anything staff would see (not only when it was saved). */
export function changedSomething(entry: AuditEntry): boolean {
  if (entry.operation !== "UPDATE" || !entry.oldRow || !entry.newRow) return true;
  const keys = new Set([...Object.keys(entry.oldRow), ...Object.keys(entry.newRow)]);
  return [...keys].some(
    (key) => key !== "updated_at" && !same(entry.oldRow![key], entry.newRow![key]),
  );
}

/** Who made the change, for the list. */
export function changedBy(entry: AuditEntry): string {
  if (!entry.actor) return "System";
  return entry.actorEmail ?? "A former staff member";
}

/**
 * When a change was made, on the pub's clock, as the site says dates:
 * "Today at 3:05 pm", "Yesterday at 9 am", "Monday, November 23 at 7:30 pm"
 * (with the year when it is not this one).
 */
export function formatChangedAt(iso: string, now: Date): string {
  const { date: day, time: at } = torontoDateTime(iso);
  const today = torontoDate(now);
  if (day === today) return `Today at ${at}`;
  if (day === addDays(today, -1)) return `Yesterday at ${at}`;
  const year = day.slice(0, 4) === today.slice(0, 4) ? "" : `, ${day.slice(0, 4)}`;
  return `${formatLongDate(day)}${year} at ${at}`;
}
