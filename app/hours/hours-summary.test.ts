import { describe, expect, test } from "vitest";
import { describeDay, formatDayLine, summariseWeeklyHours } from "./hours-summary";
import { formatSpan } from "~/platform/clock/time-words";
import type { WeeklyHours } from "./opening-hours";

const day = (weekday: WeeklyHours["weekday"], opensAt: string, closesAt: string): WeeklyHours => ({
  weekday,
  opensAt,
  closesAt,
  kitchenClosesAt: null,
});

test("consecutive days with the same hours share a line, Monday first", () => {
  const weekly = [
    day(0, "11:00", "23:00"),
    day(1, "11:30", "00:00"),
    day(2, "11:30", "00:00"),
    day(3, "11:30", "00:00"),
    day(4, "11:30", "01:00"),
    day(5, "11:00", "02:00"),
    day(6, "11:00", "02:00"),
  ];
  expect(summariseWeeklyHours(weekly)).toEqual([
    { days: "Mon–Wed", hours: "11:30\u00a0am – midnight" },
    { days: "Thu", hours: "11:30\u00a0am – 1\u00a0am" },
    { days: "Fri–Sat", hours: "11\u00a0am – 2\u00a0am" },
    { days: "Sun", hours: "11\u00a0am – 11\u00a0pm" },
  ]);
});

test("a weekday without hours reads as closed", () => {
  const lines = summariseWeeklyHours([day(2, "16:00", "23:00")]);
  expect(lines).toEqual([
    { days: "Mon", hours: "Closed" },
    { days: "Tue", hours: "4\u00a0pm – 11\u00a0pm" },
    { days: "Wed–Sun", hours: "Closed" },
  ]);
});

test("formatSpan says closed for no hours", () => {
  expect(formatSpan(null)).toBe("Closed");
});

describe("a day with a note", () => {
  const boxingDay = { opensAt: "12:00", closesAt: "23:00" };

  test("a closed day whose note says so is the note alone", () => {
    expect(formatDayLine(null, "Closed for Christmas Day")).toBe("Closed for Christmas Day");
    expect(describeDay(null, "closed today")).toEqual({ hours: "closed today", note: "" });
  });

  test("a closed day with another note says Closed, then the note", () => {
    expect(formatDayLine(null, "Staff party")).toBe("Closed · Staff party");
    expect(formatDayLine(null, "Closedown sale")).toBe("Closed · Closedown sale");
  });

  test("special hours keep their note after the hours", () => {
    expect(formatDayLine(boxingDay, "Boxing Day hours")).toBe(
      "noon – 11\u00a0pm · Boxing Day hours",
    );
    expect(describeDay(boxingDay, "Closed early for a wedding")).toEqual({
      hours: "noon – 11\u00a0pm",
      note: "Closed early for a wedding",
    });
  });

  test("without a note, the hours alone", () => {
    expect(formatDayLine(null, undefined)).toBe("Closed");
    expect(formatDayLine(boxingDay, "  ")).toBe("noon – 11\u00a0pm");
  });
});
