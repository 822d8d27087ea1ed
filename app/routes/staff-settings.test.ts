import sharp from "sharp";
import { describe, expect } from "vitest";
import { drivers, routeTest } from "../../tests/support/route-test";
import { expectRefusedWhole } from "../../tests/support/staff-session";
import { CookieJar } from "../../tests/support/staff-requests";
import { action, loader } from "./staff/settings";
import { getSiteSettings } from "~/settings/site-settings.server";
import { settingsFormValues } from "~/settings/editor/settings-editor.server";
import { asRole, createAuthUser, rolledBack } from "../../tests/support/database-roles";
import { withStaffClaims } from "~/staff/editor/staff-transaction.server";

const test = routeTest
  // The details as seeded, read before any test changes them.
  .extend("original", ({ once, db }) =>
    once("original", async () => (await settingsFormValues(db))!),
  )
  /** The settings form as a browser sends it with a file chosen: multipart. */
  .extend("withPicture", ({ original }) => (changes: Record<string, string>, file: File) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...original, ...changes })) form.set(name, value);
    form.set("heroImage", file);
    return form;
  })
  .extend(
    "save",
    ({ staff, original }) =>
      (jar: CookieJar, changes: Record<string, string>) =>
        staff.run(staff.post("/staff/settings", { ...original, ...changes }, jar), jar, action),
  );

describe.each(drivers)("the settings editor's routes on %s", (driver) => {
  test.override({ driver });

  describe("the site details editor", () => {
    test("shows the saved details to an editor", async ({ staff }) => {
      const jar = await staff.signedIn("editor");
      const response = await staff.run(staff.get("/staff/settings", jar), jar, loader);
      expect(response.status).toBe(200);
      const { values } = (await response.json()) as { values: Record<string, string> };
      expect(values).toMatchObject({ name: "The Squire Pub & Grill", region: "ON" });
      expect(values.socialLinks).toContain("https://instagram.example.com/thesquire");
    });

    test.for([
      ["name", "The Squire ".repeat(10)],
      ["shortName", "Squire ".repeat(6)],
      ["tagline", "Good food. ".repeat(10)],
      ["description", "A pub and grill. ".repeat(18)],
      ["streetAddress", "Richmond Street ".repeat(13)],
      ["locality", "London ".repeat(29)],
      ["reservationUrl", `https://example.com/${"book/".repeat(100)}`],
      ["transitNote", "Bus 2 stops at the door. ".repeat(41)],
      ["heroImageAlt", "The taproom at dusk. ".repeat(15)],
    ] as const)(
      "a %s over its limit is refused whole, nothing saved",
      async ([field, long], { db, staff, original, save }) => {
        const jar = await staff.signedIn("editor");
        const before = await getSiteSettings(db);
        const sent = { ...original, [field]: long };
        await expectRefusedWhole(await save(jar, { [field]: long }), sent, field);
        expect(await getSiteSettings(db)).toEqual(before);
      },
    );

    test("a good post saves as the staff member, logs it and says so", async ({
      db,
      staff,
      save,
    }) => {
      const jar = await staff.signedIn("editor");
      try {
        const response = await save(jar, {
          phone: "(519) 555-0199",
          postalCode: "n6a1b2",
          socialLinks: "https://instagram.com/thepub\r\n\r\nhttps://www.untappd.com/v/thepub",
          transitNote: "Bus 2 stops at the door.",
        });
        expect(response).toHaveRedirect("/staff/settings");
        expect(response.headers.get("Set-Cookie")).toMatch(/toast=/);
        const settings = await getSiteSettings(db);
        expect(settings).toMatchObject({
          phone: "519-555-0199",
          postalCode: "N6A 1B2",
          transitNote: "Bus 2 stops at the door.",
          socialLinks: [
            { network: "instagram", url: "https://instagram.com/thepub" },
            { network: "untappd", url: "https://www.untappd.com/v/thepub" },
          ],
        });
        const [logged] = await db.query<{ actor: string; operation: string }>(
          `select actor::text as actor, operation from public.audit_log
           where table_name = 'site_settings' order by id desc limit 1`,
        );
        expect(logged).toEqual({ actor: jar.userId, operation: "UPDATE" });
      } finally {
        await save(jar, {});
      }
    });

    test.for([
      ["name", "", "Enter the pub's name."],
      ["name", "x".repeat(101), "Keep the pub's name to 100 characters or fewer. It has 101."],
      ["phone", "555-0134", "Enter a 10-digit phone number such as 519-555-0134."],
      ["email", "hello@", "Enter an email address such as hello@example.com."],
      ["postalCode", "12345", "Enter a postal code such as N6A 1B2."],
      ["region", "Ontario", "Enter the province as two letters, such as ON."],
      [
        "latitude",
        "north",
        "Enter the latitude as a number such as 42.98371, with at most 6 decimals.",
      ],
      ["longitude", "-181", "The longitude is between -180 and 180."],
      [
        "reservationUrl",
        "javascript:alert(1)",
        "Enter the reservations link as a full address starting https://, or leave it empty.",
      ],
      [
        "socialLinks",
        "instagram.com/pub",
        "“instagram.com/pub” is not a web address. Put one address starting https:// on each line.",
      ],
    ] as const)(
      "refuses a bad %s (%j) with a clear message and keeps what was typed",
      async ([field, value, message], { db, staff, save }) => {
        const jar = await staff.signedIn("editor");
        const before = await getSiteSettings(db);
        const response = await save(jar, { [field]: value, tagline: "Kept as typed" });
        expect(response.status).toBe(400);
        const body = (await response.json()) as {
          errors: Record<string, string>;
          values: Record<string, string>;
          formError: string;
        };
        expect(body.errors).toEqual({ [field]: message });
        expect(body.formError).toBe("Please check 1 answer and save again.");
        expect(body.values).toMatchObject({ [field]: value, tagline: "Kept as typed" });
        expect(await getSiteSettings(db)).toEqual(before);
      },
    );

    test("a post of the wrong shape (fields missing, repeated) is refused, not a 500", async ({
      staff,
    }) => {
      const jar = await staff.signedIn("editor");
      const form = new URLSearchParams([
        ["name", "One"],
        ["name", "Two"],
      ]);
      const request = new Request("http://localhost/staff/settings", {
        method: "POST",
        body: form,
        headers: { Cookie: jar.header(), Origin: "http://localhost" },
      });
      const response = await staff.run(request, jar, action);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(body.errors.streetAddress).toBe("Enter the street address.");
    });

    test("without a session the editor sends people to sign in, and saves nothing", async ({
      db,
      staff,
      original,
    }) => {
      const before = await getSiteSettings(db);
      const jar = new CookieJar();
      const response = await staff.run(
        staff.post("/staff/settings", { ...original, name: "Taken over" }, jar),
        jar,
        action,
      );
      expect(response).toHaveRedirect("/staff/sign-in?redirectTo=%2Fstaff%2Fsettings");
      expect(await getSiteSettings(db)).toEqual(before);
    });
  });

  describe("the home page picture", () => {
    test("a new picture is stored, described and shown on the home page's settings", async ({
      db,
      staff,
      withPicture,
      save,
    }) => {
      const jar = await staff.signedIn("editor");
      const png = await sharp({
        create: { width: 64, height: 48, channels: 3, background: "#884422" },
      })
        .png()
        .toBuffer();
      try {
        const response = await staff.run(
          staff.post(
            "/staff/settings",
            withPicture(
              { heroImageAlt: "The bar at noon" },
              new File([png], "bar.jpg", { type: "image/jpeg" }),
            ),
            jar,
          ),
          jar,
          action,
        );
        expect(response).toHaveRedirect("/staff/settings");
        const hero = (await getSiteSettings(db))?.heroImage;
        expect(hero).toEqual({
          path: expect.stringMatching(/^uploads\/[0-9a-f]{16}\.png$/),
          alt: "The bar at noon",
        });
      } finally {
        await save(jar, {});
      }
    });

    test("a picture without a description is refused, and the upload is kept for the next try", async ({
      db,
      staff,
      withPicture,
    }) => {
      const jar = await staff.signedIn("editor");
      const before = await getSiteSettings(db);
      const png = await sharp({
        create: { width: 8, height: 8, channels: 3, background: "#000000" },
      })
        .png()
        .toBuffer();
      const response = await staff.run(
        staff.post(
          "/staff/settings",
          withPicture({ heroImageAlt: "" }, new File([png], "night.png", { type: "image/png" })),
          jar,
        ),
        jar,
        action,
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as {
        errors: Record<string, string>;
        values: Record<string, string>;
      };
      expect(body.errors).toEqual({
        heroImageAlt: "Describe the picture for people who cannot see it.",
      });
      expect(body.values.heroImageKept).toMatch(/^uploads\/[0-9a-f]{16}\.png$/);
      expect(await getSiteSettings(db)).toEqual(before);
    });

    test("an SVG is refused by its content whatever its name, and nothing changes", async ({
      db,
      staff,
      withPicture,
    }) => {
      const jar = await staff.signedIn("editor");
      const before = await getSiteSettings(db);
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
      const response = await staff.run(
        staff.post(
          "/staff/settings",
          withPicture({}, new File([svg], "innocent.png", { type: "image/png" })),
          jar,
        ),
        jar,
        action,
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string> };
      expect(body.errors.heroImage).toBe("Choose a JPEG, PNG, WebP or AVIF picture.");
      expect(await getSiteSettings(db)).toEqual(before);
    });

    test("ticking Remove picture takes the picture off the home page", async ({
      db,
      staff,
      save,
    }) => {
      const jar = await staff.signedIn("editor");
      try {
        const response = await save(jar, { heroImageRemove: "on" });
        expect(response).toHaveRedirect("/staff/settings");
        expect((await getSiteSettings(db))?.heroImage).toBeNull();
      } finally {
        await save(jar, {});
      }
    });
  });
});

describe.each(drivers)("who may change the site details, on %s", (driver) => {
  test.override({ driver });

  test("anon and a signed-in user who is not staff change nothing", async ({ db }) => {
    for (const role of ["anon", "authenticated"]) {
      const changed = await asRole(db, role, (tx) =>
        tx.query("update public.site_settings set name = 'Taken over' returning id"),
      ).catch((error: unknown) => error);
      // Either refused outright or no row to change: never a changed name.
      if (Array.isArray(changed)) expect(changed).toHaveLength(0);
      else expect(String(changed)).toMatch(/permission denied/);
    }
    const outsider = await createAuthUser(db, `outsider-${Date.now()}@example.com`);
    const rows = await rolledBack(
      (inner) => withStaffClaims(db, { sub: outsider, role: "authenticated" }, inner),
      (tx) => tx.query("update public.site_settings set name = 'Taken over' returning id"),
    );
    expect(rows).toHaveLength(0);
    expect((await getSiteSettings(db))?.name).toBe("The Squire Pub & Grill");
  });
});
