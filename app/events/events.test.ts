import { expect, test } from "vitest";
import { upcomingEvents, type PubEvent } from "./events";

let nextId = 1;

function event(
  slug: string,
  startsAt: string,
  fields: Partial<Omit<PubEvent, "slug" | "startsAt">> = {},
): PubEvent {
  return {
    id: nextId++,
    slug,
    title: slug,
    summary: "",
    description: "",
    startsAt,
    endsAt: null,
    status: "scheduled",
    listedAt: "2026-11-01T14:00:00.000Z",
    previousStartsAt: null,
    priceCents: null,
    performer: "",
    image: null,
    ...fields,
  };
}

const slugs = (events: PubEvent[]) => events.map((e) => e.slug);
const now = new Date("2026-11-20T02:00:00.000Z");

test("an event still running is kept", () => {
  const trivia = event("trivia", "2026-11-20T00:30:00.000Z", {
    endsAt: "2026-11-20T03:00:00.000Z",
  });
  expect(slugs(upcomingEvents([trivia], now))).toEqual(["trivia"]);
});

test("an event that has ended is dropped", () => {
  const trivia = event("trivia", "2026-11-19T23:00:00.000Z", {
    endsAt: "2026-11-20T01:59:59.000Z",
  });
  expect(upcomingEvents([trivia], now)).toEqual([]);
});

test("an event ending at this very moment is over", () => {
  const trivia = event("trivia", "2026-11-19T23:00:00.000Z", { endsAt: now.toISOString() });
  expect(upcomingEvents([trivia], now)).toEqual([]);
});

test("an event without an end is taken to last three hours", () => {
  const stillOn = event("open-mic", "2026-11-19T23:01:00.000Z");
  const over = event("quiz", "2026-11-19T23:00:00.000Z");
  expect(slugs(upcomingEvents([stillOn, over], now))).toEqual(["open-mic"]);
});

test("events come soonest first", () => {
  const events = [
    event("comedy", "2026-12-03T01:00:00.000Z"),
    event("hockey", "2026-11-22T00:00:00.000Z"),
    event("wings", "2026-11-24T22:00:00.000Z"),
  ];
  expect(slugs(upcomingEvents(events, now))).toEqual(["hockey", "wings", "comedy"]);
});

test("no more than the limit come back, the soonest ones", () => {
  const events = [
    event("comedy", "2026-12-03T01:00:00.000Z"),
    event("hockey", "2026-11-22T00:00:00.000Z"),
    event("wings", "2026-11-24T22:00:00.000Z"),
  ];
  expect(slugs(upcomingEvents(events, now, 2))).toEqual(["hockey", "wings"]);
});

test("a cancelled event stays, so nobody turns up for it", () => {
  const cancelled = event("lantern-hollow", "2026-11-28T02:00:00.000Z", { status: "cancelled" });
  expect(upcomingEvents([cancelled], now)).toEqual([cancelled]);
});
