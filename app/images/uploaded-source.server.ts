import { rm, stat } from "node:fs/promises";
import path from "node:path";
import type { ImageStore } from "~/platform/context";
import type { Database } from "~/platform/database/database.server";
import { log } from "~/platform/logger.server";
import type { ImageSource } from "./images";
import { UPLOAD_PATH } from "./uploads";
import { writeWholeFile } from "./whole-file.server";

/** An uploaded picture's size and version, as recorded when it was saved. */
export type PictureRecord = Omit<ImageSource, "path">;

/** Whether `imagePath` names a staff upload rather than one of the site's own images. */
export function isUploadPath(imagePath: string): boolean {
  return imagePath.startsWith("uploads/");
}

/** The `pictures` row of `picturePath`, or null when there is none. */
export async function pictureRecord(
  db: Database,
  picturePath: string,
): Promise<PictureRecord | null> {
  const [row] = await db.query<PictureRecord>(
    "select width, height, version from public.pictures where path = $1",
    [picturePath],
  );
  return row ?? null;
}

/**
 * Records by path. A path names the same bytes for good, so a record found
 * once never changes; paths not found are asked again next time.
 */
const records = new Map<string, PictureRecord>();

/** The record of `picturePath`, from memory after the first time it is found. */
export async function knownPictureRecord(
  db: Database,
  picturePath: string,
): Promise<PictureRecord | null> {
  const known = records.get(picturePath);
  if (known) return known;
  const record = await pictureRecord(db, picturePath);
  if (record) records.set(picturePath, record);
  return record;
}

/**
 * Forgets a picture that was removed: its record in memory and its local
 * copy in the image cache, so this instance stops serving it at once.
 * Variants rendered from it stay on disk until the cache evicts them; they
 * are only served for a source that is found.
 */
export async function forgetUpload(store: ImageStore, picturePath: string): Promise<void> {
  if (!UPLOAD_PATH.test(picturePath)) return;
  records.delete(picturePath);
  await rm(path.join(store.cacheDirectory, picturePath), { force: true });
}

/** Copies being fetched, by local file, so concurrent requests share one fetch. */
const fetching = new Map<string, Promise<boolean>>();

async function exists(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

async function fetchCopy(store: ImageStore, picturePath: string, filePath: string) {
  const bytes = await store.uploads.read(picturePath);
  if (!bytes) return false;
  await writeWholeFile(filePath, bytes);
  return true;
}

/**
 * A local copy of an uploaded picture's bytes for sharp to read, under the
 * image cache's `uploads/` folder: fetched from the upload store the first
 * time, kept after. False when the store has no such picture.
 */
async function localCopy(store: ImageStore, picturePath: string, filePath: string) {
  if (await exists(filePath)) return true;
  let pending = fetching.get(filePath);
  if (!pending) {
    pending = fetchCopy(store, picturePath, filePath).finally(() => fetching.delete(filePath));
    fetching.set(filePath, pending);
  }
  return pending;
}

/** What the image route needs of an uploaded picture: its description and a file to render. */
export type UploadedSource = ImageSource & { filePath: string };

/**
 * The uploaded picture at `picturePath`: described from its `pictures` row,
 * its bytes copied from the upload store into the image cache. Null, with a
 * warning in the log, when the row or the bytes are missing.
 */
export async function findUpload(
  store: ImageStore,
  db: Database,
  picturePath: string,
): Promise<UploadedSource | null> {
  if (!UPLOAD_PATH.test(picturePath)) return null;
  const record = await knownPictureRecord(db, picturePath);
  if (!record) {
    log.warn("Uploaded picture has no record", { path: picturePath });
    return null;
  }
  const filePath = path.join(store.cacheDirectory, picturePath);
  if (!(await localCopy(store, picturePath, filePath))) {
    log.warn("Uploaded picture is missing from the upload store", {
      path: picturePath,
      store: store.uploads.description,
    });
    return null;
  }
  return { path: picturePath, ...record, filePath };
}
