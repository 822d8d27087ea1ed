import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import { addDays, torontoDate, torontoInstant } from "~/platform/clock/toronto-time";
import {
  changeNight,
  deleteException,
  getException,
  hoursOfNight,
  listExceptions,
  readWeek,
  saveException,
  saveWeek,
} from "./hours-editor.server";
import type { ExceptionInput } from "./hours-rules";
import { getOpeningSchedule } from "~/hours/hours.server";
import { openStatusAt } from "~/hours/opening-hours";

/**
 * The hours editor's queries on both databases, run as a staff member so row
 * level security applies, each test rolled back; and what the policies let a
 * visitor and a signed-in non-staff user do to the hours (nothing).
 */

const TODAY = torontoDate(new Date());
// A Wednesday well ahead, clear of the seeded holidays (December 25 to January 1).
const DAY = "2027-03-17";

const closedDay = (startsOn: string, endsOn = startsOn, note = "Closed"): ExceptionInput => ({
  startsOn,
  endsOn,
  closed: true,
  opensAt: null,
  closesAt: null,
  kitchenClosesAt: null,
  note,
});

describe.each(drivers)("the hours editor's data on %s", (driver) => {
  test.override({ driver });

  test("the week is saved as open days, with the staff member in the audit log", async ({
    claims,
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const week = await readWeek(tx);
      expect(week).toHaveLength(7);
      const monday = week.find((day) => day.weekday === 1)!;
      const changed = week
        .filter((day) => day.weekday !== 2)
        .map((day) => (day.weekday === 1 ? { ...monday, closesAt: "01:30" } : day));
      await saveWeek(tx, changed);
      const saved = await readWeek(tx);
      expect(saved.map((day) => day.weekday)).toEqual([0, 1, 3, 4, 5, 6]);
      expect(saved.find((day) => day.weekday === 1)).toEqual({ ...monday, closesAt: "01:30" });
      const audit = await tx.query<{ operation: string; actor: string }>(
        `select operation, actor::text as actor from public.audit_log
         where table_name = 'opening_hours' and actor is not null order by id`,
      );
      // Monday changed and Tuesday went; the days left as they were are not logged.
      expect(audit.map((row) => row.operation).sort()).toEqual(["DELETE", "UPDATE"]);
      expect(new Set(audit.map((row) => row.actor))).toEqual(new Set([claims.editor.sub]));
    });
  });

  test("an exception is added, listed, changed and deleted; the site's reader sees it", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const added = await saveException(tx, closedDay(DAY, DAY, "Staff party"), null);
      expect(added.ok).toBe(true);
      if (!added.ok) return;
      expect(await getException(tx, added.id)).toEqual({
        id: added.id,
        ...closedDay(DAY, DAY, "Staff party"),
      });
      const listed = await listExceptions(tx, TODAY);
      expect(listed.map((exception) => exception.id)).toContain(added.id);

      const changed = await saveException(
        tx,
        {
          ...closedDay(DAY, addDays(DAY, 1)),
          closed: false,
          opensAt: "16:00",
          closesAt: "02:00",
          kitchenClosesAt: "22:00",
          note: "Late opening",
        },
        added.id,
      );
      expect(changed).toEqual({ ok: true, id: added.id });
      const schedule = await getOpeningSchedule(tx, DAY);
      expect(openStatusAt(torontoInstant(DAY, "12:00"), schedule)).toMatchObject({
        open: false,
        opensAtWall: "16:00",
        note: "Late opening",
      });
      expect(openStatusAt(torontoInstant(addDays(DAY, 2), "01:00"), schedule)).toMatchObject({
        open: true,
        closesAtWall: "02:00",
      });

      expect(await deleteException(tx, added.id)).toBe(true);
      expect(await deleteException(tx, added.id)).toBe(false);
      expect(await getException(tx, added.id)).toBeNull();
    });
  });

  test("an exception that shares a date with another is refused, naming the other", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const first = await saveException(tx, closedDay(DAY, addDays(DAY, 2), "Renovation"), null);
      if (!first.ok) throw new Error("the first exception was refused");
      for (const [startsOn, endsOn] of [
        [addDays(DAY, 2), addDays(DAY, 4)],
        [addDays(DAY, -3), DAY],
        [addDays(DAY, 1), addDays(DAY, 1)],
        [addDays(DAY, -1), addDays(DAY, 5)],
      ] as const) {
        const refused = await saveException(tx, closedDay(startsOn, endsOn), null);
        expect(refused).toMatchObject({ ok: false, overlap: { id: first.id, note: "Renovation" } });
      }
      // Next to it is fine, and an exception does not overlap itself.
      expect((await saveException(tx, closedDay(addDays(DAY, 3)), null)).ok).toBe(true);
      expect(await saveException(tx, closedDay(DAY, addDays(DAY, 1), "Shorter"), first.id)).toEqual(
        { ok: true, id: first.id },
      );
    });
  });

  test("changing an exception that is not there comes back as missing", async ({ asEditor }) => {
    await asEditor(async (tx) => {
      expect(await saveException(tx, closedDay(DAY), 987_654)).toEqual({
        ok: false,
        missing: true,
      });
    });
  });

  test("closing early tonight keeps the usual opening and brings the kitchen in; a second change edits the same night", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      // DAY is a Wednesday: 11:30 to midnight, kitchen until 10 pm.
      const closing = await changeNight(tx, DAY, { closesAt: "21:00" }, "Closing early tonight");
      expect(closing.ok).toBe(true);
      if (!closing.ok) return;
      expect(await getException(tx, closing.id)).toMatchObject({
        startsOn: DAY,
        endsOn: DAY,
        closed: false,
        opensAt: "11:30",
        closesAt: "21:00",
        kitchenClosesAt: "21:00",
        note: "Closing early tonight",
      });
      const kitchen = await changeNight(tx, DAY, { kitchenClosesAt: "19:30" }, "Kitchen early");
      expect(kitchen).toEqual({ ok: true, id: closing.id });
      expect((await hoursOfNight(tx, DAY)).hours).toEqual({
        opensAt: "11:30",
        closesAt: "21:00",
        kitchenClosesAt: "19:30",
      });
      const schedule = await getOpeningSchedule(tx, DAY);
      expect(openStatusAt(torontoInstant(DAY, "21:30"), schedule).open).toBe(false);
    });
  });

  test("a night that is closed, or part of a longer exception, is not changed by the quick actions", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const closed = await saveException(tx, closedDay(DAY, DAY, "Closed for a wedding"), null);
      expect(await changeNight(tx, DAY, { closesAt: "21:00" }, "x")).toMatchObject({
        ok: false,
        reason: "overlap",
        other: { note: "Closed for a wedding" },
      });
      if (closed.ok) await deleteException(tx, closed.id);
      await saveWeek(
        tx,
        (await readWeek(tx)).filter((day) => day.weekday !== 3),
      );
      expect(await changeNight(tx, DAY, { closesAt: "21:00" }, "x")).toEqual({
        ok: false,
        reason: "closed",
      });
    });
  });

  test("the table still refuses a last day before the first", async ({ asEditor }) => {
    await expect(
      asEditor((tx) =>
        tx.query(
          "insert into public.hours_exceptions (starts_on, ends_on, closed) values ('2027-03-17', '2027-03-16', true)",
        ),
      ),
    ).rejects.toMatchObject({ code: "23514" });
  });

  describe("who may not write the hours", () => {
    test.for(["anon", "stranger"])(
      "%s cannot add an exception or change the week",
      async (who, { asAnon, asStranger }) => {
        const as = who === "anon" ? asAnon : asStranger;
        await expect(as((tx) => saveException(tx, closedDay(DAY), null))).rejects.toMatchObject({
          code: "42501",
        });
        await expect(
          as((tx) =>
            tx.query(
              "insert into public.opening_hours (weekday, opens_at, closes_at) values (2, '09:00', '10:00')",
            ),
          ),
        ).rejects.toMatchObject({ code: "42501" });
      },
    );

    test("a signed-in non-staff user changes and deletes nothing", async ({ asStranger }) => {
      const changed = await asStranger(async (tx) => {
        const updated = await tx.query(
          "update public.opening_hours set closes_at = '03:00' returning weekday",
        );
        const deleted = await tx.query("delete from public.hours_exceptions returning id");
        return { updated: updated.length, deleted: deleted.length };
      });
      expect(changed).toEqual({ updated: 0, deleted: 0 });
    });
  });
});
