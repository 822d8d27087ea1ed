import { z } from "zod";
import { defineForm } from "~/platform/forms/form-spec";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";
import type { Database } from "~/platform/database/database.server";

/**
 * The staff's enquiry inbox. Everything here runs as the signed-in staff
 * member (withStaffClaims), so row level security applies: a user who is not
 * staff finds no enquiry and changes none.
 */

export type InboxEnquiryKind = "contact" | "venue";

/** An enquiry as the inbox lists it. */
export type EnquirySummary = {
  id: number;
  kind: InboxEnquiryKind;
  name: string;
  email: string;
  /** Contact enquiries: the topic chosen ("general", "lost-and-found", …). */
  topic: string | null;
  /** Venue enquiries: the space as it was named when asked for. */
  spaceName: string | null;
  /** Venue enquiries: YYYY-MM-DD. */
  eventDate: string | null;
  partySize: number | null;
  /** The start of the message, at most EXCERPT_LENGTH characters. */
  excerpt: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** ISO 8601, UTC; null while not handled. */
  handledAt: string | null;
  /** ISO 8601, UTC: when someone at the pub first opened it; null while unread. */
  readAt: string | null;
};

/** The whole of an enquiry. */
export type Enquiry = Omit<EnquirySummary, "excerpt"> & {
  phone: string | null;
  message: string;
  spaceId: number | null;
  /** Venue enquiries: HH:MM. */
  startTime: string | null;
  /** When the visitor opted in to the newsletter (ISO 8601, UTC), and to what wording. */
  newsletterOptedInAt: string | null;
  newsletterWording: string | null;
  /** The staff member (auth user id) who marked it handled. */
  handledBy: string | null;
};

export type EnquiryPage = {
  enquiries: EnquirySummary[];
  total: number;
  /** Of `total`, how many nobody has opened yet. */
  unread: number;
  /** The page shown, 1-based: the one asked for, within 1…pageCount. */
  page: number;
  /** At least 1, so an empty inbox is page 1 of 1. */
  pageCount: number;
};

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const EXCERPT_LENGTH = 160;
/** Longer searches are cut to this. */
export const MAX_QUERY_LENGTH = 200;

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SUMMARY_COLUMNS = `id::int as id, kind, name, email, topic,
  venue_space_name as "spaceName", event_date::text as "eventDate",
  party_size as "partySize", ${ISO("created_at")} as "createdAt",
  ${ISO("handled_at")} as "handledAt", ${ISO("read_at")} as "readAt"`;

/** A search as an ILIKE pattern that matches it anywhere, `%`, `_` and `\` taken literally. */
export function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A page of the enquiries, newest first, both kinds; with a query, those whose
 * name, email, message, topic or space contains it (any case).
 */
export function listEnquiries(
  db: Database,
  claims: StaffClaims,
  {
    query = "",
    page = 1,
    pageSize = DEFAULT_PAGE_SIZE,
  }: { query?: string; page: number; pageSize?: number },
): Promise<EnquiryPage> {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize) || DEFAULT_PAGE_SIZE));
  const search = query.trim().slice(0, MAX_QUERY_LENGTH);
  const pattern = search ? containsPattern(search) : null;
  const where = `($1::text is null or name ilike $1 escape '\\' or email ilike $1 escape '\\'
    or message ilike $1 escape '\\' or topic ilike $1 escape '\\'
    or replace(topic, '-', ' ') ilike $1 escape '\\' or venue_space_name ilike $1 escape '\\')`;

  return withStaffClaims(db, claims, async (tx) => {
    const [counted] = await tx.query<{ total: number; unread: number }>(
      `select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread
       from public.enquiries where ${where}`,
      [pattern],
    );
    const total = counted?.total ?? 0;
    const unread = counted?.unread ?? 0;
    const pageCount = Math.max(1, Math.ceil(total / size));
    const shown = Math.min(pageCount, Math.max(1, Math.floor(page) || 1));
    const enquiries = await tx.query<EnquirySummary>(
      `select ${SUMMARY_COLUMNS}, left(message, $2::int) as excerpt
       from public.enquiries
       where ${where}
       order by created_at desc, id desc
       limit $3::int offset $4::int`,
      [pattern, EXCERPT_LENGTH, size, (shown - 1) * size],
    );
    return { enquiries, total, unread, page: shown, pageCount };
  });
}

function validId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

function selectEnquiry(tx: Database, id: number) {
  return tx.query<Enquiry>(
    `select ${SUMMARY_COLUMNS}, phone, message, venue_space_id::int as "spaceId",
       to_char(start_time, 'HH24:MI') as "startTime",
       ${ISO("newsletter_opted_in_at")} as "newsletterOptedInAt",
       newsletter_wording as "newsletterWording", handled_by::text as "handledBy"
     from public.enquiries where id = $1::bigint`,
    [id],
  );
}

/**
 * The whole enquiry as the member reads it, after `first` in the same
 * transaction; null when there is none with this id (or they may not see it).
 */
async function readEnquiry(
  db: Database,
  claims: StaffClaims,
  id: number,
  first?: (tx: Database) => Promise<unknown>,
): Promise<Enquiry | null> {
  if (!validId(id)) return null;
  const [row] = await withStaffClaims(db, claims, async (tx) => {
    await first?.(tx);
    return selectEnquiry(tx, id);
  });
  return row ?? null;
}

/** The whole enquiry, or null when there is none with this id (or the user may not see it). */
export function getEnquiry(db: Database, claims: StaffClaims, id: number) {
  return readEnquiry(db, claims, id);
}

/**
 * The whole enquiry as a staff member opens it: marked read (for the pub,
 * the first time anyone opens it), then read back. Null as for getEnquiry.
 */
export function openEnquiry(db: Database, claims: StaffClaims, id: number) {
  return readEnquiry(db, claims, id, (tx) =>
    tx.query(
      "update public.enquiries set read_at = now() where id = $1::bigint and read_at is null",
      [id],
    ),
  );
}

/** How many enquiries nobody at the pub has opened yet, and whether the user is an owner. */
export async function staffAreaSummary(
  db: Database,
  claims: StaffClaims,
): Promise<{ unreadEnquiries: number; isOwner: boolean }> {
  const [row] = await withStaffClaims(db, claims, (tx) =>
    tx.query<{ unreadEnquiries: number; isOwner: boolean }>(
      `select (select count(*)::int from public.enquiries where read_at is null) as "unreadEnquiries",
         coalesce((select public.is_owner()), false) as "isOwner"`,
    ),
  );
  return row ?? { unreadEnquiries: 0, isOwner: false };
}

/**
 * Marks an enquiry handled, by the signed-in staff member and now, or not
 * handled yet. Returns whether it changed: false when it already was as asked,
 * or when there is no such enquiry the user may change.
 */
export async function setEnquiryHandled(
  db: Database,
  claims: StaffClaims,
  id: number,
  handled: boolean,
): Promise<boolean> {
  if (!validId(id)) return false;
  const changed = await withStaffClaims(db, claims, (tx) =>
    tx.query<{ id: number }>(
      handled
        ? `update public.enquiries set handled_at = now(), handled_by = (select auth.uid())
           where id = $1::bigint and handled_at is null
           returning id::int as id`
        : `update public.enquiries set handled_at = null, handled_by = null
           where id = $1::bigint and handled_at is not null
           returning id::int as id`,
      [id],
    ),
  );
  return changed.length > 0;
}

/** An enquiry's "Mark as handled" and "Mark as not handled". */
export const handledForm = defineForm({
  id: "handled",
  fields: ["intent"],
  intents: ["handled", "not-handled"],
  labels: {},
  rules: async () => z.object({ intent: z.enum(["handled", "not-handled"]) }),
});
