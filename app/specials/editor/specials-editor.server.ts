import { wallTime } from "~/platform/clock/wall-time.server";
import { torontoDate, type Weekday } from "~/platform/clock/toronto-time";
import { defineEditorStore, type RowChoices, type TiedRows } from "~/platform/forms/editor-spec";
import { databaseErrorCode, type Database } from "~/platform/database/database.server";
import type { OrderedRows } from "~/platform/database/ordered-rows.server";
import { specialEditor, type EditableSpecial } from "./specials-editor";
import type { SpecialInput } from "./specials-rules";
import { editorRowCheck, type TableRowRules } from "~/platform/forms/row-rules.server";

/**
 * The specials editor's queries: every special (hidden and ended ones too),
 * one by id, and the writes, which take the transaction `writeAsStaff` opened.
 * A special's list is its weekday's, or the dated one for specials without a
 * weekday; its order counts within that list.
 */

const columns = `id::int as id, title, description, price_cents as "priceCents",
  weekday::int as weekday, starts_on::text as "startsOn", ends_on::text as "endsOn",
  ${wallTime("starts_at")} as "startsAt", ${wallTime("ends_at")} as "endsAt",
  event_id::int as "eventId",
  (select e.title from public.events e where e.id = s.event_id) as "eventTitle",
  (select to_char(e.starts_at at time zone 'America/Toronto', 'YYYY-MM-DD')
   from public.events e
   where e.id = s.event_id and e.published and e.status not in ('cancelled', 'postponed')) as "eventDay",
  published, sample, sort_order as "sortOrder"`;

const typed = (row: EditableSpecial): EditableSpecial => ({
  ...row,
  weekday: row.weekday as Weekday | null,
});

/** Every special, in each list's order. */
export async function listSpecials(db: Database): Promise<EditableSpecial[]> {
  const rows = await db.query<EditableSpecial>(
    `select ${columns} from public.specials s order by weekday nulls last, sort_order, id`,
  );
  return rows.map(typed);
}

/** One special by id, or null. */
export async function getSpecial(db: Database, id: number): Promise<EditableSpecial | null> {
  const [row] = await db.query<EditableSpecial>(
    `select ${columns} from public.specials s where id = $1`,
    [id],
  );
  return row ? typed(row) : null;
}

const inputValues = (input: SpecialInput) => [
  input.title,
  input.description,
  input.priceCents,
  input.weekday,
  input.startsOn,
  input.endsOn,
  input.startsAt,
  input.endsAt,
  input.published,
  input.eventId,
];

/** Adds a special at the end of its list; its id. */
export async function addSpecial(tx: Database, input: SpecialInput): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.specials
       (title, description, price_cents, weekday, starts_on, ends_on, starts_at, ends_at,
        published, event_id, sort_order)
     values ($1, $2, $3, $4, $5::date, $6::date, $7::time, $8::time, $9, $10::bigint,
       (select coalesce(max(sort_order), 0) + 10 from public.specials
        where weekday is not distinct from $4::smallint))
     returning id::int as id`,
    inputValues(input),
  );
  return row!.id;
}

/** Changes a special; false when there is none with that id. */
export async function updateSpecial(
  tx: Database,
  id: number,
  input: SpecialInput,
): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `update public.specials
     set title = $1, description = $2, price_cents = $3, weekday = $4, starts_on = $5::date,
       ends_on = $6::date, starts_at = $7::time, ends_at = $8::time, published = $9,
       event_id = $10::bigint, sample = false, updated_at = now()
     where id = $11 returning id::int as id`,
    [...inputValues(input), id],
  );
  return rows.length > 0;
}

/**
 * Before an event is deleted: its specials are hidden and untied, so none
 * outlives its event to show on every night instead. Their titles.
 */
export async function untieSpecials(tx: Database, eventId: number): Promise<string[]> {
  const rows = await tx.query<{ title: string }>(
    `update public.specials set event_id = null, published = false, updated_at = now()
     where event_id = $1 returning title`,
    [eventId],
  );
  return rows.map((row) => row.title);
}

/** Deletes a special; false when there is none with that id. */
export async function deleteSpecial(tx: Database, id: number): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    "delete from public.specials where id = $1 returning id::int as id",
    [id],
  );
  return rows.length > 0;
}

/** Each weekday's specials, and the dated ones, a list apiece. */
export const SPECIAL_LISTS: OrderedRows = { table: "specials", name: "title", within: "weekday" };

/**
 * The special editor's queries, with the events a special may go with
 * (`events`: the events domain's, handed over by the route).
 */
const specialRows = {
  rulesContext: (now: Date) => ({ today: torontoDate(now) }),
  find: getSpecial,
};

export const specialStore = (events: RowChoices) =>
  defineEditorStore(specialEditor, {
    ...specialRows,
    load: async (tx, special, _request, now) => ({
      events: await events.list(tx, now, special?.eventId ?? null),
    }),
    async save(tx, id, special) {
      if (special.eventId !== null && !(await events.exists(tx, special.eventId))) {
        return { refused: { eventId: events.gone } };
      }
      if (id === "new") return addSpecial(tx, special);
      return (await updateSpecial(tx, id, special)) ? id : null;
    },
    // The form's rules mirror the table's checks; should one still refuse, say so.
    refused: (error) => {
      if (databaseErrorCode(error) === "23503") return { eventId: events.gone };
      return databaseErrorCode(error) === "23514"
        ? "The special could not be saved as it is. Check the days, times and price."
        : null;
    },
    remove: deleteSpecial,
    deleted: () => ({ to: "/staff/specials", title: "Deleted." }),
    savedTo: (id) => `/staff/specials#special-${id}`,
    shown: (special) => special.published,
  });

/** The specials that go with an event, for its editor to untie when it is deleted. */
export const specialsOfEvent: TiedRows = { untie: untieSpecials, where: "on the specials page" };

/** What undoing a change to a special must keep: the special editor's rules. */
export const specialsRowRules: TableRowRules = {
  specials: { check: editorRowCheck(specialEditor, specialRows) },
};
