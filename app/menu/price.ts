const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" });
const cadWhole = new Intl.NumberFormat("en-CA", {
  style: "currency",
  currency: "CAD",
  maximumFractionDigits: 0,
});

/** A price in cents as the menu prints it: "$19.50"; whole dollars of large sums as "$2,500". */
export function formatPrice(cents: number): string {
  if (cents >= 100_000 && cents % 100 === 0) return cadWhole.format(cents / 100);
  return cad.format(cents / 100);
}

/** The amount as schema.org wants it: "19.50". */
export function priceAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Why a typed price could not be read. */
export type PriceProblem = "empty" | "format" | "negative";

const DOLLARS = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$|^\.\d{1,2}$/;

/**
 * A price as staff type it ("14.50", "$14.50", "14", "1,250.00") in cents, or
 * why it is not one. Worked out on the digits, never through floating point.
 */
export function parsePrice(input: string): { cents: number } | { problem: PriceProblem } {
  const text = input.replace(/\s+/g, "");
  if (text === "") return { problem: "empty" };
  const negative = /^-\$?|^\$-/.test(text);
  const unsigned = text.replace(/^-?\$?-?/, "");
  if (!DOLLARS.test(unsigned)) return { problem: "format" };
  if (negative) return { problem: "negative" };
  const [whole = "", fraction = ""] = unsigned.replace(/,/g, "").split(".");
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return { cents };
}
