import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import sharp, { type Metadata, type Sharp } from "sharp";
import { databaseContext, imageStoreContext } from "~/platform/context";
import { log } from "~/platform/logger.server";
import { UploadStoreError, type UploadFailure } from "~/platform/upload-store.server";
import { confirmSession, staffClaims, staffClient } from "~/staff/accounts/session.server";
import { withStaffClaims } from "./staff-transaction.server";
import { findSource } from "~/images/image-store.server";
import { parseImagePath } from "~/images/images";
import { isUploadPath, knownPictureRecord } from "~/images/uploaded-source.server";
import {
  MAX_PICTURE_PIXELS,
  MAX_UPLOAD_BYTES,
  PICTURE_ERRORS,
  UPLOAD_PATH,
  tooLargeMessage,
  type PictureType,
} from "~/images/uploads";

export { MAX_UPLOAD_BYTES, PICTURE_ACCEPT, PICTURE_ERRORS, PICTURE_TYPES } from "~/images/uploads";

/** A picture saved, or why it was not, in words for the person who chose it. */
export type SavedPicture = { ok: true; path: string } | { ok: false; error: string };

/** The four types by the format sharp reads from the content. */
type Kind = { type: PictureType; extension: "jpg" | "png" | "webp" | "avif" };

/** How long preparing one picture may take before it is given up. */
const PREPARE_TIMEOUT_SECONDS = 30;

/** The type of the decoded picture, or null for anything but the four (SVG, GIF, HEIC, …). */
function kindOf(metadata: Metadata): Kind | null {
  switch (metadata.format) {
    case "jpeg":
      return { type: "image/jpeg", extension: "jpg" };
    case "png":
      return { type: "image/png", extension: "png" };
    case "webp":
      return { type: "image/webp", extension: "webp" };
    case "heif":
      // HEIF holds AVIF (AV1) and HEIC (HEVC); only AVIF is accepted.
      return metadata.compression === "av1" ? { type: "image/avif", extension: "avif" } : null;
    default:
      return null;
  }
}

/**
 * Re-encodes in the same format at high quality: turned upright by its EXIF
 * orientation, and with EXIF, XMP, IPTC and colour profile left behind
 * (sharp copies no metadata unless asked; colours are converted to sRGB).
 */
function reencode(image: Sharp, kind: Kind): Sharp {
  const upright = image.rotate().timeout({ seconds: PREPARE_TIMEOUT_SECONDS });
  switch (kind.type) {
    case "image/jpeg":
      return upright.jpeg({ quality: 90, mozjpeg: true });
    case "image/png":
      return upright.png({ compressionLevel: 9 });
    case "image/webp":
      return upright.webp({ quality: 90 });
    case "image/avif":
      return upright.avif({ quality: 70 });
  }
}

/** A picture ready to keep: its bytes without metadata, and what the `pictures` row records. */
type PreparedPicture = {
  path: string;
  bytes: Buffer;
  width: number;
  height: number;
  version: string;
  contentType: PictureType;
};

/** Checks a chosen file by its content and prepares it, or says what is wrong with it. */
export async function preparePicture(
  file: Blob,
): Promise<{ ok: true; picture: PreparedPicture } | { ok: false; error: string }> {
  if (file.size === 0) return { ok: false, error: PICTURE_ERRORS.empty };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: tooLargeMessage(file.size) };
  const original = Buffer.from(await file.arrayBuffer());

  let kind: Kind | null;
  let metadata: Metadata;
  try {
    metadata = await sharp(original).metadata();
    kind = kindOf(metadata);
  } catch {
    // Not a picture sharp can read at all: text, a document, a broken file.
    return { ok: false, error: PICTURE_ERRORS.wrongType };
  }
  if (!kind) return { ok: false, error: PICTURE_ERRORS.wrongType };
  if (metadata.width * metadata.height > MAX_PICTURE_PIXELS) {
    return { ok: false, error: PICTURE_ERRORS.tooManyPixels };
  }

  let bytes: Buffer;
  let width: number;
  let height: number;
  try {
    const output = await reencode(
      sharp(original, { limitInputPixels: MAX_PICTURE_PIXELS }),
      kind,
    ).toBuffer({ resolveWithObject: true });
    ({
      data: bytes,
      info: { width, height },
    } = output);
  } catch (error) {
    log.warn("A chosen picture could not be prepared", { error });
    return { ok: false, error: PICTURE_ERRORS.unreadable };
  }
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, error: tooLargeMessage(bytes.length) };

  const version = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  return {
    ok: true,
    picture: {
      path: `uploads/${version}.${kind.extension}`,
      bytes,
      width,
      height,
      version,
      contentType: kind.type,
    },
  };
}

const STORE_ERRORS: Record<UploadFailure, string> = {
  refused: PICTURE_ERRORS.refused,
  "too-large": PICTURE_ERRORS.storeTooLarge,
  unavailable: PICTURE_ERRORS.unavailable,
};

/** PostgreSQL's insufficient_privilege: row level security refused the row. */
const INSUFFICIENT_PRIVILEGE = "42501";

/**
 * Saves a picture a staff member chose: checked by its content (JPEG, PNG,
 * WebP or AVIF, at most 10 MB; SVG, GIF, HEIC and anything else refused),
 * turned upright with its metadata stripped, kept in the upload store at
 * `uploads/<version>.<ext>` and recorded in `pictures` as the signed-in staff
 * member, so row level security (and Storage's policies) apply. The row is
 * written only once the bytes are kept (bytes without a row are harmless:
 * nothing names them). Saving the same picture again gives
 * the same path. A session that has ended throws the redirect to sign in.
 */
export async function savePicture(
  context: Readonly<RouterContextProvider>,
  file: File,
): Promise<SavedPicture> {
  const prepared = await preparePicture(file);
  if (!prepared.ok) return prepared;
  const { picture } = prepared;

  await confirmSession(context);
  const db = await context.get(databaseContext)();
  const claims = staffClaims(context);
  const store = context.get(imageStoreContext).uploads;
  try {
    // Asked first, so nobody else's bytes reach the store; the row's policy checks again.
    const [member] = await withStaffClaims(db, claims, (tx) =>
      tx.query<{ staff: boolean }>("select public.is_staff() as staff"),
    );
    if (!member?.staff) {
      log.warn("Someone not on the staff list tried to save a picture", { user: claims.sub });
      return { ok: false, error: PICTURE_ERRORS.refused };
    }
    // The bytes first, then the row: a row never names bytes that are not kept,
    // and no database connection waits on the upload.
    await store.save({
      path: picture.path,
      bytes: picture.bytes,
      contentType: picture.contentType,
      writer: staffClient(context),
    });
    await withStaffClaims(db, claims, (tx) =>
      tx.query(
        `insert into public.pictures (path, width, height, version, content_type, byte_size)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (path) do nothing`,
        [
          picture.path,
          picture.width,
          picture.height,
          picture.version,
          picture.contentType,
          picture.bytes.length,
        ],
      ),
    );
  } catch (error) {
    if (error instanceof UploadStoreError) {
      log.warn("The upload store did not keep a picture", { path: picture.path, error });
      return { ok: false, error: STORE_ERRORS[error.reason] };
    }
    if ((error as { code?: unknown } | null)?.code === INSUFFICIENT_PRIVILEGE) {
      log.warn("A picture was refused by row level security", { path: picture.path });
      return { ok: false, error: PICTURE_ERRORS.refused };
    }
    log.error("A picture could not be recorded", { path: picture.path, error });
    return { ok: false, error: PICTURE_ERRORS.unavailable };
  }
  return { ok: true, path: picture.path };
}

/**
 * Whether `imagePath` names a picture content may point at: an upload with
 * its `pictures` row, or one of the site's own images that exists.
 */
export async function isKnownPicturePath(
  context: Readonly<RouterContextProvider>,
  imagePath: string,
): Promise<boolean> {
  try {
    const checked = parseImagePath(imagePath);
    if (isUploadPath(checked)) {
      if (!UPLOAD_PATH.test(checked)) return false;
      return (await knownPictureRecord(await context.get(databaseContext)(), checked)) !== null;
    }
    return (await findSource(context.get(imageStoreContext), checked)) !== null;
  } catch {
    return false;
  }
}

/** The names of a picture's fields in an editor's form (`PictureField` takes these and `alt`). */
export type PictureFormNames = {
  /** The file input. */
  file: string;
  /** The hidden input holding the picture's current path, or one uploaded by a refused post. */
  kept: string;
  /** The "Remove picture" checkbox, where the editor offers one. */
  remove?: string;
};

/**
 * What a post says about a picture:
 * - `path: string`: the picture to show (a file chosen now and saved, else the kept one);
 * - `path: null`: remove the picture;
 * - `path: undefined`: leave it as it is (nothing chosen, nothing kept), or `error` is set.
 */
export type PictureFields = { path: string | null | undefined; error?: string };

/**
 * Reads a picture's fields from an editor's post. A newly chosen file is
 * saved at once, so that when other fields are refused the editor can show
 * the form again with the new path in the hidden `kept` field and nothing is
 * lost. Otherwise the "Remove picture" box (when checked) gives null, and the
 * kept path, which must be a known picture, is given back. A file chosen
 * wins over the box: choosing a new picture replaces the old one.
 */
export async function readPictureFields(
  context: Readonly<RouterContextProvider>,
  form: FormData,
  names: PictureFormNames,
): Promise<PictureFields> {
  const file = form.get(names.file);
  if (file instanceof File && (file.size > 0 || file.name !== "")) {
    const saved = await savePicture(context, file);
    return saved.ok ? { path: saved.path } : { path: undefined, error: saved.error };
  }
  if (names.remove && form.get(names.remove) !== null) return { path: null };

  const kept = form.get(names.kept);
  if (typeof kept !== "string" || kept.trim() === "") return { path: undefined };
  if (!(await isKnownPicturePath(context, kept.trim()))) {
    return { path: undefined, error: PICTURE_ERRORS.gone };
  }
  return { path: kept.trim() };
}
