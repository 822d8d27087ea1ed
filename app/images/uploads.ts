/**
 * What staff may upload as a picture, for the browser and the server alike:
 * the browser checks a chosen file at once; the server checks it again, by
 * its content, before keeping it.
 */

/** The largest picture accepted: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels a picture may have (a 10 MB file can hold far more than a
 * small server can decode): 64 megapixels, beyond any phone's photos.
 */
export const MAX_PICTURE_PIXELS = 64_000_000;

/** The picture types accepted, by content type. */
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

/** The file input's `accept` list: the types and their usual extensions. */
export const PICTURE_ACCEPT = [...PICTURE_TYPES, ".jpg", ".jpeg", ".png", ".webp", ".avif"].join(
  ",",
);

/** Uploaded pictures' paths: content-addressed, under `uploads/`. */
export const UPLOAD_PATH = /^uploads\/[0-9a-f]{16}\.(?:jpg|png|webp|avif)$/;

export const PICTURE_ERRORS = {
  wrongType: "Choose a JPEG, PNG, WebP or AVIF picture.",
  empty: "That file is empty. Choose a JPEG, PNG, WebP or AVIF picture.",
  unreadable: "That picture could not be read. Choose another JPEG, PNG, WebP or AVIF picture.",
  gone: "The picture chosen before is no longer available. Please choose it again.",
  unavailable: "The picture could not be saved just now. Please try again shortly.",
  tooManyPixels: "That picture has more than 64 megapixels. Please choose a smaller one.",
  storeTooLarge: "That picture is too large to keep; the most is 10 MB.",
  refused: "Your account may not upload pictures. Please sign in again as staff.",
  altRequired: "Describe the picture for people who cannot see it.",
} as const;

/**
 * "12.3 MB": rounded up to one decimal, so a file just over the limit never
 * reads as the limit itself.
 */
export function megabytes(bytes: number): string {
  const value = Math.ceil((bytes / (1024 * 1024)) * 10) / 10;
  return `${value.toFixed(1).replace(/\.0$/, "")} MB`;
}

/** The message for a picture of `bytes`, larger than the most accepted. */
export function tooLargeMessage(bytes: number): string {
  return `That picture is ${megabytes(bytes)}; the most is ${megabytes(MAX_UPLOAD_BYTES)}.`;
}

/** The message when alt text is missing for a picture that is set. */
export const ALT_TEXT_REQUIRED = PICTURE_ERRORS.altRequired;

/**
 * The most characters a picture's description may have, in every editor:
 * the description belongs to the picture, and saved on one row it goes to
 * every row showing the same picture, so each editor takes what another gave.
 */
export const PICTURE_DESCRIPTION_MAX = 300;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/**
 * The picture type the first bytes of a file show (at least 32 of them), or
 * null for anything else. For the browser's quick check only: the server
 * decodes the whole picture.
 */
export function sniffPictureType(head: Uint8Array): PictureType | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (ascii(head, 0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  if (ascii(head, 4, 8) === "ftyp" && /avi[fs]/.test(ascii(head, 8, 32))) return "image/avif";
  return null;
}

/**
 * The message for a file the browser can tell is wrong at once (too large,
 * not one of the four types by its first bytes), or null when it may go.
 */
export async function checkChosenPicture(file: File): Promise<string | null> {
  if (file.size === 0) return PICTURE_ERRORS.empty;
  if (file.size > MAX_UPLOAD_BYTES) return tooLargeMessage(file.size);
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  return sniffPictureType(head) ? null : PICTURE_ERRORS.wrongType;
}
