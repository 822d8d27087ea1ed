import { describe, expect, test } from "vitest";
import { eventCardAlt, eventCardPath, eventCardText, eventCardVersion } from "./event-card";

const trivia = {
  slug: "trivia-night",
  title: "Trivia Night",
  // 7:30 pm to 10 pm on Wednesday, December 2, in Toronto.
  startsAt: "2026-12-03T00:30:00.000Z",
  endsAt: "2026-12-03T03:00:00.000Z",
  status: "scheduled" as const,
  previousStartsAt: null,
};
const picture = {
  source: { path: "events/trivia.svg", width: 1600, height: 900, version: "abc123" },
  alt: "Quiz sheets",
};
const text = eventCardText(trivia, "The Squire Pub & Grill", picture);

describe("an event's share card", () => {
  test("shows the name, the date and times on Toronto's clock, and the pub's name", () => {
    expect(text).toEqual({
      title: "Trivia Night",
      when: "Wednesday, December 2, 7:30\u00a0pm – 10\u00a0pm",
      plan: "",
      venue: "The Squire Pub & Grill",
      picture: { path: "events/trivia.svg", version: "abc123" },
    });
    expect(eventCardAlt(text)).toBe(
      "Trivia Night, Wednesday, December 2, 7:30\u00a0pm – 10\u00a0pm, at The Squire Pub & Grill",
    );
    expect(eventCardPath(trivia, text)).toBe(
      `/events/trivia-night/card.jpg?v=${eventCardVersion(text)}`,
    );
  });

  test("says a change of plan", () => {
    expect(eventCardText({ ...trivia, status: "postponed" }, "The Squire", null).plan).toBe(
      "Postponed",
    );
    const moved = eventCardText(
      { ...trivia, status: "rescheduled", previousStartsAt: "2026-11-26T00:30:00.000Z" },
      "The Squire",
      null,
    );
    expect(moved.plan).toBe("Moved from Wednesday, November 25, 7:30\u00a0pm");
  });

  test("its address changes with anything it shows, and only then", () => {
    const version = eventCardVersion(text);
    expect(version).toMatch(/^[0-9a-f]{8}$/);
    expect(eventCardVersion(eventCardText(trivia, "The Squire Pub & Grill", picture))).toBe(
      version,
    );
    for (const changed of [
      eventCardText({ ...trivia, title: "Quiz Night" }, "The Squire Pub & Grill", picture),
      eventCardText({ ...trivia, endsAt: null }, "The Squire Pub & Grill", picture),
      eventCardText({ ...trivia, status: "cancelled" }, "The Squire Pub & Grill", picture),
      eventCardText(trivia, "The Renamed Tavern", picture),
      eventCardText(trivia, "The Squire Pub & Grill", null),
      eventCardText(trivia, "The Squire Pub & Grill", {
        ...picture,
        source: { ...picture.source, version: "def456" },
      }),
    ]) {
      expect(eventCardVersion(changed)).not.toBe(version);
    }
  });
});
