import { describe, expect, test } from "vitest";
import { shouldPrefetch } from "./prefetch";

describe("shouldPrefetch", () => {
  test("prefetches when the browser says nothing about the connection", () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({})).toBe(true);
  });

  test.each(["4g", "3g"])("prefetches on %s", (effectiveType) => {
    expect(shouldPrefetch({ effectiveType })).toBe(true);
  });

  test.each(["2g", "slow-2g"])("does not prefetch on %s", (effectiveType) => {
    expect(shouldPrefetch({ effectiveType })).toBe(false);
  });

  test("does not prefetch when the visitor asks to save data", () => {
    expect(shouldPrefetch({ saveData: true, effectiveType: "4g" })).toBe(false);
  });
});
