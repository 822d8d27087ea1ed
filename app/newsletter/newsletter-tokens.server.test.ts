import { describe, expect, test } from "vitest";
import {
  confirmTokenHashOf,
  newConfirmToken,
  subscriberOf,
  unsubscribeToken,
} from "./newsletter-tokens.server";

const KEY = "k".repeat(64);

describe("confirmation tokens", () => {
  test("are random, and only their digest is kept", () => {
    const first = newConfirmToken();
    const second = newConfirmToken();
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(first.token).not.toBe(second.token);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(confirmTokenHashOf(first.token)).toBe(first.hash);
  });

  test.each(["", "short", "A".repeat(44), `${"A".repeat(42)}!`, null])(
    "%j is no token",
    (token) => {
      expect(confirmTokenHashOf(token)).toBeNull();
    },
  );
});

describe("unsubscribe tokens", () => {
  test("name their subscriber, signed", () => {
    expect(subscriberOf(KEY, unsubscribeToken(KEY, 42))).toBe(42);
  });

  test("signed with another key, for another number, or garbled, name nobody", () => {
    const token = unsubscribeToken(KEY, 42);
    const [, signature] = token.split(".");
    expect(subscriberOf("o".repeat(64), token)).toBeNull();
    expect(subscriberOf(KEY, `43.${signature}`)).toBeNull();
    for (const garbled of ["", "42", "42.", "0.abc", `042.${signature}`, `${token}x`, null]) {
      expect(subscriberOf(KEY, garbled), String(garbled)).toBeNull();
    }
    expect(subscriberOf(KEY, `${"9".repeat(17)}.${signature}`)).toBeNull();
  });
});
