import { describe, expect, test } from "vitest";
import { formatPrice, priceAmount } from "./money";

describe("formatPrice", () => {
  test("prints dollars and cents in Canadian format", () => {
    expect(formatPrice(1950)).toBe("$19.50");
    expect(formatPrice(900)).toBe("$9.00");
    expect(formatPrice(5)).toBe("$0.05");
    expect(formatPrice(0)).toBe("$0.00");
  });

  test("prints large whole sums without cents and with a thousands separator", () => {
    expect(formatPrice(250_000)).toBe("$2,500");
    expect(formatPrice(250_050)).toBe("$2,500.50");
  });

  test("agrees with Intl's en-CA dollars for every kind of amount", () => {
    const cad = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD" });
    const cadWhole = new Intl.NumberFormat("en-CA", {
      style: "currency",
      currency: "CAD",
      maximumFractionDigits: 0,
    });
    const amounts = [0, 1, 10, 99, 100, 101, 999, 1_950, 99_999, 100_000, 100_001, 123_456_700];
    for (const cents of [...amounts, ...amounts.map((cents) => -cents).filter(Boolean)]) {
      const large = Math.abs(cents) >= 100_000 && cents % 100 === 0;
      expect(formatPrice(cents)).toBe((large ? cadWhole : cad).format(cents / 100));
    }
  });

  test("refuses what is not a whole number of cents", () => {
    expect(() => formatPrice(19.5)).toThrow(RangeError);
  });
});

test("priceAmount gives schema.org's plain decimal", () => {
  expect(priceAmount(1950)).toBe("19.50");
});
