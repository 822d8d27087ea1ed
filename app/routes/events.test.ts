import type { RouterContextProvider, UNSAFE_DataWithResponseInit } from "react-router";
import { describe, expect } from "vitest";
import { caught, drivers, routeArgs, routeTest } from "../../tests/support/route-test";
import { contextWithDatabase, type TestDatabase } from "../../tests/support/test-database";
import { eventEnd } from "~/events/events";
import { getEventBySlug } from "~/events/events.server";
import { pageNotesContext } from "~/platform/context";
import { PageRender } from "~/server/pipeline/page-render";
import { loader as calendarLoader } from "./event-calendar";
import { loader as eventLoader } from "./event";
import { loader as eventsLoader } from "./events";
import { loader as homeLoader } from "./home";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Events of the tests' own, added before any page reads the list, as instants from now. */
async function addEvents(db: TestDatabase) {
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  await db.query(
    `insert into public.events (slug, title, summary, description, starts_at, ends_at,
       status, price_cents, image_path, image_alt, published)
     values
       ('plain-quiz', 'Plain Quiz', '', 'Just questions.', $1, null, 'scheduled', null, null, '', true),
       ('over-last-night', 'Over Last Night', 'Done.', '', $2, $3, 'scheduled', 800, null, '', true),
       ('last-spring-gig', 'Last Spring Gig', '', '', $4, $5, 'scheduled', 1200, null, '', true),
       ('secret-tasting', 'Secret Tasting', '', '', $6, null, 'scheduled', 5000, null, '', false)`,
    [
      at(2 * DAY),
      at(-6 * HOUR),
      at(-4 * HOUR),
      at(-200 * DAY),
      at(-200 * DAY + 3 * HOUR),
      at(3 * DAY),
    ],
  );
}

const test = routeTest
  // The database with the tests' events added, before any page reads the list.
  .extend("db", ({ db, once }) =>
    once("events", async () => {
      await addEvents(db);
      return db;
    }),
  )
  /** A request context with a page render, so a test can see when the page says it changes. */
  .extend(
    "request",
    ({ db }) =>
      <Params extends Record<string, string>>(path: string, params: Params) => {
        const context: RouterContextProvider = contextWithDatabase(db);
        const render = new PageRender();
        context.set(pageNotesContext, render);
        const args = routeArgs(new Request(new URL(path, "http://localhost")), { params, context });
        return { args, render };
      },
  )
  .extend("eventPage", ({ request }) => async (slug: string) => {
    const { args, render } = request(`/events/${slug}`, { slug });
    return { result: await eventLoader(args), render };
  })
  .extend("calendar", ({ request }) => async (slug: string) => {
    const { args } = request(`/events/${slug}.ics`, { slug });
    return calendarLoader(args);
  });

describe.each(drivers)("the events' pages on %s", (driver) => {
  test.override({ driver });

  describe("GET /events/<slug>", () => {
    test("shows a coming event with its picture, and is kept until it ends", async ({
      eventPage,
    }) => {
      const { result, render } = await eventPage("trivia-night");
      expect(result).not.toHaveProperty("init");
      const payload = result as Exclude<typeof result, UNSAFE_DataWithResponseInit<unknown>>;
      expect(payload.over).toBe(false);
      expect(payload.event).toMatchObject({ slug: "trivia-night", title: "Trivia Night" });
      expect(payload.event.description.length).toBeGreaterThan(payload.event.summary.length);
      expect(payload.picture?.alt).toBe(payload.event.image?.alt);
      expect(payload.picture?.source.path).toBe("events/trivia.svg");
      expect(render.until).toBeLessThanOrEqual(eventEnd(payload.event).getTime());
    });

    test("names the band staff gave as its performer, and no one where none was given", async ({
      eventPage,
    }) => {
      const band = await eventPage("live-music-kettle-and-crow");
      const payload = band.result as Exclude<
        typeof band.result,
        UNSAFE_DataWithResponseInit<unknown>
      >;
      expect(payload.event.performer).toBe("Kettle & Crow");
      const quiz = await eventPage("trivia-night");
      expect((quiz.result as typeof payload).event.performer).toBe("");
    });

    test("shows an event without a picture or a price", async ({ eventPage }) => {
      const { result } = await eventPage("plain-quiz");
      const payload = result as Exclude<typeof result, UNSAFE_DataWithResponseInit<unknown>>;
      expect(payload.event).toMatchObject({ title: "Plain Quiz", priceCents: null, image: null });
      expect(payload.picture).toBeNull();
    });

    test("an event that has passed answers 410 with its page, saying so", async ({ eventPage }) => {
      for (const slug of ["over-last-night", "last-spring-gig"]) {
        const { result } = await eventPage(slug);
        expect(result).toHaveProperty("type", "DataWithResponseInit");
        const { data, init } = result as UNSAFE_DataWithResponseInit<{ over: boolean }>;
        expect(init?.status, slug).toBe(410);
        expect(data.over).toBe(true);
      }
    });

    test("an unknown, hidden or malformed slug is a 404", async ({ eventPage }) => {
      for (const slug of [
        "no-such-event",
        "secret-tasting",
        "Trivia-Night",
        "a b",
        "x".repeat(300),
      ]) {
        const thrown = await caught(() => eventPage(slug));
        expect(thrown, slug).toHaveProperty("type", "DataWithResponseInit");
        expect((thrown as UNSAFE_DataWithResponseInit<unknown>).init?.status, slug).toBe(404);
      }
    });
  });

  describe("GET /events/<slug>.ics", () => {
    test("is the event as a calendar file to download", async ({ db, calendar }) => {
      const response = await calendar("trivia-night");
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe(
        'attachment; filename="trivia-night.ics"',
      );
      expect(response.headers.get("Cache-Control")).toBe(
        "public, max-age=0, s-maxage=4, stale-if-error=86400",
      );
      const text = await response.text();
      const event = await getEventBySlug(db, "trivia-night");
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(text).toContain(`\r\nUID:event-${event!.id}@localhost\r\n`);
      expect(text).toContain("\r\nSUMMARY:Trivia Night\r\n");
      expect(text).toContain("\r\nURL:http://localhost/events/trivia-night\r\n");
      expect(text).toContain("LOCATION:The Squire Pub & Grill\\, 123 Dundas Street");
    });

    test("an event without an end or a price still makes a whole file", async ({ calendar }) => {
      const text = await (await calendar("plain-quiz")).text();
      expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
      expect(text).toMatch(/\r\nDTEND:\d{8}T\d{6}Z\r\n/);
    });

    test("is gone for an event that has passed, and not found for an unknown one", async ({
      calendar,
    }) => {
      expect((await calendar("over-last-night")).status).toBe(410);
      expect((await calendar("no-such-event")).status).toBe(404);
      expect((await calendar("secret-tasting")).status).toBe(404);
    });
  });

  describe("the lists link to the events' pages", () => {
    test("/events lists every event not yet over, soonest first", async ({ request }) => {
      const { args, render } = request("/events", {});
      const { events } = await eventsLoader(args);
      const slugs = events.map((event) => event.slug);
      expect(slugs).toContain("plain-quiz");
      expect(slugs).not.toContain("over-last-night");
      expect(slugs).not.toContain("secret-tasting");
      const starts = events.map((event) => event.startsAt);
      expect(starts).toEqual([...starts].sort());
      // Kept until the first of them ends, when the list moves on.
      expect(render.until).toBeLessThanOrEqual(eventEnd(events[0]!).getTime());
    });

    test("the home page lists the next three with their slugs", async ({ request }) => {
      const { args } = request("/", {});
      const { events } = await homeLoader(args);
      expect(events).toHaveLength(3);
      for (const event of events) expect(event.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    });
  });

  test("getEventBySlug finds a published event, over or not, and nothing else", async ({ db }) => {
    expect(await getEventBySlug(db, "last-spring-gig")).toMatchObject({
      title: "Last Spring Gig",
      priceCents: 1200,
    });
    expect(await getEventBySlug(db, "secret-tasting")).toBeNull();
    expect(await getEventBySlug(db, "no-such-event")).toBeNull();
  });
});
