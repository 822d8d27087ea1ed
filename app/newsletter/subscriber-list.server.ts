import { z } from "zod";
import type { Database } from "~/platform/database/database.server";
import { ROW_ID_PATTERN, rowIdSchema } from "~/platform/forms/field-rules";
import { defineForm } from "~/platform/forms/form-spec";
import { cleanLine } from "~/platform/forms/typed-input";
import {
  SUBSCRIBER_SEARCH_MAX,
  SUBSCRIBER_STATES,
  SUBSCRIBERS_PAGE_MAX,
  SUBSCRIBERS_PAGE_SIZE,
  type SubscriberCounts,
  type SubscriberQuery,
  type SubscriberRow,
  type SubscriberState,
} from "./subscriber-list";
import type { RemovingOwner } from "./subscribers.server";

/**
 * The owners' list of subscribers, read in a transaction that runs as the
 * signed-in member: the table's policy shows its rows to owners only, and
 * `newsletter_subscriber_counts()` the counts to any member of the staff.
 * A waiting request whose link has run out counts as absent here, as it
 * does everywhere else, until the daily sweep deletes it.
 */

export type SubscriberQueryResult =
  { ok: true; query: SubscriberQuery } | { ok: false; problem: string };

const PAGE = /^[1-9]\d{0,4}$/;

/**
 * Reads `?state=confirmed&q=gmail&page=2&remove=7`. Keys it does not read are
 * ignored; a value it cannot use is refused in words (the page says so and
 * shows no rows), never guessed at: a state not on the list, a search
 * longer than any part of an address, a page that is not a number up to
 * SUBSCRIBERS_PAGE_MAX, a removal that names no row.
 */
export function parseSubscriberQuery(params: URLSearchParams): SubscriberQueryResult {
  const rawState = (params.get("state") ?? "").trim().toLowerCase();
  let state: SubscriberState | null = null;
  if (rawState && rawState !== "all") {
    if (!(SUBSCRIBER_STATES as readonly string[]).includes(rawState)) {
      return {
        ok: false,
        problem: "There is no such list: choose confirmed, waiting, unsubscribed or all.",
      };
    }
    state = rawState as SubscriberState;
  }
  const q = cleanLine(params.get("q") ?? "").toLowerCase();
  if ([...q].length > SUBSCRIBER_SEARCH_MAX) {
    return {
      ok: false,
      problem: `Search for at most ${SUBSCRIBER_SEARCH_MAX} characters of an address.`,
    };
  }
  const rawPage = params.get("page") ?? "1";
  if (!PAGE.test(rawPage) || Number(rawPage) > SUBSCRIBERS_PAGE_MAX) {
    return { ok: false, problem: "There is no such page of the list." };
  }
  const remove = params.get("remove");
  if (remove !== null && !ROW_ID_PATTERN.test(remove)) {
    return { ok: false, problem: "That removal does not name an address on the list." };
  }
  return {
    ok: true,
    query: { state, q, page: Number(rawPage), remove: remove === null ? null : Number(remove) },
  };
}

/** How many addresses are in each state: for any member of the staff. */
export async function subscriberCounts(tx: Database): Promise<SubscriberCounts> {
  const [counts] = await tx.query<SubscriberCounts>(
    "select confirmed, waiting, unsubscribed, bounced from public.newsletter_subscriber_counts()",
  );
  return counts ?? { confirmed: 0, waiting: 0, unsubscribed: 0, bounced: 0 };
}

/** The signed-in member when they are an owner, as a removal records them; null for anyone else. */
export async function signedInOwner(tx: Database): Promise<RemovingOwner | null> {
  const [owner] = await tx.query<RemovingOwner>(
    `select user_id::text as "userId", email from public.staff
     where user_id = (select auth.uid()) and role = 'owner'`,
  );
  return owner ?? null;
}

const ISO = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const ROW_COLUMNS = `id::int as id, email, state, ${ISO("consented_at")} as "consentedAt",
  consent_form as "consentForm", consent_wording as "consentWording", pub_name as "pubName",
  pub_postal_address as "pubPostalAddress", ${ISO("confirmed_at")} as "confirmedAt",
  ${ISO("confirm_expires_at")} as "confirmExpiresAt", ${ISO("unsubscribed_at")} as "unsubscribedAt",
  unsubscribed_by as "unsubscribedBy", unsubscribed_by_staff_email as "unsubscribedByStaffEmail",
  ${ISO("bounced_at")} as "bouncedAt"`;

/** On the list: any row but a request whose link has run out. */
const LISTED = "(state <> 'waiting' or confirm_expires_at > now())";

/** Rows in `state` (any, given null) whose address holds `q`; $1 and $2 in the query. */
const MATCHING = `${LISTED} and ($1::text is null or state = $1::text)
  and ($2::text = '' or strpos(email, $2::text) > 0)`;

export type SubscriberPage = {
  rows: SubscriberRow[];
  /** Rows that match the state and search, on every page. */
  total: number;
  page: number;
  pageCount: number;
};

/**
 * A page of the list for an owner, the latest change first, in a state or
 * all, found by part of the address. A page past the last shows the last.
 */
export async function listSubscribers(
  tx: Database,
  { state, q, page }: Pick<SubscriberQuery, "state" | "q" | "page">,
): Promise<SubscriberPage> {
  const [counted] = await tx.query<{ total: number }>(
    `select count(*)::int as total from public.newsletter_subscribers where ${MATCHING}`,
    [state, q],
  );
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE_SIZE));
  const shown = Math.min(pageCount, page);
  const rows = await tx.query<SubscriberRow>(
    `select ${ROW_COLUMNS} from public.newsletter_subscribers where ${MATCHING}
     order by updated_at desc, id desc limit $3::int offset $4::int`,
    [state, q, SUBSCRIBERS_PAGE_SIZE, (shown - 1) * SUBSCRIBERS_PAGE_SIZE],
  );
  return { rows, total, page: shown, pageCount };
}

/** One row on the list, for an owner (the question before removing it); null when it is not. */
export async function findSubscriber(tx: Database, id: number): Promise<SubscriberRow | null> {
  const [row] = await tx.query<SubscriberRow>(
    `select ${ROW_COLUMNS} from public.newsletter_subscribers
     where id = $1::bigint and ${LISTED}`,
    [id],
  );
  return row ?? null;
}

/** Every row on the list in `state` (all, given null), the latest change first: the export. */
export function subscribersForSheet(
  tx: Database,
  state: SubscriberState | null,
): Promise<SubscriberRow[]> {
  return tx.query<SubscriberRow>(
    `select ${ROW_COLUMNS} from public.newsletter_subscribers where ${MATCHING}
     order by updated_at desc, id desc`,
    [state, ""],
  );
}

/** The list's removal: which subscriber. */
export const removeSubscriberForm = defineForm({
  id: "remove-subscriber",
  fields: ["intent", "id"],
  intents: ["remove"],
  labels: {},
  rules: async () => z.object({ intent: z.literal("remove"), id: rowIdSchema }),
});
