import { describe, expect, test } from "vitest";
import { IMAGE_WIDTHS } from "~/images/images";
import { FULL_SIZE_WIDTH, SWIPE_DISTANCE, fullSizeUrl, stepPhoto, swipeStep } from "./photos";

describe("stepPhoto", () => {
  test("goes forward and back, round at either end", () => {
    expect(stepPhoto(0, 1, 3)).toBe(1);
    expect(stepPhoto(2, 1, 3)).toBe(0);
    expect(stepPhoto(0, -1, 3)).toBe(2);
    expect(stepPhoto(1, -1, 3)).toBe(0);
    expect(stepPhoto(0, 1, 1)).toBe(0);
  });
});

describe("swipeStep", () => {
  const start = { x: 200, y: 300 };

  test("a swipe to the left shows the next photo, to the right the previous one", () => {
    expect(swipeStep(start, { x: 200 - SWIPE_DISTANCE, y: 310 })).toBe(1);
    expect(swipeStep(start, { x: 200 + 120, y: 280 })).toBe(-1);
  });

  test("a tap, a short drag or a mostly vertical one turns nothing", () => {
    expect(swipeStep(start, start)).toBe(0);
    expect(swipeStep(start, { x: 200 - SWIPE_DISTANCE + 1, y: 300 })).toBe(0);
    expect(swipeStep(start, { x: 100, y: 450 })).toBe(0);
  });
});

test("a photo opens without JavaScript at a width the image route renders", () => {
  const url = new URL(
    fullSizeUrl({
      source: { path: "rooms/patio.svg", width: 1600, height: 900, version: "abc123" },
      alt: "",
    }),
    "http://localhost",
  );
  expect(url.pathname).toBe("/img/rooms/patio.svg");
  expect(Number(url.searchParams.get("w"))).toBe(FULL_SIZE_WIDTH);
  expect(IMAGE_WIDTHS).toContain(FULL_SIZE_WIDTH);
});
