import { describe, expect, test } from "vitest";
import { amountWords, changedPrice, changeWords, type PriceChange } from "./menu-prices";
import { priceChangeSchema } from "./menu-prices-rules";

type Change = Omit<PriceChange, "sectionId">;

const up = (
  amount: number,
  unit: Change["unit"],
  rounding: Change["rounding"] = "cent",
): Change => ({
  direction: "up",
  unit,
  amount,
  rounding,
});
const down = (amount: number, unit: Change["unit"], rounding: Change["rounding"] = "cent") => ({
  ...up(amount, unit, rounding),
  direction: "down" as const,
});

describe("changedPrice", () => {
  test.each([
    [1400, up(150, "dollars"), 1550],
    [1400, down(150, "dollars"), 1250],
    [1400, up(500, "percent"), 1470],
    [1400, down(1000, "percent"), 1260],
    // $14.99 up 3%: $15.4397, to the cent $15.44.
    [1499, up(300, "percent"), 1544],
    // Halves go up: $0.99 up 50% is $1.485, $1.49.
    [99, up(5000, "percent"), 149],
    // 2.5%: hundredths of a percent, no floating point.
    [1000, up(250, "percent"), 1025],
  ])("%i cents changed by %o is %i", (cents, change, expected) => {
    expect(changedPrice(cents, change)).toBe(expected);
  });

  test.each([
    ["nickel", 1547, 1545],
    ["nickel", 1548, 1550],
    ["quarter", 1537, 1525],
    ["quarter", 1538, 1550],
    ["dollar", 1549, 1500],
    ["dollar", 1550, 1600],
    ["ninety-nine", 1462, 1499],
    ["ninety-nine", 1440, 1399],
    ["ninety-nine", 1499, 1499],
  ] as const)("rounded %s, %i cents is %i", (rounding, cents, expected) => {
    // Up 0 dollars would be refused by the form; here it isolates the rounding.
    expect(changedPrice(cents, up(0, "dollars", rounding))).toBe(expected);
  });

  test("up 5% to the nearest 25¢, as a pub would", () => {
    expect(
      [1400, 1550, 1895].map((cents) => changedPrice(cents, up(500, "percent", "quarter"))),
    ).toEqual([1475, 1625, 2000]);
  });

  test("a change may come out at $0 or less, for the check to refuse", () => {
    expect(changedPrice(400, down(500, "dollars"))).toBe(-100);
    expect(changedPrice(40, up(0, "dollars", "ninety-nine"))).toBe(-1);
  });
});

describe("the change in words", () => {
  test.each([
    [up(500, "percent", "quarter"), "up 5%, to the nearest 25¢"],
    [down(250, "percent"), "down 2.5%, to the cent"],
    [up(1225, "percent", "ninety-nine"), "up 12.25%, to end in .99"],
    [down(150, "dollars", "nickel"), "down $1.50, to the nearest 5¢"],
  ])("%o is “%s”", (change, words) => {
    expect(changeWords(change)).toBe(words);
  });

  test("amounts", () => {
    expect(amountWords({ unit: "percent", amount: 100_000 })).toBe("1,000%");
    expect(amountWords({ unit: "dollars", amount: 5 })).toBe("$0.05");
  });
});

describe("the change's rules", () => {
  const form = (amount: string, unit = "percent") => ({
    section: "4",
    direction: "up",
    amount,
    unit,
    rounding: "cent",
  });
  const problem = (values: Record<string, string>) => {
    const result = priceChangeSchema.safeParse(values);
    return result.success
      ? null
      : result.error.issues.map((issue) => [issue.path[0], issue.message]);
  };

  test.each([
    ["5", "percent", 500],
    ["2.5%", "percent", 250],
    [" 12.25 ", "percent", 1225],
    ["1.50", "dollars", 150],
    ["$2", "dollars", 200],
  ])("“%s” in %s is %i", (amount, unit, expected) => {
    expect(priceChangeSchema.parse(form(amount, unit))).toEqual({
      sectionId: 4,
      direction: "up",
      unit,
      amount: expected,
      rounding: "cent",
    });
  });

  test.each([
    ["", "percent", /^Enter how much/],
    ["five", "percent", /^Enter a percentage, such as 5/],
    ["5.123", "percent", /^Enter a percentage/],
    ["1.5.0", "dollars", /^Enter an amount in dollars/],
    ["-5", "percent", /^Enter the amount without a sign/],
    ["+5", "dollars", /^Enter the amount without a sign/],
    ["0", "percent", /^Enter a percentage more than 0/],
    ["0.00", "dollars", /^Enter an amount more than \$0/],
    ["1001", "percent", /^A change can be at most 1,000%/],
    ["10000", "dollars", /^A change can be at most \$9,999\.99/],
  ])("refuses “%s” in %s", (amount, unit, message) => {
    expect(problem(form(amount, unit))).toEqual([["amount", expect.stringMatching(message)]]);
  });

  test.each([
    ["section", "", /^Choose the section/],
    ["section", "fries", /^Choose one of the sections listed/],
    ["direction", "sideways", /^Choose up or down/],
    ["unit", "pounds", /^Choose dollars or percent/],
    ["rounding", "to-the-penny", /^Choose how the new prices are rounded/],
  ])("refuses a %s of “%s”", (field, value, message) => {
    expect(problem({ ...form("5"), [field]: value })).toEqual([
      [field, expect.stringMatching(message)],
    ]);
  });
});
