import { withThousands } from "~/platform/thousands";

/**
 * A price in cents as the menu prints it, the en-CA way: "$19.50"; whole
 * dollars of large sums as "$2,500". Written out rather than asked of
 * Intl.NumberFormat, whose first use in a browser costs a phone tens of
 * milliseconds while the page is starting; the tests hold it to Intl's output.
 */
export function formatPrice(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a price in cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  if (Math.abs(cents) >= 100_000 && rest === 0) return `${sign}$${withThousands(whole)}`;
  return `${sign}$${withThousands(whole)}.${String(rest).padStart(2, "0")}`;
}

/** The amount as schema.org wants it: "19.50". */
export function priceAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}
