import sharp from "sharp";
import { describe, expect } from "vitest";
import { EVENT_OFF_STATUSES } from "~/events/events";
import { drivers, routeArgs, routeTest } from "../../tests/support/route-test";
import { CookieJar } from "../../tests/support/staff-requests";
import { expectRefusedWhole } from "../../tests/support/staff-session";
import type { Database } from "~/platform/database/database.server";
import {
  contextWithDatabase,
  databaseWithOutage,
  type TestDatabase,
} from "../../tests/support/test-database";
import { loader as publicMenuLoader } from "./menu";
import { action as itemAction, loader as itemLoader } from "./staff/menu-item";
import { action as listAction, loader as listLoader } from "./staff/menu";
import { loader as sheetLoader } from "./staff/menu-sheet";
import { action as sectionAction, loader as sectionLoader } from "./staff/menu-section";
import { action as eventAction } from "./staff/event";
import { menuAt, type Availability, type MenuListSection } from "~/menu/menu";
import { getMenu } from "~/menu/menu.server";
import { pubDayEndAfter } from "~/platform/clock/pub-day";
import { torontoInstant } from "~/platform/clock/toronto-time";
import { ITEM_FIELDS, type EditorMenu, type ItemField } from "~/menu/editor/menu-editor";
import { removeStaffMember } from "~/staff/accounts/staff.server";
import { toastCookie } from "~/platform/toast.server";
import { pageNotesContext } from "~/platform/context";
import { REFUSED_EVENT_CHOICES } from "~/events/editor/event-choice.test-support";
import { PageRender } from "~/server/pipeline/page-render";

/**
 * The staff menu editor's pages as a browser without scripts uses them:
 * signed in through the sign-in action, each post run through the staff
 * area's middleware, answered with a redirect and a toast or a 400 that keeps
 * what was typed.
 */

type Handler = (args: never) => unknown;

/** A menu item's form that saves, with `values` changed. */
type GoodItem = (values?: Partial<Record<ItemField, string>>) => Record<string, string>;

type Refusal = {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string;
};

async function png(colour = "#c0392b") {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The toast a response leaves for the next page. */
async function toastOf(response: Response): Promise<{ type: string; description?: string }> {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
  return (await toastCookie.parse(set?.split(";")[0] ?? null)) as { type: string };
}

/** The id of the seeded section with `slug`, as `once` keeps it. */
const sectionId = (db: TestDatabase, slug: string) => async () =>
  (
    await db.query<{ id: number }>(
      "select id::int as id from public.menu_sections where slug = $1",
      [slug],
    )
  )[0]!.id;

const test = routeTest
  .extend("wingsId", ({ once, db }) => once("wings", sectionId(db, "wings")))
  .extend("startersId", ({ once, db }) => once("starters", sectionId(db, "starters")))
  .extend("fryerId", ({ once, db }) => once("fryer", sectionId(db, "fryer")))
  .extend(
    "load",
    ({ staff, editor }) =>
      (
        path: string,
        handler: Handler,
        params: Record<string, string> = {},
        cookies: CookieJar = editor,
      ) =>
        staff.load(cookies, path, handler, params),
  )
  /** A form post, with fields that may repeat. */
  .extend(
    "submit",
    ({ staff, editor }) =>
      (
        path: string,
        handler: Handler,
        fields: Record<string, string> | [string, string][],
        params: Record<string, string> = {},
        cookies: CookieJar = editor,
      ) =>
        staff.submit(cookies, path, fields, handler, params),
  )
  /** A post with a file, as a browser sends a form with `encType="multipart/form-data"`. */
  .extend(
    "postMultipart",
    ({ staff, editor }) =>
      (
        path: string,
        handler: Handler,
        fields: Record<string, string>,
        file: File | null,
        params: Record<string, string>,
      ) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
        // A browser sends an empty file part when nothing is chosen.
        body.append("imageFile", file ?? new File([], "", { type: "application/octet-stream" }));
        return staff.submit(editor, path, body, handler, params);
      },
  )
  /** What a visitor sees on /menu now (a fresh context, as another instance would have). */
  .extend("publicMenu", ({ db }) => async (): Promise<MenuListSection[]> => {
    const result = await publicMenuLoader(
      routeArgs(new Request("http://localhost/menu"), {
        // A wrapper of its own starts with an empty content cache.
        context: contextWithDatabase(databaseWithOutage(db).database),
      }),
    );
    return "init" in result ? result.data.sections : result.sections;
  })
  .extend(
    "staffList",
    ({ load }) =>
      async (): Promise<{ availability: Record<number, Availability> }> => {
        const response = await load("/staff/menu", listLoader);
        expect(response.status).toBe(200);
        return (await response.json()) as { availability: Record<number, Availability> };
      },
  )
  .extend("staffMenu", ({ load }) => async (): Promise<EditorMenu> => {
    const response = await load("/staff/menu", listLoader);
    expect(response.status).toBe(200);
    return ((await response.json()) as { menu: EditorMenu }).menu;
  })
  .extend("goodItem", ({ wingsId }): GoodItem => (values = {}) => ({
    "form-id": "menu-item",
    sectionId: String(wingsId),
    name: "Ghost Pepper Wings",
    description: "Only for the brave.",
    price: "$19.50",
    portion: "1 lb",
    available: "on",
    ...values,
  }));

describe.each(drivers)("the menu editor's routes on %s", (driver) => {
  test.override({ driver });

  describe("the menu list", () => {
    test("without a session, the list and its posts send the visitor to sign in", async ({
      load,
      submit,
      staffMenu,
    }) => {
      const signedOut = new CookieJar();
      expect(await load("/staff/menu", listLoader, {}, signedOut)).toHaveRedirect(
        "/staff/sign-in?redirectTo=%2Fstaff%2Fmenu",
      );
      const itemId = (await staffMenu())[0]!.items[0]!.id;
      const response = await submit(
        "/staff/menu",
        listAction,
        { intent: "mark-not-today", item: String(itemId) },
        {},
        signedOut,
      );
      expect(response.headers.get("Location")).toMatch(/^\/staff\/sign-in/);
      expect((await staffMenu())[0]!.items[0]!.available).toBe(true);
    });

    test("downloads as a spreadsheet: every dish, hidden ones too, never stored; signed out, none", async ({
      db,
      load,
      staffMenu,
    }) => {
      const [hidden] = await db.query<{ id: number; name: string }>(
        "update public.menu_items set published = false where id = (select min(id) from public.menu_items) returning id::int as id, name",
      );
      try {
        const response = await load("/staff/menu/menu.csv", sheetLoader, {});
        expect(response.status).toBe(200);
        expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
        expect(response.headers.get("Content-Disposition")).toMatch(
          /^attachment; filename="menu-\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
        const bytes = new Uint8Array(await response.arrayBuffer());
        // A byte-order mark first, so a spreadsheet reads it as UTF-8.
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const csv = new TextDecoder().decode(bytes);
        expect(csv.startsWith("Section,Name,Description,Price,")).toBe(true);
        const dishes = (await staffMenu()).flatMap((section) => section.items);
        // A header, and a row a dish (descriptions may run over lines within their quotes).
        expect(csv.match(/\r\n/g)).toHaveLength(dishes.length + 1);
        expect(csv).toContain(`,${hidden!.name},`);
      } finally {
        await db.query("update public.menu_items set published = true where id = $1", [hidden!.id]);
      }

      const signedOut = new CookieJar();
      expect(await load("/staff/menu/menu.csv", sheetLoader, {}, signedOut)).toHaveRedirect(
        "/staff/sign-in?redirectTo=%2Fstaff%2Fmenu%2Fmenu.csv",
      );
    });

    test("lists every section and item, hidden ones too, in order", async ({
      db,
      startersId,
      staffMenu,
    }) => {
      await db.query("update public.menu_sections set published = false where id = $1", [
        startersId,
      ]);
      try {
        const menu = await staffMenu();
        const starters = menu.find((section) => section.id === startersId);
        expect(starters?.hidden).toBe(true);
        expect(starters?.items.length).toBeGreaterThan(0);
        expect(menu.map((section) => section.slug).slice(0, 2)).toEqual(["starters", "wings"]);
      } finally {
        await db.query("update public.menu_sections set published = true where id = $1", [
          startersId,
        ]);
      }
    });

    test("one post marks an item not available today, until the pub's 4 am; the menu says so; and back", async ({
      wingsId,
      submit,
      publicMenu,
      staffList,
      staffMenu,
    }) => {
      const item = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
      const earliest = pubDayEndAfter(new Date()).toISOString();
      const response = await submit("/staff/menu", listAction, {
        intent: "mark-not-today",
        item: String(item.id),
      });
      const latest = pubDayEndAfter(new Date()).toISOString();
      expect(response).toHaveRedirect(`/staff/menu#item-${item.id}`);
      expect(response.status).toBe(303);
      expect(await toastOf(response)).toMatchObject({
        type: "success",
        description: `“${item.name}” is not available today; it is back on the menu at 4\u00a0am by itself.`,
      });
      const shown = (await publicMenu()).flatMap((s) => s.items).find((i) => i.id === item.id);
      expect(shown?.available).toBe(false);
      expect([earliest, latest]).toContain(shown?.unavailableUntil);
      expect((await staffList()).availability[item.id]).toBe("not-today");

      const back = await submit("/staff/menu", listAction, {
        intent: "mark-available",
        item: String(item.id),
      });
      expect(back).toHaveRedirect(`/staff/menu#item-${item.id}`);
      expect(await toastOf(back)).toMatchObject({
        description: `“${item.name}” is available again.`,
      });
      const again = (await publicMenu()).flatMap((s) => s.items).find((i) => i.id === item.id);
      expect(again).toMatchObject({ available: true, unavailableUntil: null });
      expect((await staffList()).availability[item.id]).toBe("available");
    });

    test("a kept menu page is dropped at the 4 am an item comes back", async ({
      db,
      wingsId,
      submit,
      staffMenu,
    }) => {
      const item = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
      await submit("/staff/menu", listAction, { intent: "mark-not-today", item: String(item.id) });
      try {
        const context = contextWithDatabase(databaseWithOutage(db).database);
        const render = new PageRender();
        context.set(pageNotesContext, render);
        await publicMenuLoader(routeArgs(new Request("http://localhost/menu"), { context }));
        const marked = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
        expect(marked.unavailableUntil).not.toBeNull();
        expect(render.until).toBeLessThanOrEqual(Date.parse(marked.unavailableUntil!));
      } finally {
        await submit("/staff/menu", listAction, {
          intent: "mark-available",
          item: String(item.id),
        });
      }
    });

    test("off the menu stays off until put back, and the staff list says which is which", async ({
      wingsId,
      submit,
      publicMenu,
      staffList,
      staffMenu,
    }) => {
      const [first, second] = (await staffMenu()).find((s) => s.id === wingsId)!.items;
      const response = await submit("/staff/menu", listAction, {
        intent: "mark-off-menu",
        item: String(first!.id),
      });
      expect(await toastOf(response)).toMatchObject({
        description: `“${first!.name}” is off the menu until you put it back.`,
      });
      await submit("/staff/menu", listAction, {
        intent: "mark-not-today",
        item: String(second!.id),
      });
      try {
        const shown = (await publicMenu()).flatMap((s) => s.items);
        expect(shown.find((i) => i.id === first!.id)).toMatchObject({
          available: false,
          unavailableUntil: null,
        });
        expect(shown.find((i) => i.id === second!.id)?.available).toBe(false);
        const { availability } = await staffList();
        expect([availability[first!.id], availability[second!.id]]).toEqual([
          "off-menu",
          "not-today",
        ]);
      } finally {
        for (const { id } of [first!, second!])
          await submit("/staff/menu", listAction, { intent: "mark-available", item: String(id) });
      }
    });

    test("an item out for the day is available again once its 4 am has passed, untouched", async ({
      db,
      wingsId,
      publicMenu,
      staffList,
      staffMenu,
    }) => {
      const item = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
      // As the database holds it the morning after: the moment is behind us.
      await db.query(
        "update public.menu_items set unavailable_until = now() - interval '1 minute' where id = $1",
        [item.id],
      );
      try {
        const shown = (await publicMenu()).flatMap((s) => s.items).find((i) => i.id === item.id);
        expect(shown).toMatchObject({ available: true, unavailableUntil: null });
        expect((await staffList()).availability[item.id]).toBe("available");
      } finally {
        await db.query("update public.menu_items set unavailable_until = null where id = $1", [
          item.id,
        ]);
      }
    });

    test("in reorder mode, move up and down reorder items and sections; the public menu follows", async ({
      wingsId,
      submit,
      publicMenu,
      staffMenu,
    }) => {
      const before = (await staffMenu()).find((s) => s.id === wingsId)!.items.map((i) => i.id);
      expect(
        await submit("/staff/menu?reorder=1", listAction, {
          intent: "move-down",
          list: "item",
          id: String(before[0]),
        }),
      ).toHaveRedirect(`/staff/menu?reorder=1#item-${before[0]}`);
      const after = (await publicMenu()).find((s) => s.id === wingsId)!.items.map((i) => i.id);
      expect(after.slice(0, 2)).toEqual([before[1], before[0]]);
      await submit("/staff/menu?reorder=1", listAction, {
        intent: "move-up",
        list: "item",
        id: String(before[0]),
      });

      const sections = (await staffMenu()).map((s) => s.id);
      expect(
        await submit("/staff/menu?reorder=1", listAction, {
          intent: "move-up",
          list: "section",
          id: String(sections[1]),
        }),
      ).toHaveRedirect(`/staff/menu?reorder=1#section-${sections[1]}`);
      expect((await publicMenu()).map((s) => s.id).slice(0, 2)).toEqual([sections[1], sections[0]]);
      await submit("/staff/menu?reorder=1", listAction, {
        intent: "move-down",
        list: "section",
        id: String(sections[1]),
      });
      expect((await staffMenu()).map((s) => s.id)).toEqual(sections);
    });

    test.for([
      ["/staff/menu", "item"],
      ["/staff/menu?q=wings", "item"],
      ["/staff/menu", "section"],
    ] as const)(
      "a move posted to %s (%s), not in reorder mode, is refused and moves nothing",
      async ([path, field], { wingsId, submit, staffMenu }) => {
        const menu = await staffMenu();
        const id = field === "item" ? menu.find((s) => s.id === wingsId)!.items[0]!.id : wingsId;
        const response = await submit(path, listAction, {
          intent: "move-down",
          list: field,
          id: String(id),
        });
        expect(response.status).toBe(400);
        expect(await response.text()).toMatch(/only in reorder mode.*Nothing was moved/);
        expect(await staffMenu()).toEqual(menu);
      },
    );

    test("marking an item from a search comes back to the search, at the item", async ({
      wingsId,
      submit,
      staffMenu,
    }) => {
      const item = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
      const response = await submit("/staff/menu?q=Wings%20hot", listAction, {
        intent: "mark-off-menu",
        item: String(item.id),
      });
      expect(response).toHaveRedirect(`/staff/menu?q=Wings+hot#item-${item.id}`);
      expect((await staffMenu()).find((s) => s.id === wingsId)!.items[0]!.available).toBe(false);
      await submit("/staff/menu", listAction, { intent: "mark-available", item: String(item.id) });
    });

    test("the page reads its search and mode from the address", async ({ load }) => {
      const read = async (path: string) => {
        const response = await load(path, listLoader);
        expect(response.status).toBe(200);
        return ((await response.json()) as { view: unknown; menu: EditorMenu }).view;
      };
      expect(await read("/staff/menu")).toEqual({ query: "", reorder: false, problem: null });
      expect(await read("/staff/menu?q=wings")).toEqual({
        query: "wings",
        reorder: false,
        problem: null,
      });
      // Reorder mode shows every row: a search there would hide the neighbours moves swap with.
      expect(await read("/staff/menu?reorder=1&q=wings")).toEqual({
        query: "",
        reorder: true,
        problem: null,
      });
      const long = await read(`/staff/menu?q=${"w".repeat(81)}`);
      expect(long).toMatchObject({ query: "w".repeat(81), reorder: false });
      expect((long as { problem: string }).problem).toMatch(/limited to 80 characters/);
    });

    test("jumping to a section without scripts is a redirect to its place on the page", async ({
      wingsId,
      load,
    }) => {
      expect(await load(`/staff/menu?section=${wingsId}`, listLoader)).toHaveRedirect(
        `/staff/menu#section-${wingsId}`,
      );
      expect(await load(`/staff/menu?reorder=1&section=${wingsId}`, listLoader)).toHaveRedirect(
        `/staff/menu?reorder=1#section-${wingsId}`,
      );
      expect((await load("/staff/menu?section=wings", listLoader)).status).toBe(200);
    });

    test.for([
      [{ intent: "mark-not-today", item: "987654" }, 404],
      [{ intent: "mark-off-menu", item: "987654" }, 404],
      [{ intent: "move-up", list: "section", id: "987654" }, 404],
      [{ intent: "move-up", list: "sideways", id: "1" }, 400],
      [{ intent: "mark-not-today", item: "abc" }, 400],
      [{ intent: "mark-not-today" }, 400],
      [{ intent: "mark-not-today", section: "1" }, 400],
      // The old single button's word: no longer a choice, so it is not guessed at.
      [{ intent: "mark-unavailable", item: "1" }, 400],
      [{ intent: "publish-everything", item: "1" }, 400],
      [{ item: "1" }, 400],
    ] as const)("refuses %j with %i", async ([fields, status], { submit }) => {
      const response = await submit("/staff/menu?reorder=1", listAction, fields);
      expect(response.status).toBe(status);
    });

    test("an item id sent twice is refused, not guessed at", async ({
      wingsId,
      submit,
      staffMenu,
    }) => {
      const [a, b] = (await staffMenu()).find((s) => s.id === wingsId)!.items;
      const response = await submit("/staff/menu", listAction, [
        ["intent", "mark-not-today"],
        ["item", String(a!.id)],
        ["item", String(b!.id)],
      ]);
      expect(response.status).toBe(400);
      const items = (await staffMenu()).find((s) => s.id === wingsId)!.items;
      expect(items.every((item) => item.available && item.unavailableUntil === null)).toBe(true);
    });

    test("someone taken off the staff list can no longer change the menu", async ({
      db,
      staff,
      wingsId,
      submit,
      staffMenu,
    }) => {
      const leaving = await staff.signedIn();
      const item = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
      await removeStaffMember(db, leaving.userId);
      const response = await submit(
        "/staff/menu",
        listAction,
        { intent: "mark-not-today", item: String(item.id) },
        {},
        leaving,
      );
      expect(response.headers.get("Location")).toMatch(/^\/staff\/sign-in/);
      expect((await staffMenu()).find((s) => s.id === wingsId)!.items[0]!.available).toBe(true);
    });
  });

  describe("the item editor", () => {
    test("adds an item to the chosen section, redirects with a toast, and visitors see it", async ({
      wingsId,
      load,
      submit,
      publicMenu,
      goodItem,
    }) => {
      const response = await submit("/staff/menu/items/new", itemAction, goodItem(), { id: "new" });
      expect(response.status).toBe(303);
      expect(response).toSetCookie("toast");
      const id = Number(/#item-(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
      expect(id).toBeGreaterThan(0);
      const wings = (await publicMenu()).find((s) => s.id === wingsId)!;
      expect(wings.items.at(-1)).toMatchObject({
        id,
        name: "Ghost Pepper Wings",
        priceCents: 1950,
        portion: "1 lb",
        available: true,
      });

      const page = await load(`/staff/menu/items/${id}`, itemLoader, { id: String(id) });
      expect(((await page.json()) as { row: { name: string } }).row.name).toBe(
        "Ghost Pepper Wings",
      );
    });

    describe("a dish tied to an event", () => {
      /** An event of the test's own, three days on: its id and its date in Toronto. */
      async function anEvent(db: Database, slug: string) {
        const [row] = await db.query<{ id: number; day: string }>(
          `insert into public.events (slug, title, starts_at)
           values ($1, 'Pub Quiz', now() + interval '3 days')
           returning id::int as id,
             to_char(starts_at at time zone 'America/Toronto', 'YYYY-MM-DD') as day`,
          [slug],
        );
        return row!;
      }
      /** The names on the menu at noon, Toronto time, on `day`. */
      const menuOn = async (db: Database, day: string) =>
        menuAt(await getMenu(db), torontoInstant(day, "12:00")).flatMap((section) =>
          section.items.map((item) => item.name),
        );
      const dayBefore = (day: string) =>
        new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

      test("staff choose the event from the form's list; the dish is on the menu on its day only, and on none once it is postponed or cancelled", async ({
        db,
        load,
        submit,
        publicMenu,
        staffMenu,
        goodItem,
      }) => {
        const event = await anEvent(db, "quiz-dish-test");
        const page = await load("/staff/menu/items/new", itemLoader, { id: "new" });
        const { events } = (await page.json()) as { events: { id: number; label: string }[] };
        expect(events).toContainEqual({
          id: event.id,
          label: expect.stringMatching(/^Pub Quiz, /),
        });

        const saved = await submit(
          "/staff/menu/items/new",
          itemAction,
          goodItem({ name: "Quiz Platter", eventId: String(event.id) }),
          { id: "new" },
        );
        expect(saved.status).toBe(303);
        const id = Number(/#item-(\d+)$/.exec(saved.headers.get("Location") ?? "")?.[1]);
        const listed = (await staffMenu()).flatMap((section) => section.items);
        expect(listed.find((item) => item.id === id)).toMatchObject({
          eventId: event.id,
          eventTitle: "Pub Quiz",
        });
        expect(await menuOn(db, event.day)).toContain("Quiz Platter");
        expect(await menuOn(db, dayBefore(event.day))).not.toContain("Quiz Platter");
        // Today's menu as a visitor reads it: the quiz is days away.
        expect(
          (await publicMenu()).flatMap((section) => section.items.map((item) => item.name)),
        ).not.toContain("Quiz Platter");

        // Put off or called off, the quiz is not on that day, and neither is its platter.
        for (const status of EVENT_OFF_STATUSES) {
          await db.query("update public.events set status = $2 where id = $1", [event.id, status]);
          expect(await menuOn(db, event.day), status).not.toContain("Quiz Platter");
        }
      });

      test.for(REFUSED_EVENT_CHOICES)(
        "an event %s is refused, everything typed kept",
        async ([, eventId, message], { submit, staffMenu, goodItem }) => {
          const before = (await staffMenu()).flatMap((section) => section.items).length;
          const response = await submit(
            "/staff/menu/items/new",
            itemAction,
            goodItem({ name: "Quiz Wings", eventId }),
            { id: "new" },
          );
          expect(response.status).toBe(400);
          const body = (await response.json()) as Refusal;
          expect(body.errors.eventId).toBe(message);
          expect(body.values.eventId).toBe(eventId);
          expect(body.values.name).toBe("Quiz Wings");
          expect((await staffMenu()).flatMap((section) => section.items)).toHaveLength(before);
        },
      );

      test("deleting the event hides and unties its dish, and the toast names it", async ({
        db,
        submit,
        staffMenu,
        goodItem,
      }) => {
        const event = await anEvent(db, "quiz-dish-delete-test");
        const saved = await submit(
          "/staff/menu/items/new",
          itemAction,
          goodItem({ name: "Quiz Sliders", eventId: String(event.id) }),
          { id: "new" },
        );
        const id = Number(/#item-(\d+)$/.exec(saved.headers.get("Location") ?? "")?.[1]);
        const deleted = await submit(
          `/staff/events/${event.id}`,
          eventAction,
          { "form-id": "event-form", intent: "delete", confirm: "yes" },
          { id: String(event.id) },
        );
        expect(deleted).toHaveRedirect("/staff/events");
        expect((await toastOf(deleted)).description).toBe(
          "“Quiz Sliders” went with it, so it is hidden now; tie it to another event on the menu page to show it again.",
        );
        const listed = (await staffMenu()).flatMap((section) => section.items);
        expect(listed.find((item) => item.id === id)).toMatchObject({
          eventId: null,
          eventTitle: null,
          hidden: true,
        });
      });
    });

    test("an item's form says while it is not available today", async ({
      wingsId,
      load,
      submit,
      staffMenu,
    }) => {
      const item = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
      const form = async () =>
        (await (
          await load(`/staff/menu/items/${item.id}`, itemLoader, { id: String(item.id) })
        ).json()) as { outToday: boolean };
      expect((await form()).outToday).toBe(false);
      await submit("/staff/menu", listAction, { intent: "mark-not-today", item: String(item.id) });
      try {
        expect((await form()).outToday).toBe(true);
      } finally {
        await submit("/staff/menu", listAction, {
          intent: "mark-available",
          item: String(item.id),
        });
      }
    });

    test("a new item's form starts in the section it was added from", async ({
      startersId,
      load,
    }) => {
      const page = await load(`/staff/menu/items/new?section=${startersId}`, itemLoader, {
        id: "new",
      });
      expect(await page.json()).toMatchObject({
        row: null,
        startIn: startersId,
        values: { sectionId: String(startersId) },
      });
      const unknown = await load("/staff/menu/items/new?section=987654", itemLoader, { id: "new" });
      expect(await unknown.json()).toMatchObject({ startIn: null });
    });

    test("edits tags, hides the item, and the public menu drops it", async ({
      submit,
      publicMenu,
      staffMenu,
      goodItem,
    }) => {
      const created = await submit(
        "/staff/menu/items/new",
        itemAction,
        goodItem({ name: "Soon Hidden" }),
        { id: "new" },
      );
      const id = /#item-(\d+)$/.exec(created.headers.get("Location") ?? "")![1]!;
      const response = await submit(
        `/staff/menu/items/${id}`,
        itemAction,
        [
          ...Object.entries(goodItem({ name: "Soon Hidden", hidden: "on" })),
          ["dietaryTags", "spicy"],
          ["dietaryTags", "gluten-free"],
          ["allergens", "milk"],
          ["badges", "new"],
        ],
        { id },
      );
      expect(response).toHaveRedirect(`/staff/menu#item-${id}`);
      const staffItem = (await staffMenu())
        .flatMap((s) => s.items)
        .find((item) => item.id === Number(id));
      expect(staffItem).toMatchObject({
        hidden: true,
        dietaryTags: ["spicy", "gluten-free"],
        allergens: ["milk"],
        badges: ["new"],
      });
      const names = (await publicMenu()).flatMap((s) => s.items).map((item) => item.name);
      expect(names).not.toContain("Soon Hidden");
    });

    /** Each case's form, made from a good item's (`good`). */
    type Fields = Record<string, string> | [string, string][];
    const refusals: [string, (good: GoodItem) => Fields, ItemField, RegExp][] = [
      ["a negative price", (good) => good({ price: "-4.00" }), "price", /cannot be negative/],
      ["a price of abc", (good) => good({ price: "abc" }), "price", /such as 14\.50/],
      [
        "a price over $10,000",
        (good) => good({ price: "10000.00" }),
        "price",
        /at most \$9,999\.99/,
      ],
      ["an empty name", (good) => good({ name: "" }), "name", /Enter the item’s name/],
      ["a name too long", (good) => good({ name: "W".repeat(101) }), "name", /100 characters/],
      [
        "a section id that is not a number",
        (good) => good({ sectionId: "wings" }),
        "sectionId",
        /listed/,
      ],
      [
        "an unknown section id",
        (good) => good({ sectionId: "987654" }),
        "sectionId",
        /no longer on the menu/,
      ],
      [
        "an unknown tag",
        (good) => [...Object.entries(good()), ["dietaryTags", "keto"]],
        "dietaryTags",
        /“keto” is not one of the dietary tags/,
      ],
      ...["__proto__", "constructor", "toString"].map(
        (name): [string, (good: GoodItem) => Fields, ItemField, RegExp] => [
          `a tag named like an object's own property (${name})`,
          (good) => [...Object.entries(good()), ["dietaryTags", name]],
          "dietaryTags",
          new RegExp(`“${name}” is not one of the dietary tags`),
        ],
      ),
      [
        "an unknown allergen",
        (good) => [...Object.entries(good()), ["allergens", "gluten"]],
        "allergens",
        /“gluten” is not one of the allergens/,
      ],
      [
        "a name sent twice (a list where text goes)",
        (good) => [...Object.entries(good()), ["name", "Second Name"]],
        "name",
        /sent more than once/,
      ],
      [
        "a price sent twice",
        (good) => [...Object.entries(good()), ["price", "1.00"]],
        "price",
        /sent more than once/,
      ],
      [
        "a tick box with a made-up value",
        (good) => good({ hidden: "please" }),
        "hidden",
        /Tick the box/,
      ],
      [
        "missing fields",
        () => ({ "form-id": "menu-item", name: "Only a Name" }),
        "price",
        /Enter a price/,
      ],
    ];

    test.for(refusals)(
      "refuses %s with 400, a message by the field, and what was typed",
      async ([, form, field, message], { db, submit, goodItem }) => {
        const fields = form(goodItem);
        const before = await db.query<{ count: number }>(
          "select count(*)::int as count from public.menu_items",
        );
        const response = await submit("/staff/menu/items/new", itemAction, fields, { id: "new" });
        expect(response.status).toBe(400);
        const body = (await response.json()) as Refusal;
        expect(body.errors[field]).toMatch(message);
        expect(body.formError).toMatch(/Please check \d answers? and save again\./);
        const sent = new URLSearchParams(fields);
        for (const name of ITEM_FIELDS) {
          if (sent.getAll(name).length === 1) expect(body.values[name]).toBe(sent.get(name));
        }
        const after = await db.query<{ count: number }>(
          "select count(*)::int as count from public.menu_items",
        );
        expect(after).toEqual(before);
      },
    );

    test.for([
      ["name", "Ghost Pepper ".repeat(8)],
      ["description", "Only for the brave. ".repeat(51)],
      ["portion", "One pound, ".repeat(4)],
      ["imageAlt", "Wings in a basket. ".repeat(16)],
    ] as const)(
      "a %s over its limit is refused whole, everything typed kept",
      async ([field, long], { db, submit, goodItem }) => {
        const before = await db.query("select id from public.menu_items");
        const sent = goodItem({ [field]: long });
        await expectRefusedWhole(
          await submit("/staff/menu/items/new", itemAction, sent, { id: "new" }),
          sent,
          field,
        );
        expect(await db.query("select id from public.menu_items")).toEqual(before);
      },
    );

    test("refusing an edit leaves the saved item as it was", async ({
      wingsId,
      submit,
      staffMenu,
      goodItem,
    }) => {
      const item = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
      const response = await submit(
        `/staff/menu/items/${item.id}`,
        itemAction,
        goodItem({ name: "Changed", price: "-1" }),
        { id: String(item.id) },
      );
      expect(response.status).toBe(400);
      const after = (await staffMenu()).find((s) => s.id === wingsId)!.items[0]!;
      expect(after).toEqual(item);
    });

    test.for(["987654", "0", "abc", "1.5", "99999999999999999999"])(
      "an unknown item id %j is a 404, for the page and its posts",
      async (id, { load, submit, goodItem }) => {
        expect((await load(`/staff/menu/items/${id}`, itemLoader, { id })).status).toBe(404);
        expect(
          (await submit(`/staff/menu/items/${id}`, itemAction, goodItem(), { id })).status,
        ).toBe(404);
        expect(
          (await submit(`/staff/menu/items/${id}`, itemAction, { intent: "delete" }, { id }))
            .status,
        ).toBe(404);
      },
    );

    test("delete asks first, then deletes with a toast", async ({
      wingsId,
      load,
      submit,
      goodItem,
    }) => {
      const created = await submit(
        "/staff/menu/items/new",
        itemAction,
        goodItem({ name: "Short Lived" }),
        { id: "new" },
      );
      const id = /#item-(\d+)$/.exec(created.headers.get("Location") ?? "")![1]!;
      const asked = await submit(
        `/staff/menu/items/${id}`,
        itemAction,
        { intent: "delete" },
        { id },
      );
      expect(asked.status).toBe(200);
      expect(await asked.json()).toEqual({ confirmDelete: true });
      expect((await load(`/staff/menu/items/${id}`, itemLoader, { id })).status).toBe(200);

      const deleted = await submit(
        `/staff/menu/items/${id}`,
        itemAction,
        { intent: "delete", confirm: "yes" },
        { id },
      );
      expect(deleted).toHaveRedirect(`/staff/menu#section-${wingsId}`);
      expect(deleted).toSetCookie("toast");
      expect((await load(`/staff/menu/items/${id}`, itemLoader, { id })).status).toBe(404);
    });
  });

  describe("the section editor", () => {
    const goodSection = (values: Record<string, string> = {}) => ({
      "form-id": "menu-section",
      name: "Late Night Bites",
      slug: "",
      description: "From ten until close.",
      note: "",
      ...values,
    });

    test("adds a section with an address made from its name; visitors see it once it has items", async ({
      submit,
      publicMenu,
      staffMenu,
      goodItem,
    }) => {
      const response = await submit("/staff/menu/sections/new", sectionAction, goodSection(), {
        id: "new",
      });
      expect(response.status).toBe(303);
      expect(response).toSetCookie("toast");
      const id = Number(/#section-(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
      const section = (await staffMenu()).find((s) => s.id === id);
      expect(section).toMatchObject({ slug: "late-night-bites", hidden: false });
      expect((await staffMenu()).at(-1)?.id).toBe(id);
      // An empty section shows nothing; with an item, visitors see it.
      expect((await publicMenu()).map((s) => s.slug)).not.toContain("late-night-bites");
      await submit("/staff/menu/items/new", itemAction, goodItem({ sectionId: String(id) }), {
        id: "new",
      });
      expect((await publicMenu()).map((s) => s.slug)).toContain("late-night-bites");
    });

    test("hiding a section takes it and its items off the public menu", async ({
      db,
      startersId,
      load,
      submit,
      publicMenu,
    }) => {
      const page = await load(`/staff/menu/sections/${startersId}`, sectionLoader, {
        id: String(startersId),
      });
      const { row: section } = (await page.json()) as { row: Record<string, string> };
      const response = await submit(
        `/staff/menu/sections/${startersId}`,
        sectionAction,
        { ...goodSection(), ...section, hidden: "on" } as Record<string, string>,
        { id: String(startersId) },
      );
      expect(response).toHaveRedirect(`/staff/menu#section-${startersId}`);
      try {
        const visible = await publicMenu();
        expect(visible.map((s) => s.id)).not.toContain(startersId);
      } finally {
        await db.query("update public.menu_sections set published = true where id = $1", [
          startersId,
        ]);
      }
    });

    test.for([
      [
        "a web address another section has",
        { slug: "wings" },
        "slug",
        /already has the web address “wings”/,
      ],
      [
        "a name whose address another section has",
        { name: "Wings!" },
        "slug",
        /already has the web address “wings”/,
      ],
      ["an address with spaces", { slug: "late night" }, "slug", /letters a to z/],
      ["an empty name", { name: "" }, "name", /Enter the section’s name/],
      ["a name too long", { name: "S".repeat(101) }, "name", /100 characters/],
      ["a tick box with a made-up value", { hidden: "yes" }, "hidden", /Tick the box/],
    ] as const)(
      "refuses %s, keeping what was typed",
      async ([, values, field, message], { submit }) => {
        const fields = goodSection(values);
        const response = await submit("/staff/menu/sections/new", sectionAction, fields, {
          id: "new",
        });
        expect(response.status).toBe(400);
        const body = (await response.json()) as Refusal;
        expect(body.errors[field]).toMatch(message);
        expect(body.values.name).toBe(fields.name);
        expect(body.values.description).toBe(fields.description);
      },
    );

    test.for([
      ["name", "Late Night ".repeat(10)],
      ["slug", "late-night-".repeat(6)],
      ["description", "From ten until close. ".repeat(46)],
      ["note", "Kitchen closes at one. ".repeat(14)],
    ] as const)(
      "a %s over its limit is refused whole, everything typed kept",
      async ([field, long], { db, submit }) => {
        const before = await db.query("select id from public.menu_sections");
        const sent = goodSection({ [field]: long });
        await expectRefusedWhole(
          await submit("/staff/menu/sections/new", sectionAction, sent, { id: "new" }),
          sent,
          field,
        );
        expect(await db.query("select id from public.menu_sections")).toEqual(before);
      },
    );

    test("a name sent as a list is refused", async ({ submit }) => {
      const response = await submit(
        "/staff/menu/sections/new",
        sectionAction,
        [...Object.entries(goodSection()), ["name", "Other"]],
        { id: "new" },
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as Refusal).errors.name).toMatch(/more than once/);
    });

    test("an unknown section id is a 404", async ({ load, submit }) => {
      expect(
        (await load("/staff/menu/sections/987654", sectionLoader, { id: "987654" })).status,
      ).toBe(404);
      expect(
        (
          await submit("/staff/menu/sections/987654", sectionAction, goodSection(), {
            id: "987654",
          })
        ).status,
      ).toBe(404);
    });

    test("deleting a section asks first, saying its items go too", async ({
      load,
      submit,
      staffMenu,
      goodItem,
    }) => {
      const created = await submit(
        "/staff/menu/sections/new",
        sectionAction,
        goodSection({ name: "Doomed" }),
        { id: "new" },
      );
      const id = /#section-(\d+)$/.exec(created.headers.get("Location") ?? "")![1]!;
      await submit(
        "/staff/menu/items/new",
        itemAction,
        goodItem({ sectionId: id, name: "Doomed Dish" }),
        {
          id: "new",
        },
      );
      const page = await load(`/staff/menu/sections/${id}`, sectionLoader, { id });
      expect(await page.json()).toMatchObject({ row: { itemCount: 1 } });
      const asked = await submit(
        `/staff/menu/sections/${id}`,
        sectionAction,
        { intent: "delete" },
        { id },
      );
      expect(await asked.json()).toEqual({ confirmDelete: true });
      const deleted = await submit(
        `/staff/menu/sections/${id}`,
        sectionAction,
        { intent: "delete", confirm: "yes" },
        { id },
      );
      expect(deleted).toHaveRedirect("/staff/menu");
      const names = (await staffMenu()).flatMap((s) => s.items).map((item) => item.name);
      expect(names).not.toContain("Doomed Dish");
    });
  });

  describe("diet tags against the section's traces", () => {
    const fryerSection = (values: Record<string, string> = {}): [string, string][] => [
      ["form-id", "menu-section"],
      ["name", "From the Fryer"],
      ["slug", "fryer"],
      ["description", "Fries and rings."],
      ["note", "Cooked in a fryer shared with battered fish and breaded items."],
      ...Object.entries(values),
    ];

    test("an item tagged with a diet its section's traces rule out is refused, as typed", async ({
      db,
      fryerId,
      submit,
      goodItem,
    }) => {
      const before = await db.query("select id from public.menu_items order by id");
      const sent: [string, string][] = [
        ...Object.entries(goodItem({ sectionId: String(fryerId), name: "Poutine Fries" })),
        ["dietaryTags", "vegan"],
        ["dietaryTags", "dairy-free"],
        ["dietaryTags", "spicy"],
      ];
      const response = await submit("/staff/menu/items/new", itemAction, sent, { id: "new" });
      expect(response.status).toBe(400);
      const body = (await response.json()) as Refusal;
      expect(body.errors.dietaryTags).toBe(
        "Everything in From the Fryer may contain traces of eggs, milk and fish (see the section’s note), so this item cannot be tagged Vegan and Dairy-free. Untick those tags; the menu tells diners what the section may contain.",
      );
      expect(body.values.dietaryTags).toBe("vegan,dairy-free,spicy");
      expect(body.values.name).toBe("Poutine Fries");
      expect(await db.query("select id from public.menu_items order by id")).toEqual(before);
    });

    test("moving a vegan item into the fryer's section is refused; its tags stay true", async ({
      db,
      fryerId,
      submit,
      goodItem,
    }) => {
      const [fizz] = await db.query<{ id: number }>(
        "select id::int as id from public.menu_items where name = 'Ginger-Lime Fizz'",
      );
      const sent: [string, string][] = [
        ...Object.entries(
          goodItem({ sectionId: String(fryerId), name: "Ginger-Lime Fizz", price: "7" }),
        ),
        ["dietaryTags", "vegan"],
        ["dietaryTags", "gluten-free"],
      ];
      const response = await submit(`/staff/menu/items/${fizz!.id}`, itemAction, sent, {
        id: String(fizz!.id),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Refusal).errors.dietaryTags).toMatch(
        /^Everything in From the Fryer may contain traces of eggs, milk, fish, wheat and barley .* cannot be tagged Vegan and Gluten-free\./,
      );
      const [after] = await db.query<{ sectionId: number }>(
        'select section_id::int as "sectionId" from public.menu_items where id = $1',
        [fizz!.id],
      );
      expect(after!.sectionId).not.toBe(fryerId);
    });

    test("the same item without the ruled-out tags is saved", async ({
      fryerId,
      submit,
      goodItem,
    }) => {
      const sent: [string, string][] = [
        ...Object.entries(goodItem({ sectionId: String(fryerId), name: "Curly Fries" })),
        ["dietaryTags", "spicy"],
      ];
      const response = await submit("/staff/menu/items/new", itemAction, sent, { id: "new" });
      expect(response.status).toBe(303);
    });

    test("a section's traces that would make its items' tags untrue are refused, naming them", async ({
      db,
      submit,
    }) => {
      const [mash] = await db.query<{ id: number }>(
        "select id::int as id from public.menu_items where name = 'Garlic Mash'",
      );
      const [sides] = await db.query<{ id: number }>(
        "select id::int as id from public.menu_sections where slug = 'sides'",
      );
      const sent: [string, string][] = [
        ["form-id", "menu-section"],
        ["name", "Sides"],
        ["slug", "sides"],
        ["description", "On their own or alongside anything from the kitchen."],
        ["note", "Everything here shares a fryer with battered fish."],
        ["mayContain", "fish"],
        ["mayContain", "wheat"],
      ];
      const response = await submit(`/staff/menu/sections/${sides!.id}`, sectionAction, sent, {
        id: String(sides!.id),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as Refusal;
      expect(body.errors.mayContain).toBe(
        "Traces of fish and wheat would make these items’ tags untrue: Garlic Mash (Vegetarian and Gluten-free) and Seasonal Vegetables (Vegan, Vegetarian and Gluten-free). Untick those tags on the items first, or leave those allergens unticked.",
      );
      expect(body.values.note).toBe("Everything here shares a fryer with battered fish.");
      expect(body.values.mayContain).toBe("fish,wheat");
      const [after] = await db.query<{ note: string; mayContain: string[] }>(
        'select note, may_contain as "mayContain" from public.menu_sections where id = $1',
        [sides!.id],
      );
      expect(after).toEqual({ note: "", mayContain: [] });
      expect(mash).toBeDefined();
    });

    test("a note naming traces the list leaves out is refused on the note", async ({
      fryerId,
      submit,
    }) => {
      const sent = fryerSection({ mayContain: "wheat" });
      const response = await submit(`/staff/menu/sections/${fryerId}`, sectionAction, sent, {
        id: String(fryerId),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as Refusal;
      expect(body.errors.note).toBe(
        "The note speaks of fish passing to this section’s food; tick Fish under “May contain traces of” too, so the items’ diet tags are held to it.",
      );
      expect(body.values.note).toBe(
        "Cooked in a fryer shared with battered fish and breaded items.",
      );
    });

    test("the public menu says what the section may contain, and saving the list keeps it", async ({
      fryerId,
      submit,
      publicMenu,
    }) => {
      const sent: [string, string][] = [
        ...fryerSection(),
        ["mayContain", "wheat"],
        ["mayContain", "barley"],
        ["mayContain", "fish"],
        ["mayContain", "milk"],
        ["mayContain", "eggs"],
      ];
      const response = await submit(`/staff/menu/sections/${fryerId}`, sectionAction, sent, {
        id: String(fryerId),
      });
      expect(response.status).toBe(303);
      const fryer = (await publicMenu()).find((section) => section.id === fryerId)!;
      expect(fryer.mayContain).toEqual(["wheat", "barley", "fish", "milk", "eggs"]);
      expect(fryer.note).toBe("Cooked in a fryer shared with battered fish and breaded items.");
    });
  });

  describe("the item editor's picture", () => {
    const savedId = (response: Response) =>
      Number(/#item-(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);

    test("a PNG named .jpg is read by its content and saved with its description", async ({
      db,
      postMultipart,
      goodItem,
    }) => {
      const file = new File([await png()], "nachos.jpg", { type: "image/jpeg" });
      const response = await postMultipart(
        "/staff/menu/items/new",
        itemAction,
        goodItem({ name: "Pictured Wings", imageAlt: "Red wings in a basket." }),
        file,
        { id: "new" },
      );
      expect(response.status).toBe(303);
      const id = savedId(response);
      const [row] = await db.query<{ path: string; alt: string }>(
        "select image_path as path, image_alt as alt from public.menu_items where id = $1",
        [id],
      );
      expect(row?.path).toMatch(/^uploads\/[0-9a-f]{16}\.png$/);
      expect(row?.alt).toBe("Red wings in a basket.");
    });

    test("a picture without a description is refused, the upload kept for the next post", async ({
      db,
      postMultipart,
      goodItem,
    }) => {
      const file = new File([await png("#2e86c1")], "wings.png", { type: "image/png" });
      const fields = goodItem({ name: "Blue Wings" });
      const refused = await postMultipart("/staff/menu/items/new", itemAction, fields, file, {
        id: "new",
      });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as Refusal;
      expect(body.errors).toEqual({
        imageAlt: "Describe the picture for people who cannot see it.",
      });
      expect(body.values.imagePath).toMatch(/^uploads\/[0-9a-f]{16}\.png$/);
      expect(body.values.name).toBe("Blue Wings");

      // The form comes back with the upload in its kept field: nothing to choose again.
      const saved = await postMultipart(
        "/staff/menu/items/new",
        itemAction,
        { ...fields, imagePath: body.values.imagePath!, imageAlt: "Wings on a blue plate." },
        null,
        { id: "new" },
      );
      expect(saved.status).toBe(303);
      const [row] = await db.query<{ path: string }>(
        "select image_path as path from public.menu_items where id = $1",
        [savedId(saved)],
      );
      expect(row?.path).toBe(body.values.imagePath);
    });

    test.for([
      [
        "an SVG",
        () =>
          new File(
            ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
            "x.svg",
            {
              type: "image/svg+xml",
            },
          ),
        /Choose a JPEG, PNG, WebP or AVIF picture/,
      ],
      [
        "a text file named .png",
        () => new File(["not a picture"], "menu.png", { type: "image/png" }),
        /Choose a JPEG, PNG, WebP or AVIF picture/,
      ],
      [
        "a file over 10 MB",
        () => new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.jpg", { type: "image/jpeg" }),
        /10 MB/,
      ],
    ] as const)(
      "%s is refused by the picture field, the rest kept, nothing saved",
      async ([, make, message], { db, postMultipart, goodItem }) => {
        const fields = goodItem({ name: "Never Saved", imageAlt: "Something." });
        const before = await db.query<{ count: number }>(
          "select count(*)::int as count from public.menu_items",
        );
        const response = await postMultipart("/staff/menu/items/new", itemAction, fields, make(), {
          id: "new",
        });
        expect(response.status).toBe(400);
        const body = (await response.json()) as Refusal;
        expect(body.errors.imageFile).toMatch(message);
        expect(body.values).toMatchObject({
          name: "Never Saved",
          imageAlt: "Something.",
          imagePath: "",
        });
        expect(
          await db.query<{ count: number }>("select count(*)::int as count from public.menu_items"),
        ).toEqual(before);
      },
    );

    test("a kept path that names no known picture is refused", async ({
      postMultipart,
      goodItem,
    }) => {
      const response = await postMultipart(
        "/staff/menu/items/new",
        itemAction,
        goodItem({ imagePath: "uploads/0123456789abcdef.jpg", imageAlt: "Gone." }),
        null,
        { id: "new" },
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as Refusal).errors.imageFile).toMatch(/no longer available/);
    });

    test("removing an item's picture takes it off", async ({
      db,
      load,
      postMultipart,
      goodItem,
    }) => {
      const file = new File([await png("#27ae60")], "green.png", { type: "image/png" });
      const created = await postMultipart(
        "/staff/menu/items/new",
        itemAction,
        goodItem({ name: "Green Wings", imageAlt: "Green wings." }),
        file,
        { id: "new" },
      );
      const id = String(savedId(created));
      const page = await load(`/staff/menu/items/${id}`, itemLoader, { id });
      const { row: item } = (await page.json()) as { row: { imagePath: string } };
      const removed = await postMultipart(
        `/staff/menu/items/${id}`,
        itemAction,
        goodItem({
          name: "Green Wings",
          imagePath: item.imagePath,
          imageRemove: "on",
          imageAlt: "",
        }),
        null,
        { id },
      );
      expect(removed.status).toBe(303);
      const [row] = await db.query<{ path: string | null }>(
        "select image_path as path from public.menu_items where id = $1",
        [Number(id)],
      );
      expect(row?.path).toBeNull();
    });
  });
});
