import { questionsChanges } from "~/about/questions-changes";
import { pageTextsChanges } from "~/pages/page-texts-changes";
import { eventChanges } from "~/events/event-changes";
import { hoursChanges } from "~/hours/hours-changes";
import { contentImage, type ContentImage } from "~/images/content-image";
import { menuChanges } from "~/menu/menu-changes";
import { settingsChanges } from "~/settings/settings-changes";
import { specialsChanges } from "~/specials/specials-changes";
import { venueChanges } from "~/venue/venue-changes";
import {
  clip,
  text,
  type ChangeLookups,
  type Column,
  type Row,
  type Subject,
  type TableWords,
} from "~/platform/change-words";
import { addDays, torontoDate } from "~/platform/clock/toronto-time";
import { formatLongDate, torontoDateTime } from "~/platform/clock/time-words";

/**
 * The audit log in the site's words: what changed, from what to what
 * ("Price $14.00 → $15.50", "Not available → available"), with money, times,
 * dates and pictures as visitors see them, in the words each domain gives
 * its tables (`*-changes.ts` beside each). Row contents are what staff (or
 * visitors, for enquiries) typed: the page shows them as text, with hidden
 * characters neutralised.
 */

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
  /** The name of the one change its transaction's rows are (a clean slate); null: a change alone. */
  note?: string | null;
};

/** How many rows of a change of many rows its entry lists; the rest are counted. */
export const NAMED_CHANGE_LINES = 100;

/** One line of what a change did. */
export type ChangeDetail =
  /** "Price $14.00 → $15.50" */
  | { kind: "value"; text: string }
  /** "Description changed", with the text before and after to open. */
  | { kind: "text"; text: string; before: string; after: string }
  /** "Picture replaced", with the pictures before and after. */
  | { kind: "picture"; text: string; before: ContentImage[]; after: ContentImage[] }
  /** "Each of the 15", with a line a row of a change of many rows, to open. */
  | { kind: "rows"; text: string; rows: string[] };

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

export type { ChangeLookups };

const upperFirst = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const lowerFirst = (value: string) => value.charAt(0).toLowerCase() + value.slice(1);

/** The words of every content table, each as its domain tells them. */
const TABLES: Record<string, TableWords> = {
  ...settingsChanges,
  ...hoursChanges,
  ...menuChanges,
  ...specialsChanges,
  ...eventChanges,
  ...venueChanges,
  ...questionsChanges,
  ...pageTextsChanges,
};

/**
 * The content tables, each with the column that names a row: the tables
 * whose changes are worded here are the ones staff edit, and may undo.
 */
export const CONTENT_TABLES: Readonly<Record<string, "id" | "weekday">> = Object.fromEntries(
  Object.entries(TABLES).map(([table, words]) => [table, words.key ?? "id"]),
);

/** The columns that change by themselves, or say nothing to staff (a sample row kept: saved as it was). */
const IGNORED = new Set(["updated_at", "id", "sample"]);

/** Text longer than this, or on several lines, is "changed" with both versions to open. */
const SHORT_TEXT = 60;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A list's entries in one order. */
const asSet = (value: unknown) => (Array.isArray(value) ? value.map(text).sort() : value);

/**
 * Whether `name` says the same before and after: a list saved in another
 * order (allergens ticked in a new order) is the same list.
 */
function unchanged(tableName: string, name: string, before: unknown, after: unknown): boolean {
  return TABLES[tableName]?.columns[name]?.kind === "list"
    ? same(asSet(before), asSet(after))
    : same(before, after);
}

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
  const columns = TABLES[tableName]?.columns ?? {};
  const changed = [...new Set([...Object.keys(oldRow), ...Object.keys(newRow)])].filter(
    (key) => !IGNORED.has(key) && !unchanged(tableName, key, oldRow[key], newRow[key]),
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
// What the staff area's own tables' rows are called.

const STAFF_AREA_SUBJECTS: Record<string, (row: Row) => Subject> = {
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
  const name = TABLES[entry.tableName]?.subject ?? STAFF_AREA_SUBJECTS[entry.tableName];
  return name
    ? name(row)
    : { noun: `a row of ${entry.tableName}`, short: `A row of ${entry.tableName}` };
}

/** What a change did, in a sentence, with its lines. */
export function describeChange(
  entry: AuditEntry,
  lookups: ChangeLookups = {},
): { what: string; details: ChangeDetail[]; summary: string } {
  const subject = subjectOf(entry);
  if (entry.tableName === "enquiries") return alone(describeEnquiry(entry, subject.noun));
  if (entry.tableName === "staff") return alone(describeStaff(entry, subject.noun));

  const words = TABLES[entry.tableName];
  // A row that stands for a state: adding or removing it changes that state.
  const presence = words?.presence;
  if (presence && entry.operation !== "UPDATE") {
    const state = (row: Row | null) =>
      row && words.summary ? words.summary(row) : presence.absent;
    const detail = `${state(entry.oldRow)} → ${state(entry.newRow)}`;
    return withUndo(entry, `Changed ${subject.noun}`, subject.short, [
      { kind: "value", text: detail },
    ]);
  }
  if (entry.operation === "UPDATE") {
    const details = changeDetails(entry.tableName, entry.oldRow, entry.newRow, lookups);
    return withUndo(entry, `Changed ${subject.noun}`, subject.short, details);
  }
  const details: ChangeDetail[] = words?.summary
    ? [{ kind: "value", text: words.summary(entry.newRow ?? entry.oldRow ?? {}) }]
    : [];
  const verb = entry.operation === "INSERT" ? "Added" : "Removed";
  return withUndo(entry, `${verb} ${subject.noun}`, `${verb} ${subject.noun}`, details);
}

/**
 * A change of many rows, named for its transaction ("Removed the sample
 * menu"): the name with how many rows, and a line for each row (the first
 * NAMED_CHANGE_LINES, then how many more).
 */
export function describeNamedChange(
  note: string,
  rows: readonly AuditEntry[],
  lookups: ChangeLookups = {},
): { what: string; details: ChangeDetail[]; summary: string } {
  const lines = rows.filter(changedSomething).map((row) => describeChange(row, lookups).summary);
  const shown = lines.slice(0, NAMED_CHANGE_LINES);
  const more = lines.length - shown.length;
  if (more > 0) shown.push(`And ${more} more.`);
  const what = `${note} (${lines.length === 1 ? "1 entry" : `${lines.length} entries`})`;
  const each = lines.length === 1 ? "The entry" : `Each of the ${lines.length}`;
  return { what, details: [{ kind: "rows", text: each, rows: shown }], summary: what };
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
      entry.operation === "UPDATE" || TABLES[entry.tableName]?.presence
        ? what.replace(/^Changed /, "Undid the change to ")
        : entry.operation === "DELETE"
          ? what.replace(/^Removed /, "Undid adding ")
          : what.replace(/^Added /, "Undid removing ");
    return { what: undid, details, summary: lines ? `${undid}: ${lines}` : undid };
  }
  if (entry.operation === "UPDATE" || TABLES[entry.tableName]?.presence) {
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
    (key) =>
      key !== "updated_at" &&
      key !== "sample" &&
      !unchanged(entry.tableName, key, entry.oldRow![key], entry.newRow![key]),
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
