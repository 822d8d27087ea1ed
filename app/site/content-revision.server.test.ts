import { describe, expect } from "vitest";
import { contentTables, rolledBack } from "../../tests/support/database-roles";
import { drivers, routeTest as test } from "../../tests/support/route-test";
import { contextWithDatabase } from "../../tests/support/test-database";
import { readContentRevision } from "~/platform/live/content-revision.server";
import { siteContent } from "./site-content.server";

/** A change to each content table that touches one row and keeps the data valid. */
const touches: Record<(typeof contentTables)[number], string> = {
  site_settings: "update public.site_settings set tagline = tagline || ' '",
  opening_hours: "update public.opening_hours set updated_at = now() where weekday = 5",
  hours_exceptions:
    "insert into public.hours_exceptions (starts_on, ends_on, closed, note) values ('2030-01-01', '2030-01-01', true, 'Test')",
  menu_sections:
    "update public.menu_sections set sort_order = sort_order where id = (select min(id) from public.menu_sections)",
  menu_items:
    "update public.menu_items set available = not available where id = (select min(id) from public.menu_items)",
  specials: "delete from public.specials where id = (select min(id) from public.specials)",
  events:
    "update public.events set summary = summary where id = (select min(id) from public.events)",
  venue_spaces:
    "update public.venue_spaces set name = name where id = (select min(id) from public.venue_spaces)",
  venue_packages:
    "update public.venue_packages set name = name where id = (select min(id) from public.venue_packages)",
  questions:
    "update public.questions set answer = answer where id = (select min(id) from public.questions)",
};

describe.each(drivers)("the content revision on %s", (driver) => {
  test.override({ driver });

  test.for(contentTables)("a change to %s moves the revision on", async (table, { db }) => {
    await rolledBack(
      (inner) => db.transaction(inner),
      async (tx) => {
        const before = BigInt(await readContentRevision(tx));
        await tx.query(touches[table]);
        expect(BigInt(await readContentRevision(tx))).toBe(before + 1n);
      },
    );
  });

  test("one save, one move: every statement of a transaction after the first leaves it, and open pages hear of it once", async ({
    db,
  }) => {
    const heard: string[] = [];
    let awaited: { payload: string; heard: () => void } | undefined;
    const listening = await db.listen!(
      "content_revision",
      (payload) => {
        heard.push(payload);
        if (payload === awaited?.payload) awaited.heard();
      },
      () => {},
    );
    try {
      const before = BigInt(await readContentRevision(db));
      await db.transaction(async (tx) => {
        await tx.query(touches.opening_hours);
        await tx.query("update public.opening_hours set updated_at = now() where weekday = 4");
        await tx.query(touches.site_settings);
        expect(BigInt(await readContentRevision(tx))).toBe(before + 1n);
      });
      expect(BigInt(await readContentRevision(db))).toBe(before + 1n);
      // A second save: notifications come in the order their transactions
      // committed, so the first has arrived once this one's has.
      const second = new Promise<void>(
        (resolve) => (awaited = { payload: String(before + 2n), heard: resolve }),
      );
      await db.query(touches.site_settings);
      await second;
      expect(heard).toEqual([String(before + 1n), String(before + 2n)]);
    } finally {
      await listening.close();
    }
  });

  test("a statement that changes nothing moves it on all the same (a cheap, safe miss)", async ({
    db,
  }) => {
    await rolledBack(
      (inner) => db.transaction(inner),
      async (tx) => {
        const before = BigInt(await readContentRevision(tx));
        await tx.query("update public.events set title = title where false");
        expect(BigInt(await readContentRevision(tx))).toBe(before + 1n);
      },
    );
  });

  test("the enquiries do not move it: visitors' posts leave the cache alone", async ({ db }) => {
    const before = await readContentRevision(db);
    await db.query("select count(*) from public.enquiries");
    expect(await readContentRevision(db)).toBe(before);
  });

  test("the API roles may read the revision but not move it", async ({ db }) => {
    await rolledBack(
      (inner) =>
        db.transaction(async (tx) => {
          await tx.query("set local role anon");
          return inner(tx);
        }),
      async (tx) => {
        expect(await readContentRevision(tx)).toMatch(/^\d+$/);
        await expect(tx.query("update public.content_revision set revision = 0")).rejects.toThrow(
          /permission denied/,
        );
      },
    );
  });

  test("the site's readers drop their copy once the revision moves", async ({ db }) => {
    const context = contextWithDatabase(db);
    const [first] = await siteContent(context).menu(new Date());
    expect(first?.items[0]).toBeDefined();
    const item = first!.items[0]!;
    try {
      await db.query("update public.menu_items set name = $1 where id = $2", [
        "Renamed for the revision test",
        item.id,
      ]);
      // The revision is asked at most once a second: a later read has the new name.
      await expect
        .poll(
          async () => {
            const [after] = await siteContent(context).menu(new Date());
            return after?.items.find((found) => found.id === item.id)?.name;
          },
          { timeout: 15_000 },
        )
        .toBe("Renamed for the revision test");
    } finally {
      await db.query("update public.menu_items set name = $1 where id = $2", [item.name, item.id]);
    }
  });
});
