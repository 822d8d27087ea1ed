import { describe, expect, test } from "vitest";
import { formatPrice, priceAmount } from "./price";

describe("formatPrice", () => {
  test("prints dollars and cents in Canadian format", () => {
    expect(formatPrice(1950)).toBe("$19.50");
    expect(formatPrice(900)).toBe("$9.00");
    expect(formatPrice(0)).toBe("$0.00");
  });

  test("prints large whole sums without cents and with a thousands separator", () => {
    expect(formatPrice(250_000)).toBe("$2,500");
  });
});

test("priceAmount gives schema.org's plain decimal", () => {
  expect(priceAmount(1950)).toBe("19.50");
});
