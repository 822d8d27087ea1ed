import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import type { CookieJar } from "../../tests/support/staff-requests";
import { action as eventsAction } from "./staff/events";
import { action as hoursAction } from "./staff/hours";
import { action as menuAction } from "./staff/menu";
import { action as questionsAction } from "./staff/questions";
import { action as pageTextAction } from "./staff/page-text";
import { action as specialsAction } from "./staff/specials";
import { action as venueAction } from "./staff/venue";
import { loader as inboxLoader } from "./staff/inbox";
import { action as settingsAction } from "./staff/settings";
import { HOURS_FORMS, dayFields, weekFields } from "~/hours/editor/hours-editor";
import { readWeek } from "~/hours/editor/hours-editor.server";
import { settingsFormValues } from "~/settings/editor/settings-editor.server";
import { CHECKLIST_KEYS, type ChecklistItem } from "~/staff/first-run";
import { SAMPLE_SETTINGS } from "~/staff/sample-content";

/**
 * The staff home's first-run checklist on a freshly seeded database: every
 * kind of sample content listed, each line gone once staff change it in its
 * editor, and no checklist once everything is done.
 */

const EVERY_LINE: string[] = [...CHECKLIST_KEYS];

const test = routeTest
  .extend("checklist", ({ staff, editor }) => async (jar: CookieJar = editor) => {
    const response = await staff.load(jar, "/staff", inboxLoader);
    expect(response.status).toBe(200);
    return ((await response.json()) as { sampleLeft: ChecklistItem[] }).sampleLeft;
  })
  .extend(
    "lines",
    ({ checklist }) =>
      async (jar?: CookieJar) =>
        (await checklist(jar)).map((item) => item.key),
  )
  /** Saves the site details with `changes`, as the settings page posts them. */
  .extend("saveSettings", ({ db, staff, editor }) => async (changes: Record<string, string>) => {
    // An unticked box is not sent: "Remove picture" is in the post only when ticked.
    const { heroImageRemove: _, ...saved } = (await settingsFormValues(db))!;
    const form = { ...saved, ...changes };
    const response = await staff.submit(editor, "/staff/settings", form, settingsAction);
    expect(response).toHaveRedirect("/staff/settings");
  });

describe.each(drivers)("the first-run checklist on %s", (driver) => {
  test.override({ driver });

  test("a fresh install shows owners and editors every kind of sample content", async ({
    editor,
    owner,
    checklist,
    lines,
  }) => {
    expect(await lines(editor)).toEqual(EVERY_LINE);
    expect(await lines(owner)).toEqual(EVERY_LINE);
    const phone = (await checklist()).find((item) => item.key === "phone");
    expect(phone).toEqual({
      key: "phone",
      says: "The phone number is still the sample one.",
      action: "Change the phone number",
      href: "/staff/settings#settings-phone",
    });
    // The event to change first is one visitors will see, not the one that has passed.
    const events = (await checklist()).find((item) => item.key === "eventPictures");
    expect(events?.action).toMatch(/^Change the picture of /);
    expect(events?.action).not.toContain("Celtic Session");
  });

  test("each line goes once its content is changed, and then the checklist is gone", async ({
    db,
    staff,
    editor,
    owner,
    checklist,
    lines,
    saveSettings,
  }) => {
    const left = [...EVERY_LINE];
    async function changed(line: string) {
      left.splice(left.indexOf(line), 1);
      expect(await lines()).toEqual(left);
    }

    await saveSettings({
      streetAddress: "184 Dundas Street",
      postalCode: "N6A 1G7",
      latitude: "42.9849",
      longitude: "-81.2453",
    });
    await changed("address");
    await saveSettings({ phone: "519-555-0188" });
    await changed("phone");
    await saveSettings({ email: "hello@pub.example.org" });
    await changed("email");
    await saveSettings({ socialLinks: "https://example.org/the-pub" });
    await changed("socialLinks");
    await saveSettings({ heroImageRemove: "on" });
    await changed("homePicture");

    // The pictures are changed here as their editors save them (their own
    // tests cover those forms): one row at a time, each kind's line going
    // with its last sample picture.
    const dishes = await db.query<{ id: number }>(
      "select id::int as id from public.menu_items where image_path is not null order by id",
    );
    for (const { id } of dishes.slice(0, -1)) {
      await db.query("update public.menu_items set image_path = null where id = $1", [id]);
    }
    expect(await lines()).toContain("dishPictures");
    await db.query("update public.menu_items set image_path = null where id = $1", [
      dishes.at(-1)!.id,
    ]);
    await changed("dishPictures");
    await db.query("update public.events set image_path = null");
    await changed("eventPictures");
    await db.query(
      `update public.venue_spaces set photos = '[{"path":"uploads/0123456789abcdef.jpg","alt":"The room"}]'::jsonb`,
    );
    await changed("spacePictures");

    const week: Record<string, string> = Object.fromEntries(weekFields.map((f) => [f, ""]));
    for (const day of await readWeek(db)) {
      const [open, opens, closes, kitchen] = dayFields(day.weekday);
      Object.assign(week, {
        [open]: "on",
        [opens]: day.opensAt,
        // The pub's real week: Mondays close at eleven.
        [closes]: day.weekday === 1 ? "23:00" : day.closesAt,
        [kitchen]: day.kitchenClosesAt ?? "",
      });
    }
    const saved = await staff.submit(
      editor,
      "/staff/hours",
      { "form-id": HOURS_FORMS.week, ...week },
      hoursAction,
    );
    expect(saved).toHaveRedirect("/staff/hours");
    await changed("hours");

    // Each area's sample rows, cleared in one step on its list page; a post
    // without the box ticked clears nothing.
    const unticked = await staff.submit(
      editor,
      "/staff/specials",
      { "form-id": "clean-slate" },
      specialsAction,
    );
    expect(unticked.status).toBe(400);
    expect(await lines()).toContain("specialsRows");
    const areas = [
      ["/staff/menu", menuAction, "menuRows"],
      ["/staff/specials", specialsAction, "specialsRows"],
      ["/staff/events", eventsAction, "eventsRows"],
      ["/staff/venue", venueAction, "venueRows"],
      ["/staff/questions", questionsAction, "questionsRows"],
    ] as const;
    for (const [path, action, line] of areas) {
      const cleared = await staff.submit(
        editor,
        path,
        { "form-id": "clean-slate", confirm: "on" },
        action,
      );
      expect(cleared).toHaveRedirect(path);
      await changed(line);
    }
    // Each page's words, kept as they are: saved from its form unchanged.
    const pages = await db.query<Record<string, string> & { id: number }>(
      `select id::int as id, description, body, aside,
         coalesce(image_path, '') as "imageKept", image_alt as "imageAlt"
       from public.page_texts order by id`,
    );
    for (const [index, { id, ...kept }] of pages.entries()) {
      if (index === pages.length - 1) expect(await lines()).toContain("pagesRows");
      const saved = await staff.submit(
        editor,
        `/staff/pages/${id}`,
        { "form-id": "page-text", ...kept },
        pageTextAction,
        { id: String(id) },
      );
      expect(saved).toHaveRedirect(`/staff/pages/${id}`);
    }
    await changed("pagesRows");
    for (const table of [
      "page_texts",
      "menu_sections",
      "menu_items",
      "specials",
      "events",
      "venue_spaces",
      "venue_packages",
      "questions",
    ]) {
      expect(await db.query(`select 1 from public.${table} where sample`), table).toEqual([]);
    }

    expect(await checklist(editor)).toEqual([]);
    expect(await checklist(owner)).toEqual([]);
  });

  test("a value changed back to the sample one is listed again, and changing it ends that", async ({
    checklist,
    lines,
    saveSettings,
  }) => {
    await saveSettings({ phone: SAMPLE_SETTINGS.phone });
    expect(await lines()).toEqual(["phone"]);
    await saveSettings({ phone: "519-555-0188" });
    expect(await checklist()).toEqual([]);
  });
});
