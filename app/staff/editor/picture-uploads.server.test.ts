import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, vi } from "vitest";
import { asRole, rolledBack } from "../../../tests/support/database-roles";
import { routeTest } from "../../../tests/support/route-test";
import { signedInContext, type SignedIn } from "../../../tests/support/staff-context";
import {
  startSupabaseAuthFake,
  type SupabaseAuthFake,
} from "../../../tests/support/supabase-auth-fake";
import { startStorageFake, type StorageFake } from "../../../tests/support/supabase-storage-fake";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { supabaseAuthBackend } from "~/platform/auth-backend.server";
import { imageStoreContext, type ImageStore } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import { log } from "~/platform/logger.server";
import {
  directoryUploadStore,
  supabaseUploadStore,
  type UploadStore,
} from "~/platform/upload-store.server";
import { withStaffClaims } from "~/staff/editor/staff-transaction.server";
import {
  MAX_UPLOAD_BYTES,
  PICTURE_ERRORS,
  preparePicture,
  readPictureFields,
  savePicture,
} from "./picture-uploads.server";

/** A 40 × 20 photo, stored sideways with EXIF orientation 6 and camera details. */
async function sidewaysJpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: "#c04020" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Copyright: "Taken at home", Make: "PhoneCam" } })
    .toBuffer();
}

const solid = (width = 30, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: "#2040c0" } });

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`;

function storeIn(root: string, uploads: UploadStore = directoryUploadStore(root)): ImageStore {
  return {
    sourceDirectory: path.resolve("public/images"),
    cacheDirectory: path.join(root, "image-cache"),
    uploads,
  };
}

/** Someone signed in through the embedded service, saving pictures to the test's folder. */
const test = routeTest
  .extend("editorSession", async ({ signedInContext, imageRoot }) => {
    const session = await signedInContext("editor");
    session.context.set(imageStoreContext, storeIn(imageRoot));
    return session;
  })
  .extend("strangerSession", async ({ signedInContext, imageRoot }) => {
    const session = await signedInContext(null);
    session.context.set(imageStoreContext, storeIn(imageRoot));
    return session;
  });

describe.each(drivers)("savePicture on %s, with uploads in DATA_DIR", (driver) => {
  test.override({ driver });
  beforeEach(() => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
    vi.spyOn(log, "error").mockImplementation(() => {});
  });

  const row = async (db: Database, picturePath: string) =>
    (
      await db.query<{
        width: number;
        height: number;
        version: string;
        content_type: string;
        byte_size: number;
        uploaded_by: string;
      }>("select * from public.pictures where path = $1", [picturePath])
    )[0];

  test("a JPEG is turned upright, its EXIF stripped, and recorded as the staff member", async ({
    db,
    editorSession,
    imageRoot,
  }) => {
    const original = await sidewaysJpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const saved = await savePicture(
      editorSession.context,
      new File([new Uint8Array(original)], "IMG_0001.JPG"),
    );
    expect(saved).toEqual({
      ok: true,
      path: expect.stringMatching(/^uploads\/[0-9a-f]{16}\.jpg$/),
    });
    if (!saved.ok) return;

    const stored = await readFile(path.join(imageRoot, saved.path));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes("PhoneCam")).toBe(false);
    expect(stored.includes("Taken at home")).toBe(false);

    expect(await row(db, saved.path)).toMatchObject({
      width: 20,
      height: 40,
      version: saved.path.slice("uploads/".length, -".jpg".length),
      content_type: "image/jpeg",
      byte_size: stored.length,
      uploaded_by: editorSession.userId,
    });
    const [audit] = await db.query<{ actor: string }>(
      "select actor from public.audit_log where table_name = 'pictures' and new_row->>'path' = $1",
      [saved.path],
    );
    expect(audit?.actor).toBe(editorSession.userId);
  });

  test("the same picture saved twice gives the same path and one row", async ({
    db,
    editorSession,
  }) => {
    const bytes = await solid(31, 17).png().toBuffer();
    const first = await savePicture(editorSession.context, new File([bytes], "a.png"));
    const second = await savePicture(editorSession.context, new File([bytes], "b.png"));
    expect(first.ok && second.ok).toBe(true);
    expect(second).toEqual(first);
    if (!first.ok) return;
    const rows = await db.query("select 1 from public.pictures where path = $1", [first.path]);
    expect(rows).toHaveLength(1);
  });

  test("a PNG named .jpg is taken as a PNG, by its content", async ({
    db,
    editorSession,
    imageRoot,
  }) => {
    const bytes = await solid(12, 8).png().toBuffer();
    const saved = await savePicture(
      editorSession.context,
      new File([bytes], "holiday.jpg", { type: "image/jpeg" }),
    );
    expect(saved).toEqual({ ok: true, path: expect.stringMatching(/\.png$/) });
    if (!saved.ok) return;
    expect((await sharp(await readFile(path.join(imageRoot, saved.path))).metadata()).format).toBe(
      "png",
    );
    expect(await row(db, saved.path)).toMatchObject({
      content_type: "image/png",
      width: 12,
      height: 8,
    });
  });

  test.for([
    ["WebP", () => solid().webp().toBuffer(), "webp", "image/webp"],
    ["AVIF", () => solid().avif().toBuffer(), "avif", "image/avif"],
  ] as const)(
    "a %s picture is accepted",
    async ([_name, make, extension, contentType], { db, editorSession }) => {
      const saved = await savePicture(
        editorSession.context,
        new File([await make()], `picture.${extension}`),
      );
      expect(saved).toEqual({
        ok: true,
        path: expect.stringMatching(new RegExp(`\\.${extension}$`)),
      });
      if (saved.ok) expect(await row(db, saved.path)).toMatchObject({ content_type: contentType });
    },
  );

  test.for([
    ["an SVG", () => Buffer.from(SVG), "logo.svg"],
    ["an SVG named .png", () => Buffer.from(SVG), "logo.png"],
    ["a text file named .png", () => Buffer.from("Just some notes, not a picture."), "notes.png"],
    ["a GIF", () => solid().gif().toBuffer(), "moving.gif"],
    ["a truncated JPEG", async () => (await solid().jpeg().toBuffer()).subarray(0, 40), "cut.jpg"],
  ] as const)(
    "%s is refused with a clear message",
    async ([_name, make, name], { db, editorSession }) => {
      const before = await db.query("select path from public.pictures");
      const saved = await savePicture(editorSession.context, new File([await make()], name));
      expect(saved).toEqual({ ok: false, error: expect.stringMatching(/JPEG, PNG, WebP or AVIF/) });
      expect(await db.query("select path from public.pictures")).toEqual(before);
    },
  );

  test("a picture of more than 64 megapixels is refused before it is decoded", async ({
    editorSession,
  }) => {
    const huge = await sharp({
      create: { width: 10_000, height: 6_500, channels: 3, background: "#000" },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(
      await savePicture(editorSession.context, new File([new Uint8Array(huge)], "huge.png")),
    ).toEqual({
      ok: false,
      error: PICTURE_ERRORS.tooManyPixels,
    });
  });

  test("an empty file is refused", async ({ editorSession }) => {
    expect(await savePicture(editorSession.context, new File([], "empty.jpg"))).toEqual({
      ok: false,
      error: PICTURE_ERRORS.empty,
    });
  });

  test.for([
    [MAX_UPLOAD_BYTES + 1, "That picture is 10.1 MB; the most is 10 MB."],
    [Math.round(12.25 * 1024 * 1024), "That picture is 12.3 MB; the most is 10 MB."],
  ] as const)(
    "a file of %i bytes is refused as too large",
    async ([size, message], { editorSession }) => {
      const saved = await savePicture(
        editorSession.context,
        new File([Buffer.alloc(size, 0xff)], "big.jpg"),
      );
      expect(saved).toEqual({ ok: false, error: message });
    },
  );

  test("a file of exactly 10 MB is checked by its content, not refused for its size", async ({
    editorSession,
  }) => {
    const saved = await savePicture(
      editorSession.context,
      new File([Buffer.alloc(MAX_UPLOAD_BYTES)], "exactly.png"),
    );
    expect(saved).toEqual({ ok: false, error: PICTURE_ERRORS.wrongType });
  });

  test("a signed-in user who is not staff cannot record a picture", async ({
    db,
    strangerSession,
    imageRoot,
  }) => {
    const bytes = await solid(9, 9).png().toBuffer();
    const saved = await savePicture(strangerSession.context, new File([bytes], "mine.png"));
    expect(saved).toEqual({ ok: false, error: PICTURE_ERRORS.refused });
    // Refused before anything reached the store.
    const prepared = await preparePicture(new File([bytes], "mine.png"));
    if (!prepared.ok) throw new Error(prepared.error);
    expect(await readdir(path.join(imageRoot, "uploads"))).not.toContain(
      prepared.picture.path.slice("uploads/".length),
    );
    expect(await db.query("select 1 from public.pictures where width = 9 and height = 9")).toEqual(
      [],
    );
  });

  describe("readPictureFields", () => {
    const names = { file: "image", kept: "imageKept", remove: "imageRemove" };
    const form = (fields: Record<string, string | File>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.append(name, value);
      return data;
    };

    test("a chosen file is saved at once and its path given", async ({ editorSession }) => {
      const bytes = await solid(14, 14).png().toBuffer();
      const fields = await readPictureFields(
        editorSession.context,
        form({ image: new File([bytes], "new.png"), imageKept: "dishes/smash-burger.svg" }),
        names,
      );
      expect(fields).toEqual({ path: expect.stringMatching(/^uploads\/[0-9a-f]{16}\.png$/) });
    });

    test("a chosen file that is refused gives its error and no path", async ({ editorSession }) => {
      const fields = await readPictureFields(
        editorSession.context,
        form({ image: new File(["hello"], "x.png"), imageKept: "dishes/smash-burger.svg" }),
        names,
      );
      expect(fields).toEqual({ path: undefined, error: PICTURE_ERRORS.wrongType });
    });

    test("without a file, the kept path is given back when it is a known picture", async ({
      editorSession,
    }) => {
      const saved = await savePicture(
        editorSession.context,
        new File([await solid(15, 15).png().toBuffer()], "k.png"),
      );
      if (!saved.ok) throw new Error(saved.error);
      const empty = new File([], "", { type: "application/octet-stream" });
      expect(
        await readPictureFields(
          editorSession.context,
          form({ image: empty, imageKept: saved.path }),
          names,
        ),
      ).toEqual({ path: saved.path });
      expect(
        await readPictureFields(
          editorSession.context,
          form({ imageKept: "dishes/smash-burger.svg" }),
          names,
        ),
      ).toEqual({ path: "dishes/smash-burger.svg" });
    });

    test.for([
      "uploads/ffffffffffffffff.png",
      "dishes/no-such-dish.svg",
      "../secret.png",
      "https://example.com/a.png",
    ] as const)(
      "a kept path that is no known picture (%s) is refused",
      async (kept, { editorSession }) => {
        expect(
          await readPictureFields(editorSession.context, form({ imageKept: kept }), names),
        ).toEqual({
          path: undefined,
          error: PICTURE_ERRORS.gone,
        });
      },
    );

    test("the remove box gives null; nothing at all leaves the picture as it is", async ({
      editorSession,
    }) => {
      expect(
        await readPictureFields(
          editorSession.context,
          form({ imageKept: "dishes/smash-burger.svg", imageRemove: "on" }),
          names,
        ),
      ).toEqual({ path: null });
      expect(
        await readPictureFields(editorSession.context, form({ imageKept: "" }), names),
      ).toEqual({
        path: undefined,
      });
      expect(await readPictureFields(editorSession.context, form({}), names)).toEqual({
        path: undefined,
      });
    });
  });
});

describe.each(drivers)("the pictures table's row level security on %s", (driver) => {
  // A database without the pictures the tests above saved.
  test.override({ driver, databaseFor: "the row level security tests" });

  const insert = (tx: Database, uploadedBy?: string) =>
    tx.query(
      `insert into public.pictures (path, width, height, version, content_type, byte_size${uploadedBy ? ", uploaded_by" : ""})
       values ('uploads/00112233445566ff.png', 10, 10, '00112233445566ff', 'image/png', 100${uploadedBy ? ", $1::uuid" : ""})`,
      uploadedBy ? [uploadedBy] : [],
    );
  const claims = (sub: string) => ({ sub, role: "authenticated" as const });

  test("anon cannot add a picture", async ({ db }) => {
    await expect(asRole(db, "anon", (tx) => insert(tx))).rejects.toThrow(/permission denied/);
  });

  test("a signed-in user who is not staff cannot", async ({ db, strangerSession }) => {
    await expect(
      rolledBack(
        (inner) => withStaffClaims(db, claims(strangerSession.userId), inner),
        (tx) => insert(tx),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  test("staff can, as themselves only; anyone can read pictures", async ({
    db,
    editorSession,
    strangerSession,
  }) => {
    const added = await rolledBack(
      (inner) => withStaffClaims(db, claims(editorSession.userId), inner),
      async (tx) => {
        await insert(tx);
        return tx.query<{ uploaded_by: string }>("select uploaded_by from public.pictures");
      },
    );
    expect(added).toEqual([{ uploaded_by: editorSession.userId }]);
    await expect(
      rolledBack(
        (inner) => withStaffClaims(db, claims(editorSession.userId), inner),
        (tx) => insert(tx, strangerSession.userId),
      ),
    ).rejects.toThrow(/row-level security/);
    expect(await asRole(db, "anon", (tx) => tx.query("select path from public.pictures"))).toEqual(
      [],
    );
  });

  test("nobody but the server may change or remove a picture", async ({ db, editorSession }) => {
    await db.query(
      `insert into public.pictures (path, width, height, version, content_type, byte_size)
       values ('uploads/aabbccddeeff0011.png', 10, 10, 'aabbccddeeff0011', 'image/png', 100)`,
    );
    for (const statement of [
      "update public.pictures set width = 1",
      "delete from public.pictures",
      "truncate public.pictures",
    ]) {
      await expect(
        rolledBack(
          (inner) => withStaffClaims(db, claims(editorSession.userId), inner),
          (tx) => tx.query(statement),
        ),
      ).rejects.toThrow(/permission denied/);
    }
  });
});

describe("savePicture with uploads in Supabase Storage", () => {
  let db: TestDatabase;
  let auth: SupabaseAuthFake;
  let storage: StorageFake;
  let root: string;
  let editor: SignedIn;

  beforeAll(async () => {
    db = await openTestDatabase("pglite");
    auth = await startSupabaseAuthFake({ db });
    storage = await startStorageFake({
      publishableKey: auth.publishableKey,
      upstream: auth.url,
      // The bucket's policy: only staff write. The fake reads the token's subject.
      authorize: async (token) => {
        const sub = JSON.parse(
          Buffer.from(token.split(".")[1] ?? "", "base64url").toString() || "{}",
        ).sub as string | undefined;
        if (!sub) return false;
        return (await db.query("select 1 from public.staff where user_id = $1", [sub])).length > 0;
      },
    });
    root = await mkdtemp(path.join(tmpdir(), "pictures-storage-"));
    const backend = supabaseAuthBackend({
      url: storage.url,
      publishableKey: auth.publishableKey,
      secretKey: auth.secretKey,
    });
    editor = await signedInContext(db, backend, "editor");
    editor.context.set(
      imageStoreContext,
      storeIn(root, supabaseUploadStore({ url: storage.url, publishableKey: auth.publishableKey })),
    );
  });
  afterAll(async () => {
    await storage?.close();
    await auth?.close();
    await db?.[Symbol.asyncDispose]();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    storage.uploads.length = 0;
    vi.spyOn(log, "warn").mockImplementation(() => {});
    vi.spyOn(log, "error").mockImplementation(() => {});
  });

  test("uploads to the pictures bucket with the staff member's token, type and x-upsert", async () => {
    const bytes = await solid(22, 11).webp().toBuffer();
    const saved = await savePicture(editor.context, new File([bytes], "patio.webp"));
    expect(saved).toEqual({ ok: true, path: expect.stringMatching(/\.webp$/) });
    if (!saved.ok) return;
    expect(storage.uploads).toEqual([
      expect.objectContaining({
        bucket: "pictures",
        path: saved.path,
        authorization: `Bearer ${editor.accessToken}`,
        contentType: "image/webp",
        upsert: "true",
      }),
    ]);
    expect(storage.objects.has(`pictures/${saved.path}`)).toBe(true);
    expect(
      await db.query("select 1 from public.pictures where path = $1", [saved.path]),
    ).toHaveLength(1);
    // Nothing is written to the local folder in this mode.
    expect(await readdir(root)).toEqual([]);
  });

  test.each([
    [403, PICTURE_ERRORS.refused],
    [413, PICTURE_ERRORS.storeTooLarge],
    [500, PICTURE_ERRORS.unavailable],
    [503, PICTURE_ERRORS.unavailable],
  ])("Storage answering %i gives a clear error and records nothing", async (status, message) => {
    const bytes = await solid(23, 11 + (status % 7))
      .png()
      .toBuffer();
    storage.failNext(status);
    const saved = await savePicture(editor.context, new File([bytes], "refused.png"));
    expect(saved).toEqual({ ok: false, error: message });
    expect(
      await db.query("select 1 from public.pictures where width = 23 and height = $1", [
        11 + (status % 7),
      ]),
    ).toEqual([]);
  });
});
