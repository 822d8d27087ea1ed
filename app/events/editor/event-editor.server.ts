import { contentImage } from "~/images/content-image";
import { databaseErrorCode, type Database } from "~/platform/database/database.server";
import {
  EVENT_PICTURE_NAMES,
  NO_SUCH_EVENT,
  SLUG_MAX,
  eventEditor,
  newEventValues,
  type EditableEvent,
} from "./event-editor";
import { defineEditorStore, type RowChoices, type TiedRows } from "~/platform/forms/editor-spec";
import { formatLongDate, torontoDateTime } from "~/platform/clock/time-words";
import type { EventInput } from "./event-rules";
import { eventGoesAhead, type EventStatus } from "~/events/events";
import { EVENT_STATUS_LABELS } from "~/events/event-words";
import { editorRowCheck, type TableRowRules } from "~/platform/forms/row-rules.server";

/**
 * The staff editor's queries on events: every event, hidden ones too, and
 * the writes. Run them inside `readAsStaff`/`writeAsStaff`, so row level
 * security decides and the audit log records who changed what.
 */

type EventRow = Omit<EditableEvent, "image" | "status"> & {
  status: string;
  imagePath: string | null;
  imageAlt: string;
};

const SELECT = `
  select id::int as id, slug, title, summary, description,
    to_json(starts_at)#>>'{}' as "startsAt", to_json(ends_at)#>>'{}' as "endsAt",
    status, to_json(previous_starts_at)#>>'{}' as "previousStartsAt",
    to_json(created_at)#>>'{}' as "listedAt", price_cents as "priceCents", performer, published, sample,
    image_path as "imagePath", image_alt as "imageAlt"
  from public.events`;

/** An event ends when it says, or three hours after it starts. */
const ENDS = "coalesce(ends_at, starts_at + interval '3 hours')";

function toEvent({ imagePath, imageAlt, ...row }: EventRow): EditableEvent {
  return {
    ...row,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: row.endsAt ? new Date(row.endsAt).toISOString() : null,
    listedAt: new Date(row.listedAt).toISOString(),
    previousStartsAt: row.previousStartsAt ? new Date(row.previousStartsAt).toISOString() : null,
    status: row.status as EventStatus,
    image: contentImage(imagePath, imageAlt),
  };
}

/** Events not over at `now`, soonest first. */
export async function upcomingEventsForStaff(tx: Database, now: Date): Promise<EditableEvent[]> {
  const rows = await tx.query<EventRow>(
    `${SELECT} where ${ENDS} > $1::timestamptz order by starts_at, id`,
    [now.toISOString()],
  );
  return rows.map(toEvent);
}

/** One page of the events over by `now`, latest first, and whether older ones follow. */
export async function pastEventsForStaff(
  tx: Database,
  now: Date,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ events: EditableEvent[]; more: boolean }> {
  const rows = await tx.query<EventRow>(
    `${SELECT} where ${ENDS} <= $1::timestamptz order by starts_at desc, id desc
     limit $2 offset $3`,
    [now.toISOString(), perPage + 1, (page - 1) * perPage],
  );
  return { events: rows.slice(0, perPage).map(toEvent), more: rows.length > perPage };
}

/** One event by id, or null when there is none. */
export async function eventForStaff(tx: Database, id: number): Promise<EditableEvent | null> {
  const [row] = await tx.query<EventRow>(`${SELECT} where id = $1`, [id]);
  return row ? toEvent(row) : null;
}

/**
 * Events by id, hidden ones too, locked until the transaction ends so none
 * changes between the check and the write; those there are, by start.
 */
export async function lockEventsById(
  tx: Database,
  ids: readonly number[],
): Promise<EditableEvent[]> {
  const rows = await tx.query<EventRow>(
    `${SELECT} where id = any($1::bigint[]) order by starts_at, id for update`,
    [ids.map(String)],
  );
  return rows.map(toEvent);
}

/**
 * Sets when events end (an instant), as a plain update the audit log
 * records, one change per event, each undone on its own.
 */
export async function setEventsEnd(
  tx: Database,
  ids: readonly number[],
  endsAt: string,
): Promise<void> {
  await tx.query(
    `update public.events set ends_at = $2::timestamptz, updated_at = now()
     where id = any($1::bigint[])`,
    [ids.map(String), endsAt],
  );
}

/**
 * The slug an event is saved with. One staff typed is kept as typed (taken,
 * the database refuses it and staff are asked for another). One made from
 * the title, when another event has it (last month's "Trivia Night"), gets
 * the first free number after it: trivia-night-2, trivia-night-3. Either way
 * the slug then stays put when the title is edited, since the form keeps it.
 *
 * A unique column of its own rather than `<id>-<title>` addresses: the
 * address reads as the event's name, an edited title never needs a redirect
 * from the old one, and the table's unique index is the only rule to keep.
 */
export async function slugToSave(
  tx: Database,
  event: Pick<EventInput, "slug" | "slugFromTitle">,
  id: number | null,
): Promise<string> {
  if (!event.slugFromTitle) return event.slug;
  const taken = new Set(
    (
      await tx.query<{ slug: string }>(
        `select slug from public.events
         where (slug = $1 or starts_with(slug, $1 || '-')) and id is distinct from $2`,
        [event.slug, id],
      )
    ).map((row) => row.slug),
  );
  if (!taken.has(event.slug)) return event.slug;
  for (let number = 2; ; number++) {
    const suffix = `-${number}`;
    const candidate = `${event.slug.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The picture an event is saved with: a path (`null`: none) and its description. */
export type EventPicture = { path: string | null; alt: string };

function values(event: EventInput, picture: EventPicture) {
  return [
    event.slug,
    event.title,
    event.summary,
    event.description,
    event.startsAt,
    event.endsAt,
    event.status,
    event.priceCents,
    picture.path,
    picture.path ? picture.alt : "",
    event.published,
    event.performer,
    event.previousStartsAt,
  ];
}

/** Adds an event; its id. */
export async function insertEvent(
  tx: Database,
  event: EventInput,
  picture: EventPicture,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into public.events (slug, title, summary, description, starts_at, ends_at,
       status, price_cents, image_path, image_alt, published, performer, previous_starts_at)
     values ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8, $9, $10, $11, $12,
       $13::timestamptz)
     returning id::int as id`,
    values(event, picture),
  );
  return row!.id;
}

/** Saves an event's fields; false when there is no such event. */
export async function updateEvent(
  tx: Database,
  id: number,
  event: EventInput,
  picture: EventPicture,
): Promise<boolean> {
  const rows = await tx.query(
    `update public.events set slug = $1, title = $2, summary = $3, description = $4,
       starts_at = $5::timestamptz, ends_at = $6::timestamptz, status = $7, price_cents = $8,
       image_path = $9, image_alt = $10, published = $11, performer = $12,
       previous_starts_at = $13::timestamptz, sample = false, updated_at = now()
     where id = $14
     returning id`,
    [...values(event, picture), id],
  );
  return rows.length > 0;
}

/** Deletes an event; false when there was none. */
export async function deleteEvent(tx: Database, id: number): Promise<boolean> {
  const rows = await tx.query("delete from public.events where id = $1 returning id", [id]);
  return rows.length > 0;
}

/**
 * The events a special or a dish can be tied to, for their editors: at
 * `now`, those not over a day ago (so tonight's is still there) and the one
 * it is tied to already, soonest first, each named by its title and date,
 * and marked when it is cancelled, postponed or hidden (what is tied to it then never
 * shows).
 */
export const eventChoices: RowChoices = {
  async list(db, now, current) {
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const events = await db.query<{
      id: number;
      title: string;
      startsAt: string;
      published: boolean;
      status: string;
    }>(
      `select id::int as id, title, published, status,
         to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt"
       from public.events
       where coalesce(ends_at, starts_at) >= $1::timestamptz or id = $2::bigint
       order by starts_at, id`,
      [since.toISOString(), current],
    );
    return events.map(({ id, title, startsAt, published, status }) => {
      const marks = [
        !eventGoesAhead({ status: status as EventStatus }) &&
          EVENT_STATUS_LABELS[status as EventStatus].toLowerCase(),
        !published && "hidden",
      ].filter(Boolean);
      const mark =
        marks.length > 0 ? ` (${marks.join(" and ")}: what goes with it does not show)` : "";
      return { id, label: `${title}, ${formatLongDate(torontoDateTime(startsAt).date)}${mark}` };
    });
  },
  async exists(tx, id) {
    const rows = await tx.query("select 1 from public.events where id = $1 for share", [id]);
    return rows.length > 0;
  },
  gone: NO_SUCH_EVENT,
};

/** What went hidden with a deleted event, and how to show it again; "" for nothing. */
function untiedWords(names: readonly string[], where: string): string {
  if (names.length === 0) return "";
  const one = names.length === 1;
  return `${names.map((name) => `“${name}”`).join(" and ")} went with it, so ${one ? "it is" : "they are"} hidden now; tie ${one ? "it" : "them"} to another event ${where} to show ${one ? "it" : "them"} again.`;
}

/**
 * The event editor's queries, with the rows of other domains that go with
 * an event (`tied`: the specials and dishes, handed over by the route).
 */
const eventRows = { rulesContext: () => undefined, find: eventForStaff };

export const eventStore = (tied: readonly TiedRows[]) =>
  defineEditorStore(eventEditor, {
    ...eventRows,
    newValues: () => newEventValues,
    pictures: [EVENT_PICTURE_NAMES],
    async save(tx, id, input, [picture]) {
      const current = id === "new" ? null : await eventForStaff(tx, id);
      if (id !== "new" && !current) return null;
      const event = { ...input, slug: await slugToSave(tx, input, current?.id ?? null) };
      // Nothing chosen or kept: the picture stays as it was.
      const path = picture!.path === undefined ? (current?.image?.path ?? null) : picture!.path;
      const chosen = { path, alt: event.imageAlt };
      if (id === "new") return insertEvent(tx, event, chosen);
      return (await updateEvent(tx, id, event, chosen)) ? id : null;
    },
    refused: (error, event) =>
      databaseErrorCode(error) === "23505"
        ? {
            slug: `Another event already uses the web address “${event.slug}”. Enter a different one, such as ${event.slug}-2.`,
          }
        : null,
    // What goes with it is hidden and untied first: none shows every day once its event is gone.
    async remove(tx, id) {
      const untied: string[] = [];
      for (const rows of tied) untied.push(untiedWords(await rows.untie(tx, id), rows.where));
      return (await deleteEvent(tx, id)) ? { untied } : null;
    },
    deleted: ({ untied }) => ({
      to: "/staff/events",
      title: "Event deleted.",
      description: untied.filter(Boolean).join(" "),
    }),
    savedTo: (id) => `/staff/events/${id}`,
    shown: (event) => event.published,
  });

/** What undoing a change to an event must keep: the event editor's rules. */
export const eventRowRules: TableRowRules = {
  events: { check: editorRowCheck(eventEditor, eventRows) },
};
