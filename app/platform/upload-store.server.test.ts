import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startStorageFake, type StorageFake } from "../../tests/support/supabase-storage-fake";
import { retryingFetch } from "./retry.server";
import {
  PICTURES_BUCKET,
  UploadStoreError,
  directoryUploadStore,
  supabaseUploadStore,
  uploadStoreFor,
} from "./upload-store.server";

const PICTURE = "uploads/0123456789abcdef.png";
const bytes = Buffer.from("the picture's bytes");

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
});

describe("the Supabase Storage store", () => {
  const publishableKey = "sb_publishable_test-key-for-storage";
  let fake: StorageFake;

  beforeAll(async () => {
    fake = await startStorageFake({ publishableKey });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake.objects.clear();
    fake.uploads.length = 0;
    fake.downloads.length = 0;
  });

  const store = () =>
    supabaseUploadStore({
      url: fake.url,
      publishableKey,
      fetch: retryingFetch(fetch, { baseDelayMs: 1 }),
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
});

describe("the store the environment names", () => {
  test("is the DATA_DIR folder without SUPABASE_URL", () => {
    expect(uploadStoreFor({ DATA_DIR: "/srv/data" }).description).toBe("/srv/data/uploads");
  });

  test("is the Storage bucket with SUPABASE_URL and its key", () => {
    expect(
      uploadStoreFor({
        DATA_DIR: "/srv/data",
        SUPABASE_URL: "https://abcdefgh.supabase.co",
        SUPABASE_PUBLISHABLE_KEY: "sb_publishable_abcdefgh",
      }).description,
    ).toBe('the Supabase Storage bucket "pictures"');
  });
});
