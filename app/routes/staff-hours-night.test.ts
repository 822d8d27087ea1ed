import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { CookieJar } from "../../tests/support/staff-requests";
import type { Database } from "~/platform/database/database.server";
import { action as exceptionAction } from "./staff/hours-exception";
import { action as hoursAction, loader as hoursLoader } from "./staff/hours";
import { recentChangesAs, undoAs } from "../../tests/support/recent-changes";
import { HOURS_FORMS } from "~/hours/editor/hours-editor";
import { tonightDate } from "~/platform/clock/pub-day";
import { torontoInstant } from "~/platform/clock/toronto-time";
import { toastCookie } from "~/platform/toast.server";
import { UNREADABLE_OFFER } from "~/staff/tonight/end-events-rules";
import { eventToken, type NightCut } from "~/staff/tonight/night-cut";

/**
 * Closing early on a night, then ending the events that run past the new
 * time in one tap: the hours page's notice and its offer, as a signed-in
 * editor posts it, good and bad, on both databases.
 */

// A Wednesday well ahead (open 11:30 am to midnight, kitchen to 10 pm),
// clear of the seeded holidays and events, and of the hours tests' day.
const NIGHT = "2027-04-14";
const OTHER_NIGHT = "2027-04-21";

/** An instant on the pub's clock, as the database gives it back. */
const at = (date: string, time: string) => torontoInstant(date, time).toISOString();

/** The night's events: two that run past 9 pm, one after it, and some that are not in it. */
const EVENTS = [
  ["quiz-night-x", "Quiz Night X", NIGHT, "19:00", "23:00", "scheduled", true],
  ["open-mic-x", "Open Mic X", NIGHT, "20:00", null, "scheduled", true],
  ["late-band-x", "Late Band X", NIGHT, "22:00", "23:30", "scheduled", true],
  ["early-talk-x", "Early Talk X", NIGHT, "17:00", "19:00", "scheduled", true],
  ["called-off-x", "Called Off X", NIGHT, "20:00", "23:00", "cancelled", true],
  ["hidden-gig-x", "Hidden Gig X", NIGHT, "20:00", "23:00", "scheduled", false],
  ["next-week-x", "Next Week X", OTHER_NIGHT, "20:00", "23:00", "scheduled", true],
] as const;

type Page = { notice: NightCut | null };
type Refused = { formId: string; formError: string };

async function addEvents(db: Database): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [slug, title, date, starts, ends, status, published] of EVENTS) {
    const [row] = await db.query<{ id: number }>(
      `insert into public.events (slug, title, starts_at, ends_at, status, published)
       values ($1, $2, $3::timestamptz, $4::timestamptz, $5, $6) returning id::int as id`,
      [slug, title, at(date, starts), ends ? at(date, ends) : null, status, published],
    );
    ids[slug] = row!.id;
  }
  return ids;
}

async function endOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db.query<{ endsAt: string | null }>(
    `select to_json(ends_at)#>>'{}' as "endsAt" from public.events where id = $1`,
    [id],
  );
  return row?.endsAt ? new Date(row.endsAt).toISOString() : null;
}

const titles = (events: readonly { title: string }[]) => events.map((event) => event.title);

const test = routeTest
  // The night closing early at 9 pm (the kitchen at 8 pm), saved from the
  // exception editor, and its events; all gone again when the test ends.
  .extend("night", async ({ db, staff, editor }, { onCleanup }) => {
    const ids = await addEvents(db);
    await db.query(
      `insert into public.specials (title, starts_on, starts_at, ends_at) values
         ('Early Coffee X', $1::date, '10:00', '12:00'),
         ('Dinner Roast X', $1::date, '17:00', '23:00')`,
      [NIGHT],
    );
    onCleanup(async () => {
      await db.query("delete from public.specials where title like '% X'");
      await db.query("delete from public.events where slug like '%-x'");
      await db.query("delete from public.hours_exceptions where starts_on in ($1, $2)", [
        NIGHT,
        OTHER_NIGHT,
      ]);
    });
    const saved = await staff.submit(
      editor,
      "/staff/hours/exceptions/new",
      {
        "form-id": "hours-exception",
        startsOn: NIGHT,
        endsOn: "",
        closed: "",
        opensAt: "11:30",
        closesAt: "21:00",
        kitchenClosesAt: "20:00",
        note: "Closing early for a private party",
      },
      exceptionAction,
      { id: "new" },
    );
    return { ids, saved };
  })
  .extend(
    "page",
    ({ staff, editor }) =>
      async (query: string) =>
        (await (await staff.load(editor, `/staff/hours${query}`, hoursLoader)).json()) as Page,
  )
  .extend("offer", ({ page }) => async (query = `?closing=${NIGHT}`) => {
    const { notice } = await page(query);
    return {
      "form-id": "end-events",
      night: notice!.date,
      closing: notice!.closing,
      time: notice!.time,
      events: notice!.endable.map(eventToken).join(" "),
    };
  })
  .extend(
    "endThem",
    ({ staff, editor }) =>
      (fields: Record<string, string>, query = `?closing=${NIGHT}`) =>
        staff.submit(editor, `/staff/hours${query}`, fields, hoursAction),
  );

describe.each(drivers)("closing early, and ending the events then, on %s", (driver) => {
  test.override({ driver });

  test("a day's early closing comes back to what it cuts short, with the offer", async ({
    night,
    page,
  }) => {
    expect(night.saved).toHaveRedirect(`/staff/hours?closing=${NIGHT}`);
    const { notice } = await page(`?closing=${NIGHT}`);
    expect(notice).toMatchObject({ date: NIGHT, closing: "closing", time: "21:00" });
    expect(titles(notice!.endable)).toEqual(["Quiz Night X", "Open Mic X"]);
    expect(titles(notice!.startAfter)).toEqual(["Late Band X"]);
    expect(notice!.endingThen).toEqual([]);
    expect(notice!.cut).toContain("Dinner Roast X");
    // A special that starts before the pub opens that day is on, not after closing.
    expect([...notice!.cut, ...notice!.gone]).not.toContain("Early Coffee X");

    const kitchen = (await page(`?kitchen=${NIGHT}`)).notice;
    expect(kitchen).toMatchObject({ closing: "kitchen", time: "20:00" });
    expect(titles(kitchen!.endable)).toEqual(["Quiz Night X"]);
    expect(titles(kitchen!.startAfter)).toEqual(["Open Mic X", "Late Band X"]);

    // Without a night, or with one that is no date, there is no notice.
    expect((await page("")).notice).toBeNull();
    expect((await page("?closing=2027-02-30")).notice).toBeNull();
  });

  test("one tap ends them at the new closing, in Recent changes, and an owner can undo it", async ({
    db,
    staff,
    owner,
    night: { ids },
    page,
    offer,
    endThem,
  }) => {
    const response = await endThem(await offer());
    expect(response).toHaveRedirect(`/staff/hours?closing=${NIGHT}`);
    const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
    expect(await toastCookie.parse(set?.split(";")[0] ?? null)).toMatchObject({
      title: "Saved. Visitors see it now.",
      description:
        "“Quiz Night X” and “Open Mic X” now end at 9\u00a0pm. Recent changes can undo it.",
    });
    const nine = at(NIGHT, "21:00");
    expect(await endOf(db, ids["quiz-night-x"]!)).toBe(nine);
    expect(await endOf(db, ids["open-mic-x"]!)).toBe(nine);
    expect(await endOf(db, ids["late-band-x"]!)).toBe(at(NIGHT, "23:30"));

    const { notice } = await page(`?closing=${NIGHT}`);
    expect(notice!.endable).toEqual([]);
    expect(titles(notice!.endingThen)).toEqual(["Quiz Night X", "Open Mic X"]);

    // Recent changes lists them as one change, each from 11 pm (or none) to 9 pm.
    const [ended] = await recentChangesAs(staff, owner);
    expect(ended!.what).toBe("Ended the night's events at 9\u00a0pm (2 entries)");
    const [rows] = ended!.details;
    expect(rows?.kind === "rows" && rows.rows).toEqual([
      expect.stringMatching(/^Quiz Night X: ends .*11\u00a0pm → .*9\u00a0pm$/),
      expect.stringMatching(/^Open Mic X: /),
    ]);

    expect(await undoAs(staff, owner, ended!.id)).toHaveRedirect("/staff/changes");
    expect(await endOf(db, ids["quiz-night-x"]!)).toBe(at(NIGHT, "23:00"));
    expect(await endOf(db, ids["open-mic-x"]!)).toBeNull();
  });

  test("the kitchen's early closing offers its own time", async ({
    db,
    night: { ids },
    offer,
    endThem,
  }) => {
    const query = `?kitchen=${NIGHT}`;
    const response = await endThem(await offer(query), query);
    expect(response).toHaveRedirect(`/staff/hours${query}`);
    expect(await endOf(db, ids["quiz-night-x"]!)).toBe(at(NIGHT, "20:00"));
    expect(await endOf(db, ids["open-mic-x"]!)).toBeNull();
  });

  test.for([
    [
      "an event changed since",
      "update public.events set ends_at = ends_at + interval '30 minutes' where slug = 'quiz-night-x'",
      /^“Quiz Night X” was changed since it was offered\. Nothing was changed\. Check its times here, then try again\.$/,
    ],
    [
      "an event removed since",
      "delete from public.events where slug = 'open-mic-x'",
      /^An event offered is no longer there\. Nothing was changed\.$/,
    ],
    [
      "an event cancelled since",
      "update public.events set status = 'cancelled' where slug = 'open-mic-x'",
      /^“Open Mic X” is cancelled now\. Nothing was changed\.$/,
    ],
    [
      "an event postponed since",
      "update public.events set status = 'postponed' where slug = 'open-mic-x'",
      /^“Open Mic X” is postponed now\. Nothing was changed\.$/,
    ],
    [
      "an event hidden since",
      "update public.events set published = false where slug = 'quiz-night-x'",
      /^“Quiz Night X” is hidden from visitors now\. Nothing was changed\.$/,
    ],
    [
      "the closing time changed back",
      `delete from public.hours_exceptions where starts_on = '${NIGHT}'`,
      /^Closing that night is now at midnight, not 9\u00a0pm\. Nothing was changed\.$/,
    ],
    [
      "the closing time changed again",
      `update public.hours_exceptions set closes_at = '22:00' where starts_on = '${NIGHT}'`,
      /^Closing that night is now at 10\u00a0pm, not 9\u00a0pm\. Nothing was changed\.$/,
    ],
    [
      "the night closed since",
      `update public.hours_exceptions set closed = true, opens_at = null, closes_at = null,
         kitchen_closes_at = null where starts_on = '${NIGHT}'`,
      /^The pub is now closed that night\. Nothing was changed\.$/,
    ],
  ] as const)(
    "%s: refused in words, the page shows what runs past now, and nothing changes",
    async ([_name, since, reason], { db, night: { ids }, offer, endThem }) => {
      const sent = await offer();
      await db.query(since);
      const before = await db.query("select id, ends_at from public.events order by id");
      const response = await endThem(sent);
      expect(response.status).toBe(409);
      const refused = (await response.json()) as Refused;
      expect(refused.formId).toBe("end-events");
      expect(refused.formError).toMatch(reason);
      expect(await db.query("select id, ends_at from public.events order by id")).toEqual(before);
      expect(ids["late-band-x"]).toBeDefined();
    },
  );

  test("an event that starts after the new closing cannot be ended: a forged offer of it is refused", async ({
    db,
    night: { ids },
    page,
    offer,
    endThem,
  }) => {
    const { notice } = await page(`?closing=${NIGHT}`);
    const late = notice!.startAfter[0]!;
    const sent = await offer();
    const response = await endThem({ ...sent, events: `${sent.events} ${eventToken(late)}` });
    expect(response.status).toBe(409);
    expect(((await response.json()) as Refused).formError).toBe(
      "“Late Band X” starts at 9\u00a0pm or later, so it cannot end then: change or cancel it on its page. Nothing was changed.",
    );
    expect(await endOf(db, ids["late-band-x"]!)).toBe(at(NIGHT, "23:30"));
    expect(await endOf(db, ids["quiz-night-x"]!)).toBe(at(NIGHT, "23:00"));
  });

  test("forged offers are refused, and nothing changes", async ({
    db,
    night: { ids },
    offer,
    endThem,
  }) => {
    const sent = await offer();
    const before = await db.query("select id, ends_at from public.events order by id");
    const nextWeek = {
      id: ids["next-week-x"]!,
      startsAt: at(OTHER_NIGHT, "20:00"),
      endsAt: at(OTHER_NIGHT, "23:00"),
    };
    const early = {
      id: ids["early-talk-x"]!,
      startsAt: at(NIGHT, "17:00"),
      endsAt: at(NIGHT, "19:00"),
    };
    const refusals: [Record<string, string>, number, string | RegExp][] = [
      [{ ...sent, events: `987654:1-2` }, 409, /^An event offered is no longer there\./],
      [{ ...sent, events: eventToken(nextWeek) }, 409, /^“Next Week X” is not on that night\./],
      [{ ...sent, events: eventToken(early) }, 409, /^“Early Talk X” already ends by 9\u00a0pm\./],
      [{ ...sent, events: "" }, 400, UNREADABLE_OFFER],
      [{ ...sent, events: "quiz; drop table events" }, 400, UNREADABLE_OFFER],
      [{ ...sent, events: `${sent.events} ${sent.events}` }, 400, UNREADABLE_OFFER],
      [{ ...sent, events: "0:1-2" }, 400, UNREADABLE_OFFER],
      [{ ...sent, night: "2027-02-30" }, 400, UNREADABLE_OFFER],
      [{ ...sent, closing: "bar" }, 400, UNREADABLE_OFFER],
      [{ ...sent, time: "25:00" }, 400, UNREADABLE_OFFER],
      [{ ...sent, time: "" }, 400, UNREADABLE_OFFER],
    ];
    for (const [fields, status, message] of refusals) {
      const response = await endThem(fields);
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(((await response.json()) as Refused).formError).toMatch(message);
    }
    expect(await db.query("select id, ends_at from public.events order by id")).toEqual(before);
  });

  test("a field sent twice is refused, and a stranger is sent to sign in", async ({
    db,
    staff,
    editor,
    night,
    offer,
  }) => {
    expect(night.saved).toHaveRedirect(`/staff/hours?closing=${NIGHT}`);
    const sent = await offer();
    const before = await db.query("select id, ends_at from public.events order by id");
    const twice: [string, string][] = [...Object.entries(sent), ["time", "20:00"]];
    const response = await staff.submit(editor, "/staff/hours", twice, hoursAction);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refused).formError).toBe(UNREADABLE_OFFER);

    const stranger = new CookieJar();
    expect(await staff.submit(stranger, "/staff/hours", sent, hoursAction)).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Fhours",
    );
    expect(await db.query("select id, ends_at from public.events order by id")).toEqual(before);
  });

  test("an exception closed all day, or over several days, goes back to the hours page alone", async ({
    staff,
    editor,
    db,
  }) => {
    const add = (changes: Record<string, string>) =>
      staff.submit(
        editor,
        "/staff/hours/exceptions/new",
        {
          "form-id": "hours-exception",
          startsOn: OTHER_NIGHT,
          endsOn: "",
          closed: "",
          opensAt: "11:30",
          closesAt: "21:00",
          kitchenClosesAt: "",
          note: "Closed for a wedding",
          ...changes,
        },
        exceptionAction,
        { id: "new" },
      );
    const clear = () =>
      db.query("delete from public.hours_exceptions where starts_on = $1", [OTHER_NIGHT]);
    expect(await add({ closed: "on", opensAt: "", closesAt: "" })).toHaveRedirect("/staff/hours");
    await clear();
    expect(await add({ endsOn: "2027-04-22" })).toHaveRedirect("/staff/hours");
    await clear();
  });

  test("closing early tonight, and the kitchen, come back to what they cut short", async ({
    db,
    staff,
    editor,
    page,
  }) => {
    const tonight = tonightDate(new Date());
    await db.query("delete from public.hours_exceptions where starts_on <= $1 and ends_on >= $1", [
      tonight,
    ]);
    await db.query(
      `insert into public.specials (title, starts_on, starts_at, ends_at) values
         ('Cut Short Roast', $1::date, '17:00', '23:00'),
         ('Too Late Nachos', $1::date, '21:30', '23:30'),
         ('Early Happy Hour', $1::date, '15:00', '18:00')`,
      [tonight],
    );
    await db.query(
      `insert into public.events (slug, title, starts_at, ends_at) values
         ('late-band-tonight-x', 'Late Band Tonight', $1::timestamptz, $2::timestamptz)`,
      [at(tonight, "20:00"), at(tonight, "23:30")],
    );
    const post = (fields: Record<string, string>) =>
      staff.submit(editor, "/staff/hours", fields, hoursAction);
    try {
      const saved = await post({ "form-id": HOURS_FORMS.closingEarly, closesAt: "21:00" });
      expect(saved).toHaveRedirect(`/staff/hours?closing=${tonight}`);
      const set = saved.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
      expect(await toastCookie.parse(set?.split(";")[0] ?? null)).toMatchObject({
        title: "Saved. Visitors see it now.",
        description: "What it cuts short is at the top of the page.",
      });
      // The seeded specials and events of the night may be named too.
      const { notice } = await page(`?closing=${tonight}`);
      expect(notice).toMatchObject({ tonight: true, time: "21:00" });
      expect(notice!.cut).toContain("Cut Short Roast");
      expect(notice!.gone).toContain("Too Late Nachos");
      expect([...notice!.cut, ...notice!.gone]).not.toContain("Early Happy Hour");
      expect(titles(notice!.endable)).toContain("Late Band Tonight");

      const kitchen = await post({ "form-id": HOURS_FORMS.kitchenEarly, kitchenClosesAt: "19:00" });
      expect(kitchen).toHaveRedirect(`/staff/hours?kitchen=${tonight}`);
      const { notice: food } = await page(`?kitchen=${tonight}`);
      expect(food).toMatchObject({ closing: "kitchen", time: "19:00" });
      expect(food!.cut).toContain("Cut Short Roast");
    } finally {
      await db.query("delete from public.hours_exceptions where starts_on = $1", [tonight]);
      await db.query(
        "delete from public.specials where title in ('Cut Short Roast', 'Too Late Nachos', 'Early Happy Hour')",
      );
      await db.query("delete from public.events where slug = 'late-band-tonight-x'");
    }
  });
});
