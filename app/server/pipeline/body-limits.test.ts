import { describe, expect, test } from "vitest";
import { MAX_UPLOAD_BYTES } from "~/images/uploads";
import { MAX_BODY_BYTES, readBoundedBody } from "~/server/pipeline/request-body";
import { SHEET_FILE_BYTES } from "~/menu/editor/menu-import";
import { SHEET_BODY_BYTES, UPLOAD_BODY_BYTES, bodyLimitFor } from "./body-limits";

const MB = 1024 * 1024;

describe("bodyLimitFor", () => {
  // Which routes take which body: route-needs.test.ts, and tests/server/route-needs.test.ts for the site's.
  test("routes whose forms carry a picture take a picture and its fields", () => {
    expect(bodyLimitFor("upload")).toBe(UPLOAD_BODY_BYTES);
  });

  test("the spreadsheet import takes a file and the rows pasted beside it", () => {
    expect(bodyLimitFor("sheet")).toBe(SHEET_BODY_BYTES);
    // A file a little too large is read, to be refused in words by its field.
    expect(SHEET_BODY_BYTES).toBeGreaterThan(2 * SHEET_FILE_BYTES);
    expect(SHEET_BODY_BYTES).toBeLessThan(MAX_UPLOAD_BYTES);
  });

  test.each(["form", "any"] as const)("routes that read %s keep the 64 KB limit", (body) => {
    expect(bodyLimitFor(body)).toBe(MAX_BODY_BYTES);
  });

  test("an upload's limit is 10 MB of picture with room for the form around it", () => {
    expect(UPLOAD_BODY_BYTES).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(UPLOAD_BODY_BYTES).toBeLessThanOrEqual(12 * MB);
  });
});

function post(path: string, size: number) {
  return new Request(`http://localhost${path}`, { method: "POST", body: new Uint8Array(size) });
}

/** What the site's routes at these paths read (tests/server/route-needs.test.ts). */
const BODIES = {
  "/contact": "any",
  "/staff/menu/items/3": "upload",
  "/staff/settings": "upload",
  "/staff/menu/import": "sheet",
} as const;

async function bounded(path: keyof typeof BODIES, size: number) {
  return readBoundedBody(post(path, size), bodyLimitFor(BODIES[path]));
}

describe("bodies bounded by route", () => {
  test("a 2 MB post to a public form is refused with 413 and a clear message", async () => {
    const response = await bounded("/contact", 2 * MB);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(413);
    expect(await (response as Response).text()).toBe(
      "That was more than we can accept (64 KB). Please shorten what you sent and try again.",
    );
  });

  test("a 10 MB picture post to an editor is read whole", async () => {
    const request = await bounded("/staff/menu/items/3", 10 * MB + 64 * 1024);
    expect(request).toBeInstanceOf(Request);
    expect((await (request as Request).arrayBuffer()).byteLength).toBe(10 * MB + 64 * 1024);
  });

  test("the spreadsheet import reads a file too large for it, and refuses a body past its own limit", async () => {
    const request = await bounded("/staff/menu/import", SHEET_FILE_BYTES + 64 * 1024);
    expect(request).toBeInstanceOf(Request);
    const response = await bounded("/staff/menu/import", SHEET_BODY_BYTES + 1);
    expect((response as Response).status).toBe(413);
    expect(await (response as Response).text()).toBe(
      "That was more than we can accept (2 MB). Please choose a smaller file and try again.",
    );
  });

  test("an editor's post over its limit is refused, naming the limit", async () => {
    const response = await bounded("/staff/settings", UPLOAD_BODY_BYTES + 1);
    expect((response as Response).status).toBe(413);
    expect(await (response as Response).text()).toBe(
      "That was more than we can accept (11 MB). Please choose a smaller file and try again.",
    );
  });
});
