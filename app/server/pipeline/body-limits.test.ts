import { describe, expect, test } from "vitest";
import { MAX_UPLOAD_BYTES } from "~/images/uploads";
import { MAX_BODY_BYTES, readBoundedBody } from "~/server/pipeline/request-body";
import { UPLOAD_BODY_BYTES, bodyLimitFor } from "./body-limits";

const MB = 1024 * 1024;

describe("bodyLimitFor", () => {
  test.each([
    "/staff/menu",
    "/staff/menu/items/12",
    "/staff/menu/items/new.data",
    "/staff/events/new",
    "/staff/events/7.data",
    "/staff/venue/spaces/the-snug",
    "/staff/settings",
    "/staff/settings.data",
    "/staff/settings/",
  ])("the picture editor %s takes a picture and its fields", (path) => {
    expect(bodyLimitFor(`http://localhost${path}`)).toBe(UPLOAD_BODY_BYTES);
  });

  test.each([
    "/",
    "/contact",
    "/contact.data",
    "/venue",
    "/events",
    "/staff",
    "/staff/sign-in",
    "/staff/staff",
    "/staff/inbox/3",
    "/staff/menuish",
    "/staff/settings/other",
    "/theme",
  ])("%s keeps the 64 KB limit", (path) => {
    expect(bodyLimitFor(new URL(path, "http://localhost"))).toBe(MAX_BODY_BYTES);
  });

  test("an upload's limit is 10 MB of picture with room for the form around it", () => {
    expect(UPLOAD_BODY_BYTES).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(UPLOAD_BODY_BYTES).toBeLessThanOrEqual(12 * MB);
  });
});

function post(path: string, size: number) {
  return new Request(`http://localhost${path}`, { method: "POST", body: new Uint8Array(size) });
}

async function bounded(path: string, size: number) {
  return readBoundedBody(post(path, size), bodyLimitFor(`http://localhost${path}`));
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

  test("an editor's post over its limit is refused, naming the limit", async () => {
    const response = await bounded("/staff/settings", UPLOAD_BODY_BYTES + 1);
    expect((response as Response).status).toBe(413);
    expect(await (response as Response).text()).toBe(
      "That was more than we can accept (11 MB). Please choose a smaller file and try again.",
    );
  });
});
