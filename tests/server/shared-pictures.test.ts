import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, vi } from "vitest";
import { startServer } from "../support/built-server";
import { addStaffWithCommand, serverTest as test, signedInOn } from "../support/server-test";
import { drivers, openTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Several instances of the built server on one PostgreSQL database, without
 * Supabase, each with its own DATA_DIR (as machines on a host each have
 * their own disk): a picture staff upload through one is kept in the
 * database, so every other serves it too.
 */

// Starting two servers and running a command takes seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

let database: TestDatabase | undefined;
afterAll(async () => {
  await database?.[Symbol.asyncDispose]();
});

/** The `/img/uploads/…` URLs a page's pictures name in their `src` and `srcset`. */
function uploadUrls(html: string): string[] {
  return [...html.matchAll(/\s(?:src|srcset)="([^"]*)"/g)]
    .flatMap((match) => match[1]!.split(","))
    .map((candidate) => candidate.trim().split(/\s+/)[0]!.replaceAll("&amp;", "&"))
    .filter((url) => url.startsWith("/img/uploads/"));
}

describe.runIf(drivers.includes("postgres"))(
  "uploaded pictures on PostgreSQL without Supabase",
  () => {
    test("a picture uploaded through one instance is served by another", async ({
      dataDirectory,
    }) => {
      database = await openTestDatabase("postgres");
      const shared = { DATABASE_URL: database.url! };
      const first = dataDirectory();
      const second = dataDirectory();

      const email = "manager@example.com";
      const password = await addStaffWithCommand({ ...shared, DATA_DIR: first }, email, "editor");

      const [one, other] = await Promise.all([
        startServer({ ...shared, DATA_DIR: first }),
        startServer({ ...shared, DATA_DIR: second }),
      ]);
      for (const server of [one, other]) {
        expect(server.output()).toContain(
          "Uploaded pictures are kept in the database (table picture_bytes)",
        );
      }

      // The other instance shows the menu before the picture exists.
      const before = await fetch(`${other.url}/menu`);
      expect(before.status, other.output()).toBe(200);
      expect(uploadUrls(await before.text())).toEqual([]);

      const staff = await signedInOn(one, email, password);

      // A new dish with its picture, added in the menu editor on the first instance.
      const picture = await sharp({
        create: { width: 800, height: 450, channels: 3, background: "#7a3b1d" },
      })
        .png()
        .toBuffer();
      const [section] = await database.query<{ id: string }>(
        "select id::text as id from public.menu_sections where published order by sort_order, id limit 1",
      );
      const form = new FormData();
      form.set("form-id", "menu-item");
      form.set("sectionId", section!.id);
      form.set("name", "Smoked Brisket Sandwich");
      form.set("description", "Twelve-hour brisket on a toasted bun.");
      form.set("price", "$17.00");
      form.set("available", "on");
      form.set("imageAlt", "A brisket sandwich cut in half on a wooden board");
      form.set(
        "imageFile",
        new File([new Uint8Array(picture)], "brisket.png", { type: "image/png" }),
      );
      const saved = await staff.post("/staff/menu/items/new", form);
      expect(saved.status, one.output()).toBe(303);

      const [row] = await database.query<{ path: string; version: string; bytes: number }>(
        `select p.path, p.version, octet_length(b.bytes) as bytes
       from public.pictures p join public.picture_bytes b using (path)`,
      );
      expect(row?.path).toMatch(/^uploads\/[0-9a-f]{16}\.png$/);
      expect(row?.bytes).toBeGreaterThan(0);

      // The other instance, which never saw the upload, puts it on its menu
      // once the content revision moves (it asks about once a second)…
      let html = "";
      await vi.waitFor(
        async () => {
          html = await (await fetch(`${other.url}/menu`)).text();
          expect(uploadUrls(html).length).toBeGreaterThan(0);
        },
        { timeout: 15_000, interval: 200 },
      );
      const urls = uploadUrls(html);
      for (const url of urls) expect(url).toContain(`/img/${row!.path}?`);

      // …and serves it, rendered from the bytes in the database.
      const served = await fetch(new URL(urls[0]!, other.url));
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toMatch(/^image\//);
      const rendered = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(rendered.width).toBeGreaterThan(0);
      expect(rendered.width).toBeLessThanOrEqual(800);

      const direct = await fetch(`${other.url}/img/${row!.path}?w=320&fm=webp&v=${row!.version}`);
      expect(direct.status).toBe(200);
      expect(await sharp(Buffer.from(await direct.arrayBuffer())).metadata()).toMatchObject({
        format: "webp",
        width: 320,
        height: 180,
      });

      // Neither instance kept the picture in its own folder's upload store.
      for (const directory of [first, second]) {
        expect(existsSync(path.join(directory, "uploads"))).toBe(false);
      }
      expect(other.output()).not.toMatch(/missing from the upload store|has no record/);

      for (const server of [one, other]) {
        server.process.kill("SIGTERM");
        expect(await server.exited).toBe(0);
      }
    });
  },
);
