import { expect, test } from "vitest";
import {
  dateParts,
  formatLongDate,
  formatTimeRange,
  torontoDateTime,
} from "~/platform/clock/time-words";

test("dateParts names the day and month of a date", () => {
  expect(dateParts("2026-11-25")).toEqual({
    weekday: "Wednesday",
    day: 25,
    month: "November",
    monthShort: "Nov",
  });
});

test("formatLongDate reads as people write it", () => {
  expect(formatLongDate("2026-09-07")).toBe("Monday, September 7");
});

test("an instant is placed on its Toronto date and wall time", () => {
  // 00:30 UTC on the 25th is 7:30 pm on the 24th in Toronto (EST).
  expect(torontoDateTime("2026-11-25T00:30:00.000Z")).toEqual({
    date: "2026-11-24",
    time: "7:30\u00a0pm",
  });
});

test("a time range runs past midnight without naming the next day", () => {
  expect(formatTimeRange("2026-11-28T02:00:00.000Z", "2026-11-28T05:30:00.000Z")).toBe(
    "9\u00a0pm – 12:30\u00a0am",
  );
  expect(formatTimeRange("2026-11-28T02:00:00.000Z", null)).toBe("9\u00a0pm");
});
