import { describe, expect, test } from "vitest";
import { specialsChangeAfter, specialsOn, specialsToday, type Special } from "./specials";

let nextId = 1;

function special(title: string, fields: Partial<Special> = {}): Special {
  return {
    id: nextId++,
    title,
    description: "",
    priceCents: null,
    weekday: null,
    startsOn: null,
    endsOn: null,
    startsAt: null,
    endsAt: null,
    eventId: null,
    eventDay: null,
    ...fields,
  };
}

const titles = (specials: Special[]) => specials.map((s) => s.title);

// 2026-12-07 is a Monday.
const MONDAY = "2026-12-07";

test("a weekly special runs on its weekday", () => {
  const wingNight = special("Wing Night", { weekday: 1 });
  expect(titles(specialsOn(MONDAY, 1, [wingNight]))).toEqual(["Wing Night"]);
});

test("a weekly special does not run on other weekdays", () => {
  const wingNight = special("Wing Night", { weekday: 1 });
  expect(specialsOn("2026-12-08", 2, [wingNight])).toEqual([]);
});

test("a dated range includes its first and last days", () => {
  const cider = special("Mulled Cider", { startsOn: "2026-12-01", endsOn: "2026-12-31" });
  expect(titles(specialsOn("2026-12-01", 2, [cider]))).toEqual(["Mulled Cider"]);
  expect(titles(specialsOn("2026-12-31", 4, [cider]))).toEqual(["Mulled Cider"]);
});

test("a dated range does not run outside its dates", () => {
  const cider = special("Mulled Cider", { startsOn: "2026-12-01", endsOn: "2026-12-31" });
  expect(specialsOn("2026-11-30", 1, [cider])).toEqual([]);
  expect(specialsOn("2027-01-01", 5, [cider])).toEqual([]);
});

test("a weekday within a range runs only on that weekday between the dates", () => {
  const oysters = special("Oyster Monday", {
    weekday: 1,
    startsOn: "2026-12-01",
    endsOn: "2026-12-31",
  });
  expect(titles(specialsOn(MONDAY, 1, [oysters]))).toEqual(["Oyster Monday"]);
  expect(specialsOn("2026-12-08", 2, [oysters])).toEqual([]);
  expect(specialsOn("2026-11-30", 1, [oysters])).toEqual([]);
});

test("a special with a start date and no end runs on that date only", () => {
  const launch = special("Launch Night", { startsOn: MONDAY });
  expect(titles(specialsOn(MONDAY, 1, [launch]))).toEqual(["Launch Night"]);
  expect(specialsOn("2026-12-08", 2, [launch])).toEqual([]);
  expect(specialsOn("2026-12-14", 1, [launch])).toEqual([]);
});

test("the specials keep the order they were given in", () => {
  const specials = [
    special("Happy Hour", { weekday: 1 }),
    special("Tuesday Tacos", { weekday: 2 }),
    special("Mulled Cider", { startsOn: "2026-12-01", endsOn: "2026-12-31" }),
    special("Wing Night", { weekday: 1 }),
  ];
  expect(titles(specialsOn(MONDAY, 1, specials))).toEqual([
    "Happy Hour",
    "Mulled Cider",
    "Wing Night",
  ]);
});

// Monday 7 December 2026 in Toronto, EST (UTC−5): 17:59 is 22:59 UTC.
const happyHour = special("Happy Hour", { weekday: 1, startsAt: "15:00", endsAt: "18:00" });
const wingNight = special("Wing Night", { weekday: 1, startsAt: "17:00" });
const lateNight = special("Late Night Nachos", { weekday: 1, startsAt: "22:00", endsAt: "02:00" });
const monday = [happyHour, wingNight, lateNight];
const at = (iso: string) => new Date(iso);

test("at 5:59 pm happy hour (3 to 6 pm) is still on", () => {
  const shown = specialsToday(at("2026-12-07T22:59:00Z"), monday);
  expect(shown.map(({ title, ended }) => [title, ended])).toEqual([
    ["Happy Hour", false],
    ["Wing Night", false],
    ["Late Night Nachos", false],
  ]);
});

test("at 6:01 pm happy hour has ended, and is listed after what is still on", () => {
  const shown = specialsToday(at("2026-12-07T23:01:00Z"), monday);
  expect(shown.map(({ title, ended }) => [title, ended])).toEqual([
    ["Wing Night", false],
    ["Late Night Nachos", false],
    ["Happy Hour", true],
  ]);
});

test("at 6 pm itself it has ended", () => {
  expect(specialsToday(at("2026-12-07T23:00:00Z"), [happyHour])[0]?.ended).toBe(true);
});

test("a special running past midnight, or until closing, never ends on the day's list", () => {
  const shown = specialsToday(at("2026-12-08T04:59:00Z"), monday);
  expect(shown.filter((s) => s.ended).map((s) => s.title)).toEqual(["Happy Hour"]);
});

test("the day's list changes at 6 pm, when happy hour ends, and not again that day", () => {
  expect(specialsChangeAfter(at("2026-12-07T22:59:00Z"), monday)).toEqual([
    at("2026-12-07T23:00:00Z"),
  ]);
  expect(specialsChangeAfter(at("2026-12-07T23:01:00Z"), monday)).toEqual([]);
  // Not on a Tuesday, when happy hour does not run.
  expect(specialsChangeAfter(at("2026-12-08T22:59:00Z"), monday)).toEqual([]);
});

test("a special tied to an event runs only on the day its event is on", () => {
  // Wednesdays, 7 to 10 pm, while the quiz is on: the quiz is on Wednesday the 2nd only.
  const pitchers = special("Trivia Night Pitchers", {
    weekday: 3,
    startsAt: "19:00",
    endsAt: "22:00",
    eventId: 7,
    eventDay: "2026-12-02",
  });
  const wings = special("Wing Night", { weekday: 3 });
  expect(titles(specialsOn("2026-12-02", 3, [pitchers, wings]))).toEqual([
    "Trivia Night Pitchers",
    "Wing Night",
  ]);
  // The Wednesday before has no quiz.
  expect(titles(specialsOn("2026-11-25", 3, [pitchers, wings]))).toEqual(["Wing Night"]);
  // An event hidden or cancelled has no day: the special runs on none.
  expect(titles(specialsOn("2026-12-02", 3, [{ ...pitchers, eventDay: null }]))).toEqual([]);
  // At 7:39 pm on a quiz-less Wednesday (Toronto), today's list has no pitchers.
  expect(titles(specialsToday(new Date("2026-11-26T00:39:00Z"), [pitchers, wings]))).toEqual([
    "Wing Night",
  ]);
  expect(titles(specialsToday(new Date("2026-12-03T00:39:00Z"), [pitchers, wings]))).toEqual([
    "Trivia Night Pitchers",
    "Wing Night",
  ]);
  expect(specialsChangeAfter(new Date("2026-11-26T00:39:00Z"), [pitchers])).toEqual([]);
});

describe("closing early tells the truth", () => {
  // The pub closes at 9 pm tonight (02:00 UTC the next day).
  const closing = { at: at("2026-12-08T02:00:00Z"), wall: "21:00" as const };
  const roast = special("Slow-Roast Beef", { weekday: 1, startsAt: "17:00", endsAt: "23:00" });

  test("a special set to run past closing shows ending at closing; one that would start after it is not on today", () => {
    const shown = specialsToday(
      at("2026-12-07T23:30:00Z"),
      [roast, lateNight, happyHour, wingNight],
      closing,
    );
    expect(
      shown.map(({ title, ended, closesAt, notToday }) => [title, ended, closesAt, notToday]),
    ).toEqual([
      ["Slow-Roast Beef", false, "21:00", undefined],
      // "From 5 pm" runs until closing anyway: nothing to change.
      ["Wing Night", false, undefined, undefined],
      ["Late Night Nachos", true, "21:00", true],
      ["Happy Hour", true, undefined, undefined],
    ]);
  });

  test("once closed, the cut-short special has ended; on a night that closes later, nothing changes", () => {
    expect(specialsToday(at("2026-12-08T02:00:00Z"), [roast], closing)[0]).toMatchObject({
      ended: true,
      closesAt: "21:00",
    });
    const late = { at: at("2026-12-08T06:00:00Z"), wall: "01:00" as const };
    expect(specialsToday(at("2026-12-07T23:30:00Z"), [roast], late)[0]).toMatchObject({
      ended: false,
    });
    expect(specialsToday(at("2026-12-07T23:30:00Z"), [roast], late)[0]!.closesAt).toBeUndefined();
  });
});
