import { describe, expect, test } from "vitest";
import { cacheControl, strictestCacheControl } from "./cache-control";

describe("strictestCacheControl", () => {
  test("no-store wins over everything", () => {
    expect(strictestCacheControl(cacheControl.publicPage, "no-store", "private, max-age=60")).toBe(
      "no-store",
    );
  });

  test("private wins over public", () => {
    expect(strictestCacheControl(cacheControl.publicPage, "private, max-age=600")).toBe(
      "private, max-age=600",
    );
  });

  test("between public values the shorter lifetime wins, counting s-maxage", () => {
    expect(strictestCacheControl("public, max-age=3600", cacheControl.publicPage)).toBe(
      cacheControl.publicPage,
    );
    expect(strictestCacheControl("public, max-age=30", "public, s-maxage=60")).toBe(
      "public, max-age=30",
    );
  });

  test("ignores missing and blank values", () => {
    expect(strictestCacheControl(undefined, null, " ", "public, max-age=5")).toBe(
      "public, max-age=5",
    );
    expect(strictestCacheControl(undefined, "")).toBeUndefined();
  });
});
