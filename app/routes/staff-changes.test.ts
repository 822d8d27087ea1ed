import type { MiddlewareFunction } from "react-router";
import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { CookieJar, runRoute } from "../../tests/support/staff-requests";
import { action as changesAction, loader as changesLoader } from "./staff/changes";
import type { ChangesActionData } from "~/staff/changes/changes-page.server";
import { crossSiteRefusal, isCrossSitePost } from "~/server/pipeline/cross-site";
import type { RecentChange } from "~/staff/changes/recent-changes";
import { requireStaff, staffSession } from "~/staff/accounts/session.server";
import { withStaffClaims } from "~/staff/editor/staff-transaction.server";
import { UNDO_WORDS } from "~/staff/changes/undo";
import { asOneChange } from "~/platform/database/one-change.server";
import { action as questionsAction } from "./staff/questions";

type Loaded = {
  changes: RecentChange[];
  pictures: Record<string, { before: { source: { path: string } }[]; after: unknown[] }>;
  undoing: RecentChange | null;
};

/** The request pipeline's cross-site check, which runs before any route. */
const crossSiteCheck: MiddlewareFunction<Response> = ({ request }) => {
  if (isCrossSitePost(request)) throw crossSiteRefusal();
};

const test = routeTest
  // The first dish on the menu, which the tests change and undo: its id, an
  // editor's change to it (`set`, an update's set clause), and its row.
  .extend("dish", ({ once, db, editor }) =>
    once("dish", async () => {
      const [first] = await db.query<{ id: number }>(
        "select id::int as id from public.menu_items where available order by id limit 1",
      );
      const id = first!.id;
      return {
        id,
        edit: (set: string) =>
          withStaffClaims(db, { sub: editor.userId, role: "authenticated" }, (tx) =>
            tx.query(`update public.menu_items set ${set} where id = $1`, [id]),
          ),
        row: async () =>
          (
            await db.query<{ priceCents: number; available: boolean }>(
              `select price_cents as "priceCents", available from public.menu_items where id = $1`,
              [id],
            )
          )[0]!,
      };
    }),
  )
  // The recent changes page as a browser reads it and posts to it, and the newest change's id.
  .extend("changes", ({ db, staff }) => ({
    page: async (jar: CookieJar, query = "") =>
      (await (await staff.load(jar, `/staff/changes${query}`, changesLoader)).json()) as Loaded,
    undo: staff.formAt("/staff/changes", changesAction),
    last: async () =>
      (await db.query<{ id: number }>("select max(id)::int as id from public.audit_log"))[0]!.id,
  }));

describe.each(drivers)("the recent changes page on %s", (driver) => {
  test.override({ driver });

  test("an owner is asked first, then the dish is back as it was, with a toast", async ({
    owner,
    dish,
    changes: { page, undo, last },
  }) => {
    const before = await dish.row();
    await dish.edit("available = false, price_cents = price_cents + 150");
    const change = await last();

    const listed = await page(owner);
    expect(listed.changes[0]).toMatchObject({
      id: change,
      details: [
        { text: expect.stringMatching(/^Price \$[\d.]+ → \$[\d.]+$/) },
        { text: "On the menu → off the menu" },
      ],
      undo: { state: "offered" },
    });
    expect(listed.undoing).toBeNull();
    expect((await page(owner, `?undo=${change}`)).undoing).toMatchObject({ id: change });

    // A post without the confirmation goes to the question.
    expect(await undo(owner, { intent: "undo", id: String(change) })).toHaveRedirect(
      `/staff/changes?undo=${change}`,
    );
    expect(await dish.row()).toMatchObject({ available: false });

    const response = await undo(owner, { intent: "undo", id: String(change), confirm: "yes" });
    expect(response).toHaveRedirect("/staff/changes");
    expect(response).toSetCookie("toast");
    expect(await dish.row()).toEqual(before);
    expect((await page(owner)).changes[0]).toMatchObject({
      what: expect.stringMatching(/^Undid the change to the menu item /),
      who: owner.email,
    });
  });

  test("an editor sees no Undo, is not asked, and a forged post is refused", async ({
    editor,
    dish,
    changes: { page, undo, last },
  }) => {
    await dish.edit("price_cents = price_cents + 1");
    const change = await last();
    const listed = await page(editor, `?undo=${change}`);
    expect(listed.changes[0]?.undo).toEqual({ state: "none" });
    expect(listed.undoing).toBeNull();

    const before = await dish.row();
    const response = await undo(editor, { intent: "undo", id: String(change), confirm: "yes" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ChangesActionData).formError).toBe(UNDO_WORDS.ownersOnly);
    expect(await dish.row()).toEqual(before);
    expect(await last()).toBe(change);
  });

  test.for([
    ["no intent", { id: "1", confirm: "yes" }, 400, UNDO_WORDS.badIntent],
    ["another intent", { intent: "delete", id: "1", confirm: "yes" }, 400, UNDO_WORDS.badIntent],
    ["no id", { intent: "undo", confirm: "yes" }, 400, UNDO_WORDS.badId],
    [
      "an id that is not a number",
      { intent: "undo", id: "1; drop table", confirm: "yes" },
      400,
      UNDO_WORDS.badId,
    ],
    ["a negative id", { intent: "undo", id: "-4", confirm: "yes" }, 400, UNDO_WORDS.badId],
    [
      "an id no change has",
      { intent: "undo", id: "987654321", confirm: "yes" },
      404,
      UNDO_WORDS.missing,
    ],
  ] as const)(
    "%s is refused in words, and nothing changes",
    async ([_name, fields, status, message], { owner, changes: { undo, last } }) => {
      const latest = await last();
      const response = await undo(owner, fields);
      expect(response.status).toBe(status);
      expect(((await response.json()) as ChangesActionData).formError).toBe(message);
      expect(await last()).toBe(latest);
    },
  );

  test("a change made again since says so, and is not undone", async ({
    owner,
    dish,
    changes: { page, undo, last },
  }) => {
    await dish.edit("portion = 'half'");
    const first = await last();
    await dish.edit("portion = 'full'");
    expect((await page(owner)).changes.find((change) => change.id === first)?.undo).toEqual({
      state: "refused",
      reason: UNDO_WORDS.changedSince,
    });
    const response = await undo(owner, { intent: "undo", id: String(first), confirm: "yes" });
    expect(response.status).toBe(409);
    expect(((await response.json()) as ChangesActionData).formError).toBe(UNDO_WORDS.changedSince);
  });

  test("a cross-site post is refused before the page sees it", async ({
    staff,
    owner,
    changes: { last },
  }) => {
    const latest = await last();
    const response = await runRoute(
      new Request("http://localhost/staff/changes", {
        method: "POST",
        headers: {
          "Sec-Fetch-Site": "cross-site",
          Origin: "https://elsewhere.example",
          Cookie: owner.header(),
        },
        body: new URLSearchParams({ intent: "undo", id: String(latest), confirm: "yes" }),
      }),
      staff.context(),
      [crossSiteCheck, staffSession, requireStaff],
      changesAction,
    );
    expect(response.status).toBe(403);
    expect(await last()).toBe(latest);
  });

  test("a picture change shows the pictures before and after", async ({
    db,
    owner,
    dish,
    changes: { page },
  }) => {
    const [old] = await db.query<{ path: string; alt: string }>(
      "select image_path as path, image_alt as alt from public.menu_items where id = $1 and image_path is not null",
      [dish.id],
    );
    expect(old).toBeDefined();
    await dish.edit("image_path = 'dishes/club-sandwich.svg', image_alt = 'A club sandwich'");
    const listed = await page(owner);
    const after = { path: "dishes/club-sandwich.svg", alt: "A club sandwich" };
    expect(listed.changes[0]?.details).toEqual([
      { kind: "picture", text: "Picture replaced", before: [old], after: [after] },
    ]);
    expect(listed.pictures[`${listed.changes[0]!.id}-0`]).toMatchObject({
      before: [{ source: { path: old!.path }, alt: old!.alt }],
      after: [{ source: { path: after.path }, alt: after.alt }],
    });
  });

  test("a clean slate is one change, listed once with a line a row, and undone whole", async ({
    db,
    staff,
    owner,
    editor,
    changes: { page, undo },
  }) => {
    const questions = () =>
      db.query<{ id: number; question: string }>(
        "select id::int as id, question from public.questions order by id",
      );
    const before = await questions();
    expect(before.length).toBeGreaterThan(1);
    const cleared = await staff.submit(
      editor,
      "/staff/questions",
      { "form-id": "clean-slate", confirm: "on" },
      questionsAction,
    );
    expect(cleared).toHaveRedirect("/staff/questions");
    expect(await questions()).toEqual([]);

    const [change, ...older] = (await page(owner)).changes;
    expect(change).toMatchObject({
      what: `Removed the sample questions (${before.length} entries)`,
      who: editor.email,
      undo: { state: "offered" },
    });
    expect(change!.details).toEqual([
      {
        kind: "rows",
        text: `Each of the ${before.length}`,
        rows: before.map(({ question }) => `Removed the question “${question}”`),
      },
    ]);
    // Listed once: none of its rows is an entry of its own.
    expect(older.filter((other) => other.what.includes("question"))).toEqual([]);

    // Only the change as a whole is undone, from its entry.
    const rows = await db.query<{ id: number }>(
      "select id::int as id from public.audit_log where xact = (select xact from public.audit_log where id = $1) order by id",
      [change!.id],
    );
    expect(rows).toHaveLength(before.length);
    expect(
      await undo(owner, { intent: "undo", id: String(rows[1]!.id), confirm: "yes" }),
    ).not.toHaveRedirect("/staff/changes");
    expect(await questions()).toEqual([]);

    const undone = await undo(owner, { intent: "undo", id: String(change!.id), confirm: "yes" });
    expect(undone).toHaveRedirect("/staff/changes");
    expect(await questions()).toEqual(before);
    const [undid, again] = (await page(owner)).changes;
    expect(undid).toMatchObject({
      what: `Undid “Removed the sample questions” (${before.length} entries)`,
      undo: { state: "offered" },
    });
    expect(again).toMatchObject({
      id: change!.id,
      undo: { state: "refused", reason: UNDO_WORDS.undoneAlready },
    });
  });

  test("a change of many rows is not undone once one of them has changed since", async ({
    db,
    owner,
    editor,
    changes: { page, undo, last },
  }) => {
    const [first, second] = await db.query<{ id: number }>(
      "select id::int as id from public.questions order by id limit 2",
    );
    await withStaffClaims(db, { sub: editor.userId, role: "authenticated" }, async (tx) => {
      await asOneChange(tx, "Tidied the answers");
      await tx.query(
        "update public.questions set answer = answer || ' Ask us.' where id in ($1, $2)",
        [first!.id, second!.id],
      );
    });
    const named = (await page(owner)).changes[0]!;
    expect(named.what).toBe("Tidied the answers (2 entries)");
    await withStaffClaims(db, { sub: editor.userId, role: "authenticated" }, (tx) =>
      tx.query("update public.questions set answer = 'Later.' where id = $1", [second!.id]),
    );
    const later = await last();
    const listed = (await page(owner)).changes.find((change) => change.id === named.id);
    expect(listed?.undo).toEqual({ state: "refused", reason: UNDO_WORDS.changedSince });
    const refused = await undo(owner, { intent: "undo", id: String(named.id), confirm: "yes" });
    expect(refused).not.toHaveRedirect("/staff/changes");
    const [answer] = await db.query<{ answer: string }>(
      "select answer from public.questions where id = $1",
      [first!.id],
    );
    expect(answer!.answer).toMatch(/ Ask us\.$/);
    // Undoing the later change first lets the named one be undone.
    expect(await undo(owner, { intent: "undo", id: String(later), confirm: "yes" })).toHaveRedirect(
      "/staff/changes",
    );
    expect(
      await undo(owner, { intent: "undo", id: String(named.id), confirm: "yes" }),
    ).toHaveRedirect("/staff/changes");
    const [restored] = await db.query<{ answer: string }>(
      "select answer from public.questions where id = $1",
      [first!.id],
    );
    expect(restored!.answer).not.toMatch(/ Ask us\.$/);
  });

  test("without a session the page sends the visitor to sign in", async ({ staff }) => {
    expect(await staff.load(new CookieJar(), "/staff/changes", changesLoader)).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Fchanges",
    );
  });
});
