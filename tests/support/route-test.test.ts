import { describe, expect } from "vitest";
import { getStaffMember } from "~/staff/accounts/staff.server";
import { drivers, routeTest as test } from "./route-test";
import type { TestDatabase } from "./test-database";

/** What the first test on each driver was given. */
const first = new Map<string, { db: TestDatabase; context: object }>();

describe.each(drivers)("the route tests' fixtures on %s", (driver) => {
  test.override({ driver });

  test("a test gets a database on its describe's driver, and a context reading it", async ({
    db,
    context,
  }) => {
    // Only a server's database has a URL.
    expect(db.url !== undefined).toBe(driver === "postgres");
    expect(await db.query("select 1 as one")).toEqual([{ one: 1 }]);
    first.set(driver, { db, context });
  });

  test("the file's next test on that driver shares the database, with a context of its own", async ({
    db,
    context,
  }) => {
    expect(db).toBe(first.get(driver)?.db);
    expect(context).not.toBe(first.get(driver)?.context);
  });

  test("an editor and an owner are signed in, on the staff list with their roles", async ({
    db,
    editor,
    owner,
    staff,
  }) => {
    expect((await getStaffMember(db, editor.userId))?.role).toBe("editor");
    expect((await getStaffMember(db, owner.userId))?.role).toBe("owner");
    expect(editor.names().length).toBeGreaterThan(0);
    const member = await staff.member("editor");
    expect(member.userId).not.toBe(editor.userId);
  });

  test("a value made with `once` is made for the first test that asks", async ({ once }) => {
    let made = 0;
    const make = () => ++made;
    expect(await once("a count", make)).toBe(1);
    expect(await once("a count", make)).toBe(1);
    expect(made).toBe(1);
  });
});

describe("a describe whose tests need a database of their own", () => {
  test.override({ databaseFor: "these tests" });

  test("names them, and gets one apart from the file's", async ({ db }) => {
    expect(first.get("pglite")?.db).toBeDefined();
    expect(db).not.toBe(first.get("pglite")?.db);
  });
});
