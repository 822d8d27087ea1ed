import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { type Refusal, expectRefusedWhole } from "../../tests/support/staff-session";
import { CookieJar } from "../../tests/support/staff-requests";
import type { Database } from "~/platform/database/database.server";
import { action as exceptionAction, loader as exceptionLoader } from "./staff/hours-exception";
import { action as hoursAction, loader as hoursLoader } from "./staff/hours";
import { HOURS_FORMS, dayFields, weekFields } from "~/hours/editor/hours-editor";
import { addDays, torontoDate } from "~/platform/clock/toronto-time";
import { tonightDate } from "~/platform/clock/pub-day";
import { getException, hoursOfNight, readWeek } from "~/hours/editor/hours-editor.server";
import { getOpeningSchedule } from "~/hours/hours.server";
import { openStatusAt } from "~/hours/opening-hours";

/**
 * The hours editor's routes as a signed-in staff member posts to them, with
 * and without mistakes, on both databases.
 */

// A Wednesday well ahead, clear of the seeded holidays.
const DAY = "2027-03-17";

/** The week's form as the page fills it in from the saved week. */
async function weekForm(db: Database): Promise<Record<string, string>> {
  const fields: Record<string, string> = Object.fromEntries(weekFields.map((f) => [f, ""]));
  for (const day of await readWeek(db)) {
    const [open, opens, closes, kitchen] = dayFields(day.weekday);
    Object.assign(fields, {
      [open]: "on",
      [opens]: day.opensAt,
      [closes]: day.closesAt,
      [kitchen]: day.kitchenClosesAt ?? "",
    });
  }
  return { "form-id": HOURS_FORMS.week, ...fields };
}

const test = routeTest
  .extend(
    "postHours",
    ({ staff, editor }) =>
      (fields: Record<string, string>) =>
        staff.submit(editor, "/staff/hours", fields, hoursAction),
  )
  // Tonight's date, clear of any exception: this file's own copy of the
  // database, where a seeded holiday tonight would be in the way.
  .extend("tonight", async ({ db }) => {
    const tonight = tonightDate(new Date());
    await db.query("delete from public.hours_exceptions where starts_on <= $1 and ends_on >= $1", [
      tonight,
    ]);
    return tonight;
  })
  .extend(
    "postException",
    ({ staff, editor }) =>
      (id: string, fields: Record<string, string>) =>
        staff.submit(editor, `/staff/hours/exceptions/${id}`, fields, exceptionAction, { id }),
  );

describe.each(drivers)("the hours editor's routes on %s", (driver) => {
  test.override({ driver });

  const exceptionForm = (changes: Record<string, string> = {}) => ({
    "form-id": "hours-exception",
    startsOn: DAY,
    endsOn: "",
    closed: "",
    opensAt: "16:00",
    closesAt: "23:00",
    kitchenClosesAt: "21:00",
    note: "Staff training in the afternoon",
    ...changes,
  });

  test("an exception's note over 200 characters is refused whole, the rest kept", async ({
    db,
    staff,
    editor,
  }) => {
    const before = await db.query("select id from public.hours_exceptions");
    const sent = exceptionForm({ note: "Closed for a private party. ".repeat(8) });
    const response = await staff.submit(
      editor,
      "/staff/hours/exceptions/new",
      sent,
      exceptionAction,
      {
        id: "new",
      },
    );
    await expectRefusedWhole(response, sent, "note");
    expect(await db.query("select id from public.hours_exceptions")).toEqual(before);
  });

  test("without a session the page sends to sign-in, and a post changes nothing", async ({
    db,
    staff,
  }) => {
    const stranger = new CookieJar();
    expect(await staff.load(stranger, "/staff/hours", hoursLoader)).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Fhours",
    );
    const before = await readWeek(db);
    const response = await staff.submit(
      stranger,
      "/staff/hours",
      { ...(await weekForm(db)), open1: "" },
      hoursAction,
    );
    expect(response).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%2Fhours");
    expect(await readWeek(db)).toEqual(before);
  });

  test("the page shows the week, the exceptions coming up and tonight's hours", async ({
    staff,
    editor,
  }) => {
    const response = await staff.load(editor, "/staff/hours", hoursLoader);
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      week: unknown[];
      exceptions: { note: string }[];
      tonight: string;
    };
    expect(page.week).toHaveLength(7);
    expect(page.exceptions.map((exception) => exception.note)).toContain(
      "Closed for Christmas Day",
    );
    expect(page.tonight).toBe(tonightDate(new Date()));
  });

  test("the week is saved, and a bad week comes back 400 with each day's problem and the typed values", async ({
    db,
    postHours,
  }) => {
    const form = await weekForm(db);
    const bad = await postHours({
      ...form,
      opens1: "25:00",
      closes2: "07:00",
      kitchen3: "00:30",
      closes5: "05:00",
      opens6: "04:00",
      open4: "maybe",
    });
    expect(bad.status).toBe(400);
    const refusal = (await bad.json()) as Refusal;
    expect(refusal.formId).toBe(HOURS_FORMS.week);
    expect(refusal.errors).toEqual({
      opens1: "Enter a time such as 21:30 (00:00 to 23:59).",
      closes2: "Closing time must be after opening time, or after midnight up to 6 am.",
      kitchen3:
        "The kitchen must close after opening (11:30\u00a0am) and by closing time (midnight).",
      open4: "Tick the box or leave it clear.",
      closes5: expect.stringMatching(
        /^Friday night runs until 5\u00a0am, past Saturday's opening/,
      ) as string,
    });
    expect(refusal.formError).toBe("Please check 5 answers and save again.");
    expect(refusal.values.opens1).toBe("25:00");
    expect(refusal.values.opens6).toBe("04:00");

    const before = await readWeek(db);
    const saved = await postHours({ ...form, open2: "", closes5: "03:00" });
    expect(saved).toHaveRedirect("/staff/hours");
    expect(saved).toSetCookie("toast");
    const after = await readWeek(db);
    expect(after.map((day) => day.weekday)).toEqual([0, 1, 3, 4, 5, 6]);
    expect(after.find((day) => day.weekday === 5)?.closesAt).toBe("03:00");
    // Put back as seeded, for the tests that follow.
    await postHours({ ...form });
    expect(await readWeek(db)).toEqual(before);
  });

  test("a post from no known form is refused", async ({ postHours }) => {
    const response = await postHours({ "form-id": "something-else" });
    expect(response.status).toBe(400);
  });

  test("an exception is added, refused when it overlaps, changed and deleted", async ({
    db,
    staff,
    editor,
    postException,
  }) => {
    const added = await postException("new", exceptionForm());
    // A day's own hours: the page tells what its closing cuts short (staff-hours-night.test.ts).
    expect(added).toHaveRedirect(`/staff/hours?closing=${DAY}`);
    const [row] = await db.query<{ id: number }>(
      "select id::int as id from public.hours_exceptions where starts_on = $1",
      [DAY],
    );
    const id = String(row!.id);

    const overlapping = await postException(
      "new",
      exceptionForm({ startsOn: addDays(DAY, -2), endsOn: addDays(DAY, 1), closed: "on" }),
    );
    expect(overlapping.status).toBe(400);
    const refusal = (await overlapping.json()) as Refusal;
    expect(refusal.errors.startsOn).toBe(
      "These dates overlap another exception, Wednesday, March 17: 4\u00a0pm to 11\u00a0pm, kitchen until 9\u00a0pm (Staff training in the afternoon). Change or delete that one first.",
    );
    expect(refusal.values.endsOn).toBe(addDays(DAY, 1));

    const page = await staff.load(editor, `/staff/hours/exceptions/${id}`, exceptionLoader, { id });
    expect(((await page.json()) as { row: { note: string } }).row.note).toBe(
      "Staff training in the afternoon",
    );
    // Saving it over itself is no overlap.
    expect(await postException(id, exceptionForm({ closesAt: "02:00" }))).toHaveRedirect(
      `/staff/hours?closing=${DAY}`,
    );
    expect((await getException(db, Number(id)))?.closesAt).toBe("02:00");

    const ask = await postException(id, { intent: "delete" });
    expect(ask.status).toBe(200);
    expect(await ask.json()).toEqual({ confirmDelete: true });
    expect(await getException(db, Number(id))).not.toBeNull();
    expect(await postException(id, { intent: "delete", confirm: "yes" })).toHaveRedirect(
      "/staff/hours",
    );
    expect(await getException(db, Number(id))).toBeNull();
  });

  test.for<[Record<string, string>, string, RegExp]>([
    [{ endsOn: addDays(DAY, -1) }, "endsOn", /cannot be before the first day/],
    [{ closesAt: "16:00" }, "closesAt", /must differ from opening/],
    [{ closesAt: "25:00" }, "closesAt", /Enter a time/],
    [{ opensAt: "" }, "opensAt", /Enter the opening time/],
    [{ startsOn: "2001-01-01" }, "startsOn", /older hours cannot be changed/],
    [{ startsOn: "2099-01-01" }, "startsOn", /two years ahead/],
    [{ startsOn: "tomorrow" }, "startsOn", /Enter a date such as/],
    [{ closed: "1" }, "closed", /Tick the box/],
  ])(
    "a bad exception %j is refused on %s, and nothing is saved",
    async ([changes, field, message], { db, postException }) => {
      const before = await db.query("select id from public.hours_exceptions");
      const response = await postException("new", exceptionForm(changes));
      expect(response.status).toBe(400);
      const refusal = (await response.json()) as Refusal;
      expect(refusal.errors[field]).toMatch(message);
      expect(refusal.values).toMatchObject(changes);
      expect(await db.query("select id from public.hours_exceptions")).toHaveLength(before.length);
    },
  );

  test.for(["0", "abc", "99999999999999999999", "987654"])(
    "an exception id that is not one (%s) answers 404",
    async (id, { staff, editor, postException }) => {
      expect(
        (await staff.load(editor, `/staff/hours/exceptions/${id}`, exceptionLoader, { id })).status,
      ).toBe(404);
      expect((await postException(id, exceptionForm())).status).toBe(404);
      expect((await postException(id, { intent: "delete", confirm: "yes" })).status).toBe(404);
    },
  );

  test("closing early tonight, then the kitchen: one exception for the night, which the site reads", async ({
    db,
    postHours,
    tonight,
  }) => {
    const usual = await hoursOfNight(db, tonight);
    const early = await postHours({ "form-id": HOURS_FORMS.closingEarly, closesAt: "25:00" });
    expect(early.status).toBe(400);
    expect(((await early.json()) as Refusal).errors).toEqual({
      closesAt: "Enter a time such as 21:30 (00:00 to 23:59).",
    });

    // Every seeded night opens by noon, so 8 pm is early and valid. (The
    // page comes back telling what it cuts short, if the sample has anything
    // on tonight: staff-hours-night.test.ts.)
    const back = (response: Response) => response.headers.get("Location")?.split("?")[0];
    expect(back(await postHours({ "form-id": HOURS_FORMS.closingEarly, closesAt: "20:00" }))).toBe(
      "/staff/hours",
    );
    expect(
      back(await postHours({ "form-id": HOURS_FORMS.kitchenEarly, kitchenClosesAt: "19:00" })),
    ).toBe("/staff/hours");
    const night = await hoursOfNight(db, tonight);
    expect(night.hours).toEqual({
      opensAt: usual.hours!.opensAt,
      closesAt: "20:00",
      kitchenClosesAt: "19:00",
    });
    expect(night.exception).toMatchObject({ startsOn: tonight, endsOn: tonight });

    const kitchenLate = await postHours({
      "form-id": HOURS_FORMS.kitchenEarly,
      kitchenClosesAt: "21:00",
    });
    expect(kitchenLate.status).toBe(400);
    expect(((await kitchenLate.json()) as Refusal).errors.kitchenClosesAt).toMatch(
      /kitchen must close within those hours/,
    );
    await db.query("delete from public.hours_exceptions where id = $1", [night.exception!.id]);
  });

  test("closing a day with a reason over 200 characters is refused whole", async ({
    db,
    postHours,
  }) => {
    const before = await db.query("select id from public.hours_exceptions");
    const sent = {
      "form-id": HOURS_FORMS.closedDay,
      date: DAY,
      note: "Closed: the kitchen is being refitted. ".repeat(6),
    };
    await expectRefusedWhole(await postHours(sent), sent, "note");
    expect(await db.query("select id from public.hours_exceptions")).toEqual(before);
  });

  test("closed tonight: the site says closed at once, and a second one is refused naming the first", async ({
    db,
    postHours,
    tonight,
  }) => {
    const closed = await postHours({
      "form-id": HOURS_FORMS.closedDay,
      date: tonight,
      note: "Closed for a private party",
    });
    expect(closed).toHaveRedirect("/staff/hours");
    const schedule = await getOpeningSchedule(db, torontoDate(new Date()));
    expect(openStatusAt(new Date(), schedule)).toMatchObject({ open: false });

    const again = await postHours({
      "form-id": HOURS_FORMS.closedDay,
      date: tonight,
      note: "Again",
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as Refusal).errors.date).toMatch(
      /overlap another exception, .*: closed \(Closed for a private party\)/,
    );
    const quick = await postHours({ "form-id": HOURS_FORMS.closingEarly, closesAt: "20:00" });
    expect(quick.status).toBe(400);
    expect(((await quick.json()) as Refusal).errors.closesAt).toMatch(
      /^Tonight already has an exception, .*Closed for a private party/,
    );
    const noReason = await postHours({ "form-id": HOURS_FORMS.closedDay, date: DAY, note: " " });
    expect(noReason.status).toBe(400);
    await db.query("delete from public.hours_exceptions where starts_on = $1", [tonight]);
  });
});
