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
