import { moveRow } from "~/platform/database/ordered-rows.server";
import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import { withStaffClaims } from "~/staff/editor/staff-transaction.server";
import {
  addSpecial,
  deleteSpecial,
  getSpecial,
  listSpecials,
  SPECIAL_LISTS,
  updateSpecial,
} from "./specials-editor.server";
import type { SpecialInput } from "./specials-rules";
import { getSpecials } from "~/specials/specials.server";

/**
 * The specials editor's queries on both databases, as a staff member (each
 * test rolled back), and what a visitor and a signed-in non-staff user may
 * do to the specials (nothing).
 */

const TODAY = "2026-11-23";

const special = (changes: Partial<SpecialInput> = {}): SpecialInput => ({
  title: "Pie Night",
  description: "A steak and ale pie with mash.",
  priceCents: 1800,
  weekday: 3,
  startsOn: null,
  endsOn: null,
  startsAt: "17:00",
  endsAt: "01:00",
  eventId: null,
  published: true,
  ...changes,
});

describe.each(drivers)("the specials editor's data on %s", (driver) => {
  test.override({ driver });

  test("a special is added at the end of its day, changed, hidden and deleted", async ({
    asEditor,
    claims,
  }) => {
    await asEditor(async (tx) => {
      const id = await addSpecial(tx, special());
      const wednesday = (await listSpecials(tx)).filter((row) => row.weekday === 3);
      expect(wednesday.at(-1)).toMatchObject({ id, title: "Pie Night", sortOrder: 110 });
      expect(await getSpecial(tx, id)).toEqual({
        id,
        ...special(),
        eventTitle: null,
        eventDay: null,
        sortOrder: 110,
        // Added by staff: never the sample's.
        sample: false,
      });
      // Visitors see it on its day.
      expect((await getSpecials(tx, TODAY)).map((row) => row.id)).toContain(id);

      expect(await updateSpecial(tx, id, special({ published: false, priceCents: null }))).toBe(
        true,
      );
      expect(await getSpecial(tx, id)).toMatchObject({ published: false, priceCents: null });
      expect((await getSpecials(tx, TODAY)).map((row) => row.id)).not.toContain(id);

      const audit = await tx.query<{ operation: string }>(
        "select operation from public.audit_log where table_name = 'specials' and actor = $1::uuid order by id",
        [claims.editor.sub],
      );
      expect(audit.map((row) => row.operation)).toEqual(["INSERT", "UPDATE"]);

      expect(await deleteSpecial(tx, id)).toBe(true);
      expect(await deleteSpecial(tx, id)).toBe(false);
      expect(await getSpecial(tx, id)).toBeNull();
      expect(await updateSpecial(tx, id, special())).toBe(false);
    });
  });

  test("a dated special without a weekday goes in the dated list", async ({ asEditor }) => {
    await asEditor(async (tx) => {
      const first = await addSpecial(
        tx,
        special({ weekday: null, startsOn: "2026-12-24", endsOn: "2026-12-31" }),
      );
      const second = await addSpecial(tx, special({ weekday: null, startsOn: "2027-01-01" }));
      const dated = (await listSpecials(tx)).filter((row) => row.weekday === null);
      expect(dated.map((row) => row.id).slice(-2)).toEqual([first, second]);
    });
  });

  test("moving up and down reorders the day's list only, and stops at the ends", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const sunday = async () =>
        (await listSpecials(tx)).filter((row) => row.weekday === 0).map((row) => row.title);
      const monday = await listSpecials(tx).then((rows) => rows.filter((r) => r.weekday === 1));
      const before = await sunday();
      expect(before).toEqual(["Sunday Roast", "Caesar Sunday"]);
      const caesar = (await listSpecials(tx)).find((row) => row.title === "Caesar Sunday")!;
      expect(await moveRow(tx, SPECIAL_LISTS, caesar.id, "up")).not.toBeNull();
      expect(await sunday()).toEqual(["Caesar Sunday", "Sunday Roast"]);
      expect(await moveRow(tx, SPECIAL_LISTS, caesar.id, "up")).not.toBeNull();
      expect(await sunday()).toEqual(["Caesar Sunday", "Sunday Roast"]);
      expect(await moveRow(tx, SPECIAL_LISTS, caesar.id, "down")).not.toBeNull();
      expect(await sunday()).toEqual(["Sunday Roast", "Caesar Sunday"]);
      expect(await listSpecials(tx).then((rows) => rows.filter((r) => r.weekday === 1))).toEqual(
        monday,
      );
      expect(await moveRow(tx, SPECIAL_LISTS, 987_654, "up")).toBeNull();
    });
  });

  test("the table refuses a negative price and a special with neither day nor date", async ({
    asEditor,
  }) => {
    await expect(
      asEditor((tx) => addSpecial(tx, special({ priceCents: -100 }))),
    ).rejects.toMatchObject({ code: "23514" });
    await expect(
      asEditor((tx) => addSpecial(tx, special({ weekday: null }))),
    ).rejects.toMatchObject({
      code: "23514",
    });
  });

  test.for(["anon", "stranger"])("%s cannot add a special", async (who, { asAnon, asStranger }) => {
    const as = who === "anon" ? asAnon : asStranger;
    await expect(as((tx) => addSpecial(tx, special()))).rejects.toMatchObject({ code: "42501" });
  });

  test("a signed-in non-staff user changes, moves and deletes nothing, and sees no hidden special", async ({
    claims,
    asEditor,
    asStranger,
  }) => {
    const hiddenId = await asEditor(async (tx) => {
      const id = await addSpecial(tx, special({ published: false }));
      const seenByStranger = await withStaffClaims(tx, claims.stranger, (inner) =>
        getSpecial(inner, id),
      );
      expect(seenByStranger).toBeNull();
      return id;
    });
    expect(hiddenId).toBeGreaterThan(0);
    const result = await asStranger(async (tx) => {
      const [roast] = await listSpecials(tx);
      const outcome = {
        updated: await updateSpecial(tx, roast!.id, special()),
        deleted: await deleteSpecial(tx, roast!.id),
        moved: await moveRow(tx, SPECIAL_LISTS, roast!.id, "down"),
      };
      const [first] = await listSpecials(tx);
      return { ...outcome, first: first?.title };
    });
    // Row level security hides the rows from their writes: nothing to change.
    expect(result).toEqual({ updated: false, deleted: false, moved: null, first: "Sunday Roast" });
  });
});
