import type { Database } from "~/platform/database/database.server";
import { wallTime } from "~/platform/clock/wall-time.server";
import type { HoursException, OpeningSchedule, WeeklyHours } from "./opening-hours";
import type { Weekday } from "~/platform/clock/toronto-time";

// One or two parameterised queries that cast what they select, so both
// drivers hand back the same plain values.

type ExceptionRow = {
  startsOn: string;
  endsOn: string;
  closed: boolean;
  opensAt: string | null;
  closesAt: string | null;
  kitchenClosesAt: string | null;
  note: string;
};

/**
 * The weekly hours and the exceptions that are not over yet. `today` is the
 * pub's local date ("YYYY-MM-DD"); yesterday's exceptions are kept because a
 * night that opened then may still be running.
 */
export async function getOpeningSchedule(db: Database, today: string): Promise<OpeningSchedule> {
  const [weekly, exceptions] = await Promise.all([
    db.query<WeeklyHours>(`
      select weekday::int as weekday, ${wallTime("opens_at")} as "opensAt",
        ${wallTime("closes_at")} as "closesAt", ${wallTime("kitchen_closes_at")} as "kitchenClosesAt"
      from public.opening_hours
      order by weekday`),
    db.query<ExceptionRow>(
      `
      select starts_on::text as "startsOn", ends_on::text as "endsOn", closed,
        ${wallTime("opens_at")} as "opensAt", ${wallTime("closes_at")} as "closesAt",
        ${wallTime("kitchen_closes_at")} as "kitchenClosesAt", note
      from public.hours_exceptions
      where ends_on >= $1::date - 1
      order by starts_on, id`,
      [today],
    ),
  ]);
  return {
    weekly: weekly.map((row) => ({ ...row, weekday: row.weekday as Weekday })),
    exceptions: exceptions.map(toHoursException),
  };
}

function toHoursException(row: ExceptionRow): HoursException {
  const dates = { startsOn: row.startsOn, endsOn: row.endsOn, note: row.note };
  if (row.closed || !row.opensAt || !row.closesAt) return { ...dates, closed: true };
  return {
    ...dates,
    closed: false,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    kitchenClosesAt: row.kitchenClosesAt,
  };
}
