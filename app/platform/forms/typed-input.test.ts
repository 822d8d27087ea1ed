import { describe, expect, test } from "vitest";
import { parseDollars } from "./typed-input";

describe("dollars as staff type them", () => {
  test.each([
    ["14.50", 1450],
    ["$14.50", 1450],
    [" $ 14.5 ", 1450],
    ["$14.5", 1450],
    ["14", 1400],
    ["0", 0],
    ["-0", 0],
    [".99", 99],
    ["1,250", 125_000],
    ["1,250.00", 125_000],
    ["$ 1,200.00", 120_000],
    ["9999.99", 999_999],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseDollars(input)).toEqual({ cents });
  });

  test.each([
    ["", "empty"],
    ["abc", "format"],
    ["fourteen", "format"],
    ["14.505", "format"],
    ["1,2", "format"],
    ["12,00", "format"],
    ["14.50.1", "format"],
    ["1e3", "format"],
    ["-1", "negative"],
    ["-3", "negative"],
    ["-14.50", "negative"],
    ["-$3", "negative"],
    ["$-3", "negative"],
    ["-$3.50", "negative"],
    ["$-3.50", "negative"],
  ])("refuses %j (%s)", (input, problem) => {
    expect(parseDollars(input)).toEqual({ problem });
  });
});
