import { dateParts } from "~/hours/dates";
import { WEEKDAY_NAMES } from "~/hours/opening-hours";

/**
 * The audit log in plain words: "Changed the menu item “Wings”: price,
 * available". Row contents are what staff (or visitors, for enquiries)
 * typed: the page shows them as text, with hidden characters neutralised.
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
};

/** What a change was, for the list. */
export type RecentChange = {
  id: number;
  at: string;
  /** The staff member's email, "System" for the server's own writes, or "A former staff member". */
  who: string;
  what: string;
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const quoted = (value: unknown) => `“${text(value).slice(0, 80)}”`;
const day = (value: unknown) => {
  const date = text(value).slice(0, 10);
  if (!/^\d{4}-\d\d-\d\d$/.test(date)) return "";
  const { day: number, monthShort } = dateParts(date);
  return `${number} ${monthShort}`;
};

/** How each table's rows are named: a noun and the row's own words. */
const subjects: Record<string, (row: Row) => string> = {
  site_settings: () => "the site settings",
  opening_hours: (row) => `the opening hours for ${WEEKDAY_NAMES[Number(row.weekday)] ?? "a day"}`,
  hours_exceptions: (row) => {
    const from = day(row.starts_on);
    const to = day(row.ends_on);
    return `the hours exception for ${to && to !== from ? `${from} – ${to}` : from}`;
  },
  menu_sections: (row) => `the menu section ${quoted(row.name)}`,
  menu_items: (row) => `the menu item ${quoted(row.name)}`,
  specials: (row) => `the special ${quoted(row.title)}`,
  events: (row) => `the event ${quoted(row.title)}`,
  venue_spaces: (row) => `the venue space ${quoted(row.name)}`,
  venue_packages: (row) => `the venue package ${quoted(row.name)}`,
  staff: (row) => `${text(row.email)} on the staff list`,
  enquiries: (row) => `enquiry #${String(row.id ?? "")}`,
  // Added by an upload, removed by the daily sweep when no page uses it.
  pictures: () => "an uploaded picture",
};

/** The columns that change by themselves, never worth naming. */
const IGNORED = new Set(["updated_at"]);

/** The columns whose values differ between the two rows, in plain words, A to Z ("available", "price"). */
export function changedFields(oldRow: Row | null, newRow: Row | null): string[] {
  if (!oldRow || !newRow) return [];
  const keys = new Set([...Object.keys(oldRow), ...Object.keys(newRow)]);
  return [...keys]
    .filter((key) => !IGNORED.has(key))
    .filter((key) => JSON.stringify(oldRow[key]) !== JSON.stringify(newRow[key]))
    .sort()
    .map(fieldName);
}

/** A column as staff would say it: `price_cents` is "price", `starts_on` "starts on". */
function fieldName(column: string): string {
  return column.replace(/_(cents|id)$/, "").replace(/_/g, " ");
}

/** What the change did, in a sentence. */
export function describeChange(entry: AuditEntry): string {
  const row = entry.newRow ?? entry.oldRow ?? {};
  const subject = (subjects[entry.tableName] ?? (() => `a row of ${entry.tableName}`))(row);
  if (entry.tableName === "enquiries") return describeEnquiry(entry, subject);
  if (entry.tableName === "staff") return describeStaff(entry, subject);
  if (entry.operation === "INSERT") return `Added ${subject}`;
  if (entry.operation === "DELETE") return `Removed ${subject}`;
  const fields = changedFields(entry.oldRow, entry.newRow);
  return fields.length > 0
    ? `Changed ${subject}: ${fields.join(", ")}`
    : `Saved ${subject} unchanged`;
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
  return `Changed ${subject}`;
}

/** Who made the change, for the list. */
export function changedBy(entry: AuditEntry): string {
  if (!entry.actor) return "System";
  return entry.actorEmail ?? "A former staff member";
}
