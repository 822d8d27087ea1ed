import { describe, expect, test } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  test.each(["/", "/menu", "/menu?diet=vegan#wings", "/contact/"])("keeps %s", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  test.each([
    ["another host", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash host", "/\\evil.example"],
    ["a tab inside the path", "/\t/evil.example"],
    ["a dot segment before a second slash", "/.//evil.example"],
    ["a parent segment before a second slash", "/a/..//evil.example"],
    ["an encoded dot segment", "/%2e//evil.example"],
    ["a relative path", "menu"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["an empty value", ""],
    ["a non-string", 42],
    ["nothing", null],
  ])("rejects %s", (_, value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  test("uses the fallback given", () => {
    expect(safeRedirect("//evil.example", "/menu")).toBe("/menu");
  });
});
