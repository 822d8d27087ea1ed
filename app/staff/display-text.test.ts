import { describe, expect, test } from "vitest";
import { REPLACEMENT, hadHiddenCharacters, neutraliseText } from "./display-text";

describe("neutraliseText", () => {
  test.each([
    ["a right-to-left override", "Sam \u202Egpj.exe"],
    ["a left-to-right embedding", "Sam \u202Aabc\u202C"],
    ["an isolate", "Sam \u2067abc\u2069"],
    ["a right-to-left mark", "Sam\u200F"],
    ["the Arabic letter mark", "Sam\u061C"],
    ["a zero-width space", "Sa\u200Bm"],
    ["a byte order mark", "\uFEFFSam"],
    ["a soft hyphen", "Sa\u00ADm"],
    ["a tag character", "Sam\u{E0041}\u{E0042}"],
    ["a NUL", "Sam\u0000"],
    ["an escape", "Sam\u001B[31m"],
    ["a C1 control", "Sam\u0085"],
  ])("shows %s as a visible replacement", (_, text) => {
    const shown = neutraliseText(text);
    expect(shown).toContain(REPLACEMENT);
    expect(shown).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF\u00AD]/u);
    expect(shown).not.toMatch(/[\u{E0000}-\u{E007F}]/u);
    expect(hadHiddenCharacters(text)).toBe(true);
  });

  test("keeps ordinary text, accents, emoji and their joiners, right-to-left letters, line breaks and tabs", () => {
    const text = "Hello Zoë 👋 👨\u200D👩\u200D👧\nשלום\tمرحبا می\u200Cخواهم\r\nthanks";
    expect(neutraliseText(text)).toBe(
      "Hello Zoë 👋 👨\u200D👩\u200D👧\nשלום\tمرحبا می\u200Cخواهم\nthanks",
    );
    expect(hadHiddenCharacters(text)).toBe(false);
  });

  test("replaces each hidden character once, so a run stays visible as a run", () => {
    expect(neutraliseText("a\u202E\u202Db")).toBe(`a${REPLACEMENT}${REPLACEMENT}b`);
  });
});
