import type { Database } from "~/platform/database/database.server";
import { wallTime } from "~/platform/clock/wall-time.server";
import { formatDateRange } from "~/platform/clock/time-words";
import {
  exceptionEditor,
  formatDayHours,
  nightPath,
  weekFields,
  weekForm,
  weekValues,
  type EditableException,
} from "./hours-editor";
import { defineEditorStore } from "~/platform/forms/editor-spec";
import { torontoDate } from "~/platform/clock/toronto-time";
import { minutesAfterOpening } from "~/platform/clock/pub-day";
import type { ExceptionInput } from "./hours-rules";
import type { DailyHours, WeeklyHours } from "~/hours/opening-hours";
import type { Weekday, WallTime } from "~/platform/clock/toronto-time";
import {
  editorRowCheck,
  firstProblem,
  type TableRowRules,
} from "~/platform/forms/row-rules.server";

/**
 * The hours editor's queries: the staff view of the week and the exceptions
 * (with their ids, past ones too), and the writes. Writes take the
 * transaction `writeAsStaff` opened, so they run as the staff member.
 */

/** An exception as the editor lists and edits it. */
export type { EditableException };

/** How long ended exceptions stay in the editor's list. */
const RECENT_DAYS = 30;

const exceptionColumns = `id::int as id, starts_on::text as "startsOn", ends_on::text as "endsOn",
  closed, ${wallTime("opens_at")} as "opensAt", ${wallTime("closes_at")} as "closesAt",
  ${wallTime("kitchen_closes_at")} as "kitchenClosesAt", note`;

/** The regular hours, one entry per open weekday. */
export async function readWeek(db: Database): Promise<WeeklyHours[]> {
  const rows = await db.query<WeeklyHours>(`
    select weekday::int as weekday, ${wallTime("opens_at")} as "opensAt",
      ${wallTime("closes_at")} as "closesAt", ${wallTime("kitchen_closes_at")} as "kitchenClosesAt"
    from public.opening_hours order by weekday`);
  return rows.map((row) => ({ ...row, weekday: row.weekday as Weekday }));
}

/**
 * Saves the week: the open days' times, and no row for a closed day. Days
 * whose times did not change are left alone, so the audit log shows only
 * what changed.
 */
export async function saveWeek(tx: Database, week: readonly WeeklyHours[]): Promise<void> {
  const open = week.map(({ weekday }) => String(weekday));
  await tx.query("delete from public.opening_hours where not (weekday::text = any($1::text[]))", [
    open,
  ]);
  for (const day of week) {
    await tx.query(
      `insert into public.opening_hours (weekday, opens_at, closes_at, kitchen_closes_at)
       values ($1, $2::time, $3::time, $4::time)
       on conflict (weekday) do update
         set opens_at = excluded.opens_at, closes_at = excluded.closes_at,
           kitchen_closes_at = excluded.kitchen_closes_at, updated_at = now()
         where (opening_hours.opens_at, opening_hours.closes_at, opening_hours.kitchen_closes_at)
           is distinct from (excluded.opens_at, excluded.closes_at, excluded.kitchen_closes_at)`,
      [day.weekday, day.opensAt, day.closesAt, day.kitchenClosesAt],
    );
  }
}

/** Exceptions still to come, and those that ended in the last month, by first day. */
export function listExceptions(db: Database, today: string): Promise<EditableException[]> {
  return db.query<EditableException>(
    `select ${exceptionColumns} from public.hours_exceptions
     where ends_on >= $1::date - ${RECENT_DAYS}
     order by starts_on, id`,
    [today],
  );
}

/** One exception by id, or null. */
export async function getException(db: Database, id: number): Promise<EditableException | null> {
  const [row] = await db.query<EditableException>(
    `select ${exceptionColumns} from public.hours_exceptions where id = $1`,
    [id],
  );
  return row ?? null;
}

/** An exception in a few words, for lists and messages: "Dec 25: Closed (Christmas Day)". */
export function describeException(exception: ExceptionInput): string {
  const hours = exception.closed
    ? "closed"
    : formatDayHours({
        opensAt: exception.opensAt!,
        closesAt: exception.closesAt!,
        kitchenClosesAt: exception.kitchenClosesAt,
      });
  const note = exception.note ? ` (${exception.note})` : "";
  return `${formatDateRange(exception.startsOn, exception.endsOn)}: ${hours}${note}`;
}

/** What saving an exception came to. */
export type ExceptionSaved =
  | { ok: true; id: number }
  | { ok: false; overlap: EditableException }
  | { ok: false; missing: true };

/** The message for dates another exception already covers, naming it. */
export function overlapMessage(other: ExceptionInput): string {
  return `These dates overlap another exception, ${describeException(other)}. Change or delete that one first.`;
}

/**
 * Exceptions are written one at a time: the lock makes a second writer wait
 * until the first has committed, so two overlapping ones cannot both pass
 * the check.
 */
async function lockExceptions(tx: Database): Promise<void> {
  await tx.query("lock table public.hours_exceptions in share row exclusive mode");
}

/** The exceptions that cover any of the dates, but the one with id `except`. */
export async function overlappingExceptions(
  tx: Database,
  startsOn: string,
  endsOn: string,
  except: number | null,
): Promise<EditableException[]> {
  return tx.query<EditableException>(
    `select ${exceptionColumns} from public.hours_exceptions
     where starts_on <= $2::date and ends_on >= $1::date and ($3::bigint is null or id <> $3::bigint)
     order by starts_on, id`,
    [startsOn, endsOn, except],
  );
}

/** Adds an exception (no id) or changes one, unless another covers any of its dates. */
export async function saveException(
  tx: Database,
  input: ExceptionInput,
  id: number | null,
): Promise<ExceptionSaved> {
  await lockExceptions(tx);
  const [other] = await overlappingExceptions(tx, input.startsOn, input.endsOn, id);
  if (other) return { ok: false, overlap: other };
  const values = [
    input.startsOn,
    input.endsOn,
    input.closed,
    input.opensAt,
    input.closesAt,
    input.kitchenClosesAt,
    input.note,
  ];
  const [saved] =
    id === null
      ? await tx.query<{ id: number }>(
          `insert into public.hours_exceptions
             (starts_on, ends_on, closed, opens_at, closes_at, kitchen_closes_at, note)
           values ($1::date, $2::date, $3, $4::time, $5::time, $6::time, $7)
           returning id::int as id`,
          values,
        )
      : await tx.query<{ id: number }>(
          `update public.hours_exceptions
           set starts_on = $1::date, ends_on = $2::date, closed = $3, opens_at = $4::time,
             closes_at = $5::time, kitchen_closes_at = $6::time, note = $7, updated_at = now()
           where id = $8 returning id::int as id`,
          [...values, id],
        );
  return saved ? { ok: true, id: saved.id } : { ok: false, missing: true };
}

/** Deletes an exception; false when there was none with that id. */
export async function deleteException(tx: Database, id: number): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    "delete from public.hours_exceptions where id = $1 returning id::int as id",
    [id],
  );
  return rows.length > 0;
}

/**
 * The hours of the night that opens on `date`: an exception's, else the
 * weekday's; null when the pub is closed that night.
 */
export async function hoursOfNight(
  db: Database,
  date: string,
): Promise<{ hours: DailyHours | null; exception: EditableException | null }> {
  const [exception] = await overlappingExceptions(db, date, date, null);
  if (exception) {
    return {
      exception,
      hours: exception.closed
        ? null
        : {
            opensAt: exception.opensAt!,
            closesAt: exception.closesAt!,
            kitchenClosesAt: exception.kitchenClosesAt,
          },
    };
  }
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const day = (await readWeek(db)).find((row) => row.weekday === weekday);
  return {
    exception: null,
    hours: day
      ? { opensAt: day.opensAt, closesAt: day.closesAt, kitchenClosesAt: day.kitchenClosesAt }
      : null,
  };
}

/** A change to one night's hours from the quick actions. */
export type NightChange = { closesAt: WallTime } | { kitchenClosesAt: WallTime };

/** What a night's quick change came to. */
export type NightChanged =
  | { ok: true; id: number }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "overlap"; other: EditableException };

/**
 * Closes the bar or the kitchen early on the night of `date`. Without an
 * exception for that night one is added with the usual hours; a one-night
 * exception with hours is changed; a closed night, or a night inside a longer
 * exception, is left for staff to edit themselves.
 */
export async function changeNight(
  tx: Database,
  date: string,
  change: NightChange,
  note: string,
): Promise<NightChanged> {
  await lockExceptions(tx);
  const { hours, exception } = await hoursOfNight(tx, date);
  if (exception && (exception.closed || exception.startsOn !== exception.endsOn)) {
    return { ok: false, reason: "overlap", other: exception };
  }
  if (!hours) return { ok: false, reason: "closed" };
  const changed = applyChange(hours, change);
  const input: ExceptionInput = {
    startsOn: date,
    endsOn: date,
    closed: false,
    ...changed,
    note: exception?.note || note,
  };
  const saved = await saveException(tx, input, exception?.id ?? null);
  if (!saved.ok) {
    // Only this night was checked, and the table is locked: nothing else can overlap.
    throw new Error("A night's exception overlapped after the check");
  }
  return saved;
}

/** The night's hours with the change: a kitchen never closes after the bar does. */
function applyChange(hours: DailyHours, change: NightChange): DailyHours {
  if ("kitchenClosesAt" in change) return { ...hours, kitchenClosesAt: change.kitchenClosesAt };
  const closesAt = change.closesAt;
  const kitchen = hours.kitchenClosesAt;
  const kitchenTooLate =
    kitchen !== null &&
    minutesAfterOpening(hours.opensAt, kitchen) > minutesAfterOpening(hours.opensAt, closesAt);
  return { ...hours, closesAt, kitchenClosesAt: kitchenTooLate ? closesAt : kitchen };
}

/** The exception editor's queries. */
export const exceptionStore = defineEditorStore(exceptionEditor, {
  rulesContext: (now) => ({ today: torontoDate(now) }),
  find: getException,
  async save(tx, id, exception) {
    const saved = await saveException(tx, exception, id === "new" ? null : id);
    if (saved.ok) return saved.id;
    if ("missing" in saved) return null;
    return { refused: { startsOn: overlapMessage(saved.overlap) } };
  },
  remove: deleteException,
  deleted: () => ({ to: "/staff/hours", title: "Deleted." }),
  // A day's own hours: the page says what its closing cuts short, if anything.
  savedTo: (_, exception) =>
    !exception.closed && exception.startsOn === exception.endsOn
      ? nightPath(exception.startsOn, "closing")
      : "/staff/hours",
});

const exceptionCheck = editorRowCheck(exceptionEditor, exceptionStore);

/**
 * What undoing a change to the hours must keep: the week form's rules, and
 * the exception editor's, with no two exceptions on the same day.
 */
export const hoursRowRules: TableRowRules = {
  opening_hours: {
    async check(tx) {
      const blank = Object.fromEntries(weekFields.map((field) => [field, ""]));
      return firstProblem(await weekForm.rules(), { ...blank, ...weekValues(await readWeek(tx)) });
    },
  },
  hours_exceptions: {
    async check(tx, key, now) {
      const problem = await exceptionCheck(tx, key, now);
      const exception = problem ? null : await getException(tx, Number(key));
      if (!exception) return problem;
      const [other] = await overlappingExceptions(
        tx,
        exception.startsOn,
        exception.endsOn,
        exception.id,
      );
      return other ? overlapMessage(other) : null;
    },
  },
};
