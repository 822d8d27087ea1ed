import { defineForm } from "~/platform/forms/form-spec";
import type { RadioOption } from "~/platform/forms/form-fields";
import { formatPrice } from "~/platform/money";
import { withThousands } from "~/platform/thousands";

/**
 * A section's prices changed at once: up or down by dollars or a
 * percentage, each new price rounded as a pub prices (to the cent, the
 * nearest 5¢, 25¢ or dollar, or ending in .99). What the page shares
 * between the server and the browser; a check shows every dish's price
 * from old to new, and a second post saves them all as one change.
 */

export const PRICE_DIRECTIONS = ["up", "down"] as const;
export type PriceDirection = (typeof PRICE_DIRECTIONS)[number];

export const PRICE_UNITS = ["dollars", "percent"] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

export const PRICE_ROUNDINGS = ["cent", "nickel", "quarter", "dollar", "ninety-nine"] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** The largest percentage a change may be: ten times the price is a mistyped number already. */
export const PRICE_PERCENT_MAX = 1000;

export const DIRECTION_OPTIONS: readonly (RadioOption & { value: PriceDirection })[] = [
  { value: "up", label: "Up" },
  { value: "down", label: "Down" },
];

export const UNIT_OPTIONS: readonly (RadioOption & { value: PriceUnit })[] = [
  { value: "dollars", label: "Dollars ($)" },
  { value: "percent", label: "Percent (%)" },
];

/** Each rounding's words, as the list offers it and the toast says it. */
export const ROUNDING_WORDS: Record<PriceRounding, string> = {
  cent: "To the cent",
  nickel: "To the nearest 5¢",
  quarter: "To the nearest 25¢",
  dollar: "To the nearest dollar",
  "ninety-nine": "To end in .99",
};

export const ROUNDING_OPTIONS = PRICE_ROUNDINGS.map((value) => ({
  value,
  label: ROUNDING_WORDS[value],
}));

/** A change to a section's prices, as its rules read the form. */
export type PriceChange = {
  sectionId: number;
  direction: PriceDirection;
  unit: PriceUnit;
  /** Cents, or hundredths of a percent (5% is 500). */
  amount: number;
  rounding: PriceRounding;
};

/** `a / b` rounded down, in whole numbers, exactly (b > 0). */
function floorDivide(a: number, b: number): number {
  let quotient = Math.floor(a / b);
  if (quotient * b > a) quotient -= 1;
  else if ((quotient + 1) * b <= a) quotient += 1;
  return quotient;
}

/** `n / d` rounded to the nearest whole number, halves up. */
const roundHalfUp = (n: number, d: number) => floorDivide(2 * n + d, 2 * d);

/** Each rounding's step in cents. */
const STEP: Record<Exclude<PriceRounding, "ninety-nine">, number> = {
  cent: 1,
  nickel: 5,
  quarter: 25,
  dollar: 100,
};

/**
 * The new price of a dish at `cents`: changed, then rounded, worked out on
 * whole numbers (never through floating point). Ending in .99 takes the
 * nearest such price ($14.62 → $14.99, $14.40 → $13.99). It may come out $0
 * or less, or above the dearest a dish may be: the check says so.
 */
export function changedPrice(cents: number, change: Omit<PriceChange, "sectionId">): number {
  const sign = change.direction === "up" ? 1 : -1;
  // The exact new price is n / d cents.
  const [n, d] =
    change.unit === "dollars"
      ? [cents + sign * change.amount, 1]
      : [cents * (10_000 + sign * change.amount), 10_000];
  if (change.rounding === "ninety-nine") return roundHalfUp(n + d, 100 * d) * 100 - 1;
  const step = STEP[change.rounding];
  return roundHalfUp(n, d * step) * step;
}

/** "5%", "2.5%", "$1.50": an amount as the form's words give it. */
export function amountWords(change: Pick<PriceChange, "unit" | "amount">): string {
  if (change.unit === "dollars") return formatPrice(change.amount);
  const whole = Math.floor(change.amount / 100);
  const rest = change.amount % 100;
  const fraction = rest === 0 ? "" : `.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
  return `${withThousands(whole)}${fraction}%`;
}

/** "up 5%, to the nearest 25¢" */
export function changeWords(change: Omit<PriceChange, "sectionId">): string {
  return `${change.direction} ${amountWords(change)}, ${ROUNDING_WORDS[change.rounding].toLowerCase()}`;
}

/** A dish's price in the preview: from old to new. */
export type PriceRow = {
  id: number;
  name: string;
  /** What the price buys, when the dish says ("6 oz"): tells the sizes of a drink apart. */
  portion: string;
  hidden: boolean;
  from: number;
  to: number;
};

/** What saving the change would do to a section's prices. */
export type PricePreview = {
  section: { id: number; name: string };
  /** "up 5%, to the nearest 25¢" */
  words: string;
  /** Every dish with a price, in the menu's order. */
  rows: PriceRow[];
  /** Dishes at $0, left as they are. */
  free: string[];
  /** Names this very preview: a save that would now change anything else is refused. */
  key: string;
};

/** "Fries (large)": a dish as a message names it. */
export const dishWords = (row: Pick<PriceRow, "name" | "portion">) =>
  row.portion ? `${row.name} (${row.portion})` : row.name;

/** "3 prices", "1 price" */
export const prices = (count: number) => `${count} ${count === 1 ? "price" : "prices"}`;

export const priceFields = ["section", "direction", "amount", "unit", "rounding"] as const;
export type PriceField = (typeof priceFields)[number];

const labels = {
  section: "Section",
  direction: "Up or down",
  amount: "By how much",
  unit: "In",
  rounding: "Rounding",
} as const;

const rules = () => import("./menu-prices-rules");

/** Checks a change to a section's prices and shows every new price. */
export const pricesCheckForm = defineForm({
  id: "menu-prices",
  fields: priceFields,
  labels,
  verb: "try",
  rules: () => rules().then((module) => module.priceChangeSchema),
});

/** Saves the new prices checked a moment ago, if they are still what the check showed. */
export const pricesSaveForm = defineForm({
  id: "menu-prices-save",
  fields: [...priceFields, "key"],
  labels,
  verb: "save",
  rules: () => rules().then((module) => module.priceSaveSchema),
});
