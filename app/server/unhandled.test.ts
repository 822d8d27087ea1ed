import { describe, expect, test, vi } from "vitest";
import { log } from "~/platform/logger.server";
import { onUnhandledRejection } from "./unhandled";

describe("a rejection nothing waits for", () => {
  test("a lost or refused database connection is logged, and the server goes on", () => {
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    for (const code of ["ECONNRESET", "ECONNREFUSED", "CONNECTION_CLOSED", "57P01"]) {
      const error = Object.assign(new Error(`read ${code}`), { code });
      expect(() => onUnhandledRejection(error)).not.toThrow();
    }
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[0]![0]).toBe(
      "A lost database connection was reported where nothing waited for it; carrying on",
    );
  });

  test("anything else is thrown on, and stops the server", () => {
    const bug = new TypeError("Cannot read properties of undefined");
    expect(() => onUnhandledRejection(bug)).toThrow(bug);
    const sqlError = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(() => onUnhandledRejection(sqlError)).toThrow(sqlError);
    expect(() => onUnhandledRejection("a string")).toThrow();
  });
});
