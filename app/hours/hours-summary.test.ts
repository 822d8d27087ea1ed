import { expect, test } from "vitest";
import { formatSpan, summariseWeeklyHours } from "./hours-summary";
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
    { days: "Mon–Wed", hours: "11:30 am – midnight" },
    { days: "Thu", hours: "11:30 am – 1 am" },
    { days: "Fri–Sat", hours: "11 am – 2 am" },
    { days: "Sun", hours: "11 am – 11 pm" },
  ]);
});

test("a weekday without hours reads as closed", () => {
  const lines = summariseWeeklyHours([day(2, "16:00", "23:00")]);
  expect(lines).toEqual([
    { days: "Mon", hours: "Closed" },
    { days: "Tue", hours: "4 pm – 11 pm" },
    { days: "Wed–Sun", hours: "Closed" },
  ]);
});

test("formatSpan says closed for no hours", () => {
  expect(formatSpan(null)).toBe("Closed");
});
