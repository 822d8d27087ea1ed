import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import { inputOf } from "~/platform/forms/form-check.test-support";
import {
  deleteEvent,
  eventChoices,
  eventForStaff,
  insertEvent,
  pastEventsForStaff,
  upcomingEventsForStaff,
  updateEvent,
} from "./event-editor.server";
import { eventFields } from "./event-editor";
import { eventSchema } from "./event-rules";
import { getEvents } from "~/events/events.server";

/** An event as the form's schema makes it from typed values. */
const input = inputOf(eventSchema, eventFields, {
  title: "Summer Ceilidh",
  startDate: "2026-07-11",
  startTime: "20:00",
  endTime: "23:00",
  status: "scheduled",
});

const NO_PICTURE = { path: null, alt: "" };

describe.each(drivers)("the events editor's queries on %s", (driver) => {
  test.override({ driver });

  test("stores July and January times as Toronto's summer and winter offsets", async ({
    asEditor,
  }) => {
    const stored = await asEditor(async (tx) => {
      const july = await insertEvent(tx, input({ title: "July Night" }), NO_PICTURE);
      const january = await insertEvent(
        tx,
        input({ title: "January Night", startDate: "2027-01-09", endTime: "" }),
        NO_PICTURE,
      );
      return tx.query<{ slug: string; local: string; utc: string }>(
        `select slug,
           to_char(starts_at at time zone 'America/Toronto', 'YYYY-MM-DD HH24:MI') as local,
           to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as utc
         from public.events where id in ($1, $2) order by starts_at`,
        [july, january],
      );
    });
    expect(stored).toEqual([
      { slug: "july-night", local: "2026-07-11 20:00", utc: "2026-07-12 00:00" },
      { slug: "january-night", local: "2027-01-09 20:00", utc: "2027-01-10 01:00" },
    ]);
  });

  test("lists hidden events for staff, splits upcoming from past, and edits and deletes", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const id = await insertEvent(tx, input({ title: "Hidden Gem", hidden: "on" }), NO_PICTURE);
      const now = new Date("2026-07-01T12:00:00Z");
      const upcoming = await upcomingEventsForStaff(tx, now);
      expect(upcoming.find((event) => event.id === id)).toMatchObject({ published: false });
      const later = await pastEventsForStaff(tx, new Date("2026-08-01T00:00:00Z"), {
        page: 1,
        perPage: 500,
      });
      expect(later.events.map((event) => event.id)).toContain(id);
      // Visitors never see it.
      expect((await getEvents(tx, now)).map((event) => event.id)).not.toContain(id);

      expect(
        await updateEvent(tx, id, input({ title: "Hidden Gem", status: "sold-out" }), NO_PICTURE),
      ).toBe(true);
      expect(await eventForStaff(tx, id)).toMatchObject({
        status: "sold-out",
        published: true,
      });
      expect(await deleteEvent(tx, id)).toBe(true);
      expect(await eventForStaff(tx, id)).toBeNull();
      expect(await deleteEvent(tx, id)).toBe(false);
      expect(await updateEvent(tx, id, input({}), NO_PICTURE)).toBe(false);
    });
  });

  test("saves a rescheduled event with the start it had, which visitors read back, and clears it when it is on again", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const moved = input({
        title: "Moved Ceilidh",
        status: "rescheduled",
        previousDate: "2026-07-04",
        previousTime: "20:00",
      });
      const id = await insertEvent(tx, moved, NO_PICTURE);
      const [seen] = (await getEvents(tx, new Date("2026-07-01T12:00:00Z"))).filter(
        (event) => event.id === id,
      );
      expect(seen).toMatchObject({
        status: "rescheduled",
        startsAt: "2026-07-12T00:00:00.000Z",
        previousStartsAt: "2026-07-05T00:00:00.000Z",
      });
      expect(await updateEvent(tx, id, input({ title: "Moved Ceilidh" }), NO_PICTURE)).toBe(true);
      expect(await eventForStaff(tx, id)).toMatchObject({
        status: "scheduled",
        previousStartsAt: null,
      });
      expect(
        await updateEvent(
          tx,
          id,
          input({ title: "Moved Ceilidh", status: "postponed" }),
          NO_PICTURE,
        ),
      ).toBe(true);
      expect(await eventForStaff(tx, id)).toMatchObject({ status: "postponed" });
    });
  });

  test("the database refuses an earlier start without Rescheduled, and Rescheduled without one (23514)", async ({
    asEditor,
  }) => {
    const previousStartsAt = "2026-07-05T00:00:00.000Z";
    for (const event of [
      { ...input({}), previousStartsAt },
      { ...input({}), status: "rescheduled" as const },
      { ...input({}), status: "rescheduled" as const, previousStartsAt: input({}).startsAt },
    ]) {
      await expect(asEditor((tx) => insertEvent(tx, event, NO_PICTURE))).rejects.toMatchObject({
        code: "23514",
      });
    }
  });

  test("the pickers of specials and dishes mark the events that are cancelled, postponed or hidden", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const on = await insertEvent(tx, input({ title: "Quiz On" }), NO_PICTURE);
      const postponed = await insertEvent(
        tx,
        input({ title: "Quiz Later", status: "postponed" }),
        NO_PICTURE,
      );
      const cancelled = await insertEvent(
        tx,
        input({ title: "Quiz Off", status: "cancelled" }),
        NO_PICTURE,
      );
      const hidden = await insertEvent(tx, input({ title: "Quiz Kept", hidden: "on" }), NO_PICTURE);
      const both = await insertEvent(
        tx,
        input({ title: "Quiz Gone", status: "cancelled", hidden: "on" }),
        NO_PICTURE,
      );
      const choices = await eventChoices.list(tx, new Date("2026-07-01T12:00:00Z"), null);
      const label = (id: number) => choices.find((choice) => choice.id === id)?.label;
      expect(label(on)).toBe("Quiz On, Saturday, July 11");
      expect(label(postponed)).toBe(
        "Quiz Later, Saturday, July 11 (postponed: what goes with it does not show)",
      );
      expect(label(cancelled)).toBe(
        "Quiz Off, Saturday, July 11 (cancelled: what goes with it does not show)",
      );
      expect(label(hidden)).toBe(
        "Quiz Kept, Saturday, July 11 (hidden: what goes with it does not show)",
      );
      expect(label(both)).toBe(
        "Quiz Gone, Saturday, July 11 (cancelled and hidden: what goes with it does not show)",
      );
    });
  });

  test("the database refuses a duplicate slug (23505) and an end before the start (23514)", async ({
    asEditor,
  }) => {
    await expect(
      asEditor((tx) => insertEvent(tx, input({ slug: "trivia-night" }), NO_PICTURE)),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(
      asEditor((tx) =>
        insertEvent(
          tx,
          { ...input({}), endsAt: "2026-07-11T00:00:00Z", startsAt: "2026-07-12T00:00:00Z" },
          NO_PICTURE,
        ),
      ),
    ).rejects.toMatchObject({ code: "23514" });
    await expect(
      asEditor((tx) => insertEvent(tx, { ...input({}), priceCents: -1 }, NO_PICTURE)),
    ).rejects.toMatchObject({ code: "23514" });
  });

  test("anon and a signed-in user who is not staff cannot add, change or delete events", async ({
    db,
    asStranger,
    asAnon,
  }) => {
    const [seeded] = await db.query<{ id: number }>(
      "select id::int as id from public.events where slug = 'trivia-night'",
    );
    await expect(
      asAnon((tx) => insertEvent(tx, input({ title: "Anon Night" }), NO_PICTURE)),
    ).rejects.toMatchObject({ code: "42501" });
    await expect(
      asStranger((tx) => insertEvent(tx, input({ title: "Stranger Night" }), NO_PICTURE)),
    ).rejects.toMatchObject({ code: "42501" });
    // Updates and deletes by them touch no row (or are refused outright).
    for (const run of [asAnon, asStranger]) {
      const outcome = await run(async (tx) => ({
        updated: await updateEvent(tx, seeded!.id, input({ title: "Taken" }), NO_PICTURE),
        deleted: await deleteEvent(tx, seeded!.id),
      })).catch((error: { code?: string }) => error.code);
      expect([{ updated: false, deleted: false }, "42501"]).toContainEqual(outcome);
    }
    const [after] = await db.query<{ title: string }>(
      "select title from public.events where id = $1",
      [seeded!.id],
    );
    expect(after?.title).toBe("Trivia Night");
  });
});
