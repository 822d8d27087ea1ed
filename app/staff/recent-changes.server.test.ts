import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAuthUser } from "../../tests/support/database-roles";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { setEnquiryHandled } from "./enquiry-inbox.server";
import { changedFields, describeChange } from "./recent-changes";
import { recentChanges } from "./recent-changes.server";
import { withStaffClaims, type StaffClaims } from "./staff-transaction.server";
import { addStaffMember, removeStaffMember } from "./staff.server";

describe.each(drivers)("recent changes on %s", (driver) => {
  let db: TestDatabase;
  let editor: StaffClaims;
  let editorEmail: string;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    editorEmail = `editor-${randomUUID()}@example.com`;
    const userId = await createAuthUser(db, editorEmail);
    await addStaffMember(db, { userId, email: editorEmail, role: "editor" });
    editor = { sub: userId, role: "authenticated" };
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  const newest = async () => (await recentChanges(db, editor, { limit: 1 }))[0];

  test("a staff member's change shows with their email and the fields it changed", async () => {
    const [item] = await db.query<{ id: number; name: string }>(
      "select id::int as id, name from public.menu_items order by id limit 1",
    );
    await withStaffClaims(db, editor, (tx) =>
      tx.query(
        `update public.menu_items
         set price_cents = price_cents + 100, available = not available, updated_at = now()
         where id = $1`,
        [item!.id],
      ),
    );
    expect(await newest()).toMatchObject({
      who: editorEmail,
      what: `Changed the menu item “${item!.name}”: available, price`,
    });
  });

  test("added and removed rows are named by their own words", async () => {
    await withStaffClaims(db, editor, (tx) =>
      tx.query(
        `insert into public.events (slug, title, starts_at)
         values ($1, 'Trivia night', '2026-12-03T00:00:00Z')`,
        [`trivia-${randomBytes(4).toString("hex")}`],
      ),
    );
    expect((await newest())?.what).toBe("Added the event “Trivia night”");

    await withStaffClaims(db, editor, async (tx) => {
      await tx.query(
        "insert into public.hours_exceptions (starts_on, ends_on, closed) values ('2026-12-24', '2026-12-24', true)",
      );
      await tx.query("delete from public.hours_exceptions where starts_on = '2026-12-24'");
    });
    expect((await newest())?.what).toBe("Removed the hours exception for 24 Dec");
  });

  test("the server's own writes are the System's; a removed member's are a former member's", async () => {
    await db.query("update public.site_settings set tagline = tagline || ' '");
    expect(await newest()).toMatchObject({
      who: "System",
      what: "Changed the site settings: tagline",
    });

    const leaverEmail = `leaver-${randomUUID()}@example.com`;
    const leaver = await createAuthUser(db, leaverEmail);
    await addStaffMember(db, { userId: leaver, email: leaverEmail, role: "editor" });
    await withStaffClaims(db, { sub: leaver, role: "authenticated" }, (tx) =>
      tx.query("update public.opening_hours set opens_at = opens_at where weekday = 5"),
    );
    await removeStaffMember(db, leaver);
    const changes = await recentChanges(db, editor, { limit: 5 });
    expect(changes).toContainEqual(
      expect.objectContaining({
        who: "A former staff member",
        what: "Saved the opening hours for Friday unchanged",
      }),
    );
    expect(changes[0]).toMatchObject({
      who: "System",
      what: `Removed ${leaverEmail} from the staff`,
    });
  });

  test("handling an enquiry shows as marked handled, without the visitor's details", async () => {
    const [enquiry] = await db.query<{ id: number }>(
      `insert into public.enquiries (kind, submission_token, fingerprint, name, email, topic, message)
       values ('contact', $1, $2, 'Visitor Name', 'visitor@example.com', 'general', 'Hello, is the patio open this weekend?')
       returning id::int as id`,
      [randomUUID(), randomBytes(32).toString("hex")],
    );
    await setEnquiryHandled(db, editor, enquiry!.id, true);
    const change = await newest();
    expect(change).toMatchObject({
      who: editorEmail,
      what: `Marked enquiry #${enquiry!.id} as handled`,
    });
    expect(JSON.stringify(change)).not.toContain("Visitor Name");
    await setEnquiryHandled(db, editor, enquiry!.id, false);
    expect((await newest())?.what).toBe(`Marked enquiry #${enquiry!.id} as not handled`);
  });

  test("the newest come first, as many as asked for, and only staff read them", async () => {
    const changes = await recentChanges(db, editor);
    expect(changes.length).toBeLessThanOrEqual(50);
    const times = changes.map((change) => change.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await recentChanges(db, editor, { limit: 3 })).toHaveLength(3);
    const stranger = await createAuthUser(db, `stranger-${randomUUID()}@example.com`);
    expect(await recentChanges(db, { sub: stranger, role: "authenticated" })).toEqual([]);
  });
});

describe("a change in words", () => {
  const entry = {
    id: 1,
    at: "2026-11-24T12:00:00.000Z",
    actor: null,
    actorEmail: null,
    tableName: "menu_items",
    operation: "UPDATE" as const,
  };

  test("updated_at alone is no change worth naming; ids and cents lose their suffix", () => {
    expect(changedFields({ a: 1, updated_at: "x" }, { a: 1, updated_at: "y" })).toEqual([]);
    expect(
      changedFields(
        { section_id: 1, price_cents: 1, dietary_tags: ["vegan"] },
        { section_id: 2, price_cents: 2, dietary_tags: [] },
      ),
    ).toEqual(["dietary tags", "price", "section"]);
  });

  test("an unknown table is still described, and staff roles in words", () => {
    expect(
      describeChange({ ...entry, tableName: "mystery", oldRow: { a: 1 }, newRow: { a: 2 } }),
    ).toBe("Changed a row of mystery: a");
    expect(
      describeChange({
        ...entry,
        tableName: "staff",
        oldRow: { email: "a@example.com", role: "editor" },
        newRow: { email: "a@example.com", role: "owner" },
      }),
    ).toBe("Made a@example.com an owner");
  });

  test("an upload's record, added by staff and removed by the sweep of unused pictures", () => {
    const row = { path: "uploads/0123456789abcdef.jpg", width: 10, height: 10 };
    expect(
      describeChange({
        ...entry,
        tableName: "pictures",
        operation: "INSERT",
        oldRow: null,
        newRow: row,
      }),
    ).toBe("Added an uploaded picture");
    expect(
      describeChange({
        ...entry,
        tableName: "pictures",
        operation: "DELETE",
        oldRow: row,
        newRow: null,
      }),
    ).toBe("Removed an uploaded picture");
  });
});
