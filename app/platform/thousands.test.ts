import { expect, test } from "vitest";
import { withThousands } from "./thousands";

test("writes whole numbers as en-CA does", () => {
  const enCA = new Intl.NumberFormat("en-CA");
  for (const value of [
    0, 7, 99, 999, 1_000, 2_500, 12_345, 999_999, 1_000_000, 123_456_789, -4_200,
  ]) {
    expect(withThousands(value)).toBe(enCA.format(value));
  }
});

test("refuses what is not a whole number", () => {
  expect(() => withThousands(2.5)).toThrow(RangeError);
  expect(() => withThousands(Number.NaN)).toThrow(RangeError);
});
