import { contentImage } from "~/images/content-image";
import type { Database } from "~/platform/database/database.server";
import type { EventStatus, PubEvent } from "./events";

// One or two parameterised queries that cast what they select, so both
// drivers hand back the same plain values.

type EventRow = Omit<PubEvent, "image"> & { imagePath: string | null; imageAlt: string };

const SELECT = `
  select id::int as id, slug, title, summary, description,
    to_json(starts_at)#>>'{}' as "startsAt", to_json(ends_at)#>>'{}' as "endsAt",
    status, to_json(previous_starts_at)#>>'{}' as "previousStartsAt",
    to_json(created_at)#>>'{}' as "listedAt", price_cents as "priceCents", performer,
    image_path as "imagePath", image_alt as "imageAlt"
  from public.events`;

/** Published events that end after `since` (an instant), soonest first. */
export async function getEvents(db: Database, since: Date, limit = 50): Promise<PubEvent[]> {
  const rows = await db.query<EventRow>(
    `${SELECT}
    where published and coalesce(ends_at, starts_at + interval '3 hours') > $1::timestamptz
    order by starts_at, id
    limit $2`,
    [since.toISOString(), limit],
  );
  return rows.map(toEvent);
}

/** The published event with this slug, over or not; null when there is none. */
export async function getEventBySlug(db: Database, slug: string): Promise<PubEvent | null> {
  const [row] = await db.query<EventRow>(`${SELECT} where published and slug = $1`, [slug]);
  return row ? toEvent(row) : null;
}

function toEvent({ imagePath, imageAlt, ...event }: EventRow): PubEvent {
  return {
    ...event,
    startsAt: new Date(event.startsAt).toISOString(),
    endsAt: event.endsAt ? new Date(event.endsAt).toISOString() : null,
    listedAt: new Date(event.listedAt).toISOString(),
    previousStartsAt: event.previousStartsAt
      ? new Date(event.previousStartsAt).toISOString()
      : null,
    status: event.status as EventStatus,
    image: contentImage(imagePath, imageAlt),
  };
}
