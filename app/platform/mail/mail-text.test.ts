import { describe, expect, test } from "vitest";
import { bodyText, escapeHtml, headerText, shortened } from "./mail-text";

describe("headerText", () => {
  test("keeps a name as it is, non-ASCII included", () => {
    expect(headerText("Zoë Ó Dálaigh", 60)).toBe("Zoë Ó Dálaigh");
    expect(headerText("山田 太郎", 60)).toBe("山田 太郎");
  });

  test.each([
    ["CRLF", "Sam\r\nBcc: victim@example.com"],
    ["LF", "Sam\nBcc: victim@example.com"],
    ["CR", "Sam\rBcc: victim@example.com"],
    ["a Unicode line separator", "Sam\u2028Bcc: victim@example.com"],
    ["NEL", "Sam\u0085Bcc: victim@example.com"],
  ])("puts %s on one line, so no header can start", (_, name) => {
    expect(headerText(name, 100)).toBe("Sam Bcc: victim@example.com");
  });

  test("drops controls, bidirectional overrides and zero-width characters", () => {
    expect(headerText("Sam\u202Emoc.live\u202C\u0000\u0007\u200B\u2066x\u2069", 60)).toBe(
      "Sammoc.livex",
    );
  });

  test("collapses runs of spaces and tabs, and trims", () => {
    expect(headerText("  Sam \t\t Okafor  ", 60)).toBe("Sam Okafor");
  });

  test("keeps text written as an encoded word from being decoded by the reader's mail program", () => {
    const word = "=?UTF-8?B?DQpCY2M6IHY=?=";
    const kept = headerText(`Sam ${word}`, 60);
    expect(kept).not.toContain("=?");
    expect(kept.replaceAll("\u2060", "")).toBe(`Sam ${word}`);
  });

  test("cuts long text to its length, with an ellipsis", () => {
    const cut = headerText("A".repeat(500), 60);
    expect([...cut]).toHaveLength(60);
    expect(cut.endsWith("…")).toBe(true);
  });
});

describe("bodyText", () => {
  test("keeps line breaks, as LF", () => {
    expect(bodyText("one\r\ntwo\rthree\nfour")).toBe("one\ntwo\nthree\nfour");
  });

  test("shows hidden and reordering characters as U+FFFD", () => {
    expect(bodyText("a\u202Eb\u0000c")).toBe("a\uFFFDb\uFFFDc");
  });
});

test("shortened counts characters, not UTF-16 units", () => {
  expect(shortened("🍺🍺🍺", 3)).toBe("🍺🍺🍺");
  expect(shortened("🍺🍺🍺🍺", 3)).toBe("🍺🍺…");
});

test("escapeHtml escapes what HTML would read as markup", () => {
  expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
    "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;",
  );
});
