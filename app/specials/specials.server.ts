import { wallTime } from "~/platform/clock/wall-time.server";
import type { Weekday } from "~/platform/clock/toronto-time";
import type { Database } from "~/platform/database/database.server";
import type { Special } from "./specials";

// One or two parameterised queries that cast what they select, so both
// drivers hand back the same plain values.

/**
 * Published specials that have not ended before `today` ("YYYY-MM-DD"), each
 * with the pub's date its event is on when it is tied to one that is
 * published and not cancelled or postponed.
 */
export async function getSpecials(db: Database, today: string): Promise<Special[]> {
  const rows = await db.query<Special>(
    `
    select id::int as id, title, description, price_cents as "priceCents",
      weekday::int as weekday, starts_on::text as "startsOn", ends_on::text as "endsOn",
      ${wallTime("starts_at")} as "startsAt", ${wallTime("ends_at")} as "endsAt",
      event_id::int as "eventId",
      (select to_char(e.starts_at at time zone 'America/Toronto', 'YYYY-MM-DD')
       from public.events e
       where e.id = s.event_id and e.published and e.status not in ('cancelled', 'postponed')) as "eventDay"
    from public.specials s
    where published and coalesce(ends_on, starts_on, $1::date) >= $1::date
    order by sort_order, id`,
    [today],
  );
  return rows.map((row) => ({ ...row, weekday: row.weekday as Weekday | null }));
}
