import { describe, expect, test } from "vitest";
import { nightAsked, nightPath } from "~/hours/editor/hours-editor";
import {
  endLabel,
  endedWords,
  eventToken,
  noticeTitle,
  saysSomething,
  specialsWords,
  type NightCut,
} from "./night-cut";

const night: NightCut = {
  date: "2027-04-14",
  tonight: false,
  closing: "closing",
  time: "21:00",
  cut: [],
  gone: [],
  endable: [],
  startAfter: [],
  endingThen: [],
};

describe("what closing early cuts short, in words", () => {
  test("the specials it ends, and those no longer on", () => {
    expect(specialsWords({ ...night, cut: ["Roast"], gone: ["Nachos", "Wings"] })).toEqual([
      "Roast now shows ending at 9\u00a0pm.",
      "Nachos and Wings are not on that night.",
    ]);
    expect(specialsWords({ ...night, tonight: true, gone: ["Nachos"] })).toEqual([
      "Nachos is not on tonight.",
    ]);
    expect(specialsWords({ ...night, closing: "kitchen", cut: ["Roast", "Pie"] })).toEqual([
      "Roast and Pie run past 9\u00a0pm: change them on the specials page if they are food.",
    ]);
    expect(specialsWords(night)).toEqual([]);
  });

  test("the notice's heading, its button and its toast", () => {
    expect(noticeTitle(night, "Wednesday, April 14")).toBe(
      "Closing at 9\u00a0pm on Wednesday, April 14",
    );
    expect(noticeTitle({ ...night, closing: "kitchen", tonight: true, time: "20:30" }, "")).toBe(
      "The kitchen closing at 8:30\u00a0pm tonight",
    );
    expect(endLabel(1, "21:00")).toBe("End it at 9\u00a0pm");
    expect(endLabel(2, "00:00")).toBe("End them at midnight");
    expect(endedWords(["Quiz"], "21:00")).toBe(
      "“Quiz” now ends at 9\u00a0pm. Recent changes can undo it.",
    );
  });

  test("an event as the offer carries it: its id and its times as shown", () => {
    expect(eventToken({ id: 12, startsAt: "2027-04-15T00:00:00.000Z", endsAt: null })).toBe(
      `12:${Date.parse("2027-04-15T00:00:00.000Z")}-`,
    );
    expect(saysSomething(night)).toBe(false);
    expect(saysSomething({ ...night, gone: ["Nachos"] })).toBe(true);
  });

  test("the hours page's address names the night and which closing", () => {
    expect(nightPath("2027-04-14", "kitchen")).toBe("/staff/hours?kitchen=2027-04-14");
    const asked = (query: string) => nightAsked(new URLSearchParams(query));
    expect(asked("closing=2027-04-14")).toEqual({ date: "2027-04-14", closing: "closing" });
    expect(asked("kitchen=2027-04-14")).toEqual({ date: "2027-04-14", closing: "kitchen" });
    expect(asked("closing=tomorrow")).toBeNull();
    expect(asked("closing=2027-02-30")).toBeNull();
    expect(asked("")).toBeNull();
  });
});
