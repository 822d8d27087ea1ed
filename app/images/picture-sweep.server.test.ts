import { randomBytes } from "node:crypto";
import { mkdtemp, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startStorageFake, type StorageFake } from "../../tests/support/supabase-storage-fake";
import {
  databaseWithOutage,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import type { ImageStore } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import { log } from "~/platform/logger.server";
import {
  PICTURES_BUCKET,
  databaseUploadStore,
  directoryUploadStore,
  supabaseUploadStore,
  type UploadStore,
} from "~/platform/upload-store.server";
import {
  TABLES_WITHOUT_PICTURES,
  TABLES_WITH_PICTURES,
  UNUSED_PICTURE_MIN_AGE_MS,
  picturePathsInUse,
  startDailyPictureSweep,
  sweepUnusedPictures,
} from "./picture-sweep.server";
import { findUpload } from "./uploaded-source.server";

const HOUR_MS = 60 * 60 * 1000;
/** Older than the sweep's age, and younger. */
const OLD = UNUSED_PICTURE_MIN_AGE_MS / HOUR_MS + 6;
const FRESH = 1;

const publishableKey = "sb_publishable_sweep-test-key";
const secretKey = "sb_secret_sweep-test-key";

/** A store of one kind, and how to make one of its pictures look `hours` old. */
type StoreKind = {
  name: string;
  make(
    db: Database,
    directory: string,
    fake: StorageFake,
  ): { uploads: UploadStore; age(picturePath: string, hours: number): Promise<void> };
};

const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

const STORE_KINDS: StoreKind[] = [
  {
    name: "a DATA_DIR folder",
    make: (_, directory) => ({
      uploads: directoryUploadStore(path.join(directory, "data")),
      async age(picturePath, hours) {
        const file = path.join(directory, "data", picturePath);
        await utimes(file, hoursAgo(hours), hoursAgo(hours));
      },
    }),
  },
  {
    name: "the database",
    make: (db) => ({
      uploads: databaseUploadStore(async () => db),
      async age(picturePath, hours) {
        await db.query(
          `update public.picture_bytes set created_at = now() - make_interval(hours => $2::int)
           where path = $1`,
          [picturePath, hours],
        );
      },
    }),
  },
  {
    name: "Supabase Storage",
    make: (_, __, fake) => ({
      uploads: supabaseUploadStore({ url: fake.url, publishableKey, secretKey, fetch }),
      async age(picturePath, hours) {
        const object = fake.objects.get(`${PICTURES_BUCKET}/${picturePath}`);
        if (!object) throw new Error(`${picturePath} is not in the fake's bucket`);
        object.createdAt = object.updatedAt = hoursAgo(hours);
      },
    }),
  },
];

/** A new picture's path: a random version, as content-addressing would give. */
function newPath(extension = "png") {
  return `uploads/${randomBytes(8).toString("hex")}.${extension}`;
}

describe.each(drivers)("the sweep of unused pictures on %s", (driver) => {
  let db: TestDatabase;
  let root: string;
  let fake: StorageFake;
  let info: ReturnType<typeof vi.spyOn>;
  let warn: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    root = await mkdtemp(path.join(tmpdir(), "picture-sweep-"));
    fake = await startStorageFake({ publishableKey, secretKey });
  });
  afterAll(async () => {
    await fake?.close();
    await db?.[Symbol.asyncDispose]();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    info = vi.spyOn(log, "info").mockImplementation(() => {});
    warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    // Each test starts with no pictures anywhere; what content names stays.
    await db.query("delete from public.pictures");
    await db.query("delete from public.picture_bytes");
    fake.objects.clear();
  });

  const staffWriter = () =>
    createClient(fake.url, publishableKey, { accessToken: async () => "staff-access-token" });

  describe.each(STORE_KINDS)("in $name", (kind) => {
    let directory: string;
    let images: ImageStore;
    let age: (picturePath: string, hours: number) => Promise<void>;

    beforeEach(async () => {
      directory = await mkdtemp(path.join(root, "store-"));
      const made = kind.make(db, directory, fake);
      age = made.age;
      images = {
        sourceDirectory: path.resolve("public/images"),
        cacheDirectory: path.join(directory, "cache"),
        uploads: made.uploads,
      };
    });

    /**
     * A picture as an upload leaves it, stored `hours` ago: its bytes in the
     * store and (unless `record` is false: the upload cut off before it) its
     * `pictures` row.
     */
    async function upload(hours: number, { record = true } = {}) {
      const picturePath = newPath();
      await images.uploads.save({
        path: picturePath,
        bytes: Buffer.from(`the bytes of ${picturePath}`),
        contentType: "image/png",
        writer: staffWriter(),
      });
      await age(picturePath, hours);
      if (record) await recordPicture(db, picturePath, hours);
      return picturePath;
    }

    const kept = async (picturePath: string) => (await images.uploads.read(picturePath)) !== null;

    test("an unused picture stored more than a day ago is removed with its row; a fresh one and every one in use are kept", async () => {
      const unused = await upload(OLD);
      const cutOff = await upload(OLD, { record: false });
      const fresh = await upload(FRESH);
      const freshWithoutRow = await upload(FRESH, { record: false });
      const hero = await upload(OLD);
      const dish = await upload(OLD);
      const event = await upload(OLD);
      const space = await upload(OLD);
      const earlierVersion = await upload(OLD);

      await db.query(
        "update public.site_settings set hero_image_path = $1, hero_image_alt = 'The bar'",
        [hero],
      );
      await db.query(
        `update public.menu_items set image_path = $1, image_alt = 'A plate'
         where id = (select min(id) from public.menu_items)`,
        [dish],
      );
      await db.query(
        `update public.events set image_path = $1, image_alt = 'The stage'
         where id = (select min(id) from public.events)`,
        [event],
      );
      await db.query(
        `update public.venue_spaces
         set photos = jsonb_build_array(
           jsonb_build_object('path', 'rooms/the-snug.svg', 'alt', 'The snug'),
           jsonb_build_object('path', $1::text, 'alt', 'The snug at night'))
         where id = (select min(id) from public.venue_spaces)`,
        [space],
      );
      // A dish shown with a picture, then changed to another: the older
      // version, in the recent changes, still names the first.
      await db.query(
        `update public.menu_items set image_path = $1, image_alt = 'An older plate'
         where id = (select max(id) from public.menu_items)`,
        [earlierVersion],
      );
      await db.query(
        `update public.menu_items set image_path = 'dishes/smash-burger.svg'
         where id = (select max(id) from public.menu_items)`,
      );

      // This instance has served the unused picture: a record in memory and a local copy.
      expect(await findUpload(images, db, unused)).not.toBeNull();

      const result = await sweepUnusedPictures({ database: db, images });

      expect(result.removed.sort()).toEqual([unused, cutOff].sort());
      expect(result.forgotten).toEqual([unused]);
      for (const gone of [unused, cutOff]) expect(await kept(gone), gone).toBe(false);
      for (const stays of [fresh, freshWithoutRow, hero, dish, event, space, earlierVersion]) {
        expect(await kept(stays), stays).toBe(true);
      }
      expect(await recordedPaths(db)).toEqual(
        [fresh, hero, dish, event, space, earlierVersion].sort(),
      );
      // Gone from this instance at once, not only from the store.
      expect(await findUpload(images, db, unused)).toBeNull();
      expect(info).toHaveBeenCalledWith("Removed 2 pictures no page uses", {
        store: images.uploads.description,
      });

      // The next day's sweep finds nothing more to do.
      const again = await sweepUnusedPictures({ database: db, images });
      expect(again).toEqual({ removed: [], forgotten: [] });
      expect(info).toHaveBeenLastCalledWith("Removed 0 pictures no page uses", {
        store: images.uploads.description,
      });
    });

    test("an old row whose bytes are not in the store is deleted; a young one is kept", async () => {
      const lost = newPath();
      const arriving = newPath();
      await recordPicture(db, lost, OLD);
      await recordPicture(db, arriving, FRESH);

      const result = await sweepUnusedPictures({ database: db, images });
      expect(result).toEqual({ removed: [], forgotten: [lost] });
      expect(await recordedPaths(db)).toEqual([arriving]);
    });

    test("nothing is removed when the references cannot be read", async () => {
      const unused = await upload(OLD);
      const { database, startOutage } = databaseWithOutage(db);
      startOutage();
      await expect(sweepUnusedPictures({ database, images })).rejects.toThrow(/connection refused/);
      expect(await kept(unused)).toBe(true);
      expect(await recordedPaths(db)).toEqual([unused]);
    });

    test("instances sweeping at once remove each picture once, and fail nowhere", async () => {
      const unused = [await upload(OLD), await upload(OLD), await upload(OLD)];
      const inUse = await upload(OLD);
      await db.query(
        `update public.events set image_path = $1, image_alt = 'The stage'
         where id = (select max(id) from public.events)`,
        [inUse],
      );
      // Two instances: their own image caches, the same store.
      const [first, second] = await Promise.all([
        sweepUnusedPictures({ database: db, images }),
        sweepUnusedPictures({
          database: db,
          images: { ...images, cacheDirectory: path.join(directory, "other-cache") },
        }),
      ]);
      expect([...first.removed, ...second.removed].sort()).toEqual(unused.sort());
      for (const picturePath of unused) expect(await kept(picturePath)).toBe(false);
      expect(await kept(inUse)).toBe(true);
      expect(await recordedPaths(db)).toEqual([inUse]);
      expect(warn).not.toHaveBeenCalled();
    });
  });

  test("Storage without the secret key: nothing is removed, and the log says why", async () => {
    const images: ImageStore = {
      sourceDirectory: path.resolve("public/images"),
      cacheDirectory: path.join(root, "no-secret-cache"),
      uploads: supabaseUploadStore({ url: fake.url, publishableKey, fetch }),
    };
    const unused = newPath();
    fake.objects.set(`${PICTURES_BUCKET}/${unused}`, {
      bytes: Buffer.from("unused"),
      contentType: "image/png",
      createdAt: hoursAgo(OLD),
      updatedAt: hoursAgo(OLD),
    });
    await recordPicture(db, unused, OLD);

    expect(await sweepUnusedPictures({ database: db, images })).toEqual({
      removed: [],
      forgotten: [],
    });
    expect(fake.objects.has(`${PICTURES_BUCKET}/${unused}`)).toBe(true);
    expect(await recordedPaths(db)).toEqual([unused]);
    expect(warn).toHaveBeenCalledWith("1 picture no page uses could not be removed", {
      store: images.uploads.description,
      reason: expect.stringMatching(/SUPABASE_SECRET_KEY/),
    });
  });

  test("what content names counts wherever it stands; the upload's own record does not", async () => {
    const named = newPath("webp");
    const inText = newPath("jpg");
    const recordOnly = newPath("avif");
    await recordPicture(db, recordOnly, OLD);
    await db.query(
      `update public.venue_packages set includes = array['A slideshow of /img/' || $1 || '?w=640']
       where id = (select min(id) from public.venue_packages)`,
      [inText],
    );
    await db.query(
      `update public.events set image_path = $1, image_alt = 'A band'
       where id = (select min(id) from public.events)`,
      [named],
    );
    const inUse = await picturePathsInUse(db);
    expect(inUse.has(named)).toBe(true);
    expect(inUse.has(inText)).toBe(true);
    expect(inUse.has(recordOnly)).toBe(false);
  });

  test("every table in public is either read for pictures or named as holding none", async () => {
    const rows = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual(
      [...TABLES_WITH_PICTURES, ...TABLES_WITHOUT_PICTURES].sort(),
    );
  });

  describe("the daily job", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    test("sweeps a minute after the start and again each day, until stopped; a failed run is logged", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const errors = vi.spyOn(log, "error").mockImplementation(() => {});
      const directory = await mkdtemp(path.join(root, "daily-"));
      const images: ImageStore = {
        sourceDirectory: path.resolve("public/images"),
        cacheDirectory: path.join(directory, "cache"),
        uploads: directoryUploadStore(directory),
      };
      const oldUnused = async () => {
        const picturePath = newPath();
        await images.uploads.save({
          path: picturePath,
          bytes: Buffer.from("unused"),
          contentType: "image/png",
          writer: staffWriter(),
        });
        await utimes(path.join(directory, picturePath), hoursAgo(OLD), hoursAgo(OLD));
        return picturePath;
      };
      let attempts = 0;
      const stop = startDailyPictureSweep({
        database: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error("database unreachable");
          return db;
        },
        images,
        firstAfterMs: 60_000,
        everyMs: 24 * HOUR_MS,
      });

      const first = await oldUnused();
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() =>
        expect(errors).toHaveBeenCalledWith(
          "The sweep of unused pictures failed; it runs again tomorrow",
          expect.anything(),
        ),
      );
      expect(await images.uploads.read(first)).not.toBeNull();

      await vi.advanceTimersByTimeAsync(24 * HOUR_MS);
      await vi.waitFor(async () => expect(await images.uploads.read(first)).toBeNull());

      stop();
      const after = await oldUnused();
      await vi.advanceTimersByTimeAsync(2 * 24 * HOUR_MS);
      expect(await images.uploads.read(after)).not.toBeNull();
      expect(attempts).toBe(2);
    });
  });
});

/** Writes the `pictures` row an upload makes, as made `hours` ago. */
async function recordPicture(db: Database, picturePath: string, hours: number) {
  const version = picturePath.slice("uploads/".length, "uploads/".length + 16);
  const type = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", avif: "image/avif" }[
    picturePath.split(".").pop() as "png"
  ];
  await db.query(
    `insert into public.pictures (path, width, height, version, content_type, byte_size, created_at)
     values ($1, 10, 10, $2, $3, 100, now() - make_interval(hours => $4::int))`,
    [picturePath, version, type, hours],
  );
}

/** The paths `pictures` holds, A to Z. */
async function recordedPaths(db: Database): Promise<string[]> {
  const rows = await db.query<{ path: string }>("select path from public.pictures");
  return rows.map((row) => row.path).sort();
}
