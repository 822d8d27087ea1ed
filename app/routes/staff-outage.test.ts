import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { staffHarness, testImageStore, type Refusal } from "../../tests/support/staff-session";
import { CookieJar } from "../../tests/support/staff-requests";
import { databaseWithOutage } from "../../tests/support/test-database";
import type { Database } from "~/platform/database/database.server";
import { action as hoursAction, loader as hoursLoader } from "./staff/hours";
import { action as importAction } from "./staff/menu-import";
import { action as itemAction } from "./staff/menu-item";
import { action as pricesAction } from "./staff/menu-prices";
import { action as settingsAction } from "./staff/settings";
import { action as specialAction } from "./staff/special";
import { settingsFormValues } from "~/settings/editor/settings-editor.server";
import { HOURS_FORMS } from "~/hours/editor/hours-editor";
import { specialForm } from "~/specials/editor/special-form.test-support";

/**
 * Staff saving while the database cannot be reached: nothing is saved,
 * nothing typed is lost. Each form comes back 503, as it was sent, with a
 * word that nothing was saved; whatever the database was doing when it went
 * (the staff check before the action, or the write itself).
 */

const special = specialForm({
  title: "Outage Pie Night",
  description: "A steak and ale pie, typed while the database was away.",
});

const specialsNamed = async (db: Database, title: string) =>
  (
    await db.query<{ n: number }>(
      "select count(*)::int as n from public.specials where title = $1",
      [title],
    )
  )[0]!.n;

async function keptForm(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("30");
  return (await response.json()) as Refusal;
}

const test = routeTest
  .extend("outage", ({ once, db }) => once("outage", () => databaseWithOutage(db)))
  // The staff area over the database that goes away.
  .extend("staff", ({ once, outage, imageRoot }) =>
    once("staff area during the outage", () =>
      staffHarness(
        Object.assign(outage.database, { [Symbol.asyncDispose]: () => Promise.resolve() }),
        { imageStore: testImageStore(imageRoot) },
      ),
    ),
  );

describe.each(drivers)("a staff save during a database outage, on %s", (driver) => {
  test.override({ driver });
  test.afterEach(({ outage }) => outage.endOutage());

  test.for([
    ["before the staff check", "all"],
    ["between the staff check and the save", "transactions"],
  ] as const)(
    "gone %s: the form comes back as typed, saying nothing was saved",
    async ([, what], { db, staff, owner, outage }) => {
      outage.startOutage(what);
      const response = await staff.submit(owner, "/staff/specials/new", special, specialAction, {
        id: "new",
      });

      const answer = await keptForm(response);
      const { "form-id": formId, ...typed } = special;
      expect(answer).toEqual({
        formId,
        values: typed,
        errors: {},
        formError: expect.stringMatching(/^The database cannot be reached just now\./),
      });
      expect(answer.formError).toMatch(
        /Nothing was saved, and what you entered is still here: save again in a minute\./,
      );

      outage.endOutage();
      expect(await specialsNamed(db, special.title)).toBe(0);
      // Sent again once the database is back, it saves.
      const again = await staff.submit(owner, "/staff/specials/new", special, specialAction, {
        id: "new",
      });
      expect(again.status).toBe(303);
      expect(await specialsNamed(db, special.title)).toBe(1);
      await db.query("delete from public.specials where title = $1", [special.title]);
    },
  );

  test("each of the hours page's forms comes back on its own, with its form-id", async ({
    staff,
    owner,
    outage,
  }) => {
    outage.startOutage();
    const closing = await staff.submit(
      owner,
      "/staff/hours",
      { "form-id": HOURS_FORMS.closingEarly, closesAt: "21:30" },
      hoursAction,
    );
    expect(await keptForm(closing)).toMatchObject({
      formId: HOURS_FORMS.closingEarly,
      values: { closesAt: "21:30" },
      formError: expect.stringMatching(/Nothing was saved/),
    });
  });

  test("the site details (a multipart form with a picture) come back as typed; no picture is kept", async ({
    db,
    staff,
    owner,
    outage,
    imageRoot,
  }) => {
    outage.endOutage();
    const values = (await settingsFormValues(db))!;
    const body = new FormData();
    const typed = { ...values, "form-id": "settings", phone: "(519) 555-0142" };
    for (const [name, value] of Object.entries(typed)) {
      body.set(name, value);
    }
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#2e86c1" },
    })
      .png()
      .toBuffer();
    body.set("heroImage", new File([png], "room.png", { type: "image/png" }));
    outage.startOutage();

    const response = await staff.submit(owner, "/staff/settings", body, settingsAction);

    const answer = await keptForm(response);
    expect(answer.values.phone).toBe("(519) 555-0142");
    expect(answer.values.name).toBe(values.name);
    // Whether the sender is still staff could not be checked: nothing was stored for them.
    expect(await readdir(path.join(imageRoot, "uploads")).catch(() => [])).toEqual([]);
    outage.endOutage();
    expect((await settingsFormValues(db))!.phone).toBe(values.phone);
  });

  test("a menu item's lists (diets, allergens) come back as they were ticked", async ({
    db,
    staff,
    owner,
    outage,
  }) => {
    const [section] = await db.query<{ id: number }>(
      "select id::int as id from public.menu_sections order by sort_order limit 1",
    );
    outage.startOutage();
    const response = await staff.submit(
      owner,
      "/staff/menu/items/new",
      [
        ["form-id", "menu-item"],
        ["sectionId", String(section!.id)],
        ["name", "Outage Poutine"],
        ["price", "$12"],
        ["dietaryTags", "vegetarian"],
        ["dietaryTags", "vegan"],
        ["allergens", "sesame"],
      ],
      itemAction,
      { id: "new" },
    );
    const answer = await keptForm(response);
    expect(answer.values).toMatchObject({
      name: "Outage Poutine",
      price: "$12",
      dietaryTags: "vegetarian,vegan",
      allergens: "sesame",
    });
  });

  test("a price change's save comes back as the change it checked, with nothing saved", async ({
    db,
    staff,
    owner,
    outage,
  }) => {
    const [dish] = await db.query<{ sectionId: string; priceCents: number }>(
      `select section_id::text as "sectionId", price_cents as "priceCents"
       from public.menu_items order by id limit 1`,
    );
    const change = {
      section: dish!.sectionId,
      direction: "up",
      amount: "5",
      unit: "percent",
      rounding: "quarter",
    };
    outage.startOutage("transactions");
    const response = await staff.submit(
      owner,
      "/staff/menu/prices",
      { ...change, "form-id": "menu-prices-save", key: "0123456789abcdef" },
      pricesAction,
    );
    expect(await keptForm(response)).toMatchObject({
      formId: "menu-prices",
      values: change,
      formError: expect.stringMatching(/Nothing was saved/),
    });
    outage.endOutage();
    const [after] = await db.query<{ priceCents: number }>(
      `select price_cents as "priceCents" from public.menu_items order by id limit 1`,
    );
    expect(after!.priceCents).toBe(dish!.priceCents);
  });

  test("the spreadsheet's save comes back as the rows it checked", async ({
    staff,
    owner,
    outage,
  }) => {
    const rows = "Section\tName\tPrice\nWings\tOutage Wings\t14";
    outage.startOutage("transactions");
    const response = await staff.submit(
      owner,
      "/staff/menu/import",
      { "form-id": "menu-import-save", rows, mode: "add", fileName: "", key: "0123456789abcdef" },
      importAction,
    );
    expect(await keptForm(response)).toMatchObject({
      formId: "menu-import",
      values: { rows, mode: "add" },
      formError: expect.stringMatching(/Nothing was saved/),
    });
  });

  test("a delete is not a form to give back: the outage page, and nothing deleted", async ({
    db,
    staff,
    owner,
    outage,
  }) => {
    const [row] = await db.query<{ id: number }>(
      "select id::int as id from public.specials order by id limit 1",
    );
    const id = String(row!.id);
    outage.startOutage();
    const answer = await staff.submit(
      owner,
      `/staff/specials/${id}`,
      { intent: "delete", confirm: "yes" },
      specialAction,
      { id },
    );
    expect(answer.status).toBe(503);
    expect(await answer.text()).toMatch(
      /The database cannot be reached just now\. Nothing was saved\./,
    );
    outage.endOutage();
    expect((await db.query("select 1 from public.specials where id = $1", [row!.id])).length).toBe(
      1,
    );
  });

  test("a page read during the outage is the 503 page, not a sign-in", async ({
    staff,
    owner,
    outage,
  }) => {
    outage.startOutage();
    const answer = await staff.load(owner, "/staff/hours", hoursLoader);
    expect(answer.status).toBe(503);
  });

  test("without a session, a post during the outage still goes to sign-in", async ({
    staff,
    outage,
  }) => {
    outage.startOutage();
    const response = await staff.submit(
      new CookieJar(),
      "/staff/specials/new",
      special,
      specialAction,
      { id: "new" },
    );
    expect(response).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%2Fspecials%2Fnew");
  });
});
