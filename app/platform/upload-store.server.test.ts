import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect } from "vitest";
import { startStorageFake, type StorageFake } from "../../tests/support/supabase-storage-fake";
import { drivers, routeTest } from "../../tests/support/route-test";
import { databaseWithOutage } from "../../tests/support/test-database";
import { DatabaseUnavailableError } from "./database/database.server";
import { retryingFetch } from "./retry.server";
import {
  PICTURES_BUCKET,
  UploadStoreError,
  databaseUploadStore,
  directoryUploadStore,
  importFolderUploads,
  supabaseUploadStore,
  uploadStoreFor,
} from "./upload-store.server";

const PICTURE = "uploads/0123456789abcdef.png";
const OTHER = "uploads/fedcba9876543210.jpg";
const bytes = Buffer.from("the picture's bytes");
const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
const nothing = () => Promise.reject(new Error("no database in this test"));

/** The database store, and a way to make a picture in it look older. */
const test = routeTest
  .extend("store", ({ db }) => databaseUploadStore(async () => db))
  .extend(
    "backdate",
    ({ db }) =>
      (picturePath: string, hours: number) =>
        db.query(
          "update public.picture_bytes set created_at = now() - make_interval(hours => $2::int) where path = $1",
          [picturePath, hours],
        ),
  );

/** A client that sends `token` as its bearer, as a signed-in staff member's does. */
function clientWithToken(url: string, publishableKey: string, token: string): SupabaseClient {
  return createClient(url, publishableKey, {
    accessToken: async () => token,
    global: { fetch: retryingFetch(fetch, { baseDelayMs: 1 }) },
  });
}

describe("the DATA_DIR store", () => {
  let root: string;
  const writer = {} as SupabaseClient;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "upload-store-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  test("keeps the bytes at DATA_DIR/uploads/<name>, leaving no temporary file", async () => {
    const store = directoryUploadStore(root);
    await store.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    expect(await readFile(path.join(root, PICTURE))).toEqual(bytes);
    expect(await readdir(path.join(root, "uploads"))).toEqual(["0123456789abcdef.png"]);
    expect(Buffer.from((await store.read(PICTURE))!)).toEqual(bytes);
  });

  test("saving the same picture again is fine", async () => {
    const store = directoryUploadStore(root);
    await store.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    await store.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    expect(await readdir(path.join(root, "uploads"))).toEqual(["0123456789abcdef.png"]);
  });

  test("a picture never saved reads as null", async () => {
    expect(await directoryUploadStore(root).read("uploads/ffffffffffffffff.jpg")).toBeNull();
  });

  test.each([
    "../secret.png",
    "uploads/../../etc/passwd",
    "uploads/ABC.png",
    "other/0123456789abcdef.png",
  ])("refuses the path %s", async (bad) => {
    const store = directoryUploadStore(root);
    await expect(store.read(bad)).rejects.toThrow(TypeError);
    await expect(
      store.save({ path: bad, bytes, contentType: "image/png", writer }),
    ).rejects.toThrow(TypeError);
  });

  test("a DATA_DIR that cannot be written (here: inside a file) gives an 'unavailable' error", async () => {
    await directoryUploadStore(root).save({
      path: PICTURE,
      bytes,
      contentType: "image/png",
      writer,
    });
    const store = directoryUploadStore(path.join(root, PICTURE, "inside-a-file"));
    await expect(
      store.save({ path: PICTURE, bytes, contentType: "image/png", writer }),
    ).rejects.toMatchObject({ name: "UploadStoreError", reason: "unavailable" });
  });

  test("lists its pictures with when each was saved, leaving other files out", async () => {
    const store = directoryUploadStore(root);
    expect(await store.list()).toEqual([]);
    await store.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    await store.save({ path: OTHER, bytes, contentType: "image/jpeg", writer });
    await utimes(path.join(root, OTHER), hoursAgo(30), hoursAgo(30));
    await writeFile(path.join(root, "uploads", "0123456789abcdef.png.a1b2c3.tmp"), "half");
    await writeFile(path.join(root, "uploads", "notes.txt"), "not a picture");

    const listed = await store.list();
    expect(listed.map((picture) => picture.path).sort()).toEqual([PICTURE, OTHER].sort());
    const saved = new Map(listed.map((picture) => [picture.path, picture.savedAt.getTime()]));
    expect(saved.get(OTHER)).toBeCloseTo(hoursAgo(30).getTime(), -4);
    expect(saved.get(PICTURE)).toBeGreaterThan(hoursAgo(1).getTime());
  });

  test("removes pictures saved before the time given, and no others", async () => {
    const store = directoryUploadStore(root);
    await store.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    await store.save({ path: OTHER, bytes, contentType: "image/jpeg", writer });
    await utimes(path.join(root, OTHER), hoursAgo(30), hoursAgo(30));

    const removed = await store.remove([PICTURE, OTHER, "uploads/aaaaaaaaaaaaaaaa.webp"], {
      savedBefore: hoursAgo(24),
    });
    expect(removed).toEqual([OTHER]);
    expect(await readdir(path.join(root, "uploads"))).toEqual(["0123456789abcdef.png"]);
    // Removing again removes nothing: another instance may have done it.
    expect(await store.remove([OTHER], { savedBefore: new Date() })).toEqual([]);
    await expect(store.remove(["../secret.png"], { savedBefore: new Date() })).rejects.toThrow(
      TypeError,
    );
  });
});

describe.each(drivers)("the database store on %s", (driver) => {
  test.override({ driver });
  test.beforeEach(async ({ db }) => {
    await db.query("delete from public.picture_bytes");
  });
  const writer = {} as SupabaseClient;

  test("keeps the bytes and their type in picture_bytes, and reads them back", async ({
    db,
    store,
  }) => {
    const picture = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    await store.save({ path: PICTURE, bytes: picture, contentType: "image/png", writer });
    const read = await store.read(PICTURE);
    expect(Object.getPrototypeOf(read)).toBe(Uint8Array.prototype);
    expect(read).toEqual(picture);
    expect(await db.query("select path, content_type as type from public.picture_bytes")).toEqual([
      { path: PICTURE, type: "image/png" },
    ]);
  });

  test("a picture never saved reads as null", async ({ store }) => {
    expect(await store.read("uploads/ffffffffffffffff.jpg")).toBeNull();
  });

  test("saving the same picture again keeps one copy and counts as saved now", async ({
    store,
    backdate,
  }) => {
    await store.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    await backdate(PICTURE, 30);
    await store.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    const listed = await store.list();
    expect(listed.map((picture) => picture.path)).toEqual([PICTURE]);
    expect(listed[0]!.savedAt.getTime()).toBeGreaterThan(hoursAgo(1).getTime());
  });

  test("lists its pictures and removes the ones saved before the time given", async ({
    store,
    backdate,
  }) => {
    await store.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    await store.save({ path: OTHER, bytes, contentType: "image/jpeg", writer });
    await backdate(OTHER, 30);
    const listed = await store.list();
    expect(listed.map((picture) => picture.path)).toEqual([PICTURE, OTHER]);
    expect(listed[1]!.savedAt.getTime()).toBeCloseTo(hoursAgo(30).getTime(), -4);

    expect(await store.remove([PICTURE, OTHER], { savedBefore: hoursAgo(24) })).toEqual([OTHER]);
    expect(await store.read(OTHER)).toBeNull();
    expect(await store.read(PICTURE)).not.toBeNull();
    expect(await store.remove([OTHER], { savedBefore: new Date() })).toEqual([]);
    expect(await store.remove([], { savedBefore: new Date() })).toEqual([]);
  });

  test.for(["../secret.png", "uploads/ABC.png", "other/0123456789abcdef.png"])(
    "refuses the path %s",
    async (bad, { store }) => {
      await expect(store.read(bad)).rejects.toThrow(TypeError);
      await expect(
        store.save({ path: bad, bytes, contentType: "image/png", writer }),
      ).rejects.toThrow(TypeError);
      await expect(store.remove([bad], { savedBefore: new Date() })).rejects.toThrow(TypeError);
    },
  );

  test("a database that cannot be reached gives an 'unavailable' error on save and remove", async ({
    db,
  }) => {
    const { database, startOutage } = databaseWithOutage(db);
    startOutage();
    const down = databaseUploadStore(async () => database);
    await expect(
      down.save({ path: PICTURE, bytes, contentType: "image/png", writer }),
    ).rejects.toMatchObject({ name: "UploadStoreError", reason: "unavailable" });
    await expect(down.remove([PICTURE], { savedBefore: new Date() })).rejects.toMatchObject({
      name: "UploadStoreError",
      reason: "unavailable",
    });
    await expect(down.read(PICTURE)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(down.list()).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});

describe.each(drivers)("pictures an earlier version kept in DATA_DIR, on %s", (driver) => {
  test.override({ driver });
  test.beforeEach(async ({ db }) => {
    await db.query("delete from public.picture_bytes");
  });
  const writer = {} as SupabaseClient;

  test("are copied into the database once, each with its type, and the folder is left", async ({
    db,
    dataDirectory,
  }) => {
    const folder = directoryUploadStore(dataDirectory);
    await folder.save({ path: PICTURE, bytes, contentType: "image/png", writer });
    await folder.save({ path: OTHER, bytes: Buffer.from("a jpeg"), contentType: "", writer });
    // One is in the database already, as another instance may have copied it.
    const inDatabase = databaseUploadStore(async () => db);
    await inDatabase.save({
      path: OTHER,
      bytes: Buffer.from("a jpeg"),
      contentType: "image/jpeg",
      writer,
    });

    expect(await importFolderUploads(dataDirectory, async () => db)).toBe(1);
    expect(await importFolderUploads(dataDirectory, async () => db)).toBe(0);

    expect(await inDatabase.read(PICTURE)).toEqual(new Uint8Array(bytes));
    expect(
      await db.query("select path, content_type as type from public.picture_bytes order by path"),
    ).toEqual([
      { path: PICTURE, type: "image/png" },
      { path: OTHER, type: "image/jpeg" },
    ]);
    expect(await readdir(path.join(dataDirectory, "uploads"))).toHaveLength(2);
  });

  test("a data folder without pictures copies nothing and asks nothing of the database", async ({
    dataDirectory,
  }) => {
    expect(await importFolderUploads(dataDirectory, nothing)).toBe(0);
  });
});

describe("the Supabase Storage store", () => {
  const publishableKey = "sb_publishable_test-key-for-storage";
  const secretKey = "sb_secret_test-key-for-storage";
  let fake: StorageFake;

  beforeAll(async () => {
    fake = await startStorageFake({ publishableKey, secretKey });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.objects.clear();
    fake.uploads.length = 0;
    fake.downloads.length = 0;
    fake.removals.length = 0;
  });

  const store = (keys: { secretKey?: string } = { secretKey }) =>
    supabaseUploadStore({
      url: fake.url,
      publishableKey,
      ...keys,
      fetch: retryingFetch(fetch, { baseDelayMs: 1 }),
    });
  const put = (picturePath: string, savedAt: Date) =>
    fake.objects.set(`${PICTURES_BUCKET}/${picturePath}`, {
      bytes,
      contentType: "image/png",
      createdAt: savedAt,
      updatedAt: savedAt,
    });

  test("uploads with the staff member's token, the content type and x-upsert", async () => {
    const writer = clientWithToken(fake.url, publishableKey, "staff-access-token");
    await store().save({ path: PICTURE, bytes, contentType: "image/png", writer });
    expect(fake.uploads).toEqual([
      expect.objectContaining({
        method: "POST",
        bucket: PICTURES_BUCKET,
        path: PICTURE,
        authorization: "Bearer staff-access-token",
        contentType: "image/png",
        upsert: "true",
        size: bytes.length,
      }),
    ]);
    expect(fake.objects.get(`pictures/${PICTURE}`)?.bytes).toEqual(bytes);
  });

  test("saving the same picture again is fine", async () => {
    const writer = clientWithToken(fake.url, publishableKey, "staff-access-token");
    await store().save({ path: PICTURE, bytes, contentType: "image/png", writer });
    await store().save({ path: PICTURE, bytes, contentType: "image/png", writer });
    expect(fake.uploads).toHaveLength(2);
  });

  test("reads with the publishable key, not a staff token", async () => {
    const writer = clientWithToken(fake.url, publishableKey, "staff-access-token");
    await store().save({ path: PICTURE, bytes, contentType: "image/png", writer });
    expect(Buffer.from((await store().read(PICTURE))!)).toEqual(bytes);
    expect(fake.downloads).toEqual([
      { path: `pictures/${PICTURE}`, authorization: `Bearer ${publishableKey}` },
    ]);
  });

  test("a picture not in the bucket reads as null", async () => {
    expect(await store().read("uploads/ffffffffffffffff.jpg")).toBeNull();
  });

  test("someone Storage's policies refuse (403) gets a 'refused' error", async () => {
    const anonymous = createClient(fake.url, publishableKey, {
      auth: { persistSession: false },
    });
    const saving = store().save({
      path: PICTURE,
      bytes,
      contentType: "image/png",
      writer: anonymous,
    });
    await expect(saving).rejects.toBeInstanceOf(UploadStoreError);
    await expect(saving).rejects.toMatchObject({ reason: "refused" });
    expect(fake.objects.size).toBe(0);
  });

  test.each([
    [413, "too-large"],
    [500, "unavailable"],
    [503, "unavailable"],
  ] as const)("Storage answering %i gives a '%s' error", async (status, reason) => {
    const writer = clientWithToken(fake.url, publishableKey, "staff-access-token");
    fake.failNext(status);
    await expect(
      store().save({ path: PICTURE, bytes, contentType: "image/png", writer }),
    ).rejects.toMatchObject({ name: "UploadStoreError", reason });
    expect(fake.objects.size).toBe(0);
  });

  test("an object over the bucket's limit is refused by Storage as too large", async () => {
    const writer = clientWithToken(fake.url, publishableKey, "staff-access-token");
    await expect(
      store().save({
        path: PICTURE,
        bytes: Buffer.alloc(10 * 1024 * 1024 + 1),
        contentType: "image/png",
        writer,
      }),
    ).rejects.toMatchObject({ reason: "too-large" });
  });

  test("a read Storage fails with a 5xx, after retries, is an error, not a missing picture", async () => {
    fake.failNext(503, 503, 503, 503);
    await expect(store().read(PICTURE)).rejects.toThrow(/could not be read/);
  });

  test("lists the bucket's pictures page by page, with when each was last saved", async () => {
    const old = hoursAgo(30);
    const paths = Array.from(
      { length: 130 },
      (_, index) => `uploads/${index.toString(16).padStart(16, "0")}.webp`,
    );
    for (const picturePath of paths) put(picturePath, old);
    fake.objects.set(`${PICTURES_BUCKET}/uploads/nested/aaaaaaaaaaaaaaaa.png`, {
      bytes,
      contentType: "image/png",
    });
    fake.objects.set(`${PICTURES_BUCKET}/uploads/readme.txt`, { bytes, contentType: "text/plain" });
    fake.objects.set(`other/${PICTURE}`, { bytes, contentType: "image/png" });
    const writer = clientWithToken(fake.url, publishableKey, "staff-access-token");
    await store().save({ path: PICTURE, bytes, contentType: "image/png", writer });

    const listed = await store().list();
    expect(listed.map((picture) => picture.path).sort()).toEqual([...paths, PICTURE].sort());
    for (const picture of listed) {
      if (picture.path === PICTURE) {
        expect(picture.savedAt.getTime()).toBeGreaterThan(hoursAgo(1).getTime());
      } else {
        expect(picture.savedAt).toEqual(old);
      }
    }
  });

  test("a picture uploaded again counts as saved then", async () => {
    put(PICTURE, hoursAgo(30));
    const writer = clientWithToken(fake.url, publishableKey, "staff-access-token");
    await store().save({ path: PICTURE, bytes, contentType: "image/png", writer });
    const [listed] = await store().list();
    expect(listed?.savedAt.getTime()).toBeGreaterThan(hoursAgo(1).getTime());
  });

  test("a listing Storage fails is an error, not an empty bucket", async () => {
    put(PICTURE, hoursAgo(30));
    fake.failNext(503, 503, 503, 503);
    await expect(store().list()).rejects.toThrow(/could not be listed/);
  });

  test("removes pictures with the secret key, answering the ones it removed", async () => {
    put(PICTURE, hoursAgo(30));
    put(OTHER, hoursAgo(30));
    const removed = await store().remove([PICTURE, "uploads/aaaaaaaaaaaaaaaa.png"], {
      savedBefore: hoursAgo(24),
    });
    expect(removed).toEqual([PICTURE]);
    expect([...fake.objects.keys()]).toEqual([`${PICTURES_BUCKET}/${OTHER}`]);
    expect(fake.removals).toEqual([
      {
        bucket: PICTURES_BUCKET,
        prefixes: [PICTURE, "uploads/aaaaaaaaaaaaaaaa.png"],
        authorization: `Bearer ${secretKey}`,
      },
    ]);
    expect(await store().remove([], { savedBefore: new Date() })).toEqual([]);
  });

  test("without the secret key nothing is removed, and the store says why", async () => {
    put(PICTURE, hoursAgo(30));
    const removing = store({}).remove([PICTURE], { savedBefore: new Date() });
    await expect(removing).rejects.toMatchObject({ name: "UploadStoreError", reason: "refused" });
    await expect(removing).rejects.toThrow(/SUPABASE_SECRET_KEY/);
    expect(fake.objects.has(`${PICTURES_BUCKET}/${PICTURE}`)).toBe(true);
  });

  test("a removal Storage fails is an 'unavailable' error", async () => {
    put(PICTURE, hoursAgo(30));
    fake.failNext(500);
    await expect(store().remove([PICTURE], { savedBefore: new Date() })).rejects.toMatchObject({
      reason: "unavailable",
    });
    expect(fake.objects.has(`${PICTURES_BUCKET}/${PICTURE}`)).toBe(true);
  });
});

describe("the store the environment names", () => {
  const databaseUrl = "postgres://site:secret@db.example.com:5432/site";

  test("is the DATA_DIR folder with neither DATABASE_URL nor SUPABASE_URL", () => {
    expect(uploadStoreFor({ DATA_DIR: "/srv/data" }, nothing).description).toBe(
      "/srv/data/uploads",
    );
  });

  test("is the database with DATABASE_URL and without SUPABASE_URL", () => {
    expect(
      uploadStoreFor({ DATA_DIR: "/srv/data", DATABASE_URL: databaseUrl }, nothing).description,
    ).toBe("the database (table picture_bytes)");
  });

  test("is the Storage bucket with SUPABASE_URL and its key", () => {
    expect(
      uploadStoreFor(
        {
          DATA_DIR: "/srv/data",
          DATABASE_URL: databaseUrl,
          SUPABASE_URL: "https://abcdefgh.supabase.co",
          SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abcdefgh",
        },
        nothing,
      ).description,
    ).toBe('the Supabase Storage bucket "pictures"');
  });
});
