import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createAuthUser, staffMemberClaims } from "../../../tests/support/database-roles";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { getItem, setItemAvailability, updateItem } from "~/menu/editor/menu-editor.server";
import { itemSchema } from "~/menu/editor/menu-rules";
import { itemValues } from "~/menu/editor/menu-editor";
import { saveWeek, readWeek } from "~/hours/editor/hours-editor.server";
import { setEnquiryHandled } from "~/staff/inbox/enquiry-inbox.server";
import { recentChanges } from "./recent-changes.server";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";
import { removeStaffMember } from "~/staff/accounts/staff.server";

describe.each(drivers)("recent changes on %s", (driver) => {
  let db: TestDatabase;
  let editor: StaffClaims;
  let editorEmail: string;
  let owner: StaffClaims;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    ({ email: editorEmail, claims: editor } = await staffMemberClaims(db, "editor"));
    ({ claims: owner } = await staffMemberClaims(db, "owner"));
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  const newest = async (claims = editor) => (await recentChanges(db, claims, { limit: 1 }))[0];
  const firstItem = async () => {
    const [row] = await db.query<{ id: number }>(
      "select id::int as id from public.menu_items order by id limit 1",
    );
    return (await withStaffClaims(db, editor, (tx) => getItem(tx, row!.id)))!;
  };

  test("an editor's save shows what changed from what to what, with their email", async () => {
    const item = await firstItem();
    const saved = itemSchema.parse({
      ...itemValues(item),
      price: ((item.priceCents + 150) / 100).toFixed(2),
      available: item.available ? "" : "on",
    });
    await withStaffClaims(db, editor, (tx) => updateItem(tx, item.id, saved, item.imagePath));
    const price = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const availability = item.available
      ? "On the menu → off the menu"
      : "Off the menu → on the menu";
    expect(await newest()).toMatchObject({
      who: editorEmail,
      what: `Changed the menu item “${item.name}”`,
      details: [
        {
          kind: "value",
          text: `Price ${price(item.priceCents)} → ${price(item.priceCents + 150)}`,
        },
        { kind: "value", text: availability },
      ],
      summary: `${item.name}: price ${price(item.priceCents)} → ${price(item.priceCents + 150)}; ${availability.toLowerCase()}`,
      when: expect.stringMatching(/^Today at /),
    });
  });

  test("a save that changed nothing is not recorded, and an old one is not listed", async () => {
    const item = await firstItem();
    const before = await recentChanges(db, editor, { limit: 5 });
    await withStaffClaims(db, editor, (tx) =>
      setItemAvailability(tx, item.id, item.available ? "available" : "off-menu", new Date()),
    );
    await withStaffClaims(db, editor, async (tx) => saveWeek(tx, await readWeek(tx)));
    expect(await recentChanges(db, editor, { limit: 5 })).toEqual(before);

    // One the log kept before saves that changed nothing were left out.
    await db.query(
      `insert into public.audit_log (actor, table_name, operation, old_row, new_row)
       values (null, 'opening_hours', 'UPDATE', $1::jsonb, $2::jsonb)`,
      [
        JSON.stringify({ weekday: 5, opens_at: "11:00:00", updated_at: "2026-11-01T00:00:00Z" }),
        JSON.stringify({ weekday: 5, opens_at: "11:00:00", updated_at: "2026-11-02T00:00:00Z" }),
      ],
    );
    expect(await recentChanges(db, editor, { limit: 5 })).toEqual(before);
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
        "insert into public.hours_exceptions (starts_on, ends_on, closed, note) values ('2026-12-24', '2026-12-24', true, 'Christmas Eve')",
      );
      await tx.query("delete from public.hours_exceptions where starts_on = '2026-12-24'");
    });
    expect(await newest()).toMatchObject({
      what: "Removed the hours for Thursday, December 24",
      details: [{ kind: "value", text: "Closed · Christmas Eve" }],
    });
  });

  test("the server's own writes are the System's; a removed member's are a former member's", async () => {
    await db.query("update public.site_settings set tagline = tagline || '!'");
    expect(await newest()).toMatchObject({
      who: "System",
      what: "Changed the site settings",
      details: [{ kind: "value", text: expect.stringMatching(/^Tagline “.*” → “.*!”$/) }],
    });

    const leaver = await staffMemberClaims(db, "editor");
    await withStaffClaims(db, leaver.claims, (tx) =>
      tx.query(
        "update public.opening_hours set opens_at = opens_at + interval '1 hour' where weekday = 5",
      ),
    );
    await removeStaffMember(db, leaver.claims.sub);
    const changes = await recentChanges(db, editor, { limit: 5 });
    expect(changes).toContainEqual(
      expect.objectContaining({
        who: "A former staff member",
        summary: expect.stringMatching(/^Friday: opens at .+ → .+$/),
      }),
    );
    expect(changes[0]).toMatchObject({
      who: "System",
      what: `Removed ${leaver.email} from the staff`,
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

  test("owners are offered Undo for content, editors never; a row changed since says so", async () => {
    const item = await firstItem();
    await withStaffClaims(db, editor, (tx) =>
      setItemAvailability(tx, item.id, item.available ? "off-menu" : "available", new Date()),
    );
    expect((await newest(owner))?.undo).toEqual({ state: "offered" });
    expect((await newest(editor))?.undo).toEqual({ state: "none" });

    await withStaffClaims(db, editor, (tx) =>
      setItemAvailability(tx, item.id, item.available ? "available" : "off-menu", new Date()),
    );
    const [later, earlier] = await recentChanges(db, owner, { limit: 2 });
    expect(later?.undo).toEqual({ state: "offered" });
    expect(earlier?.undo).toEqual({
      state: "refused",
      reason: "Changed again since — undo the later change first.",
    });

    await staffMemberClaims(db, "editor");
    expect((await newest(owner))?.undo).toEqual({ state: "none" });
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
