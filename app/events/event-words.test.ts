import { describe, expect, test } from "vitest";
import { SEARCH_DESCRIPTION_MAX, eventMovedFrom, eventSearchDescription } from "./event-words";
import type { EventStatus } from "./events";

const trivia = {
  // 7:30 pm to 10 pm on Wednesday, December 2, in Toronto.
  startsAt: "2026-12-03T00:30:00.000Z",
  endsAt: "2026-12-03T03:00:00.000Z",
  priceCents: null,
  status: "scheduled" as EventStatus,
  previousStartsAt: null as string | null,
  summary: "Six rounds of general knowledge with prizes for the top three teams.",
  description: "Teams of up to six.",
};

describe("eventSearchDescription", () => {
  // The times keep a no-break space before "pm", as everywhere the site writes them.
  test("says when on Toronto's clock, what it costs, then what it is", () => {
    expect(eventSearchDescription(trivia)).toBe(
      "Wednesday, December 2, 7:30\u00a0pm – 10\u00a0pm · Free. Six rounds of general knowledge with prizes for the top three teams.",
    );
  });

  test("names a cover charge, and an event that is off or sold out", () => {
    const band = { ...trivia, priceCents: 1000, endsAt: null };
    expect(eventSearchDescription({ ...band, status: "cancelled" })).toBe(
      "Wednesday, December 2, 7:30\u00a0pm · $10.00 cover. Cancelled. Six rounds of general knowledge with prizes for the top three teams.",
    );
    expect(eventSearchDescription({ ...band, status: "sold-out" })).toContain(
      "$10.00 cover. Sold out. ",
    );
  });

  test("says a postponed event is off for now, and where a rescheduled one moved from", () => {
    expect(eventSearchDescription({ ...trivia, status: "postponed" })).toContain(
      "· Free. Postponed. Six rounds",
    );
    const moved = {
      ...trivia,
      status: "rescheduled" as const,
      // 8 pm on Wednesday, November 25, in Toronto.
      previousStartsAt: "2026-11-26T01:00:00.000Z",
    };
    expect(eventMovedFrom(moved)).toBe("Moved from Wednesday, November 25, 8\u00a0pm");
    expect(eventSearchDescription(moved)).toBe(
      "Wednesday, December 2, 7:30\u00a0pm – 10\u00a0pm · Free. Moved from Wednesday, November 25, 8\u00a0pm. Six rounds of general knowledge with prizes for the top three teams.",
    );
    expect(eventMovedFrom({ ...moved, status: "scheduled" })).toBeNull();
  });

  test("falls back to the description, and cuts a long one at a word within 160 characters", () => {
    expect(eventSearchDescription({ ...trivia, summary: "" })).toMatch(
      /Free\. Teams of up to six\.$/,
    );
    const long = eventSearchDescription({
      ...trivia,
      summary: "A long night of songs. ".repeat(20),
    });
    expect(long.length).toBeLessThanOrEqual(SEARCH_DESCRIPTION_MAX);
    expect(long.endsWith("…")).toBe(true);
    expect(long).not.toMatch(/ …$/);
  });
});
