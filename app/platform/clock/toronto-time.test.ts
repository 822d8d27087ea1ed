import { describe, expect, test } from "vitest";
import { formatWallTime } from "./time-words";
import { pubDayEndAfter } from "./pub-day";
import {
  torontoDate,
  torontoIsoDateTime,
  torontoInstant,
  torontoMidnightAfter,
  torontoOffsetsAround,
  torontoWall,
  torontoWallFrom,
  torontoWeekday,
  WALL_CLOCK_FORMAT,
} from "./toronto-time";

describe("torontoDate and torontoWeekday", () => {
  test("late evening in Toronto is still that day though UTC has moved on (Wed 23:59 EDT)", () => {
    const instant = new Date("2026-06-18T03:59:00Z");
    expect(torontoDate(instant)).toBe("2026-06-17");
    expect(torontoWeekday(instant)).toBe(3);
  });

  test("the next day starts at Toronto midnight (Thu 00:00 EDT)", () => {
    const instant = new Date("2026-06-18T04:00:00Z");
    expect(torontoDate(instant)).toBe("2026-06-18");
    expect(torontoWeekday(instant)).toBe(4);
  });

  test("in winter Toronto is five hours behind (Wed 23:30 EST)", () => {
    expect(torontoDate(new Date("2026-01-15T04:30:00Z"))).toBe("2026-01-14");
  });
});

describe("torontoOffsetsAround", () => {
  const offsets = torontoOffsetsAround(new Date("2026-11-25T17:00:00Z"));
  const intlWall = (instant: Date) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-CA", WALL_CLOCK_FORMAT)
        .formatToParts(instant)
        .map(({ type, value }) => [type, value]),
    );
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      time: `${parts.hour}:${parts.minute}`,
    };
  };

  test("covers a week before to more than a year ahead, with each change of the clocks", () => {
    expect(offsets.from).toBe(Date.parse("2026-11-18T00:00:00Z"));
    expect(offsets.until).toBeGreaterThan(Date.parse("2027-12-25T00:00:00Z"));
    expect(offsets.changes).toEqual([
      [Date.parse("2026-11-18T00:00:00Z"), -300],
      [Date.parse("2027-03-14T07:00:00Z"), -240],
      [Date.parse("2027-11-07T06:00:00Z"), -300],
    ]);
  });

  test("tells the same wall clock as Intl, minute by minute around each change", () => {
    for (const [at] of offsets.changes.slice(1)) {
      for (let minute = -90; minute <= 90; minute++) {
        const instant = new Date(at + minute * 60_000 + 30_000);
        expect(torontoWallFrom(offsets, instant)).toEqual(intlWall(instant));
      }
    }
  });

  test("tells the same wall clock as Intl every hour of its span", () => {
    for (let ms = offsets.from; ms < offsets.until; ms += 3 * 3_600_000 + 60_000) {
      expect(torontoWallFrom(offsets, new Date(ms))).toEqual(intlWall(new Date(ms)));
    }
  });

  test("leaves instants outside its span to Intl", () => {
    expect(torontoWallFrom(offsets, new Date(offsets.from - 1))).toBeUndefined();
    expect(torontoWallFrom(offsets, new Date(offsets.until))).toBeUndefined();
    const later = new Date(offsets.until + 86_400_000);
    expect(torontoWall(later)).toEqual(intlWall(later));
  });
});

describe("torontoIsoDateTime", () => {
  test("writes Toronto's wall clock with its offset, standard time and daylight time", () => {
    // 7:30 pm on December 2 is 00:30 UTC on December 3.
    expect(torontoIsoDateTime(new Date("2026-12-03T00:30:00Z"))).toBe("2026-12-02T19:30:00-05:00");
    expect(torontoIsoDateTime(new Date("2027-07-01T23:15:45Z"))).toBe("2027-07-01T19:15:45-04:00");
  });

  test("names the same instant, either side of the clocks changing", () => {
    // The fall back: 1:30 am happens twice, first in daylight time, then in standard time.
    for (const iso of [
      "2026-11-01T05:30:00Z",
      "2026-11-01T06:30:00Z",
      "2027-03-14T06:59:00Z",
      "2027-03-14T07:00:00Z",
    ]) {
      const written = torontoIsoDateTime(new Date(iso));
      expect(new Date(written).toISOString(), written).toBe(new Date(iso).toISOString());
    }
    expect(torontoIsoDateTime(new Date("2026-11-01T05:30:00Z"))).toBe("2026-11-01T01:30:00-04:00");
    expect(torontoIsoDateTime(new Date("2026-11-01T06:30:00Z"))).toBe("2026-11-01T01:30:00-05:00");
  });
});

describe("torontoInstant", () => {
  test("an ordinary summer time (Wed 15:00 EDT)", () => {
    expect(torontoInstant("2026-06-17", "15:00")).toEqual(new Date("2026-06-17T19:00:00Z"));
  });

  test("a time in the spring-forward gap moves to the moment the clocks jump (02:30 → 03:00 EDT)", () => {
    expect(torontoInstant("2026-03-08", "02:30")).toEqual(new Date("2026-03-08T07:00:00Z"));
  });

  test("the times either side of the spring-forward gap (01:59 EST, 03:00 EDT)", () => {
    expect(torontoInstant("2026-03-08", "01:59")).toEqual(new Date("2026-03-08T06:59:00Z"));
    expect(torontoInstant("2026-03-08", "03:00")).toEqual(new Date("2026-03-08T07:00:00Z"));
  });

  test("a time that happens twice when the clocks fall back is the first, daylight one (01:30 EDT)", () => {
    expect(torontoInstant("2026-11-01", "01:30")).toEqual(new Date("2026-11-01T05:30:00Z"));
  });

  test("2 am on fall-back day happens once, on standard time (02:00 EST)", () => {
    expect(torontoInstant("2026-11-01", "02:00")).toEqual(new Date("2026-11-01T07:00:00Z"));
  });
});

describe("formatWallTime", () => {
  test.each([
    ["11:00", "11\u00a0am"],
    ["11:30", "11:30\u00a0am"],
    ["12:00", "noon"],
    ["12:30", "12:30\u00a0pm"],
    ["00:00", "midnight"],
    ["24:00", "midnight"],
    ["00:30", "12:30\u00a0am"],
    ["02:00", "2\u00a0am"],
    ["17:45", "5:45\u00a0pm"],
    ["23:05", "11:05\u00a0pm"],
  ])("%s is %s", (time, expected) => {
    expect(formatWallTime(time)).toBe(expected);
  });
});

describe("torontoMidnightAfter", () => {
  test.each([
    ["a winter evening", "2026-11-24T03:00:00Z", "2026-11-24T05:00:00.000Z"],
    ["a summer evening", "2026-07-01T23:00:00Z", "2026-07-02T04:00:00.000Z"],
    ["the day the clocks spring forward", "2026-03-08T12:00:00Z", "2026-03-09T04:00:00.000Z"],
    ["the day the clocks fall back", "2026-11-01T12:00:00Z", "2026-11-02T05:00:00.000Z"],
    ["midnight itself: the next one", "2026-11-24T05:00:00Z", "2026-11-25T05:00:00.000Z"],
  ])("on %s", (_, now, expected) => {
    expect(torontoMidnightAfter(new Date(now)).toISOString()).toBe(expected);
  });
});

describe("pubDayEndAfter: when “not available today” ends", () => {
  test.each([
    ["late evening: the next morning's 4 am", "2026-11-27T03:30:00Z", "2026-11-27T09:00:00.000Z"],
    [
      "3:59 am: this morning's 4 am, a minute away",
      "2026-11-27T08:59:00Z",
      "2026-11-27T09:00:00.000Z",
    ],
    ["4:01 am: the next morning's", "2026-11-27T09:01:00Z", "2026-11-28T09:00:00.000Z"],
    ["4 am itself: the next morning's", "2026-11-27T09:00:00Z", "2026-11-28T09:00:00.000Z"],
    ["a summer evening (EDT)", "2026-07-02T02:00:00Z", "2026-07-02T08:00:00.000Z"],
    // Sat Mar 7, 10 pm EST: the clocks spring forward at 2 am, so 4 am is EDT, 5 hours on.
    ["the night the clocks spring forward", "2026-03-08T03:00:00Z", "2026-03-08T08:00:00.000Z"],
    ["just after they did (3:30 am EDT)", "2026-03-08T07:30:00Z", "2026-03-08T08:00:00.000Z"],
    // Sat Oct 31, 10 pm EDT: the clocks fall back at 2 am, so 4 am is EST, 7 hours on.
    ["the night the clocks fall back", "2026-11-01T02:00:00Z", "2026-11-01T09:00:00.000Z"],
    [
      "in the hour that happens twice (1:30 am EST)",
      "2026-11-01T06:30:00Z",
      "2026-11-01T09:00:00.000Z",
    ],
  ])("%s", (_, now, expected) => {
    expect(pubDayEndAfter(new Date(now)).toISOString()).toBe(expected);
  });
});
