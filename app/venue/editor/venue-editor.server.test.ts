import { moveRow } from "~/platform/database/ordered-rows.server";
import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import { inputOf } from "~/platform/forms/form-check.test-support";
import {
  deleteVenueRow,
  insertPackage,
  insertSpace,
  VENUE_ROWS,
  packagesForStaff,
  spaceForStaff,
  spacesForStaff,
  updateSpace,
} from "./venue-editor.server";
import { packageFields, spaceFields } from "./venue-editor";
import { packageSchema, spaceSchema } from "./venue-rules";
import { getVenueSpaces } from "~/venue/venue.server";

const space = inputOf(spaceSchema, spaceFields, {
  name: "The Loft",
  seatedCapacity: "30",
  standingCapacity: "45",
  features: "Private bar, projector\nFireplace",
  stepFree: "on",
});

const pack = inputOf(packageSchema, packageFields, {
  name: "Pub Social",
  price: "32.50",
  priceUnit: "per-guest",
  minimumGuests: "20",
  includes: "Sharing platters\nA drink on arrival, red or white",
});

describe.each(drivers)("the venue editor's queries on %s", (driver) => {
  test.override({ driver });

  test("adds a space at the end with its lists, keeps its photos on edit, and hides it", async ({
    asEditor,
  }) => {
    await asEditor(async (tx) => {
      const id = await insertSpace(tx, space());
      const spaces = await spacesForStaff(tx);
      expect(spaces.at(-1)).toMatchObject({
        id,
        slug: "the-loft",
        seatedCapacity: 30,
        standingCapacity: 45,
        features: ["Private bar", "projector", "Fireplace"],
        stepFree: true,
        photos: [],
      });
      const [seeded] = spaces;
      expect(seeded!.photos.length).toBeGreaterThan(0);
      await updateSpace(tx, seeded!.id, space({ name: seeded!.name, slug: seeded!.slug }));
      expect((await spaceForStaff(tx, seeded!.id))!.photos).toEqual(seeded!.photos);
      const photos = [{ path: "rooms/the-snug.svg", alt: "Banquettes by the fire." }];
      await updateSpace(tx, id, space(), photos);
      expect((await spaceForStaff(tx, id))!.photos).toEqual(photos);
      await updateSpace(tx, id, space({ hidden: "on" }));
      expect((await getVenueSpaces(tx)).map((row) => row.id)).not.toContain(id);
    });
  });

  test("adds a package with its includes one a line", async ({ asEditor }) => {
    await asEditor(async (tx) => {
      const id = await insertPackage(tx, pack());
      expect((await packagesForStaff(tx)).at(-1)).toMatchObject({
        id,
        priceCents: 3250,
        priceUnit: "per-guest",
        minimumGuests: 20,
        includes: ["Sharing platters", "A drink on arrival, red or white"],
      });
    });
  });

  test("moves a space up and down; the ends stay put", async ({ asEditor }) => {
    await asEditor(async (tx) => {
      const before = (await spacesForStaff(tx)).map((row) => row.id);
      expect(await moveRow(tx, VENUE_ROWS.space, before[1]!, "up")).toMatchObject({ moved: true });
      const after = (await spacesForStaff(tx)).map((row) => row.id);
      expect(after).toEqual([before[1], before[0], ...before.slice(2)]);
      await moveRow(tx, VENUE_ROWS.space, before[1]!, "up");
      expect((await spacesForStaff(tx)).map((row) => row.id)).toEqual(after);
      await moveRow(tx, VENUE_ROWS.space, before[1]!, "down");
      expect((await spacesForStaff(tx)).map((row) => row.id)).toEqual(before);
      expect(await moveRow(tx, VENUE_ROWS.space, 999_999, "up")).toBeNull();
    });
  });

  test("the database refuses a duplicate slug and a negative capacity", async ({
    db,
    asEditor,
  }) => {
    const [seeded] = await db.query<{ slug: string }>(
      "select slug from public.venue_spaces order by id limit 1",
    );
    await expect(
      asEditor((tx) => insertSpace(tx, space({ slug: seeded!.slug }))),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(
      asEditor((tx) => insertSpace(tx, { ...space(), seatedCapacity: -1 })),
    ).rejects.toMatchObject({ code: "23514" });
  });

  test("anon and a signed-in user who is not staff cannot write spaces or packages", async ({
    db,
    asStranger,
    asAnon,
  }) => {
    const [seeded] = await db.query<{ id: number; name: string }>(
      "select id::int as id, name from public.venue_spaces order by id limit 1",
    );
    for (const run of [asAnon, asStranger]) {
      await expect(run((tx) => insertSpace(tx, space()))).rejects.toMatchObject({
        code: "42501",
      });
      await expect(run((tx) => insertPackage(tx, pack()))).rejects.toMatchObject({
        code: "42501",
      });
      const outcome = await run(async (tx) => ({
        updated: await updateSpace(tx, seeded!.id, space({ name: "Taken" })),
        deleted: await deleteVenueRow(tx, "venue_packages", 1),
      })).catch((error: { code?: string }) => error.code);
      expect([{ updated: false, deleted: false }, "42501"]).toContainEqual(outcome);
    }
    const [after] = await db.query<{ name: string }>(
      "select name from public.venue_spaces where id = $1",
      [seeded!.id],
    );
    expect(after?.name).toBe(seeded!.name);
  });
});
