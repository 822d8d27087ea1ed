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

  test("without a session the page sends the visitor to sign in", async ({ staff }) => {
    expect(await staff.load(new CookieJar(), "/staff/changes", changesLoader)).toHaveRedirect(
      "/staff/sign-in?redirectTo=%2Fstaff%2Fchanges",
    );
  });
});
