import { describe, expect, test } from "vitest";
import { isInterruptedNavigation, quietInterruptedNavigations } from "./interrupted-navigation";

function rejection(reason: unknown) {
  const event = new Event("unhandledrejection", { cancelable: true });
  return Object.assign(event, { reason });
}

describe("a navigation replaced by a newer one", () => {
  test("its abort is handled quietly; other errors are still reported", () => {
    const target = new EventTarget();
    quietInterruptedNavigations(target as unknown as Window);
    const controller = new AbortController();
    controller.abort();

    const aborted = rejection(controller.signal.reason);
    target.dispatchEvent(aborted);
    expect(aborted.defaultPrevented).toBe(true);

    for (const reason of [
      new Error("Loader failed"),
      new DOMException("Timed out", "TimeoutError"),
      new TypeError("Failed to fetch dynamically imported module: /assets/x.js"),
      "AbortError",
    ]) {
      const other = rejection(reason);
      target.dispatchEvent(other);
      expect(other.defaultPrevented, String(reason)).toBe(false);
    }
  });

  test("is told apart from other errors", () => {
    expect(isInterruptedNavigation(new DOMException("signal is aborted", "AbortError"))).toBe(true);
    expect(isInterruptedNavigation({ name: "AbortError" })).toBe(false);
    expect(isInterruptedNavigation(undefined)).toBe(false);
  });
});
