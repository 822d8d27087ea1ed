import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { sectionWith as ownSection } from "../../tests/support/menu-sections";
import type { Database } from "~/platform/database/database.server";
import { toastCookie } from "~/platform/toast.server";
import { action as pricesAction, loader as pricesLoader } from "./staff/menu-prices";
import { recentChangesAs, undoAs } from "../../tests/support/recent-changes";

type Handler = (args: never) => unknown;

type Answer = {
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
  changed?: boolean;
  preview?: {
    section: { id: number; name: string };
    words: string;
    rows: { id: number; name: string; portion: string; from: number; to: number }[];
    free: string[];
    key: string;
  };
};

const test = routeTest
  .extend(
    "send",
    ({ staff, editor }) =>
      (fields: Record<string, string>) =>
        staff.submit(editor, "/staff/menu/prices", fields, pricesAction as Handler, {}),
  )
  .extend(
    "open",
    ({ staff, editor }) =>
      async (query = "") =>
        (await (
          await staff.load(editor, `/staff/menu/prices${query}`, pricesLoader as Handler, {})
        ).json()) as {
          sections: { id: number; name: string; dishes: number }[];
          startWith: number | null;
        },
  )
  .extend(
    "recentChanges",
    ({ staff, editor }) =>
      () =>
        recentChangesAs(staff, editor),
  );

type Change = {
  section: number;
  direction?: string;
  amount: string;
  unit?: string;
  rounding?: string;
};

const check = ({
  section,
  direction = "up",
  amount,
  unit = "percent",
  rounding = "cent",
}: Change) => ({
  "form-id": "menu-prices",
  section: String(section),
  direction,
  amount,
  unit,
  rounding,
});

/** The save the check's answer offers: the change as checked, and its key. */
const saveFrom = ({ values, preview }: Answer) => ({
  ...values,
  "form-id": "menu-prices-save",
  key: preview!.key,
});

/** A section of the test's own, with dishes at these prices (a portion after a " | "). */
const sectionWith = (db: Database, dishes: Record<string, number>) =>
  ownSection(db, dishes, "Price Section");

const pricesIn = async (db: Database, section: number) =>
  (
    await db.query<{ name: string; portion: string; priceCents: number }>(
      `select name, portion, price_cents as "priceCents" from public.menu_items
       where section_id = $1 order by sort_order, id`,
      [section],
    )
  ).map(
    ({ name, portion, priceCents }) => `${name}${portion ? ` | ${portion}` : ""} ${priceCents}`,
  );

async function toastOf(response: Response): Promise<{ title: string; description?: string }> {
  const set = response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
  return (await toastCookie.parse(set?.split(";")[0] ?? null)) as { title: string };
}

describe.each(drivers)("a section's prices changed at once on %s", (driver) => {
  test.override({ driver });

  test("the page lists the sections, and starts with the one it was opened for", async ({
    db,
    open,
  }) => {
    const section = await sectionWith(db, { Ale: 700, Lager: 650 });
    const page = await open(`?section=${section.id}`);
    expect(page.sections).toContainEqual({ id: section.id, name: section.name, dishes: 2 });
    expect(page.startWith).toBe(section.id);
    expect((await open("?section=999999")).startWith).toBeNull();
    expect((await open()).startWith).toBeNull();
  });

  test("a check shows every dish and size from old to new and saves nothing", async ({
    db,
    send,
  }) => {
    const section = await sectionWith(db, {
      "House Red | 6 oz": 1100,
      "House Red | 9 oz": 1550,
      "Tap Water": 0,
    });
    const response = await send(check({ section: section.id, amount: "5", rounding: "quarter" }));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(answer.preview).toMatchObject({
      section,
      words: "up 5%, to the nearest 25¢",
      rows: [
        { name: "House Red", portion: "6 oz", from: 1100, to: 1150 },
        { name: "House Red", portion: "9 oz", from: 1550, to: 1625 },
      ],
      free: ["Tap Water"],
    });
    expect(answer.values).toMatchObject({ amount: "5", rounding: "quarter" });
    expect(await pricesIn(db, section.id)).toEqual([
      "House Red | 6 oz 1100",
      "House Red | 9 oz 1550",
      "Tap Water 0",
    ]);
  });

  test("the save writes every new price, says so, and Recent changes lists it as one change, undone as one", async ({
    db,
    send,
    recentChanges,
    staff,
    owner,
  }) => {
    const section = await sectionWith(db, { Wings: 1600, Fries: 650, Dip: 150 });
    const checked = (await (
      await send(check({ section: section.id, amount: "1.00", unit: "dollars", direction: "down" }))
    ).json()) as Answer;
    const saved = await send(saveFrom(checked));
    expect(saved).toHaveRedirect(`/staff/menu#section-${section.id}`);
    expect(await toastOf(saved)).toMatchObject({
      title: "Saved. Visitors see it now.",
      description: `Changed 3 prices in ${section.name}: down $1.00, to the cent.`,
    });
    expect(await pricesIn(db, section.id)).toEqual(["Wings 1500", "Fries 550", "Dip 50"]);

    const [change] = await recentChanges();
    expect(change).toMatchObject({
      what: `Changed the prices of “${section.name}”, down $1.00, to the cent (3 entries)`,
    });
    expect(change!.details).toEqual([
      {
        kind: "rows",
        text: "Each of the 3",
        rows: [
          "Wings: price $16.00 → $15.00",
          "Fries: price $6.50 → $5.50",
          "Dip: price $1.50 → $0.50",
        ],
      },
    ]);
    expect(await undoAs(staff, owner, change!.id)).toHaveRedirect("/staff/changes");
    expect(await pricesIn(db, section.id)).toEqual(["Wings 1600", "Fries 650", "Dip 150"]);
  });

  test("a price the rounding leaves as it is is listed so, and not written", async ({
    db,
    send,
  }) => {
    const section = await sectionWith(db, { Pint: 799, Jug: 2499 });
    const checked = (await (
      await send(check({ section: section.id, amount: "1", rounding: "ninety-nine" }))
    ).json()) as Answer;
    expect(checked.preview!.rows.map((row) => [row.from, row.to])).toEqual([
      [799, 799],
      [2499, 2499],
    ]);
    const bigger = (await (
      await send(check({ section: section.id, amount: "10", rounding: "ninety-nine" }))
    ).json()) as Answer;
    expect(bigger.preview!.rows.map((row) => row.to)).toEqual([899, 2699]);
  });

  test.for([
    ["an empty amount", { amount: "" }, /^Enter how much/],
    [
      "an amount that is not a number",
      { amount: "a fiver", unit: "dollars" },
      /^Enter an amount in dollars/,
    ],
    ["a percentage that is not a number", { amount: "five" }, /^Enter a percentage/],
    ["a signed amount", { amount: "-5" }, /^Enter the amount without a sign/],
    ["a zero amount", { amount: "0" }, /^Enter a percentage more than 0/],
  ] as const)(
    "refuses %s, keeping the change as typed",
    async ([, change, message], { db, send }) => {
      const section = await sectionWith(db, { Nachos: 1900 });
      const response = await send(check({ section: section.id, ...change }));
      expect(response.status).toBe(400);
      const answer = (await response.json()) as Answer;
      expect(answer.errors.amount).toMatch(message);
      expect(answer.values).toMatchObject({ section: String(section.id), amount: change.amount });
    },
  );

  test("refuses a change that makes prices $0 or less, naming the dishes", async ({ db, send }) => {
    const section = await sectionWith(db, { Steak: 3200, "Side Salad": 400, "Soup | cup": 450 });
    const response = await send(
      check({ section: section.id, amount: "4.50", unit: "dollars", direction: "down" }),
    );
    expect(response.status).toBe(400);
    const answer = (await response.json()) as Answer;
    expect(answer.errors.amount).toBe(
      "That would make these prices $0 or less: Side Salad ($4.00 → -$0.50) and Soup (cup) ($4.50 → $0.00). Choose a smaller change.",
    );
    expect(answer.values.amount).toBe("4.50");
  });

  test("refuses a change that makes a price more than a dish may cost, naming it", async ({
    db,
    send,
  }) => {
    const section = await sectionWith(db, { "Whole Pig Roast": 900_000, Skewer: 1200 });
    const response = await send(check({ section: section.id, amount: "20" }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as Answer).errors.amount).toBe(
      "That would make this price more than $9,999.99, the most a dish can cost: Whole Pig Roast ($9,000 → $10,800). Choose a smaller change.",
    );
  });

  test("refuses a section with no dishes, or only free ones", async ({ db, send }) => {
    const empty = await sectionWith(db, {});
    const free = await sectionWith(db, { "Tap Water": 0 });
    const none = (await (await send(check({ section: empty.id, amount: "5" }))).json()) as Answer;
    expect(none.errors.section).toBe(
      `${empty.name} has no dishes yet, so it has no prices to change.`,
    );
    const onlyFree = (await (
      await send(check({ section: free.id, amount: "5" }))
    ).json()) as Answer;
    expect(onlyFree.errors.section).toBe(
      `Every dish in ${free.name} is free ($0), so it has no prices to change.`,
    );
  });

  test("refuses a section that is no longer on the menu, at the check and at the save", async ({
    db,
    send,
  }) => {
    const section = await sectionWith(db, { Pie: 800 });
    const checked = (await (
      await send(check({ section: section.id, amount: "5" }))
    ).json()) as Answer;
    await db.query("delete from public.menu_sections where id = $1", [section.id]);

    const saved = await send(saveFrom(checked));
    expect(saved.status).toBe(400);
    const answer = (await saved.json()) as Answer;
    expect(answer.errors.section).toMatch(/^That section is no longer on the menu/);
    expect(answer.values).toMatchObject({ section: String(section.id), amount: "5" });

    const again = await send(check({ section: section.id, amount: "5" }));
    expect(again.status).toBe(400);
    expect(((await again.json()) as Answer).errors.section).toMatch(/^That section is no longer/);
  });

  test("a save after the section's prices changed is refused with the new preview, and saves nothing", async ({
    db,
    send,
  }) => {
    const section = await sectionWith(db, { Burger: 1800, Fries: 600 });
    const checked = (await (
      await send(check({ section: section.id, amount: "10" }))
    ).json()) as Answer;
    expect(checked.preview!.rows.map((row) => row.to)).toEqual([1980, 660]);

    // Someone changes a price, and adds a dish, before the save.
    await db.query(
      "update public.menu_items set price_cents = 2000 where section_id = $1 and name = 'Burger'",
      [section.id],
    );
    await db.query(
      `insert into public.menu_items (section_id, name, price_cents, sort_order)
       values ($1, 'Onion Rings', 700, 1000)`,
      [section.id],
    );
    const refused = await send(saveFrom(checked));
    expect(refused.status).toBe(409);
    const answer = (await refused.json()) as Answer;
    expect(answer.changed).toBe(true);
    expect(answer.preview!.rows.map((row) => [row.name, row.from, row.to])).toEqual([
      ["Burger", 2000, 2200],
      ["Fries", 600, 660],
      ["Onion Rings", 700, 770],
    ]);
    expect(answer.values).toMatchObject({ section: String(section.id), amount: "10" });
    expect(await pricesIn(db, section.id)).toEqual(["Burger 2000", "Fries 600", "Onion Rings 700"]);

    // The new preview saves.
    expect(await send(saveFrom(answer))).toHaveRedirect(`/staff/menu#section-${section.id}`);
    expect(await pricesIn(db, section.id)).toEqual(["Burger 2200", "Fries 660", "Onion Rings 770"]);
  });

  test("a save without its check is refused, keeping the change", async ({ db, send }) => {
    const section = await sectionWith(db, { Poutine: 1400 });
    const response = await send({
      ...check({ section: section.id, amount: "5" }),
      "form-id": "menu-prices-save",
      key: "",
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as Answer;
    expect(answer.formError).toMatch(/^Check the new prices first/);
    expect(answer.values).toMatchObject({ section: String(section.id), amount: "5" });
    expect(await pricesIn(db, section.id)).toEqual(["Poutine 1400"]);
  });
});
