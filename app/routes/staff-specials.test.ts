import { describe, expect } from "vitest";
import { EVENT_OFF_STATUSES } from "~/events/events";
import { drivers, routeTest } from "../../tests/support/route-test";
import { type Refusal, expectRefusedWhole } from "../../tests/support/staff-session";
import { CookieJar } from "../../tests/support/staff-requests";
import type { Database } from "~/platform/database/database.server";
import { action as specialAction, loader as specialLoader } from "./staff/special";
import { action as specialsAction, loader as specialsLoader } from "./staff/specials";
import { getSpecial, listSpecials } from "~/specials/editor/specials-editor.server";
import { getSpecials } from "~/specials/specials.server";
import { specialsOn, specialsToday } from "~/specials/specials";
import { addDays, torontoInstant, type Weekday } from "~/platform/clock/toronto-time";
import { action as eventAction } from "./staff/event";
import { REFUSED_EVENT_CHOICES } from "~/events/editor/event-choice.test-support";
import { specialForm } from "~/specials/editor/special-form.test-support";

/**
 * The specials editor's routes as a signed-in staff member posts to them,
 * with and without mistakes, on both databases.
 */

const form = specialForm;

const count = async (db: Database) =>
  (await db.query<{ n: number }>("select count(*)::int as n from public.specials"))[0]!.n;

/** The sample quiz night: its id and its date in Toronto. */
async function quiz(db: Database) {
  const [row] = await db.query<{ id: number; day: string }>(
    `select id::int as id,
       to_char(starts_at at time zone 'America/Toronto', 'YYYY-MM-DD') as day
     from public.events where slug = 'trivia-night'`,
  );
  return row!;
}
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() as Weekday;

const test = routeTest
  .extend(
    "postSpecial",
    ({ staff, editor }) =>
      (id: string, fields: Record<string, string>) =>
        staff.submit(editor, `/staff/specials/${id}`, fields, specialAction, { id }),
  )
  .extend(
    "postList",
    ({ staff, editor }) =>
      (fields: Record<string, string>) =>
        staff.submit(editor, "/staff/specials?reorder=1", fields, specialsAction),
  );

describe.each(drivers)("the specials editor's routes on %s", (driver) => {
  test.override({ driver });

  test.for([
    ["title", "P".repeat(101)],
    ["description", "Steak and ale pie. ".repeat(53)],
  ] as const)(
    "a %s over its limit is refused whole, with everything typed kept",
    async ([field, long], { db, postSpecial }) => {
      const before = await count(db);
      const sent = form({ [field]: long });
      await expectRefusedWhole(await postSpecial("new", sent), sent, field);
      expect(await count(db)).toBe(before);
    },
  );

  test("without a session the list sends to sign-in, and posts change nothing", async ({
    db,
    staff,
  }) => {
    const stranger = new CookieJar();
    expect(await staff.load(stranger, "/staff/specials", specialsLoader)).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Fspecials",
    );
    const before = await count(db);
    const response = await staff.submit(stranger, "/staff/specials/new", form(), specialAction, {
      id: "new",
    });
    expect(response).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%2Fspecials%2Fnew");
    expect(await count(db)).toBe(before);
  });

  test("a special is added, shown to visitors, hidden, and deleted after asking", async ({
    db,
    staff,
    editor,
    postSpecial,
  }) => {
    const added = await postSpecial("new", form());
    expect(added.status).toBe(303);
    expect(added).toSetCookie("toast");
    const id = Number(/#special-(\d+)$/.exec(added.headers.get("Location") ?? "")?.[1]);
    expect(await getSpecial(db, id)).toMatchObject({
      title: "Pie Night",
      priceCents: 1850,
      weekday: 3,
      startsAt: "17:00",
      published: true,
    });
    expect((await getSpecials(db, "2026-11-23")).map((special) => special.id)).toContain(id);

    const list = await staff.load(editor, "/staff/specials", specialsLoader);
    expect(
      ((await list.json()) as { specials: { id: number }[] }).specials.map((s) => s.id),
    ).toContain(id);

    expect(await postSpecial(String(id), form({ hidden: "on" }))).toHaveRedirect(
      `/staff/specials#special-${id}`,
    );
    expect((await getSpecials(db, "2026-11-23")).map((special) => special.id)).not.toContain(id);
    const page = await staff.load(editor, `/staff/specials/${id}`, specialLoader, {
      id: String(id),
    });
    expect(((await page.json()) as { row: { published: boolean } }).row.published).toBe(false);

    expect(await (await postSpecial(String(id), { intent: "delete" })).json()).toEqual({
      confirmDelete: true,
    });
    expect(await getSpecial(db, id)).not.toBeNull();
    expect(await postSpecial(String(id), { intent: "delete", confirm: "yes" })).toHaveRedirect(
      "/staff/specials",
    );
    expect(await getSpecial(db, id)).toBeNull();
  });

  test("a bad special comes back 400 with every problem and the typed values, and nothing is saved", async ({
    db,
    postSpecial,
  }) => {
    const before = await count(db);
    const typed = form({
      title: "",
      price: "-4.00",
      weekday: "",
      endsOn: "2026-12-01",
      startsAt: "25:00",
      hidden: "sure",
    });
    const response = await postSpecial("new", typed);
    expect(response.status).toBe(400);
    const refusal = (await response.json()) as Refusal;
    expect(refusal.errors).toEqual({
      title: "Enter the special's name.",
      price: "A price cannot be negative.",
      weekday: "Choose a day of the week, a first day, or both.",
      startsOn: "Enter the first day too, or leave the last day empty.",
      startsAt: "Enter a time such as 21:30 (00:00 to 23:59).",
      hidden: "Tick the box or leave it clear.",
    });
    expect(refusal.formError).toBe("Please check 6 answers and save again.");
    const { "form-id": _formId, ...values } = typed;
    expect(refusal.values).toEqual(values);
    expect(await count(db)).toBe(before);
  });

  test.for([
    [{ price: "twelve" }, "price", /Enter a price such as 14.50/],
    [{ weekday: "8" }, "weekday", /Choose a day from the list/],
    [{ startsOn: "2026-12-10", endsOn: "2026-12-01" }, "endsOn", /cannot be before/],
    [{ endsAt: "17:00" }, "endsAt", /must differ/],
    [{ title: "x".repeat(101) }, "title", /100 characters/],
  ] as const)("%j is refused on %s", async ([changes, field, message], { postSpecial }) => {
    const response = await postSpecial("new", form(changes));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).errors[field]).toMatch(message);
  });

  test.for(["0", "abc", "99999999999999999999", "987654"])(
    "a special id that is not one (%s) answers 404",
    async (id, { staff, editor, postSpecial, postList }) => {
      expect(
        (await staff.load(editor, `/staff/specials/${id}`, specialLoader, { id })).status,
      ).toBe(404);
      expect((await postSpecial(id, form())).status).toBe(404);
      expect((await postSpecial(id, { intent: "delete", confirm: "yes" })).status).toBe(404);
      expect((await postList({ intent: "move-up", id })).status).toBe(404);
    },
  );

  test("move up and down reorder a day's specials; a move without a direction is refused", async ({
    db,
    postList,
  }) => {
    const sunday = async () =>
      (await listSpecials(db)).filter((special) => special.weekday === 0).map((s) => s.title);
    expect(await sunday()).toEqual(["Sunday Roast", "Caesar Sunday"]);
    const caesar = (await listSpecials(db)).find((special) => special.title === "Caesar Sunday")!;
    expect(await postList({ intent: "move-up", id: String(caesar.id) })).toHaveRedirect(
      `/staff/specials?reorder=1#special-${caesar.id}`,
    );
    expect(await sunday()).toEqual(["Caesar Sunday", "Sunday Roast"]);
    expect((await postList({ intent: "sideways", id: String(caesar.id) })).status).toBe(400);
    expect(await postList({ intent: "move-down", id: String(caesar.id) })).toHaveRedirect(
      `/staff/specials?reorder=1#special-${caesar.id}`,
    );
    expect(await sunday()).toEqual(["Sunday Roast", "Caesar Sunday"]);
  });

  test("a move posted from the everyday list, not reorder mode, is refused and moves nothing", async ({
    db,
    staff,
    editor,
  }) => {
    const order = async () => (await listSpecials(db)).map((special) => special.id);
    const before = await order();
    const response = await staff.submit(
      editor,
      "/staff/specials",
      { intent: "move-down", id: String(before[0]) },
      specialsAction,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/only in reorder mode.*Nothing was moved/);
    expect(await order()).toEqual(before);
  });

  test("the list says whether it is in reorder mode, from its address", async ({
    staff,
    editor,
  }) => {
    const mode = async (path: string) =>
      ((await (await staff.load(editor, path, specialsLoader)).json()) as { reordering: boolean })
        .reordering;
    expect(await mode("/staff/specials")).toBe(false);
    expect(await mode("/staff/specials?reorder=1")).toBe(true);
    expect(await mode("/staff/specials?reorder=yes")).toBe(false);
  });
  describe("a special tied to an event", () => {
    test("the sample's trivia pitchers show on the quiz's night only, not the Wednesday before", async ({
      db,
    }) => {
      const { day } = await quiz(db);
      const before = addDays(day, -7);
      const onQuizNight = specialsOn(day, weekdayOf(day), await getSpecials(db, before));
      expect(onQuizNight.map((special) => special.title)).toContain("Trivia Night Pitchers");
      const weekBefore = specialsOn(before, weekdayOf(before), await getSpecials(db, before));
      expect(weekBefore.map((special) => special.title)).not.toContain("Trivia Night Pitchers");
      expect(weekBefore.map((special) => special.title)).toContain("Happy Hour");
      // At 7:39 pm, a fixed clock: the quiz-less Wednesday lists no pitchers.
      const evening = torontoInstant(before, "19:39");
      expect(
        specialsToday(evening, await getSpecials(db, before)).map((special) => special.title),
      ).not.toContain("Trivia Night Pitchers");
    });

    test("staff choose the event from the form's list; a postponed or cancelled event shows it on no day", async ({
      db,
      staff,
      editor,
      postSpecial,
    }) => {
      const { id: quizId, day } = await quiz(db);
      const page = await staff.load(editor, "/staff/specials/new", specialLoader, { id: "new" });
      const { events } = (await page.json()) as { events: { id: number; label: string }[] };
      expect(events).toContainEqual({
        id: quizId,
        label: expect.stringMatching(/^Trivia Night, /),
      });

      const saved = await postSpecial(
        "new",
        form({ title: "Quiz Nachos", eventId: String(quizId) }),
      );
      expect(saved.status).toBe(303);
      const id = Number(/special-(\d+)/.exec(saved.headers.get("Location") ?? "")![1]);
      expect(await getSpecial(db, id)).toMatchObject({
        eventId: quizId,
        eventTitle: "Trivia Night",
        eventDay: day,
      });
      const shown = () =>
        getSpecials(db, day).then((all) =>
          specialsOn(day, weekdayOf(day), all).map((special) => special.title),
        );
      expect(await shown()).toContain("Quiz Nachos");
      try {
        for (const status of EVENT_OFF_STATUSES) {
          await db.query("update public.events set status = $2 where id = $1", [quizId, status]);
          expect(await shown(), status).not.toContain("Quiz Nachos");
        }
      } finally {
        await db.query("update public.events set status = 'scheduled' where id = $1", [quizId]);
      }
    });

    test.for(REFUSED_EVENT_CHOICES)(
      "an event %s is refused, everything typed kept",
      async ([, eventId, message], { db, postSpecial }) => {
        const before = await count(db);
        const sent = form({ title: "Quiz Wings", eventId });
        const response = await postSpecial("new", sent);
        expect(response.status).toBe(400);
        const body = (await response.json()) as Refusal;
        expect(body.errors.eventId).toBe(message);
        expect(body.values.eventId).toBe(eventId);
        expect(body.values.title).toBe("Quiz Wings");
        expect(await count(db)).toBe(before);
      },
    );

    test("deleting the event hides and unties its specials, and says so", async ({
      db,
      staff,
      editor,
      postSpecial,
    }) => {
      const [event] = await db.query<{ id: number }>(
        `insert into public.events (slug, title, starts_at)
         values ('pub-quiz-special-test', 'Pub Quiz', now() + interval '3 days')
         returning id::int as id`,
      );
      const saved = await postSpecial(
        "new",
        form({ title: "Quiz Pitchers", eventId: String(event!.id) }),
      );
      const id = Number(/special-(\d+)/.exec(saved.headers.get("Location") ?? "")![1]);
      const deleted = await staff.submit(
        editor,
        `/staff/events/${event!.id}`,
        { "form-id": "event-form", intent: "delete", confirm: "yes" },
        eventAction,
        { id: String(event!.id) },
      );
      expect(deleted).toHaveRedirect("/staff/events");
      expect(await getSpecial(db, id)).toMatchObject({
        eventId: null,
        eventTitle: null,
        published: false,
      });
    });
  });
});
