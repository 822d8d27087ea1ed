import { describe, expect, test } from "vitest";
import { describeKitchenStatus } from "./kitchen-hours";
import { openStatusAt, type OpeningSchedule } from "./opening-hours";

// Fridays 11 am to 2 am, the kitchen until 11 pm; Saturdays 11 am to midnight,
// food until closing; closed the rest of the week.
const schedule: OpeningSchedule = {
  weekly: [
    { weekday: 5, opensAt: "11:00", closesAt: "02:00", kitchenClosesAt: "23:00" },
    { weekday: 6, opensAt: "11:00", closesAt: "00:00", kitchenClosesAt: null },
  ],
  exceptions: [],
};

const kitchenAt = (iso: string) => {
  const now = new Date(iso);
  return describeKitchenStatus(openStatusAt(now, schedule), now);
};

describe("describeKitchenStatus", () => {
  test("open: until the kitchen closes (Fri Jun 19 22:00 EDT)", () => {
    expect(kitchenAt("2026-06-20T02:00:00Z")).toEqual({
      open: true,
      label: "Kitchen open",
      detail: "until 11\u00a0pm",
    });
  });

  test("open in the pub's last hour while the kitchen still serves (Sat Jun 20 23:30 EDT)", () => {
    expect(kitchenAt("2026-06-21T03:30:00Z")).toEqual({
      open: true,
      label: "Kitchen open",
      detail: "until midnight",
    });
  });

  test("closed after its own closing, while the bar is open (Fri Jun 19 23:30 EDT)", () => {
    expect(kitchenAt("2026-06-20T03:30:00Z")).toEqual({
      open: false,
      label: "Kitchen closed",
      detail: "bar open until 2\u00a0am",
    });
  });

  test("closed with the pub, opening when it opens (Fri Jun 19 10:00 EDT)", () => {
    expect(kitchenAt("2026-06-19T14:00:00Z")).toEqual({
      open: false,
      label: "Kitchen closed",
      detail: "opens at 11\u00a0am",
    });
  });

  test("closed for days, naming the day it opens (Sun Jun 21 12:00 EDT)", () => {
    expect(kitchenAt("2026-06-21T16:00:00Z")).toEqual({
      open: false,
      label: "Kitchen closed",
      detail: "opens Friday at 11\u00a0am",
    });
  });

  test("with no opening ahead, closed and nothing more", () => {
    const now = new Date("2026-06-19T14:00:00Z");
    const status = openStatusAt(now, { weekly: [], exceptions: [] });
    expect(describeKitchenStatus(status, now)).toEqual({
      open: false,
      label: "Kitchen closed",
      detail: "",
    });
  });
});
