import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { staffMemberClaims } from "../../../tests/support/database-roles";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { addDays, torontoDate } from "~/platform/clock/toronto-time";
import { itemValues } from "~/menu/editor/menu-editor";
import { getItem, updateItem } from "~/menu/editor/menu-editor.server";
import { itemSchema } from "~/menu/editor/menu-rules";
import { formatPrice } from "~/platform/money";
import { recentChanges } from "./recent-changes.server";
import { withStaffClaims, type StaffClaims } from "~/staff/editor/staff-transaction.server";
import { UNDO_WORDS } from "./undo";
import { undoChange } from "./undo-change.server";

describe.each(drivers)("undoing a change on %s", (driver) => {
  let db: TestDatabase;
  let owner: StaffClaims;
  let ownerEmail: string;
  let editor: StaffClaims;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    ({ email: ownerEmail, claims: owner } = await staffMemberClaims(db, "owner"));
    ({ claims: editor } = await staffMemberClaims(db, "editor"));
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  /** The id of the newest change to `table`. */
  const lastChangeOf = async (table: string) => {
    const [row] = await db.query<{ id: number }>(
      "select max(id)::int as id from public.audit_log where table_name = $1",
      [table],
    );
    return row!.id;
  };
  const asEditor = <T>(work: Parameters<typeof withStaffClaims<T>>[2]) =>
    withStaffClaims(db, editor, work);
  const newest = async () => (await recentChanges(db, owner, { limit: 1 }))[0];
  const slug = (name: string) => `${name}-${randomBytes(4).toString("hex")}`;

  async function editItem(id: number, change: { cents: number; available: boolean }) {
    const item = (await asEditor((tx) => getItem(tx, id)))!;
    const saved = itemSchema.parse({
      ...itemValues(item),
      price: (change.cents / 100).toFixed(2),
      available: change.available ? "on" : "",
    });
    await asEditor((tx) => updateItem(tx, id, saved, item.imagePath));
  }
  const itemRow = async (id: number) =>
    (
      await db.query<{ priceCents: number; available: boolean; name: string }>(
        `select price_cents as "priceCents", available, name from public.menu_items where id = $1`,
        [id],
      )
    )[0]!;

  test("a description put back goes with its picture wherever it is shown", async () => {
    const picture = `uploads/${randomBytes(8).toString("hex")}.png`;
    const alt = async (id: number) =>
      (
        await db.query<{ alt: string }>(
          "select image_alt as alt from public.events where id = $1",
          [id],
        )
      )[0]!.alt;
    const insert = (name: string, words: string) =>
      asEditor(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `insert into public.events (slug, title, starts_at, image_path, image_alt)
           values ($1, $2, now() + interval '10 days', $3, $4) returning id::int as id`,
          [slug(name), name, picture, words],
        );
        return row!.id;
      });
    const first = await insert("first-night", "The old words.");
    await asEditor((tx) =>
      tx.query("update public.events set image_alt = 'The new words.' where id = $1", [first]),
    );
    const change = await lastChangeOf("events");
    // Another event takes up the same picture, with the words it has now.
    const second = await insert("second-night", "The new words.");
    expect(await undoChange(db, owner, change)).toMatchObject({ ok: true });
    expect(await alt(first)).toBe("The old words.");
    expect(await alt(second)).toBe("The old words.");
  });

  test("an edit's old values come back, and the undo is logged as undoing it", async () => {
    const [{ id } = { id: 0 }] = await db.query<{ id: number }>(
      "select id::int as id from public.menu_items order by id limit 1",
    );
    const before = await itemRow(id);
    await editItem(id, { cents: before.priceCents + 150, available: !before.available });
    const change = await lastChangeOf("menu_items");

    const outcome = await undoChange(db, owner, change);
    expect(outcome).toEqual({
      ok: true,
      summary: expect.stringContaining(
        `Undid the change to the menu item “${before.name}”: price ${formatPrice(before.priceCents + 150)} → ${formatPrice(before.priceCents)}`,
      ),
    });
    expect(await itemRow(id)).toEqual(before);

    const [undo, undone] = await recentChanges(db, owner, { limit: 2 });
    expect(undo).toMatchObject({
      who: ownerEmail,
      what: `Undid the change to the menu item “${before.name}”`,
    });
    expect(undone).toMatchObject({
      id: change,
      undo: { state: "refused", reason: "Undone already." },
    });
    expect(await undoChange(db, owner, change)).toEqual({
      ok: false,
      status: 409,
      message: UNDO_WORDS.undoneAlready,
    });
  });

  test("an addition is removed, and a removal put back under its own id", async () => {
    const [added] = await asEditor((tx) =>
      tx.query<{ id: number }>(
        `insert into public.specials (title, weekday) values ('Pie Night', 2) returning id::int as id`,
      ),
    );
    expect(await undoChange(db, owner, await lastChangeOf("specials"))).toMatchObject({ ok: true });
    expect(await db.query("select 1 from public.specials where id = $1", [added!.id])).toEqual([]);
    expect((await newest())?.what).toBe("Undid adding the special “Pie Night”");

    const eventSlug = slug("quiz");
    const [event] = await asEditor(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        `insert into public.events (slug, title, starts_at, price_cents)
         values ($1, 'Quiz night', now() + interval '10 days', 500) returning id::int as id`,
        [eventSlug],
      );
      await tx.query("delete from public.events where id = $1", [rows[0]!.id]);
      return rows;
    });
    expect(await undoChange(db, owner, await lastChangeOf("events"))).toMatchObject({ ok: true });
    expect(
      await db.query<{ slug: string; priceCents: number }>(
        `select slug, price_cents as "priceCents" from public.events where id = $1`,
        [event!.id],
      ),
    ).toEqual([{ slug: eventSlug, priceCents: 500 }]);
    expect((await newest())?.what).toBe("Undid removing the event “Quiz night”");
  });

  test("a day closed in the week's hours opens again", async () => {
    const [day] = await db.query<{ weekday: number; opensAt: string }>(
      `select weekday::int as weekday, opens_at::text as "opensAt" from public.opening_hours order by weekday limit 1`,
    );
    await asEditor((tx) =>
      tx.query("delete from public.opening_hours where weekday = $1", [day!.weekday]),
    );
    expect(await undoChange(db, owner, await lastChangeOf("opening_hours"))).toMatchObject({
      ok: true,
    });
    expect(
      await db.query(
        `select weekday::int as weekday, opens_at::text as "opensAt" from public.opening_hours where weekday = $1`,
        [day!.weekday],
      ),
    ).toEqual([day]);
  });

  test("a row changed since is left alone: the later change first", async () => {
    const [{ id } = { id: 0 }] = await db.query<{ id: number }>(
      "select id::int as id from public.menu_items order by id desc limit 1",
    );
    const start = await itemRow(id);
    await editItem(id, { cents: start.priceCents + 100, available: start.available });
    const first = await lastChangeOf("menu_items");
    await editItem(id, { cents: start.priceCents + 200, available: start.available });
    const after = await itemRow(id);

    expect(await undoChange(db, owner, first)).toEqual({
      ok: false,
      status: 409,
      message: "Changed again since — undo the later change first.",
    });
    expect(await itemRow(id)).toEqual(after);
  });

  test("undoing the later change first lets the earlier one be undone, step by step", async () => {
    const [{ id } = { id: 0 }] = await db.query<{ id: number }>(
      "select id::int as id from public.menu_items order by id desc limit 1 offset 1",
    );
    const start = await itemRow(id);
    await editItem(id, { cents: start.priceCents, available: !start.available });
    const first = await lastChangeOf("menu_items");
    await editItem(id, { cents: start.priceCents + 250, available: !start.available });
    const second = await lastChangeOf("menu_items");

    expect(await undoChange(db, owner, second)).toMatchObject({ ok: true });
    const listed = await recentChanges(db, owner, { limit: 3 });
    expect(listed.find((change) => change.id === first)?.undo).toEqual({ state: "offered" });
    expect(await undoChange(db, owner, first)).toMatchObject({ ok: true });
    expect(await itemRow(id)).toEqual(start);
  });

  test("editors cannot undo, even by posting it themselves", async () => {
    const [{ id } = { id: 0 }] = await db.query<{ id: number }>(
      "select id::int as id from public.menu_items order by id limit 1",
    );
    const before = await itemRow(id);
    await editItem(id, { cents: before.priceCents + 5, available: before.available });
    const change = await lastChangeOf("menu_items");
    expect(await undoChange(db, editor, change)).toEqual({
      ok: false,
      status: 403,
      message: UNDO_WORDS.ownersOnly,
    });
    expect((await itemRow(id)).priceCents).toBe(before.priceCents + 5);
    expect(await lastChangeOf("menu_items")).toBe(change);
  });

  test("people's changes, and changes not in the log, are not undone", async () => {
    await staffMemberClaims(db, "editor");
    expect(await undoChange(db, owner, await lastChangeOf("staff"))).toEqual({
      ok: false,
      status: 409,
      message: UNDO_WORDS.notHere,
    });
    expect(await undoChange(db, owner, 999_999_999)).toEqual({
      ok: false,
      status: 404,
      message: UNDO_WORDS.missing,
    });
  });

  test("a removal whose dates another exception took since is not put back", async () => {
    const today = torontoDate(new Date());
    const [first, second] = [addDays(today, 40), addDays(today, 41)];
    await asEditor(async (tx) => {
      await tx.query(
        `insert into public.hours_exceptions (starts_on, ends_on, closed, note)
         values ($1::date, $2::date, true, 'Renovation')`,
        [first, second],
      );
      await tx.query("delete from public.hours_exceptions where starts_on = $1::date", [first]);
    });
    const removal = await lastChangeOf("hours_exceptions");
    await asEditor((tx) =>
      tx.query(
        `insert into public.hours_exceptions (starts_on, ends_on, closed, note)
         values ($1::date, $1::date, true, 'Staff party')`,
        [second],
      ),
    );

    const outcome = await undoChange(db, owner, removal);
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(outcome.ok ? "" : outcome.message).toMatch(
      /^Not undone: the row as it was would break a rule of its editor\. These dates overlap another exception, .*Staff party/,
    );
    expect(
      await db.query("select 1 from public.hours_exceptions where note = 'Renovation'"),
    ).toEqual([]);
    expect(await lastChangeOf("hours_exceptions")).toBeGreaterThan(removal);
    expect((await newest())?.what).not.toMatch(/^Undid/);
  });

  test("an edit is not undone into dates the hours editor no longer takes", async () => {
    const today = torontoDate(new Date());
    const [exception] = await db.query<{ id: number }>(
      `insert into public.hours_exceptions (starts_on, ends_on, closed, note)
       values ($1::date, $1::date, true, 'Inventory') returning id::int as id`,
      [addDays(today, -20)],
    );
    await asEditor((tx) =>
      tx.query(
        "update public.hours_exceptions set starts_on = $2::date, ends_on = $2::date where id = $1",
        [exception!.id, addDays(today, 60)],
      ),
    );
    const outcome = await undoChange(db, owner, await lastChangeOf("hours_exceptions"));
    expect(outcome).toMatchObject({ ok: false, status: 409 });
    expect(outcome.ok ? "" : outcome.message).toMatch(/older hours cannot be changed\.$/);
    expect(
      await db.query<{ startsOn: string }>(
        `select starts_on::text as "startsOn" from public.hours_exceptions where id = $1`,
        [exception!.id],
      ),
    ).toEqual([{ startsOn: addDays(today, 60) }]);
  });

  test("an item whose section is gone, and a section holding items, stay as they are", async () => {
    const [section] = await asEditor((tx) =>
      tx.query<{ id: number }>(
        `insert into public.menu_sections (slug, name) values ($1, 'Late Bites') returning id::int as id`,
        [slug("late-bites")],
      ),
    );
    const sectionAdded = await lastChangeOf("menu_sections");
    await asEditor((tx) =>
      tx.query(
        `insert into public.menu_items (section_id, name, price_cents) values ($1, 'Fries', 600)`,
        [section!.id],
      ),
    );
    expect(await undoChange(db, owner, sectionAdded)).toEqual({
      ok: false,
      status: 409,
      message:
        "Not undone: the section has an item in it now, which removing it would delete too. Move or delete it first.",
    });

    await asEditor(async (tx) => {
      await tx.query("delete from public.menu_items where section_id = $1", [section!.id]);
    });
    const itemRemoved = await lastChangeOf("menu_items");
    await asEditor((tx) =>
      tx.query("delete from public.menu_sections where id = $1", [section!.id]),
    );
    expect(await undoChange(db, owner, itemRemoved)).toEqual({
      ok: false,
      status: 409,
      message:
        "Not undone: what it belonged to (its menu section) is gone. Undo that removal first.",
    });
    expect(await db.query("select 1 from public.menu_items where name = 'Fries'")).toEqual([]);
  });
});
