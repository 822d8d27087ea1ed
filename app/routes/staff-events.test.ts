import { getEventBySlug } from "~/events/events.server";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { pictureDescriptionsInUse } from "~/images/picture-descriptions.server";
import { CookieJar } from "../../tests/support/staff-requests";
import { type Refusal, expectRefusedWhole } from "../../tests/support/staff-session";
import type { Database } from "~/platform/database/database.server";
import { action as eventAction, loader as eventLoader } from "./staff/event";
import { loader as eventsLoader } from "./staff/events";
import { getEvents } from "~/events/events.server";

const validEvent = {
  "form-id": "event-form",
  title: "Quiz for Charity",
  slug: "",
  summary: "Six rounds, all proceeds to the food bank.",
  description: "",
  startDate: "2026-07-18",
  startTime: "19:30",
  endDate: "",
  endTime: "22:00",
  status: "scheduled",
  price: "$5",
  imageAlt: "",
  imageKept: "",
  imageRemove: "",
  hidden: "",
};

async function body(response: Response) {
  return (await response.json()) as Refusal;
}

async function savedRow(db: Database, slug: string) {
  const [row] = await db.query<{
    id: number;
    startsAt: string;
    endsAt: string | null;
    priceCents: number | null;
    published: boolean;
    status: string;
  }>(
    `select id::int as id, to_json(starts_at)#>>'{}' as "startsAt",
       to_json(ends_at)#>>'{}' as "endsAt", price_cents as "priceCents", published, status
     from public.events where slug = $1`,
    [slug],
  );
  return row;
}

const test = routeTest
  .extend(
    "postEvent",
    ({ staff, editor }) =>
      (id: string, fields: Record<string, string>, cookies: CookieJar = editor) =>
        staff.submit(cookies, `/staff/events/${id}`, fields, eventAction, { id }),
  )
  /** Posts the form as a browser does with a file field: multipart. */
  .extend("multipart", ({ staff, editor }) => (fields: Record<string, string>, file?: File) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      // As a browser posts the form: an unticked box is not sent at all.
      if (!(key === "imageRemove" && value === "")) form.set(key, value);
    }
    if (file) form.set("image", file);
    return staff.submit(editor, "/staff/events/new", form, eventAction, { id: "new" });
  });

describe.each(drivers)("the events editor's routes on %s", (driver) => {
  test.override({ driver });

  test.for([
    ["title", "Quiz ".repeat(21)],
    ["slug", "quiz-".repeat(16) + "x"],
    ["summary", "Six rounds. ".repeat(17)],
    ["description", "Teams of up to six. ".repeat(101)],
    ["imageAlt", "A crowded room. ".repeat(19)],
    ["performer", "The Hedgerow Fiddlers ".repeat(5)],
  ] as const)(
    "a %s over its limit is refused whole, with everything typed kept",
    async ([field, long], { db, postEvent }) => {
      const before = await db.query("select id from public.events");
      const sent = { ...validEvent, [field]: long };
      await expectRefusedWhole(await postEvent("new", sent), sent, field);
      expect(await db.query("select id from public.events")).toEqual(before);
    },
  );

  describe("the events editor's pages", () => {
    test("a signed-out visitor is sent to sign in, and their post changes nothing", async ({
      db,
      postEvent,
    }) => {
      const response = await postEvent("new", { ...validEvent, title: "Sneaky" }, new CookieJar());
      expect(response.headers.get("Location")).toMatch(/^\/staff\/sign-in/);
      expect(await savedRow(db, "sneaky")).toBeUndefined();
    });

    test("lists upcoming events soonest first, and past ones apart", async ({ staff, editor }) => {
      const response = await staff.load(editor, "/staff/events", eventsLoader);
      expect(response.status).toBe(200);
      const page = (await response.json()) as {
        upcoming: { slug: string; startsAt: string }[];
        past: { slug: string }[];
        page: number | null;
      };
      expect(page.upcoming.length).toBeGreaterThan(0);
      const starts = page.upcoming.map((event) => event.startsAt);
      expect(starts).toEqual([...starts].sort());
      expect(page.past.length).toBeGreaterThan(0);
      const upcomingSlugs = new Set(page.upcoming.map((event) => event.slug));
      expect(page.past.filter((event) => upcomingSlugs.has(event.slug))).toEqual([]);
      expect(page.page).toBeNull();
    });

    test("adds an event: slug from the title, Toronto summer time, price in cents, a toast", async ({
      db,
      postEvent,
    }) => {
      const response = await postEvent("new", validEvent);
      const row = await savedRow(db, "quiz-for-charity");
      expect(row).toMatchObject({
        startsAt: "2026-07-18T23:30:00+00:00",
        endsAt: "2026-07-19T02:00:00+00:00",
        priceCents: 500,
        published: true,
        status: "scheduled",
      });
      expect(response).toHaveRedirect(`/staff/events/${row!.id}`);
      expect(response.headers.get("Set-Cookie")).toMatch(/toast=/);
    });

    test("keeps the performer staff name, and the public reader gives it", async ({
      db,
      postEvent,
    }) => {
      const response = await postEvent("new", {
        ...validEvent,
        title: "Fiddles on the Patio",
        startDate: "2026-12-18",
        performer: "  The Hedgerow   Fiddlers ",
      });
      expect(response.status).toBe(303);
      const [row] = await db.query<{ performer: string }>(
        "select performer from public.events where slug = 'fiddles-on-the-patio'",
      );
      expect(row!.performer).toBe("The Hedgerow Fiddlers");
      const event = await getEventBySlug(db, "fiddles-on-the-patio");
      expect(event?.performer).toBe("The Hedgerow Fiddlers");
    });

    test("a January date is on Toronto standard time, and an event can run past midnight", async ({
      db,
      postEvent,
    }) => {
      await postEvent("new", {
        ...validEvent,
        title: "Robbie Burns Night",
        startDate: "2027-01-25",
        startTime: "8:00 pm",
        endDate: "2027-01-26",
        endTime: "1:00 am",
      });
      expect(await savedRow(db, "robbie-burns-night")).toMatchObject({
        startsAt: "2027-01-26T01:00:00+00:00",
        endsAt: "2027-01-26T06:00:00+00:00",
      });
    });

    test("an event named as another gets the next free number, and keeps it when retitled", async ({
      db,
      staff,
      editor,
      postEvent,
    }) => {
      // Seeded: a trivia-night. Each week's Trivia Night is added with the web address left empty.
      await postEvent("new", { ...validEvent, title: "Trivia Night", startDate: "2026-08-05" });
      await postEvent("new", { ...validEvent, title: "Trivia Night", startDate: "2026-08-12" });
      const second = await savedRow(db, "trivia-night-2");
      const third = await savedRow(db, "trivia-night-3");
      expect(second).toBeDefined();
      expect(third).toBeDefined();

      // Edited, the form sends the slug it shows: a new title leaves the address as it was.
      const response = await staff.load(editor, `/staff/events/${second!.id}`, eventLoader, {
        id: String(second!.id),
      });
      const { values } = (await response.json()) as { values: Record<string, string> };
      expect(values.slug).toBe("trivia-night-2");
      await postEvent(String(second!.id), {
        ...validEvent,
        ...values,
        title: "Trivia Night: Halloween",
      });
      expect(await savedRow(db, "trivia-night-2")).toMatchObject({ id: second!.id });
    });

    test("the form shows the saved event on Toronto's clock", async ({ db, staff, editor }) => {
      const row = await savedRow(db, "quiz-for-charity");
      const response = await staff.load(editor, `/staff/events/${row!.id}`, eventLoader, {
        id: String(row!.id),
      });
      const page = (await response.json()) as { values: Record<string, string> };
      expect(page.values).toMatchObject({
        startDate: "2026-07-18",
        startTime: "19:30",
        endTime: "22:00",
        endDate: "",
        price: "5.00",
        hidden: "",
      });
    });

    test("edits an event: cancelled and hidden, and the public reader no longer lists it", async ({
      db,
      postEvent,
    }) => {
      const row = await savedRow(db, "quiz-for-charity");
      const response = await postEvent(String(row!.id), {
        ...validEvent,
        slug: "quiz-for-charity",
        status: "cancelled",
        hidden: "on",
      });
      expect(response).toHaveRedirect(`/staff/events/${row!.id}`);
      expect(await savedRow(db, "quiz-for-charity")).toMatchObject({
        status: "cancelled",
        published: false,
      });
      const listed = await getEvents(db, new Date("2026-07-01T00:00:00Z"));
      expect(listed.map((event) => event.slug)).not.toContain("quiz-for-charity");
    });

    test("reschedules an event: visitors read the new date and the one it had", async ({
      db,
      postEvent,
    }) => {
      const row = await savedRow(db, "quiz-for-charity");
      const response = await postEvent(String(row!.id), {
        ...validEvent,
        slug: "quiz-for-charity",
        status: "rescheduled",
        previousDate: "2026-07-11",
        previousTime: "7:30 pm",
      });
      expect(response).toHaveRedirect(`/staff/events/${row!.id}`);
      const [listed] = (await getEvents(db, new Date("2026-07-01T00:00:00Z"))).filter(
        (event) => event.slug === "quiz-for-charity",
      );
      expect(listed).toMatchObject({
        status: "rescheduled",
        startsAt: "2026-07-18T23:30:00.000Z",
        previousStartsAt: "2026-07-11T23:30:00.000Z",
      });
    });

    test("a picture's description saved on one event is the picture's wherever it is shown", async ({
      db,
      postEvent,
    }) => {
      const row = await savedRow(db, "live-music-kettle-and-crow");
      const words =
        "An empty stage with a guitar on its stand, an amp and a microphone in warm light.";
      // An unticked "Remove picture" is not sent at all, as browsers leave it out.
      const { imageRemove: _unticked, ...kept } = validEvent;
      const response = await postEvent(String(row!.id), {
        ...kept,
        title: "Live Music: Kettle & Crow",
        slug: "live-music-kettle-and-crow",
        imageKept: "events/live-music.svg",
        imageAlt: ` ${words}  `,
      });
      expect(response).toHaveRedirect(`/staff/events/${row!.id}`);
      const shown = await pictureDescriptionsInUse(db);
      const stage = shown.filter((entry) => entry.path === "events/live-music.svg");
      // The other events with that stage, and the venue space whose photos show it.
      expect(new Set(stage.map((entry) => entry.shownBy))).toEqual(
        new Set(["events", "venue_spaces"]),
      );
      expect(new Set(stage.map((entry) => entry.description))).toEqual(new Set([words]));
      // One change in Recent changes, the event's save and the rows that took its words, undone as one.
      const [{ grouped }] = (await db.query<{ grouped: number }>(
        `select count(*)::int as grouped from public.audit_log
         where note = 'Saved a picture''s description wherever the picture is shown'
           and new_row::text like $1`,
        [`%${words}%`],
      )) as [{ grouped: number }];
      expect(grouped).toBe(stage.length);
    });

    test.for([
      ["an end before the start", { endTime: "18:00" }, "endTime", /after the start/],
      ["a date that does not exist", { startDate: "2026-02-30" }, "startDate", /does not exist/],
      ["a date in words", { startDate: "next friday" }, "startDate", /such as 2026-07-18/],
      ["a time that is not one", { startTime: "25:00" }, "startTime", /19:30/],
      ["a negative price", { price: "-5" }, "price", /cannot be negative/],
      ["a price in words", { price: "five" }, "price", /such as 14.50/],
      ["a huge title", { title: "x".repeat(100_000) }, "title", /100 characters/],
      ["no title", { title: "  " }, "title", /title/],
      ["an unknown status", { status: "delayed" }, "status", /postponed, rescheduled/],
      [
        "a rescheduled event without the date it had",
        { status: "rescheduled", previousTime: "19:30" },
        "previousDate",
        /day it had before it moved/,
      ],
      [
        "an earlier date with another status",
        { previousDate: "2026-07-11", previousTime: "19:30" },
        "previousDate",
        /Choose Rescheduled/,
      ],
      ["a slug with spaces", { slug: "quiz night!" }, "slug", /hyphens/],
      [
        "a time skipped by the clocks",
        { startDate: "2026-03-08", startTime: "02:30" },
        "startTime",
        /clocks go forward/,
      ],
    ] as const)(
      "refuses %s with a 400, the field's message and everything typed kept",
      async ([, change, field, message], { db, postEvent }) => {
        const fields = { ...validEvent, title: "Refused Night", ...change };
        const response = await postEvent("new", fields);
        expect(response.status).toBe(400);
        const answer = await body(response);
        expect(answer.errors[field]).toMatch(message);
        expect(answer.formError).toMatch(/check 1 answer/);
        expect(answer.values).toMatchObject(
          Object.fromEntries(Object.entries(change).map(([key, value]) => [key, value])),
        );
        expect(await savedRow(db, "refused-night")).toBeUndefined();
      },
    );

    const png = async () =>
      new Uint8Array(
        await sharp({
          create: { width: 32, height: 24, channels: 3, background: "#a33" },
        })
          .png()
          .toBuffer(),
      );

    test("a picture with its description is saved with the event (a PNG named .jpg too)", async ({
      db,
      multipart,
    }) => {
      const response = await multipart(
        { ...validEvent, title: "Pictured Night", imageAlt: "A fiddler on the small stage." },
        new File([await png()], "stage.jpg", { type: "image/jpeg" }),
      );
      expect(response.headers.get("Location")).toMatch(/^\/staff\/events\/\d+$/);
      const [row] = await db.query<{ imagePath: string; imageAlt: string }>(
        `select image_path as "imagePath", image_alt as "imageAlt" from public.events
         where slug = 'pictured-night'`,
      );
      expect(row?.imagePath).toMatch(/^uploads\/[0-9a-f]{16}\.png$/);
      expect(row?.imageAlt).toBe("A fiddler on the small stage.");
    });

    test("a picture without a description is refused, and the upload is kept for the next try", async ({
      db,
      multipart,
    }) => {
      const response = await multipart(
        { ...validEvent, title: "Undescribed Night" },
        new File([await png()], "stage.png", { type: "image/png" }),
      );
      expect(response.status).toBe(400);
      const answer = await body(response);
      expect(answer.errors.imageAlt).toMatch(/Describe the picture/);
      expect(answer.values.imageKept).toMatch(/^uploads\//);
      expect(answer.values.title).toBe("Undescribed Night");
      // Sent again with the kept path and a description, it is saved.
      const again = await multipart({
        ...validEvent,
        title: "Undescribed Night",
        imageKept: answer.values.imageKept!,
        imageAlt: "Chairs stacked on a stage.",
      });
      expect(again.headers.get("Location")).toMatch(/^\/staff\/events\/\d+$/);
      const [row] = await db.query<{ imagePath: string }>(
        `select image_path as "imagePath" from public.events where slug = 'undescribed-night'`,
      );
      expect(row?.imagePath).toBe(answer.values.imageKept);
    });

    test("an SVG, or text named .png, is refused as a picture with the other fields kept", async ({
      db,
      multipart,
    }) => {
      for (const file of [
        new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", {
          type: "image/svg+xml",
        }),
        new File(["not a picture"], "photo.png", { type: "image/png" }),
      ]) {
        const response = await multipart(
          { ...validEvent, title: "Svg Night", imageAlt: "A logo." },
          file,
        );
        expect(response.status).toBe(400);
        const answer = await body(response);
        expect(answer.errors.image).toMatch(/JPEG, PNG, WebP or AVIF/);
        expect(answer.values).toMatchObject({ title: "Svg Night", imageAlt: "A logo." });
      }
      expect(await savedRow(db, "svg-night")).toBeUndefined();
    });

    test("a file posted for a text field counts as empty", async ({ staff, editor }) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(validEvent)) form.set(key, value);
      form.set("title", new File(["x"], "title.txt"));
      const response = await staff.submit(editor, "/staff/events/new", form, eventAction, {
        id: "new",
      });
      expect(response.status).toBe(400);
      expect((await body(response)).errors.title).toMatch(/Enter the event's title/);
    });

    test("a web address typed that is already in use is a clear error on that field, not a server error", async ({
      postEvent,
    }) => {
      const response = await postEvent("new", {
        ...validEvent,
        title: "Trivia Night",
        slug: "trivia-night",
      });
      expect(response.status).toBe(400);
      const answer = await body(response);
      expect(answer.errors.slug).toMatch(/already uses the web address “trivia-night”/);
      expect(answer.values.title).toBe("Trivia Night");
    });

    test("unknown or malformed ids are 404s, for reading, saving and deleting", async ({
      staff,
      editor,
      postEvent,
    }) => {
      for (const id of ["999999", "abc", "0", "1e3"]) {
        const read = await staff.load(editor, `/staff/events/${id}`, eventLoader, { id });
        expect(read.status).toBe(404);
        expect((await postEvent(id, validEvent)).status).toBe(404);
      }
      const deleting = await postEvent("999999", { intent: "delete", confirm: "yes" });
      expect(deleting.status).toBe(404);
    });

    test("delete asks first, then deletes", async ({ db, postEvent }) => {
      const row = await savedRow(db, "robbie-burns-night");
      const asked = await postEvent(String(row!.id), { intent: "delete" });
      expect(asked.status).toBe(200);
      expect(await asked.json()).toEqual({ confirmDelete: true });
      expect(await savedRow(db, "robbie-burns-night")).toBeDefined();
      const confirmed = await postEvent(String(row!.id), { intent: "delete", confirm: "yes" });
      expect(confirmed).toHaveRedirect("/staff/events");
      expect(await savedRow(db, "robbie-burns-night")).toBeUndefined();
    });

    test("every write lands in the audit log under the staff member", async ({ db }) => {
      const [entry] = await db.query<{ count: number }>(
        `select count(*)::int as count from public.audit_log
         where table_name = 'events' and actor is not null`,
      );
      expect(entry!.count).toBeGreaterThanOrEqual(4);
    });
  });
});
