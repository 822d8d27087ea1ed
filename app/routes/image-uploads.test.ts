import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { routeArgs } from "../../tests/support/route-args";
import { startStorageFake, type StorageFake } from "../../tests/support/supabase-storage-fake";
import {
  contextWithDatabase,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { loader } from "./image";
import { describeImage } from "~/images/image-store.server";
import { pictureFor } from "~/images/pictures.server";
import { imageStoreContext } from "~/platform/context";
import { log } from "~/platform/logger.server";
import {
  directoryUploadStore,
  supabaseUploadStore,
  type UploadStore,
} from "~/platform/upload-store.server";

const nobody = {} as SupabaseClient;

/** A picture as savePicture leaves it: its path, bytes and version. */
async function picture(width: number, height: number, colour: string) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const version = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  return { path: `uploads/${version}.jpg`, bytes, version, width, height };
}

async function record(db: TestDatabase, pic: Awaited<ReturnType<typeof picture>>) {
  await db.query(
    `insert into public.pictures (path, width, height, version, content_type, byte_size)
     values ($1, $2, $3, $4, 'image/jpeg', $5)`,
    [pic.path, pic.width, pic.height, pic.version, pic.bytes.length],
  );
}

describe.each(drivers)("uploaded pictures through the image route on %s", (driver) => {
  let db: TestDatabase;
  let root: string;
  let uploads: UploadStore;
  let warn: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    root = await mkdtemp(path.join(tmpdir(), "image-uploads-"));
    uploads = directoryUploadStore(path.join(root, "data"));
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    warn = vi.spyOn(log, "warn").mockImplementation(() => {});
  });

  function context(store = uploads) {
    const provider = contextWithDatabase(db);
    provider.set(imageStoreContext, {
      sourceDirectory: path.resolve("public/images"),
      cacheDirectory: path.join(root, "cache"),
      uploads: store,
    });
    return provider;
  }

  /** `pic` in the upload store, as the picture field saves it. */
  const upload = (pic: Awaited<ReturnType<typeof picture>>) =>
    uploads.save({ path: pic.path, bytes: pic.bytes, contentType: "image/jpeg", writer: nobody });

  function get(url: string, store = uploads) {
    const request = new Request(new URL(url, "http://localhost"));
    const splat = new URL(request.url).pathname.slice("/img/".length);
    return loader(routeArgs(request, { params: { "*": splat }, context: context(store) }));
  }

  test("an upload is described from its row and rendered from the store's bytes", async () => {
    const pic = await picture(192, 144, "#336699");
    await upload(pic);
    await record(db, pic);

    const described = await describeImage(context(), pic.path);
    expect(described).toEqual({ path: pic.path, width: 192, height: 144, version: pic.version });
    expect(await pictureFor(context(), { path: pic.path, alt: "A blue square" })).toEqual({
      source: described,
      alt: "A blue square",
    });

    const response = await get(`/img/${pic.path}?w=96&fm=webp&v=${pic.version}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toMatch(/immutable/);
    const rendered = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(rendered).toMatchObject({ format: "webp", width: 96, height: 72 });
  });

  test("the site's own images keep working beside uploads", async () => {
    const response = await get("/img/dishes/smash-burger.svg?w=96&fm=webp");
    expect(response.status).toBe(200);
    expect(await describeImage(context(), "dishes/smash-burger.svg")).toMatchObject({
      path: "dishes/smash-burger.svg",
    });
  });

  test("an upload without a row is not found, with a warning, and left out of pages", async () => {
    const pic = await picture(10, 10, "#990000");
    await upload(pic);
    const response = await get(`/img/${pic.path}?w=96`);
    expect(response.status).toBe(404);
    expect(await pictureFor(context(), { path: pic.path, alt: "Red" })).toBeNull();
    expect(warn).toHaveBeenCalledWith("Uploaded picture has no record", { path: pic.path });
  });

  test("an upload whose bytes are gone is not found, with a warning", async () => {
    const pic = await picture(11, 10, "#009900");
    await record(db, pic);
    expect((await get(`/img/${pic.path}?w=96`)).status).toBe(404);
    expect(await describeImage(context(), pic.path)).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      "Uploaded picture is missing from the upload store",
      expect.objectContaining({ path: pic.path }),
    );
  });

  test.each([
    "uploads/nothex.jpg",
    "uploads/0123456789abcdef0.jpg",
    "uploads/sub/0123456789abcdef.jpg",
  ])("%s, not an upload's path, is not found", async (bad) => {
    expect((await get(`/img/${bad}?w=96`)).status).toBe(404);
  });

  describe("from Supabase Storage", () => {
    const publishableKey = "sb_publishable_image-route-tests";
    let fake: StorageFake;
    let store: UploadStore;

    beforeAll(async () => {
      fake = await startStorageFake({ publishableKey });
      store = supabaseUploadStore({ url: fake.url, publishableKey });
    });
    afterAll(async () => {
      await fake?.close();
    });

    test("the bytes are read from the bucket once, then from the local copy", async () => {
      const pic = await picture(300, 200, `#${driver === "pglite" ? "aa" : "bb"}7711`);
      fake.objects.set(`pictures/${pic.path}`, { bytes: pic.bytes, contentType: "image/jpeg" });
      await record(db, pic);

      for (const width of [96, 192]) {
        const response = await get(`/img/${pic.path}?w=${width}`, store);
        expect(response.status).toBe(200);
        expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(
          width,
        );
      }
      expect(
        fake.downloads.filter((download) => download.path === `pictures/${pic.path}`),
      ).toHaveLength(1);
    });

    test("a picture the bucket does not have is not found", async () => {
      const pic = await picture(31, 20, "#112233");
      await record(db, pic);
      expect((await get(`/img/${pic.path}?w=96`, store)).status).toBe(404);
    });

    test("a bucket that fails answers 500, not a cached absence", async () => {
      vi.spyOn(log, "error").mockImplementation(() => {});
      const pic = await picture(32, 20, "#445566");
      await record(db, pic);
      fake.failNext(500);
      expect((await get(`/img/${pic.path}?w=96`, store)).status).toBe(500);
      fake.objects.set(`pictures/${pic.path}`, { bytes: pic.bytes, contentType: "image/jpeg" });
      expect((await get(`/img/${pic.path}?w=96`, store)).status).toBe(200);
    });
  });
});
