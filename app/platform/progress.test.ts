import { describe, expect, test } from "vitest";
import { progressState } from "./progress";

describe("progressState", () => {
  test("no value is indeterminate, out of 100 by default", () => {
    expect(progressState(undefined)).toEqual({ state: "indeterminate", max: 100 });
    expect(progressState(null, 10)).toEqual({ state: "indeterminate", max: 10 });
  });

  test("a value below max is loading, equal to max is complete", () => {
    expect(progressState(0)).toEqual({ state: "loading", value: 0, max: 100 });
    expect(progressState(40, 50)).toEqual({ state: "loading", value: 40, max: 50 });
    expect(progressState(100)).toEqual({ state: "complete", value: 100, max: 100 });
  });

  test.each([-1, 101, Number.NaN, Number.POSITIVE_INFINITY])("rejects the value %s", (value) => {
    expect(() => progressState(value)).toThrow(/between 0 and 100/);
  });

  test.each([0, -5, Number.NaN])("rejects a max of %s", (max) => {
    expect(() => progressState(1, max)).toThrow(/greater than 0/);
  });
});
