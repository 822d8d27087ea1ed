import { MAX_UPLOAD_BYTES } from "~/images/uploads";
import { SHEET_FILE_BYTES } from "~/menu/editor/menu-import";
import type { TransportNeeds } from "~/platform/route-needs";
import { MAX_BODY_BYTES } from "~/server/pipeline/request-body";

/**
 * A post that carries a picture: the picture (at most 10 MB) and the editor's
 * other fields, with room for the multipart boundaries and headers.
 */
export const UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/**
 * A post that carries a spreadsheet's file (at most 512 KB) and the rows
 * pasted beside it; room to spare, so a file a little too large is read and
 * refused in words beside the form rather than cut off.
 */
export const SHEET_BODY_BYTES = 4 * SHEET_FILE_BYTES;

/**
 * The largest body the server reads for a request to routes whose action
 * reads `body` (`TransportNeeds`): enough for a picture on the editors that
 * take one, for a spreadsheet where one is read, 64 KB everywhere else.
 */
export function bodyLimitFor(body: Required<TransportNeeds>["body"]): number {
  if (body === "upload") return UPLOAD_BODY_BYTES;
  return body === "sheet" ? SHEET_BODY_BYTES : MAX_BODY_BYTES;
}

/** How many bodies as large as a picture the server reads at once. */
export const LARGE_BODIES_AT_ONCE = 4;

/** The answer to a picture-sized post from someone not signed in: nothing of it is read. */
export function picturesNeedSignIn(): Response {
  return new Response(
    "Only signed-in staff can send pictures. Please sign in and try again; nothing was saved.",
    {
      status: 403,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
        Connection: "close",
      },
    },
  );
}

/** The answer when as many picture-sized bodies as the server reads at once are being read. */
export function tooManyLargeBodies(): Response {
  return new Response(
    "Another picture is being received. Please try again in a moment; nothing was saved.",
    {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
        "Retry-After": "5",
        Connection: "close",
      },
    },
  );
}

/**
 * A count of the picture-sized bodies being read, so that a few stalled
 * uploads cannot make the server hold many times 11 MB.
 */
export class LargeBodies {
  #reading = 0;
  constructor(readonly atOnce: number = LARGE_BODIES_AT_ONCE) {}

  /** Takes a place, or answers false when all are taken. */
  enter(): boolean {
    if (this.#reading >= this.atOnce) return false;
    this.#reading += 1;
    return true;
  }

  leave(): void {
    this.#reading = Math.max(0, this.#reading - 1);
  }
}
