import { describe, expect, test } from "vitest";
import {
  describeOpenStatus,
  hoursOn,
  nextHoursChange,
  openStatusAt,
  openStatusText,
  weekHours,
  type HoursException,
  type OpeningSchedule,
  type OpenStatus,
  type WeeklyHours,
} from "./opening-hours";

/** A weekday's hours: when it opens, closes and the kitchen closes, as wall times. */
const day = (
  weekday: WeeklyHours["weekday"],
  opensAt: string,
  closesAt: string,
  kitchenClosesAt: string,
): WeeklyHours => ({ weekday, opensAt, closesAt, kitchenClosesAt });

/** Closed from `startsOn` to `endsOn`, saying why. */
const closure = (startsOn: string, endsOn: string, note: string): HoursException => ({
  startsOn,
  endsOn,
  note,
  closed: true,
});

/** One date's own hours (opening, closing, the kitchen's closing or null), with a note. */
const specialHours = (
  date: string,
  [opensAt, closesAt, kitchenClosesAt]: [string, string, string | null],
  note = "",
): HoursException => ({
  startsOn: date,
  endsOn: date,
  note,
  closed: false,
  opensAt,
  closesAt,
  kitchenClosesAt,
});

// Closed Mondays; late on Thursday, later still on Friday and Saturday.
const schedule: OpeningSchedule = {
  weekly: [
    day(0, "12:00", "23:30", "21:00"),
    day(2, "11:00", "00:00", "22:00"),
    day(3, "11:00", "00:00", "22:00"),
    day(4, "11:00", "01:00", "23:00"),
    day(5, "11:00", "02:00", "23:00"),
    day(6, "11:00", "02:00", "23:00"),
  ],
  exceptions: [
    closure("2026-12-25", "2026-12-25", "Closed for Christmas"),
    closure("2026-08-04", "2026-08-09", "Closed for renovations"),
    specialHours("2026-12-31", ["11:00", "03:00", "22:00"], "New Year's Eve party"),
  ],
};

/** Closed, opening at the instant `opensAt` (`opensAtWall` on the pub's clock), with `note` if any. */
const closedUntil = (opensAt: string, opensAtWall = "11:00", note?: string): OpenStatus => ({
  open: false,
  opensAt: new Date(opensAt),
  opensAtWall,
  ...(note === undefined ? {} : { note }),
});

function statusAt(iso: string, on: OpeningSchedule = schedule): OpenStatus {
  return openStatusAt(new Date(iso), on);
}

function textAt(iso: string, on: OpeningSchedule = schedule): string {
  return openStatusText(statusAt(iso, on), new Date(iso));
}

function withException(exception: HoursException): OpeningSchedule {
  return { ...schedule, exceptions: [exception] };
}

describe("hoursOn", () => {
  test("a weekday's regular hours", () => {
    expect(hoursOn("2026-06-19", schedule)).toEqual({
      opensAt: "11:00",
      closesAt: "02:00",
      kitchenClosesAt: "23:00",
    });
  });

  test("a weekday with no row is closed", () => {
    expect(hoursOn("2026-06-15", schedule)).toEqual({ closed: true });
  });

  test("a closed exception wins over the weekday, with its note", () => {
    expect(hoursOn("2026-12-25", schedule)).toEqual({ closed: true, note: "Closed for Christmas" });
  });

  test("every date of a range exception is covered, ends included", () => {
    for (const date of ["2026-08-04", "2026-08-07", "2026-08-09"]) {
      expect(hoursOn(date, schedule)).toEqual({ closed: true, note: "Closed for renovations" });
    }
    expect(hoursOn("2026-08-11", schedule)).not.toHaveProperty("closed");
  });

  test("special hours replace the weekday's, with their note", () => {
    expect(hoursOn("2026-12-31", schedule)).toEqual({
      opensAt: "11:00",
      closesAt: "03:00",
      kitchenClosesAt: "22:00",
      note: "New Year's Eve party",
    });
  });
});

describe("openStatusAt on an ordinary week", () => {
  test("open mid-afternoon with the kitchen serving (Wed 15:00 EDT)", () => {
    expect(statusAt("2026-06-17T19:00:00Z")).toEqual({
      open: true,
      closesAt: new Date("2026-06-18T04:00:00Z"),
      closesAtWall: "00:00",
      kitchenOpen: true,
      kitchenClosesAt: new Date("2026-06-18T02:00:00Z"),
      kitchenClosesAtWall: "22:00",
    });
    expect(textAt("2026-06-17T19:00:00Z")).toBe("Open now · until midnight");
  });

  test("closed before opening (Wed 10:00 EDT)", () => {
    expect(statusAt("2026-06-17T14:00:00Z")).toEqual(closedUntil("2026-06-17T15:00:00Z"));
    expect(textAt("2026-06-17T14:00:00Z")).toBe("Closed · opens at 11\u00a0am");
  });

  test("opens exactly at the opening time (Wed 11:00 EDT)", () => {
    expect(statusAt("2026-06-17T15:00:00Z").open).toBe(true);
  });

  test("open at 1:30 am on Saturday thanks to Friday's span until 2 am (Sat 01:30 EDT)", () => {
    const status = statusAt("2026-06-20T05:30:00Z");
    expect(status).toMatchObject({ open: true, closesAt: new Date("2026-06-20T06:00:00Z") });
    expect(textAt("2026-06-20T05:30:00Z")).toBe(
      "Closing soon · kitchen closed, bar until 2\u00a0am",
    );
  });

  test("closed at 2:00 exactly, opening again at 11 (Sat 02:00 EDT)", () => {
    expect(statusAt("2026-06-20T06:00:00Z")).toEqual(closedUntil("2026-06-20T15:00:00Z"));
    expect(textAt("2026-06-20T06:00:00Z")).toBe("Closed · opens at 11\u00a0am");
  });

  test("the kitchen is closed while the bar is open (Fri 23:30 EDT)", () => {
    expect(statusAt("2026-06-20T03:30:00Z")).toMatchObject({
      open: true,
      kitchenOpen: false,
      kitchenClosesAt: new Date("2026-06-20T03:00:00Z"),
      kitchenClosesAtWall: "23:00",
    });
  });

  test("without a kitchen closing time the kitchen serves until the bar closes (Sat 01:00 EDT)", () => {
    const late = withException(specialHours("2026-06-19", ["11:00", "02:00", null]));
    expect(statusAt("2026-06-20T05:00:00Z", late)).toMatchObject({
      open: true,
      kitchenOpen: true,
      kitchenClosesAt: null,
      kitchenClosesAtWall: null,
    });
  });

  test("Sunday closes at 11:30 pm (Sun 20:00 EDT)", () => {
    expect(textAt("2026-06-15T00:00:00Z")).toBe("Open now · until 11:30\u00a0pm");
  });

  test("Sunday morning opens at noon (Sun 10:00 EDT)", () => {
    expect(textAt("2026-06-14T14:00:00Z")).toBe("Closed · opens at noon");
  });

  test("on the closed Monday it opens tomorrow (Mon 12:00 EDT)", () => {
    expect(statusAt("2026-06-15T16:00:00Z")).toEqual(closedUntil("2026-06-16T15:00:00Z"));
    expect(textAt("2026-06-15T16:00:00Z")).toBe("Closed · opens tomorrow at 11\u00a0am");
  });

  test("late Monday evening, already Tuesday in UTC, it still opens tomorrow (Mon 23:00 EDT)", () => {
    expect(textAt("2026-06-16T03:00:00Z")).toBe("Closed · opens tomorrow at 11\u00a0am");
  });

  test("after Sunday's close it opens on Tuesday, skipping Monday (Sun 23:45 EDT)", () => {
    expect(textAt("2026-06-15T03:45:00Z")).toBe("Closed · opens Tuesday at 11\u00a0am");
  });
});

describe("openStatusAt with exceptions", () => {
  test("closed all Christmas Day, opening on Boxing Day, with the note (Fri Dec 25 12:00 EST)", () => {
    expect(statusAt("2026-12-25T17:00:00Z")).toEqual(
      closedUntil("2026-12-26T16:00:00Z", "11:00", "Closed for Christmas"),
    );
    expect(textAt("2026-12-25T17:00:00Z")).toBe("Closed · opens tomorrow at 11\u00a0am");
  });

  test("Christmas Eve's Thursday span still runs past midnight into Christmas (Fri Dec 25 00:30 EST)", () => {
    expect(statusAt("2026-12-25T05:30:00Z")).toEqual({
      open: true,
      closesAt: new Date("2026-12-25T06:00:00Z"),
      closesAtWall: "01:00",
      kitchenOpen: false,
      kitchenClosesAt: new Date("2026-12-25T04:00:00Z"),
      kitchenClosesAtWall: "23:00",
    });
  });

  test("Christmas's own Friday span does not run past midnight into Boxing Day (Sat Dec 26 01:00 EST)", () => {
    expect(statusAt("2026-12-26T06:00:00Z")).toEqual(closedUntil("2026-12-26T16:00:00Z"));
  });

  test("closed on the first day of the renovation week, reopening a week later (Tue Aug 4 12:00 EDT)", () => {
    expect(statusAt("2026-08-04T16:00:00Z")).toEqual(
      closedUntil("2026-08-11T15:00:00Z", "11:00", "Closed for renovations"),
    );
    expect(textAt("2026-08-04T16:00:00Z")).toBe("Closed · opens Aug 11 at 11\u00a0am");
  });

  test("closed on the last day of the renovation week too (Sun Aug 9 13:00 EDT)", () => {
    expect(statusAt("2026-08-09T17:00:00Z")).toMatchObject({
      open: false,
      note: "Closed for renovations",
    });
    expect(textAt("2026-08-09T17:00:00Z")).toBe("Closed · opens Tuesday at 11\u00a0am");
  });

  test("New Year's Eve runs until 3 am, with its note (Fri Jan 1 02:30 EST)", () => {
    expect(statusAt("2027-01-01T07:30:00Z")).toEqual({
      open: true,
      closesAt: new Date("2027-01-01T08:00:00Z"),
      closesAtWall: "03:00",
      kitchenOpen: false,
      kitchenClosesAt: new Date("2027-01-01T03:00:00Z"),
      kitchenClosesAtWall: "22:00",
      note: "New Year's Eve party",
    });
    expect(textAt("2027-01-01T07:30:00Z")).toBe(
      "Closing soon · kitchen closed, bar until 3\u00a0am",
    );
  });

  test("New Year's Eve's special hours show their note before opening (Thu Dec 31 10:00 EST)", () => {
    expect(statusAt("2026-12-31T15:00:00Z")).toMatchObject({
      open: false,
      opensAt: new Date("2026-12-31T16:00:00Z"),
      note: "New Year's Eve party",
    });
  });

  test("closed at 3 am after New Year's Eve, opening New Year's Day as usual (Fri Jan 1 03:00 EST)", () => {
    expect(statusAt("2027-01-01T08:00:00Z")).toEqual(closedUntil("2027-01-01T16:00:00Z"));
  });

  test("looks for the next opening no further than 14 days ahead (Mon Jun 1 12:00 EDT)", () => {
    const longClosure = withException(closure("2026-06-01", "2026-06-15", "Closed for the summer"));
    expect(statusAt("2026-06-01T16:00:00Z", longClosure)).toMatchObject({
      open: false,
      opensAt: null,
      opensAtWall: null,
    });
    // Reopening on day 14 is still found.
    expect(statusAt("2026-06-02T16:00:00Z", longClosure)).toMatchObject({
      opensAt: new Date("2026-06-16T15:00:00Z"),
    });
  });

  test("with no hours at all there is no next opening", () => {
    const status = statusAt("2026-06-17T19:00:00Z", { weekly: [], exceptions: [] });
    expect(status).toEqual({ open: false, opensAt: null, opensAtWall: null });
  });
});

describe("openStatusAt across daylight-saving switches", () => {
  test("Saturday's span runs past midnight into spring-forward morning (Sun Mar 8 01:59 EST)", () => {
    expect(statusAt("2026-03-08T06:59:00Z")).toMatchObject({
      open: true,
      closesAt: new Date("2026-03-08T07:00:00Z"),
      closesAtWall: "02:00",
    });
    expect(textAt("2026-03-08T06:59:00Z")).toBe(
      "Closing soon · kitchen closed, bar until 2\u00a0am",
    );
  });

  test("the 2 am closing in the spring-forward gap is when the clocks jump (Sun Mar 8 03:00 EDT)", () => {
    expect(statusAt("2026-03-08T07:00:00Z").open).toBe(false);
  });

  test("after spring-forward it opens at noon daylight time (Sun Mar 8 03:30 EDT)", () => {
    expect(statusAt("2026-03-08T07:30:00Z")).toEqual(closedUntil("2026-03-08T16:00:00Z", "12:00"));
    expect(textAt("2026-03-08T07:30:00Z")).toBe("Closed · opens at noon");
  });

  test("Saturday's span is open through both 1:30s on fall-back night (Sun Nov 1 01:30 EDT and EST)", () => {
    for (const iso of ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"]) {
      expect(statusAt(iso)).toMatchObject({
        open: true,
        closesAt: new Date("2026-11-01T07:00:00Z"),
      });
    }
  });

  test("closed at 2 am standard time on fall-back night (Sun Nov 1 02:00 EST)", () => {
    expect(statusAt("2026-11-01T07:00:00Z").open).toBe(false);
  });

  test("a 1:30 closing on fall-back night is the first 1:30 (Sun Nov 1 01:00 EST, second time round)", () => {
    const early = withException(specialHours("2026-10-31", ["11:00", "01:30", null]));
    expect(statusAt("2026-11-01T05:29:00Z", early)).toMatchObject({
      open: true,
      closesAt: new Date("2026-11-01T05:30:00Z"),
    });
    expect(statusAt("2026-11-01T06:00:00Z", early).open).toBe(false);
  });

  test("after fall-back it opens at noon standard time (Sun Nov 1 02:30 EST)", () => {
    expect(statusAt("2026-11-01T07:30:00Z")).toEqual(closedUntil("2026-11-01T17:00:00Z", "12:00"));
  });
});

describe("describeOpenStatus", () => {
  test("an opening six days ahead is named by weekday (Mon Dec 21 → Sun Dec 27)", () => {
    const now = new Date("2026-12-21T17:00:00Z");
    expect(describeOpenStatus(closedUntil("2026-12-27T16:00:00Z"), now)).toEqual({
      label: "Closed",
      detail: "opens Sunday at 11\u00a0am",
    });
  });

  test("an opening further ahead is named by date (Sat Dec 19 → Sun Dec 27)", () => {
    const now = new Date("2026-12-19T17:00:00Z");
    expect(describeOpenStatus(closedUntil("2026-12-27T16:00:00Z"), now)).toEqual({
      label: "Closed",
      detail: "opens Dec 27 at 11\u00a0am",
    });
  });

  test("with no next opening there is no detail, and the line is just the label", () => {
    const status: OpenStatus = { open: false, opensAt: null, opensAtWall: null };
    const now = new Date("2026-12-19T17:00:00Z");
    expect(describeOpenStatus(status, now)).toEqual({ label: "Closed", detail: "" });
    expect(openStatusText(status, now)).toBe("Closed");
  });
});

describe("weekHours", () => {
  test("lists Monday to Sunday of this Toronto week and marks today (Wed Jun 17)", () => {
    const week = weekHours(new Date("2026-06-17T19:00:00Z"), schedule);
    expect(week.map(({ date, dayName, isToday }) => [date, dayName, isToday])).toEqual([
      ["2026-06-15", "Monday", false],
      ["2026-06-16", "Tuesday", false],
      ["2026-06-17", "Wednesday", true],
      ["2026-06-18", "Thursday", false],
      ["2026-06-19", "Friday", false],
      ["2026-06-20", "Saturday", false],
      ["2026-06-21", "Sunday", false],
    ]);
    expect(week.map(({ weekday }) => weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });

  test("a closed weekday has no hours", () => {
    const [monday, tuesday] = weekHours(new Date("2026-06-17T19:00:00Z"), schedule);
    expect(monday?.hours).toBeNull();
    expect(tuesday?.hours).toEqual({
      opensAt: "11:00",
      closesAt: "00:00",
      kitchenClosesAt: "22:00",
    });
  });

  test("on Sunday night, already Monday in UTC, the week is the one ending today (Sun Jun 21 23:00 EDT)", () => {
    const week = weekHours(new Date("2026-06-22T03:00:00Z"), schedule);
    expect(week[0]?.date).toBe("2026-06-15");
    expect(week[6]).toMatchObject({ date: "2026-06-21", isToday: true });
  });

  test("applies exceptions to the week's dates: Christmas is closed (week of Dec 21)", () => {
    const week = weekHours(new Date("2026-12-23T17:00:00Z"), schedule);
    expect(week[3]).toEqual({
      date: "2026-12-24",
      weekday: 4,
      dayName: "Thursday",
      hours: { opensAt: "11:00", closesAt: "01:00", kitchenClosesAt: "23:00" },
      isToday: false,
    });
    expect(week[4]).toEqual({
      date: "2026-12-25",
      weekday: 5,
      dayName: "Friday",
      hours: null,
      note: "Closed for Christmas",
      isToday: false,
    });
  });
});

describe("nextHoursChange", () => {
  const changeAt = (iso: string) => nextHoursChange(new Date(iso), schedule).toISOString();

  test.each([
    ["closed before opening: the opening", "2026-11-24T15:00:00Z", "2026-11-24T16:00:00.000Z"],
    [
      "open with the kitchen open: the kitchen closing",
      "2026-11-24T17:00:00Z",
      "2026-11-25T03:00:00.000Z",
    ],
    [
      "open with the kitchen closed: an hour before closing, when it is closing soon",
      "2026-11-25T03:30:00Z",
      "2026-11-25T04:00:00.000Z",
    ],
    ["closing soon: closing time", "2026-11-25T04:30:00Z", "2026-11-25T05:00:00.000Z"],
    [
      "open past midnight: midnight, which moves today",
      "2026-11-28T04:30:00Z",
      "2026-11-28T05:00:00.000Z",
    ],
    ["after midnight: closing soon at 1 am", "2026-11-28T05:30:00Z", "2026-11-28T06:00:00.000Z"],
    ["after 1 am: closing at 2 am", "2026-11-28T06:30:00Z", "2026-11-28T07:00:00.000Z"],
    [
      "closed all day: midnight, before tomorrow's opening",
      "2026-11-23T19:00:00Z",
      "2026-11-24T05:00:00.000Z",
    ],
    [
      "at the moment of opening: the kitchen closing",
      "2026-11-24T16:00:00Z",
      "2026-11-25T03:00:00.000Z",
    ],
  ])("%s", (_, now, expected) => {
    expect(changeAt(now)).toBe(expected);
  });

  test("the line seen just before the change differs from the one at it", () => {
    for (const now of [
      "2026-11-24T15:00:00Z",
      "2026-11-24T17:00:00Z",
      "2026-11-25T03:30:00Z",
      "2026-11-25T04:30:00Z",
    ]) {
      const change = nextHoursChange(new Date(now), schedule);
      const before = new Date(change.getTime() - 60_000);
      expect(openStatusText(openStatusAt(before, schedule), before)).toBe(textAt(now));
      expect(textAt(change.toISOString())).not.toBe(textAt(now));
    }
  });
});

describe("the open-now line as the night goes on (Tuesday: kitchen until 10 pm, bar until midnight)", () => {
  // Tue Nov 24 2026, EST (UTC−5).
  test.each([
    ["9:59 pm, the kitchen still open", "2026-11-25T02:59:00Z", "Open now · until midnight"],
    [
      "10:00 pm, the kitchen closing",
      "2026-11-25T03:00:00Z",
      "Kitchen closed · bar open until midnight",
    ],
    ["10:01 pm", "2026-11-25T03:01:00Z", "Kitchen closed · bar open until midnight"],
    ["10:21 pm", "2026-11-25T03:21:00Z", "Kitchen closed · bar open until midnight"],
    ["10:59 pm", "2026-11-25T03:59:00Z", "Kitchen closed · bar open until midnight"],
    [
      "11:00 pm, an hour before closing",
      "2026-11-25T04:00:00Z",
      "Closing soon · kitchen closed, bar until midnight",
    ],
    ["11:59 pm", "2026-11-25T04:59:00Z", "Closing soon · kitchen closed, bar until midnight"],
    ["midnight, closed", "2026-11-25T05:00:00Z", "Closed · opens at 11\u00a0am"],
  ])("%s: %s", (_, now, expected) => {
    expect(textAt(now)).toBe(expected);
  });

  test("21:59 and 22:01 on a night the kitchen closes at 22:00 say different things, and the page changes at 22:00", () => {
    expect(textAt("2026-11-25T02:59:00Z")).toBe("Open now · until midnight");
    expect(textAt("2026-11-25T03:01:00Z")).toBe("Kitchen closed · bar open until midnight");
    expect(nextHoursChange(new Date("2026-11-25T02:59:00Z"), schedule).toISOString()).toBe(
      "2026-11-25T03:00:00.000Z",
    );
  });

  test("a day whose kitchen serves until the bar closes is open, then closing soon", () => {
    const late: OpeningSchedule = {
      weekly: [{ weekday: 2, opensAt: "11:00", closesAt: "23:00", kitchenClosesAt: null }],
      exceptions: [],
    };
    expect(textAt("2026-11-25T02:59:00Z", late)).toBe("Open now · until 11\u00a0pm");
    expect(textAt("2026-11-25T03:01:00Z", late)).toBe("Closing soon · until 11\u00a0pm");
  });
});
