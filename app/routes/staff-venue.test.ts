import sharp from "sharp";
import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { expectRefusedWhole } from "../../tests/support/staff-session";
import type { Database } from "~/platform/database/database.server";
import { action as venueAction, loader as venueLoader } from "./staff/venue";
import { action as packageAction, loader as packageLoader } from "./staff/venue-package";
import { action as spaceAction, loader as spaceLoader } from "./staff/venue-space";
import { largestCapacity } from "~/venue/venue";
import { getVenueSpaces } from "~/venue/venue.server";

type Handler = (args: never) => unknown;

async function refusal(response: Response) {
  expect(response.status).toBe(400);
  return (await response.json()) as {
    values: Record<string, string>;
    errors: Record<string, string>;
  };
}

const validSpace = {
  "form-id": "space-form",
  name: "The Cellar Bar",
  slug: "",
  summary: "A stone-walled bar below the pub.",
  description: "",
  seatedCapacity: "24",
  standingCapacity: "40",
  features: "Private bar, Sound system\nExposed brick",
  stepFree: "",
  accessibilityNote: "Twelve steps down; no lift.",
  hidden: "",
};

const validPackage = {
  "form-id": "package-form",
  name: "Cellar Buffet",
  description: "",
  price: "$28.50",
  priceUnit: "per-guest",
  minimumGuests: "15",
  includes: "Hot buffet\nSoft drinks, all night",
  hidden: "",
};

const spaceIdOf = async (db: Database, slug: string) =>
  (
    await db.query<{ id: number }>(
      "select id::int as id from public.venue_spaces where slug = $1",
      [slug],
    )
  )[0]?.id;

const test = routeTest
  .extend(
    "send",
    ({ staff, editor }) =>
      (path: string, handler: Handler, fields: Record<string, string>, id?: string) =>
        staff.submit(editor, path, fields, handler, id ? { id } : {}),
  )
  .extend(
    "read",
    ({ staff, editor }) =>
      (path: string, handler: Handler, id?: string) =>
        staff.load(editor, path, handler, id ? { id } : {}),
  )
  /** Posts a space's form as a browser does with file fields: multipart. */
  .extend(
    "multipart",
    ({ staff, editor }) =>
      (id: string, fields: Record<string, string>, files: Record<string, File>) => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) {
          // As a browser posts the form: an unticked box is not sent at all.
          if (!(key.startsWith("photoRemove") && value === "")) form.set(key, value);
        }
        for (const [key, file] of Object.entries(files)) form.set(key, file);
        return staff.submit(editor, `/staff/venue/spaces/${id}`, form, spaceAction, { id });
      },
  );

describe.each(drivers)("the venue editor's routes on %s", (driver) => {
  test.override({ driver });

  describe("the venue editor's pages", () => {
    test("adds a space: the slug from its name, lists split, a toast, and the enquiry form's capacity", async ({
      db,
      send,
      read,
    }) => {
      const response = await send("/staff/venue/spaces/new", spaceAction, validSpace, "new");
      const id = await spaceIdOf(db, "the-cellar-bar");
      expect(response).toHaveRedirect(`/staff/venue/spaces/${id}`);
      const page = await read(`/staff/venue/spaces/${id}`, spaceLoader, String(id));
      expect(((await page.json()) as { values: Record<string, string> }).values).toMatchObject({
        features: "Private bar\nSound system\nExposed brick",
        seatedCapacity: "24",
      });
      // The venue enquiry form checks party sizes against the largest capacity.
      const listed = (await getVenueSpaces(db)).find((space) => space.id === id)!;
      expect(largestCapacity(listed)).toBe(40);
    });

    test.for([
      ["a negative capacity", { seatedCapacity: "-4" }, "seatedCapacity", /cannot be negative/],
      ["a capacity in words", { standingCapacity: "forty" }, "standingCapacity", /whole number/],
      ["a fractional capacity", { standingCapacity: "12.5" }, "standingCapacity", /whole number/],
      [
        "no capacity at all",
        { seatedCapacity: "0", standingCapacity: "0" },
        "seatedCapacity",
        /seated or standing/,
      ],
      ["a huge name", { name: "n".repeat(50_000) }, "name", /100 characters/],
      ["too many features", { features: "x,".repeat(30) }, "features", /at most 20/],
      ["a taken slug", { slug: "the-cellar-bar" }, "slug", /already uses/],
    ] as const)(
      "refuses a space with %s, keeping what was typed",
      async ([, change, field, message], { send }) => {
        const answer = await refusal(
          await send("/staff/venue/spaces/new", spaceAction, { ...validSpace, ...change }, "new"),
        );
        expect(answer.errors[field]).toMatch(message);
        expect(answer.values).toMatchObject(change);
      },
    );

    test.for([
      ["name", "The Cellar ".repeat(10)],
      ["slug", "cellar-".repeat(12)],
      ["summary", "Stone walls. ".repeat(16)],
      ["description", "A stone-walled bar below the pub. ".repeat(30)],
      ["accessibilityNote", "Twelve steps down. ".repeat(27)],
      ["photoAlt0", "The bar lit by candles. ".repeat(13)],
    ] as const)(
      "a space's %s over its limit is refused whole, everything typed kept",
      async ([field, long], { db, send }) => {
        const before = await db.query("select id from public.venue_spaces");
        const sent = { ...validSpace, [field]: long };
        await expectRefusedWhole(
          await send("/staff/venue/spaces/new", spaceAction, sent, "new"),
          sent,
          field,
        );
        expect(await db.query("select id from public.venue_spaces")).toEqual(before);
      },
    );

    test.for([
      ["name", "Cellar Buffet ".repeat(8)],
      ["description", "Hot food and cold drinks. ".repeat(40)],
    ] as const)(
      "a package's %s over its limit is refused whole, everything typed kept",
      async ([field, long], { db, send }) => {
        const before = await db.query("select id from public.venue_packages");
        const sent = { ...validPackage, [field]: long };
        await expectRefusedWhole(
          await send("/staff/venue/packages/new", packageAction, sent, "new"),
          sent,
          field,
        );
        expect(await db.query("select id from public.venue_packages")).toEqual(before);
      },
    );

    test("adds a package priced per guest, and refuses bad prices and minimums", async ({
      db,
      send,
    }) => {
      const added = await send("/staff/venue/packages/new", packageAction, validPackage, "new");
      expect(added.headers.get("Location")).toMatch(/^\/staff\/venue\/packages\/\d+$/);
      const [row] = await db.query<{ priceCents: number; includes: string[] }>(
        `select price_cents as "priceCents", includes from public.venue_packages
         where name = 'Cellar Buffet'`,
      );
      expect(row).toEqual({ priceCents: 2850, includes: ["Hot buffet", "Soft drinks, all night"] });

      for (const [change, field, message] of [
        [{ price: "-10" }, "price", /cannot be negative/],
        [{ price: "ten dollars" }, "price", /such as 14.50/],
        [{ price: "" }, "price", /such as 14.50/],
        [{ minimumGuests: "0" }, "minimumGuests", /at least 1/],
        [{ priceUnit: "per-hour" }, "priceUnit", /per guest or a flat/],
      ] as const) {
        const answer = await refusal(
          await send(
            "/staff/venue/packages/new",
            packageAction,
            { ...validPackage, ...change },
            "new",
          ),
        );
        expect(answer.errors[field]).toMatch(message);
      }
    });

    test("moves a space up the list with the arrow buttons' post", async ({ send, read }) => {
      const before = (
        (await (await read("/staff/venue", venueLoader)).json()) as {
          spaces: { id: number }[];
        }
      ).spaces.map((space) => space.id);
      const last = before.at(-1)!;
      const moved = await send("/staff/venue?reorder=1", venueAction, {
        intent: "move-up",
        list: "space",
        id: String(last),
      });
      expect(moved).toHaveRedirect(`/staff/venue?reorder=1#venue_spaces-${last}`);
      const after = (
        (await (await read("/staff/venue", venueLoader)).json()) as {
          spaces: { id: number }[];
        }
      ).spaces.map((space) => space.id);
      expect(after.at(-2)).toBe(last);
      // From the everyday list, not reorder mode: refused, nothing moved.
      const outside = await send("/staff/venue", venueAction, {
        intent: "move-down",
        list: "space",
        id: String(last),
      });
      expect(outside.status).toBe(400);
      expect(await outside.text()).toMatch(/only in reorder mode.*Nothing was moved/);
      const unmoved = (
        (await (await read("/staff/venue", venueLoader)).json()) as {
          spaces: { id: number }[];
        }
      ).spaces.map((space) => space.id);
      expect(unmoved).toEqual(after);
      expect(
        (
          await send("/staff/venue?reorder=1", venueAction, {
            intent: "move-up",
            list: "space",
            id: "999999",
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await send("/staff/venue?reorder=1", venueAction, {
            intent: "jump",
            list: "space",
            id: String(last),
          })
        ).status,
      ).toBe(400);
    });

    test("unknown ids are 404s; delete asks first", async ({ db, send, read }) => {
      for (const id of ["999999", "x"]) {
        expect((await read(`/staff/venue/spaces/${id}`, spaceLoader, id)).status).toBe(404);
        expect((await read(`/staff/venue/packages/${id}`, packageLoader, id)).status).toBe(404);
        expect((await send(`/staff/venue/spaces/${id}`, spaceAction, validSpace, id)).status).toBe(
          404,
        );
      }
      const id = String(await spaceIdOf(db, "the-cellar-bar"));
      const asked = await send(`/staff/venue/spaces/${id}`, spaceAction, { intent: "delete" }, id);
      expect(await asked.json()).toEqual({ confirmDelete: true });
      const deleted = await send(
        `/staff/venue/spaces/${id}`,
        spaceAction,
        { intent: "delete", confirm: "yes" },
        id,
      );
      expect(deleted).toHaveRedirect("/staff/venue");
      expect(await spaceIdOf(db, "the-cellar-bar")).toBeUndefined();
    });

    const photo = async () =>
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 40, height: 30, channels: 3, background: "#345" } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        "room.jpg",
        { type: "image/jpeg" },
      );

    test("a seeded space keeps its photos on save, takes a new one, and asks for its description", async ({
      db,
      read,
      multipart,
    }) => {
      const [seeded] = await db.query<{ id: number }>(
        "select id::int as id from public.venue_spaces where jsonb_array_length(photos) > 0 order by id limit 1",
      );
      const id = String(seeded!.id);
      const page = (await (await read(`/staff/venue/spaces/${id}`, spaceLoader, id)).json()) as {
        values: Record<string, string>;
      };
      const before = (await getVenueSpaces(db)).find((space) => space.id === seeded!.id)!.photos;
      const slot = before.length;

      const refused = await refusal(
        await multipart(
          id,
          { ...page.values, "form-id": "space-form" },
          {
            [`photo${slot}`]: await photo(),
          },
        ),
      );
      expect(refused.errors[`photoAlt${slot}`]).toMatch(/Describe the picture/);
      expect(refused.values[`photoKept${slot}`]).toMatch(/^uploads\//);
      expect(refused.values.photoKept0).toBe(before[0]!.path);

      const saved = await multipart(
        id,
        {
          ...refused.values,
          "form-id": "space-form",
          [`photoAlt${slot}`]: "The room set for dinner.",
        },
        {},
      );
      expect(saved).toHaveRedirect(`/staff/venue/spaces/${id}`);
      const after = (await getVenueSpaces(db)).find((space) => space.id === seeded!.id)!.photos;
      expect(after).toEqual([
        ...before,
        { path: refused.values[`photoKept${slot}`], alt: "The room set for dinner." },
      ]);

      // Removing the new photo leaves the seeded ones.
      const removed = await multipart(
        id,
        { ...refused.values, "form-id": "space-form", [`photoRemove${slot}`]: "on" },
        {},
      );
      expect(removed).toHaveRedirect(`/staff/venue/spaces/${id}`);
      expect((await getVenueSpaces(db)).find((space) => space.id === seeded!.id)!.photos).toEqual(
        before,
      );
    });

    test("an SVG photo is refused with the other fields kept", async ({ db, multipart }) => {
      const answer = await refusal(
        await multipart(
          "new",
          { ...validSpace, name: "Svg Room", photoAlt0: "A logo." },
          {
            photo0: new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "room.svg", {
              type: "image/svg+xml",
            }),
          },
        ),
      );
      expect(answer.errors.photo0).toMatch(/JPEG, PNG, WebP or AVIF/);
      expect(answer.values).toMatchObject({ name: "Svg Room", photoAlt0: "A logo." });
      expect(await spaceIdOf(db, "svg-room")).toBeUndefined();
    });
  });
});
