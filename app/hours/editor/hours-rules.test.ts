import { describe, expect, test } from "vitest";
import { checkForm } from "~/platform/forms/form-check";
import { dayFields, weekFields, type WeekField } from "./hours-editor";
import { minutesAfterOpening, tonightDate } from "~/platform/clock/pub-day";
import { parseWallTime, torontoInstant } from "~/platform/clock/toronto-time";
import {
  closedDaySchema,
  closingEarlySchema,
  exceptionSchema,
  kitchenEarlySchema,
  weekHoursSchema,
} from "./hours-rules";

const TODAY = "2026-11-23";

/** The seeded week as the form posts it: open every day. */
function weekPost(changes: Partial<Record<WeekField, string>> = {}) {
  const values = Object.fromEntries(weekFields.map((field) => [field, ""])) as Record<
    WeekField,
    string
  >;
  for (const day of [0, 1, 2, 3, 4, 5, 6] as const) {
    const [open, opens, closes, kitchen] = dayFields(day);
    Object.assign(values, {
      [open]: "on",
      [opens]: "11:00",
      [closes]: "23:00",
      [kitchen]: "21:00",
    });
  }
  return { ...values, ...changes };
}

const exception = (changes: Record<string, string> = {}) => ({
  startsOn: "2026-12-24",
  endsOn: "",
  closed: "",
  opensAt: "11:00",
  closesAt: "18:00",
  kitchenClosesAt: "",
  note: "Christmas Eve",
  ...changes,
});

describe("wall times", () => {
  test.each([
    ["21:30", "21:30"],
    ["9:05", "09:05"],
    ["21:30:00", "21:30"],
    [" 00:00 ", "00:00"],
    ["25:00", null],
    ["23:60", null],
    ["9.30", null],
    ["", null],
    ["21:30:15", null],
    ["nine", null],
  ])("%j reads as %j", (text, expected) => {
    expect(parseWallTime(text)).toBe(expected);
  });

  test("minutes after opening count past midnight", () => {
    expect(minutesAfterOpening("11:00", "23:00")).toBe(720);
    expect(minutesAfterOpening("11:00", "02:00")).toBe(900);
    expect(minutesAfterOpening("11:00", "11:00")).toBe(1440);
  });

  test("tonight is yesterday's date in the small hours, in Toronto's time", () => {
    expect(tonightDate(torontoInstant("2026-11-24", "01:30"))).toBe("2026-11-23");
    expect(tonightDate(torontoInstant("2026-11-24", "05:59"))).toBe("2026-11-23");
    expect(tonightDate(torontoInstant("2026-11-24", "06:00"))).toBe("2026-11-24");
    // 03:00 UTC on the 24th is still the evening of the 23rd in Toronto.
    expect(tonightDate(new Date("2026-11-24T03:00:00Z"))).toBe("2026-11-23");
  });
});

describe("the week's hours", () => {
  test("open days become rows; a closed day none", () => {
    const checked = checkForm(weekHoursSchema(), weekPost({ open1: "", opens1: "99:99" }));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data.map((day) => day.weekday)).toEqual([2, 3, 4, 5, 6, 0]);
    expect(checked.data[0]).toEqual({
      weekday: 2,
      opensAt: "11:00",
      closesAt: "23:00",
      kitchenClosesAt: "21:00",
    });
  });

  test("after midnight up to 6 am is allowed, and the kitchen may close after midnight", () => {
    const checked = checkForm(
      weekHoursSchema(),
      weekPost({ closes5: "02:00", kitchen5: "00:30", closes6: "06:00", opens0: "12:00" }),
    );
    expect(checked).toMatchObject({ ok: true });
  });

  test.each<[Partial<Record<WeekField, string>>, WeekField, RegExp]>([
    [{ opens1: "25:00" }, "opens1", /Enter a time such as 21:30/],
    [{ closes1: "" }, "closes1", /Enter the closing time/],
    [{ closes1: "11:00" }, "closes1", /must differ from opening/],
    [{ closes1: "07:00" }, "closes1", /after midnight up to 6 am/],
    [
      { kitchen1: "23:30" },
      "kitchen1",
      /kitchen must close after opening \(11\u00a0am\) and by closing time \(11\u00a0pm\)/,
    ],
    [{ kitchen1: "10:00" }, "kitchen1", /kitchen must close after opening/],
    [{ kitchen1: "9pm" }, "kitchen1", /Enter a time/],
    [{ open1: "yes" }, "open1", /Tick the box/],
  ])("refuses %j on %s", (changes, field, message) => {
    const checked = checkForm(weekHoursSchema(), weekPost(changes));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors[field]).toMatch(message);
    expect(Object.keys(checked.errors)).toEqual([field]);
  });

  test("a night that runs into the next day's opening is refused, naming both days", () => {
    const checked = checkForm(weekHoursSchema(), weekPost({ closes5: "05:00", opens6: "04:00" }));
    expect(checked).toEqual({
      ok: false,
      errors: {
        closes5: expect.stringMatching(
          /^Friday night runs until 5\u00a0am, past Saturday's opening at 4\u00a0am\./,
        ) as string,
      },
    });
    // The next day closed: no clash.
    expect(
      checkForm(weekHoursSchema(), weekPost({ closes5: "05:00", opens6: "04:00", open6: "" })).ok,
    ).toBe(true);
  });
});

describe("an exception", () => {
  const schema = exceptionSchema(TODAY);

  test("one day with hours; the last day defaults to the first", () => {
    expect(checkForm(schema, exception())).toEqual({
      ok: true,
      data: {
        startsOn: "2026-12-24",
        endsOn: "2026-12-24",
        closed: false,
        opensAt: "11:00",
        closesAt: "18:00",
        kitchenClosesAt: null,
        note: "Christmas Eve",
      },
    });
  });

  test("closed: times are not needed and not kept", () => {
    const checked = checkForm(schema, exception({ closed: "on", opensAt: "", closesAt: "bad" }));
    expect(checked).toMatchObject({
      ok: true,
      data: { closed: true, opensAt: null, closesAt: null },
    });
  });

  test.each<[Record<string, string>, string, RegExp]>([
    [{ endsOn: "2026-12-20" }, "endsOn", /cannot be before the first day/],
    [{ startsOn: "" }, "startsOn", /Enter the first day/],
    [{ startsOn: "2026-02-30" }, "startsOn", /Enter a date such as/],
    [{ startsOn: "24/12/2026" }, "startsOn", /Enter a date such as/],
    [{ startsOn: "2026-11-01" }, "startsOn", /older hours cannot be changed/],
    [{ startsOn: "2029-01-01" }, "startsOn", /up to two years ahead/],
    [{ endsOn: "2027-06-01" }, "endsOn", /at most 92 days/],
    [{ closesAt: "11:00" }, "closesAt", /must differ from opening/],
    [{ closesAt: "25:00" }, "closesAt", /Enter a time/],
    [{ closesAt: "08:00" }, "closesAt", /after midnight up to 6 am/],
    [{ kitchenClosesAt: "19:00" }, "kitchenClosesAt", /kitchen must close/],
    [{ opensAt: "" }, "opensAt", /Enter the opening time/],
    [{ note: "x".repeat(201) }, "note", /200 characters/],
    [{ closed: "true" }, "closed", /Tick the box/],
  ])("refuses %j on %s", (changes, field, message) => {
    const checked = checkForm(schema, exception(changes));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors[field as keyof typeof checked.errors]).toMatch(message);
  });
});

describe("tonight's quick changes", () => {
  const tonight = { opensAt: "11:30", closesAt: "01:00", kitchenClosesAt: "22:00" };

  test("closing early: before midnight or after, up to 6 am", () => {
    expect(checkForm(closingEarlySchema(tonight), { closesAt: "21:00" })).toEqual({
      ok: true,
      data: { closesAt: "21:00" },
    });
    expect(checkForm(closingEarlySchema(tonight), { closesAt: "00:30" }).ok).toBe(true);
    expect(checkForm(closingEarlySchema(tonight), { closesAt: "07:00" })).toMatchObject({
      ok: false,
      errors: { closesAt: expect.stringMatching(/Tonight opens at 11:30\u00a0am/) as string },
    });
    expect(checkForm(closingEarlySchema(tonight), { closesAt: "11:30" })).toMatchObject({
      ok: false,
      errors: { closesAt: expect.stringMatching(/must differ/) as string },
    });
    expect(checkForm(closingEarlySchema(null), { closesAt: "21:00" })).toMatchObject({
      ok: false,
      errors: { closesAt: "The pub is not open tonight." },
    });
  });

  test("kitchen early: within tonight's hours", () => {
    expect(checkForm(kitchenEarlySchema(tonight), { kitchenClosesAt: "20:00" }).ok).toBe(true);
    expect(checkForm(kitchenEarlySchema(tonight), { kitchenClosesAt: "02:00" })).toMatchObject({
      ok: false,
      errors: { kitchenClosesAt: expect.stringMatching(/11:30\u00a0am to 1\u00a0am/) as string },
    });
    expect(checkForm(kitchenEarlySchema(tonight), { kitchenClosesAt: "" })).toMatchObject({
      ok: false,
      errors: { kitchenClosesAt: "Enter the time the kitchen closes tonight." },
    });
  });

  test("closed for a day needs a reason", () => {
    expect(checkForm(closedDaySchema(TODAY), { date: "2026-12-25", note: " Christmas " })).toEqual({
      ok: true,
      data: { date: "2026-12-25", note: "Christmas" },
    });
    expect(checkForm(closedDaySchema(TODAY), { date: "2026-12-25", note: "" })).toMatchObject({
      ok: false,
      errors: { note: expect.stringMatching(/Say why/) as string },
    });
  });
});
