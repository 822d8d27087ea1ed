import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { expectRefusedWhole } from "../../tests/support/staff-session";
import { contextWithDatabase } from "../../tests/support/test-database";
import type { Database } from "~/platform/database/database.server";
import type { PageKey } from "~/pages/page-texts";
import { siteContent } from "~/site/site-content.server";
import { recentChangesAs, undoAs } from "../../tests/support/recent-changes";
import { action as pageTextAction, loader as pageTextLoader } from "./staff/page-text";
import { loader as pagesLoader } from "./staff/pages";
import { loader as aboutLoader } from "./about";
import { loader as contactLoader } from "./contact";

type Handler = (args: never) => unknown;

type Saved = {
  id: number;
  description: string;
  body: string;
  aside: string;
  imagePath: string | null;
  imageAlt: string;
  sample: boolean;
};

const rowOf = async (db: Database, page: PageKey) =>
  (
    await db.query<Saved>(
      `select id::int as id, description, body, aside, image_path as "imagePath",
         image_alt as "imageAlt", sample
       from public.page_texts where page = $1`,
      [page],
    )
  )[0]!;

/** What the pages would show, through the content cache. */
const shown = async (db: Database, page: PageKey) =>
  (await siteContent(contextWithDatabase(db)).pageTexts())[page];

/** The form as the editor shows it for a saved row, changed by `change`. */
const formOf = (row: Saved, change: Record<string, string> = {}) => ({
  "form-id": "page-text",
  description: row.description,
  body: row.body,
  aside: row.aside,
  imageKept: row.imagePath ?? "",
  imageAlt: row.imageAlt,
  ...change,
});

const test = routeTest
  .extend(
    "send",
    ({ staff, editor }) =>
      (id: number | string, fields: Record<string, string>) =>
        staff.submit(editor, `/staff/pages/${id}`, fields, pageTextAction, { id: String(id) }),
  )
  .extend(
    "read",
    ({ staff, editor }) =>
      (path: string, handler: Handler, params: Record<string, string> = {}) =>
        staff.load(editor, path, handler, params),
  );

describe.each(drivers)("the pages' words on %s", (driver) => {
  test.override({ driver });

  test("every page's words that were written in the code are rows, marked as the sample's", async ({
    db,
    read,
  }) => {
    // Moved there by the migration, which the recent changes do not list.
    expect(
      await db.query("select 1 from public.audit_log where table_name = 'page_texts'"),
    ).toEqual([]);
    const listed = (await (await read("/staff/pages", pagesLoader)).json()) as {
      texts: { page: string; sample: boolean; description: string }[];
    };
    expect(listed.texts.map((text) => [text.page, text.sample])).toEqual([
      ["about", true],
      ["menu", true],
      ["events", true],
      ["venue", true],
      ["contact", true],
    ]);
    expect(listed.texts.every((text) => text.description.length > 20)).toBe(true);
  });

  test("the About page's line, story and kitchen are saved, shown as paragraphs and in its description", async ({
    db,
    send,
    context,
  }) => {
    const about = await rowOf(db, "about");
    const saved = await send(
      about.id,
      formOf(about, {
        description: "  The corner pub on King Street since 1998.  ",
        body: "Three brothers opened it.\r\nIn the old bank.\r\n\r\n\r\nWe still pour the first pint at noon.",
        aside: "",
      }),
    );
    expect(saved).toHaveRedirect(`/staff/pages/${about.id}`);
    expect(saved).toSetCookie("toast");
    expect(await rowOf(db, "about")).toMatchObject({
      description: "The corner pub on King Street since 1998.",
      body: "Three brothers opened it.\nIn the old bank.\n\n\nWe still pour the first pint at noon.",
      aside: "",
      sample: false,
    });
    // The content cache asks the revision at most once a second.
    await expect
      .poll(async () => (await shown(db, "about")).description, { timeout: 15_000 })
      .toBe("The corner pub on King Street since 1998.");
    const page = (await aboutLoader({
      request: new Request("http://localhost/about"),
      params: {},
      context,
    } as never)) as { description: string; story: string[]; kitchen: string[] };
    expect(page.description).toBe("The corner pub on King Street since 1998.");
    expect(page.story).toEqual([
      "Three brothers opened it. In the old bank.",
      "We still pour the first pint at noon.",
    ]);
    expect(page.kitchen).toEqual([]);
  });

  test("the Contact page's notes replace the words that were in the code", async ({
    db,
    send,
    context,
  }) => {
    const contact = await rowOf(db, "contact");
    expect(contact.body).toContain("six or more");
    const saved = await send(
      contact.id,
      formOf(contact, {
        body: "Call us any time we are open.",
        aside: "We reply within two days.",
      }),
    );
    expect(saved).toHaveRedirect(`/staff/pages/${contact.id}`);
    await expect
      .poll(async () => (await shown(db, "contact")).aside, { timeout: 15_000 })
      .toBe("We reply within two days.");
    const response = (await contactLoader({
      request: new Request("http://localhost/contact"),
      params: {},
      context,
    } as never)) as { data: { howWeAnswer: string[]; aboveTheForm: string[] } };
    expect(response.data).toMatchObject({
      howWeAnswer: ["Call us any time we are open."],
      aboveTheForm: ["We reply within two days."],
    });
  });

  test("a page without longer texts or a picture keeps them as they are, whatever a post says", async ({
    db,
    send,
  }) => {
    const events = await rowOf(db, "events");
    const saved = await send(
      events.id,
      formOf(events, {
        description: "What is on.",
        body: "Smuggled in",
        aside: "Smuggled too",
        imageKept: "rooms/main-bar.svg",
        imageAlt: "A bar",
      }),
    );
    expect(saved).toHaveRedirect(`/staff/pages/${events.id}`);
    expect(await rowOf(db, "events")).toMatchObject({
      description: "What is on.",
      body: "",
      aside: "",
      imagePath: null,
      imageAlt: "",
    });
  });

  test("the editor offers each page's own parts only", async ({ db, read }) => {
    const fieldsOf = async (page: PageKey) => {
      const { id } = await rowOf(db, page);
      const loaded = (await (
        await read(`/staff/pages/${id}`, pageTextLoader, { id: String(id) })
      ).json()) as { page: string; values: Record<string, string> };
      return loaded;
    };
    expect(await fieldsOf("about")).toMatchObject({
      page: "about",
      values: { imageKept: "rooms/main-bar.svg" },
    });
    expect((await fieldsOf("venue")).page).toBe("venue");
  });

  test.for([
    ["no line", { description: "  \n " }, "description", /^Enter the line under the heading\.$/],
    [
      "a kept picture without its description",
      { imageAlt: "  " },
      "imageAlt",
      /^Describe the picture/,
    ],
  ] as const)(
    "refuses %s, keeping everything typed",
    async ([, change, field, message], { db, send }) => {
      const about = await rowOf(db, "about");
      const sent = formOf(about, { body: "A story I typed.", ...change });
      const response = await send(about.id, sent);
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        values: Record<string, string>;
        errors: Record<string, string>;
      };
      expect(body.errors[field]).toMatch(message);
      expect(body.values).toMatchObject({ body: "A story I typed.", ...change });
      expect(await rowOf(db, "about")).toEqual(about);
    },
  );

  test.for([
    ["description", "A line. ".repeat(40)],
    ["body", "A story. ".repeat(340)],
    ["aside", "The kitchen. ".repeat(120)],
  ] as const)(
    "a %s past its limit is refused whole, everything typed kept",
    async ([field, long], { db, send }) => {
      const about = await rowOf(db, "about");
      const sent = formOf(about, { [field]: long });
      await expectRefusedWhole(await send(about.id, sent), sent, field);
      expect(await rowOf(db, "about")).toEqual(about);
    },
  );

  test("pages are neither added nor removed here, and unknown ids are 404s", async ({
    db,
    send,
    read,
  }) => {
    const before = await db.query("select * from public.page_texts order by id");
    for (const id of ["new", "999999", "x"]) {
      const params = { id };
      expect((await read(`/staff/pages/${id}`, pageTextLoader, params)).status).toBe(404);
      expect((await send(id, { "form-id": "page-text", description: "A page." })).status).toBe(404);
    }
    const { id } = await rowOf(db, "events");
    expect((await send(id, { intent: "delete", confirm: "yes" })).status).toBe(404);
    expect(await db.query("select * from public.page_texts order by id")).toEqual(before);
  });

  test("a change is in the recent changes, and an owner's undo brings the words back", async ({
    db,
    staff,
    owner,
    send,
  }) => {
    const venue = await rowOf(db, "venue");
    await send(venue.id, formOf(venue, { description: "Rooms for your party." }));
    const [change] = await recentChangesAs(staff, owner);
    expect(change!.what).toBe("Changed the Venue page's text");
    expect(change!.details).toEqual([
      {
        kind: "text",
        text: "Line under the heading changed",
        before: venue.description,
        after: "Rooms for your party.",
      },
    ]);
    expect(await undoAs(staff, owner, change!.id)).toHaveRedirect("/staff/changes");
    expect((await rowOf(db, "venue")).description).toBe(venue.description);
  });
});
