import sharp from "sharp";
import { describe, expect, test } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  PICTURE_ACCEPT,
  PICTURE_ERRORS,
  checkChosenPicture,
  megabytes,
  sniffPictureType,
  tooLargeMessage,
} from "./uploads";

const solid = () => sharp({ create: { width: 8, height: 8, channels: 3, background: "#777" } });

describe("sniffPictureType", () => {
  test.each([
    ["image/jpeg", () => solid().jpeg().toBuffer()],
    ["image/png", () => solid().png().toBuffer()],
    ["image/webp", () => solid().webp().toBuffer()],
    ["image/avif", () => solid().avif().toBuffer()],
  ])("knows %s by its first bytes", async (type, make) => {
    expect(sniffPictureType((await make()).subarray(0, 32))).toBe(type);
  });

  test.each([
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00")],
    ["text", Buffer.from("Just some notes, not a picture at all.")],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s", (_name, bytes) => {
    expect(sniffPictureType(bytes)).toBeNull();
  });
});

describe("checkChosenPicture, the browser's quick check", () => {
  test("passes a PNG whatever its name", async () => {
    const png = await solid().png().toBuffer();
    expect(await checkChosenPicture(new File([new Uint8Array(png)], "photo.jpg"))).toBeNull();
  });

  test("names a text file called .png as the wrong type", async () => {
    expect(await checkChosenPicture(new File(["hello there"], "notes.png"))).toBe(
      PICTURE_ERRORS.wrongType,
    );
  });

  test("names a file over 10 MB as too large, with its size", async () => {
    const huge = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], "huge.jpg");
    expect(await checkChosenPicture(huge)).toBe("That picture is 10.1 MB; the most is 10 MB.");
  });

  test("names an empty file", async () => {
    expect(await checkChosenPicture(new File([], "empty.jpg"))).toBe(PICTURE_ERRORS.empty);
  });
});

describe("sizes in messages", () => {
  test.each([
    [MAX_UPLOAD_BYTES, "10 MB"],
    [MAX_UPLOAD_BYTES + 1, "10.1 MB"],
    [12.25 * 1024 * 1024, "12.3 MB"],
  ])("%i bytes reads as %s", (bytes, text) => {
    expect(megabytes(bytes)).toBe(text);
  });

  test("the too-large message names the size and the limit", () => {
    expect(tooLargeMessage(15 * 1024 * 1024)).toBe("That picture is 15 MB; the most is 10 MB.");
  });

  test("the accept list names the four types and no SVG", () => {
    expect(PICTURE_ACCEPT.split(",")).toEqual(
      expect.arrayContaining(["image/jpeg", "image/png", "image/webp", "image/avif"]),
    );
    expect(PICTURE_ACCEPT).not.toMatch(/svg|gif/);
  });
});
