import { describe, expect } from "vitest";
import { moveRow } from "~/platform/database/ordered-rows.server";
import { drivers, routeTest } from "../../../tests/support/route-test";
import type { Database } from "~/platform/database/database.server";
import { getMenu } from "~/menu/menu.server";
import {
  countSectionItems,
  deleteItem,
  deleteSection,
  getItem,
  getSection,
  insertItem,
  insertSection,
  listMenuForEditor,
  MENU_ITEMS,
  MENU_SECTIONS,
  sectionTraces,
  setItemAvailability,
  untieItems,
  updateItem,
  updateSection,
} from "./menu-editor.server";
import { itemInput } from "./menu-item.test-support";
import type { SectionInput } from "./menu-rules";

const newSection = (values: Partial<SectionInput> = {}): SectionInput => ({
  name: "Late Night",
  slug: "late-night",
  description: "After ten.",
  note: "",
  mayContain: [],
  hidden: false,
  ...values,
});

const newItem = itemInput;

const code = (error: unknown) => (error as { code?: string }).code;

/** The id of the seeded section `slug`. */
const sectionId = async (db: Database, slug: string) =>
  (
    await db.query<{ id: number }>(
      "select id::int as id from public.menu_sections where slug = $1",
      [slug],
    )
  )[0]!.id;

const test = routeTest
  .extend("startersId", ({ once, db }) => once("starters", () => sectionId(db, "starters")))
  .extend("wingsId", ({ once, db }) => once("wings", () => sectionId(db, "wings")));

describe.each(drivers)("the menu editor's queries on %s", (driver) => {
  test.override({ driver });

  test("an editor adds a section and an item, both last, and the menu shows them", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const sectionId = await insertSection(tx, newSection());
      const itemId = await insertItem(tx, newItem(sectionId));
      const second = await insertItem(tx, newItem(sectionId, { name: "Late Wings" }));
      const menu = await listMenuForEditor(tx);
      expect(menu.at(-1)).toMatchObject({ id: sectionId, slug: "late-night", hidden: false });
      expect(menu.at(-1)!.items.map((item) => item.id)).toEqual([itemId, second]);
      expect(await getItem(tx, itemId)).toMatchObject({
        sectionId,
        priceCents: 950,
        dietaryTags: ["vegetarian"],
        allergens: ["wheat"],
        badges: ["new"],
        available: true,
        imagePath: null,
      });
      const published = await getMenu(tx);
      expect(published.at(-1)?.items.map((item) => item.name)).toEqual([
        "Midnight Fries",
        "Late Wings",
      ]);
    });
  });

  test("a dish tied to an event is on the public menu with its event's day; deleting the event first unties and hides it", async ({
    asEditor,
    startersId,
  }) => {
    await asEditor(async (tx) => {
      const [event] = await tx.query<{ id: number; day: string }>(
        `select id::int as id,
           to_char(starts_at at time zone 'America/Toronto', 'YYYY-MM-DD') as day
         from public.events where slug = 'trivia-night'`,
      );
      const itemId = await insertItem(
        tx,
        newItem(startersId, { name: "Quiz Platter", eventId: event!.id }),
      );
      expect(await getItem(tx, itemId)).toMatchObject({
        eventId: event!.id,
        eventTitle: "Trivia Night",
      });
      const tied = (await getMenu(tx)).flatMap((section) => section.items);
      expect(tied.find((item) => item.id === itemId)).toMatchObject({
        eventId: event!.id,
        eventDay: event!.day,
      });
      expect(await untieItems(tx, event!.id)).toContain("Quiz Platter");
      expect(await getItem(tx, itemId)).toMatchObject({ eventId: null, hidden: true });
    });
  });

  test("an event a dish is tied to cannot be deleted while it is", async ({
    asEditor,
    startersId,
  }) => {
    await expect(
      asEditor(async (tx) => {
        // An event no special is tied to: only the dish holds it.
        const [event] = await tx.query<{ id: number }>(
          `select id::int as id from public.events e
           where not exists (select 1 from public.specials s where s.event_id = e.id)
           order by id limit 1`,
        );
        await insertItem(tx, newItem(startersId, { name: "Gig Nachos", eventId: event!.id }));
        await tx.query("delete from public.events where id = $1", [event!.id]);
      }),
    ).rejects.toThrow(/menu_items/);
  });

  test("an editor's write lands in the audit log under their name", async ({
    claims,
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const sectionId = await insertSection(tx, newSection({ slug: "audited" }));
      const [entry] = await tx.query<{ actor: string; operation: string }>(
        `select actor::text as actor, operation from public.audit_log
         where table_name = 'menu_sections' and new_row->>'id' = $1`,
        [String(sectionId)],
      );
      expect(entry).toEqual({ actor: claims.editor.sub, operation: "INSERT" });
    });
  });

  test("hidden items and hidden sections leave the public menu; staff still see them", async ({
    asEditor,
    startersId,
    wingsId,
  }) => {
    await asEditor(async (tx) => {
      const [wings] = (await listMenuForEditor(tx)).filter((section) => section.id === wingsId);
      const hiddenItem = wings!.items[0]!;
      expect(
        await updateItem(
          tx,
          hiddenItem.id,
          {
            ...newItem(wingsId, { name: hiddenItem.name, price: hiddenItem.priceCents }),
            hidden: true,
          },
          null,
        ),
      ).toBe(true);
      const starters = (await getSection(tx, startersId))!;
      expect(await updateSection(tx, startersId, { ...starters, hidden: true })).toBe(true);

      const published = await getMenu(tx);
      expect(published.map((section) => section.id)).not.toContain(startersId);
      const publicWings = published.find((section) => section.id === wingsId)!;
      expect(publicWings.items.map((item) => item.id)).not.toContain(hiddenItem.id);

      const staffView = await listMenuForEditor(tx);
      expect(staffView.find((section) => section.id === startersId)?.hidden).toBe(true);
      const staffWings = staffView.find((section) => section.id === wingsId)!;
      expect(staffWings.items.find((item) => item.id === hiddenItem.id)?.hidden).toBe(true);
    });
  });

  test("an item off the menu stays listed, marked, until it is put back", async ({ asEditor }) => {
    await asEditor(async (tx) => {
      const itemId = (await listMenuForEditor(tx))[0]!.items[0]!.id;
      const now = new Date("2026-11-27T03:00:00Z");
      expect(await setItemAvailability(tx, itemId, "off-menu", now)).toBeTypeOf("string");
      const item = (await getMenu(tx))
        .flatMap((section) => section.items)
        .find((i) => i.id === itemId);
      expect(item).toMatchObject({ available: false, unavailableUntil: null });
      await setItemAvailability(tx, itemId, "available", now);
      expect(await getItem(tx, itemId)).toMatchObject({ available: true, unavailableUntil: null });
    });
  });

  test("not available today lasts until the pub's next 4 am, Toronto time, and is read back as such", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const itemId = (await listMenuForEditor(tx))[0]!.items[0]!.id;
      // 10:30 pm in Toronto on Thursday 26 November: back at 4 am on Friday (EST, UTC−5).
      await setItemAvailability(tx, itemId, "not-today", new Date("2026-11-27T03:30:00Z"));
      expect(await getItem(tx, itemId)).toMatchObject({
        available: true,
        unavailableUntil: "2026-11-27T09:00:00.000Z",
      });
      const item = (await getMenu(tx))
        .flatMap((section) => section.items)
        .find((i) => i.id === itemId);
      expect(item?.unavailableUntil).toBe("2026-11-27T09:00:00.000Z");

      // Taken off the menu after all: the time no longer applies.
      await setItemAvailability(tx, itemId, "off-menu", new Date("2026-11-27T03:40:00Z"));
      expect(await getItem(tx, itemId)).toMatchObject({ available: false, unavailableUntil: null });
    });
  });

  test("a web address another section has is refused as a unique violation", async ({
    asEditor,
    startersId,
  }) => {
    await expect(
      asEditor((tx) => insertSection(tx, newSection({ slug: "wings" }))),
    ).rejects.toSatisfy((error) => code(error) === "23505");
    await expect(
      asEditor((tx) =>
        updateSection(tx, startersId, newSection({ name: "Starters", slug: "wings" })),
      ),
    ).rejects.toSatisfy((error) => code(error) === "23505");
  });

  test("an item in a section that does not exist is refused as a foreign key violation", async ({
    asEditor,
  }) => {
    await expect(asEditor((tx) => insertItem(tx, newItem(987_654)))).rejects.toSatisfy(
      (error) => code(error) === "23503",
    );
    expect(await asEditor((tx) => sectionTraces(tx, 987_654))).toBeNull();
  });

  test("unknown ids change nothing and say so", async ({ asEditor, wingsId }) => {
    await asEditor(async (tx) => {
      expect(await getItem(tx, 987_654)).toBeNull();
      expect(await getSection(tx, 987_654)).toBeNull();
      expect(await updateItem(tx, 987_654, newItem(wingsId), null)).toBe(false);
      expect(await updateSection(tx, 987_654, newSection())).toBe(false);
      expect(await setItemAvailability(tx, 987_654, "off-menu", new Date())).toBeNull();
      expect(await moveRow(tx, MENU_ITEMS, 987_654, "up")).toBeNull();
      expect(await moveRow(tx, MENU_SECTIONS, 987_654, "up")).toBeNull();
      expect(await deleteItem(tx, 987_654)).toBe(false);
      expect(await deleteSection(tx, 987_654)).toBe(false);
    });
  });

  test("moving an item swaps it with its neighbour in its section; the ends stay put", async ({
    asEditor,
    wingsId,
  }) => {
    await asEditor(async (tx) => {
      const before = (await listMenuForEditor(tx)).find((s) => s.id === wingsId)!.items;
      const [first, second] = before;
      expect(await moveRow(tx, MENU_ITEMS, second!.id, "up")).toEqual({
        name: second!.name,
        moved: true,
      });
      const after = (await listMenuForEditor(tx)).find((s) => s.id === wingsId)!.items;
      expect(after.map((item) => item.id)).toEqual([
        second!.id,
        first!.id,
        ...before.slice(2).map((item) => item.id),
      ]);
      expect(await moveRow(tx, MENU_ITEMS, second!.id, "up")).toEqual({
        name: second!.name,
        moved: false,
      });
      const last = after.at(-1)!;
      expect(await moveRow(tx, MENU_ITEMS, last.id, "down")).toEqual({
        name: last.name,
        moved: false,
      });
      // The public menu follows.
      const published = (await getMenu(tx)).find((section) => section.id === wingsId)!;
      expect(published.items[0]?.id).toBe(second!.id);
    });
  });

  test("moving among equal sort orders numbers the rows afresh", async ({ asEditor }) => {
    await asEditor(async (tx) => {
      const sectionId = await insertSection(tx, newSection({ slug: "ties" }));
      const ids = [];
      for (const name of ["A", "B", "C"])
        ids.push(await insertItem(tx, newItem(sectionId, { name })));
      await tx.query("update public.menu_items set sort_order = 5 where section_id = $1", [
        sectionId,
      ]);
      await moveRow(tx, MENU_ITEMS, ids[2]!, "up");
      const items = (await listMenuForEditor(tx)).find((s) => s.id === sectionId)!.items;
      expect(items.map((item) => item.name)).toEqual(["A", "C", "B"]);
    });
  });

  test("moving a section changes the order of the public menu", async ({ asEditor }) => {
    await asEditor(async (tx) => {
      const before = (await listMenuForEditor(tx)).map((section) => section.id);
      expect(await moveRow(tx, MENU_SECTIONS, before[1]!, "up")).toMatchObject({ moved: true });
      const after = (await getMenu(tx)).map((section) => section.id);
      expect(after.slice(0, 2)).toEqual([before[1], before[0]]);
      expect(await moveRow(tx, MENU_SECTIONS, before[1]!, "up")).toMatchObject({ moved: false });
    });
  });

  test("an item moved to another section goes to its end", async ({
    asEditor,
    startersId,
    wingsId,
  }) => {
    await asEditor(async (tx) => {
      const menu = await listMenuForEditor(tx);
      const moving = menu.find((s) => s.id === startersId)!.items[0]!;
      await updateItem(tx, moving.id, newItem(wingsId, { name: moving.name }), null);
      const wings = (await listMenuForEditor(tx)).find((s) => s.id === wingsId)!.items;
      expect(wings.at(-1)?.id).toBe(moving.id);
    });
  });

  test("deleting a section deletes its items", async ({ asEditor, wingsId }) => {
    await asEditor(async (tx) => {
      const count = await countSectionItems(tx, wingsId);
      expect(count).toBeGreaterThan(0);
      expect(await deleteSection(tx, wingsId)).toBe(true);
      const [left] = await tx.query<{ count: number }>(
        "select count(*)::int as count from public.menu_items where section_id = $1",
        [wingsId],
      );
      expect(left?.count).toBe(0);
    });
  });

  test("the database checks refuse what the form would: a negative price, an unknown tag", async ({
    asEditor,
    wingsId,
  }) => {
    await expect(
      asEditor((tx) => insertItem(tx, newItem(wingsId, { price: -1 }))),
    ).rejects.toSatisfy((error) => code(error) === "23514");
    await expect(
      asEditor((tx) => insertItem(tx, newItem(wingsId, { dietaryTags: ["keto"] as never }))),
    ).rejects.toSatisfy((error) => code(error) === "23514");
  });

  describe.each([
    ["a signed-in user who is not staff", "stranger"],
    ["a visitor (anon)", "anon"],
  ])("%s", (_, who) => {
    test("cannot add a section or an item", async ({ asStranger, asAnon, wingsId }) => {
      const as = who === "anon" ? asAnon : asStranger;
      await expect(as((tx) => insertSection(tx, newSection({ slug: "sneaky" })))).rejects.toSatisfy(
        (error) => code(error) === "42501",
      );
      await expect(as((tx) => insertItem(tx, newItem(wingsId)))).rejects.toSatisfy(
        (error) => code(error) === "42501",
      );
    });

    test("cannot change, move, mark or delete what is there", async ({
      asStranger,
      asAnon,
      db,
      wingsId,
    }) => {
      const as = who === "anon" ? asAnon : asStranger;
      const [item] = await db.query<{ id: number }>(
        "select id::int as id from public.menu_items where section_id = $1 order by sort_order limit 1",
        [wingsId],
      );
      const attempts: [string, (tx: Database) => Promise<unknown>, unknown][] = [
        [
          "mark off the menu",
          (tx) => setItemAvailability(tx, item!.id, "off-menu", new Date()),
          null,
        ],
        [
          "mark not available today",
          (tx) => setItemAvailability(tx, item!.id, "not-today", new Date()),
          null,
        ],
        [
          "edit item",
          (tx) => updateItem(tx, item!.id, newItem(wingsId, { name: "Changed" }), null),
          false,
        ],
        ["edit section", (tx) => updateSection(tx, wingsId, newSection()), false],
        ["move item", (tx) => moveRow(tx, MENU_ITEMS, item!.id, "down"), null],
        ["move section", (tx) => moveRow(tx, MENU_SECTIONS, wingsId, "down"), null],
        ["delete item", (tx) => deleteItem(tx, item!.id), false],
        ["delete section", (tx) => deleteSection(tx, wingsId), false],
      ];
      for (const [what, attempt, nothing] of attempts) {
        // Refused outright, or finding nothing it may change: either way nothing changes.
        const outcome = await as(attempt).then(
          (result) => ({ result }),
          (error: unknown) => ({ code: code(error) }),
        );
        expect([{ result: nothing }, { code: "42501" }], what).toContainEqual(outcome);
      }
    });

    test("cannot see hidden rows", async ({ asStranger, asAnon, db }) => {
      const as = who === "anon" ? asAnon : asStranger;
      const hiddenId = await db.query<{ id: number }>(
        `update public.menu_items set published = false
         where id = (select min(id) from public.menu_items) returning id::int as id`,
      );
      try {
        const seen = await as((tx) => getItem(tx, hiddenId[0]!.id));
        expect(seen).toBeNull();
      } finally {
        await db.query("update public.menu_items set published = true where id = $1", [
          hiddenId[0]!.id,
        ]);
      }
    });
  });
});
