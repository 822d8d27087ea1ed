import { describe, expect, test } from "vitest";
import { csvBody, csvCell, csvText } from "./csv";

describe("CSV for spreadsheets", () => {
  test("a cell that would run as a formula is written as text", () => {
    for (const formula of ['=HYPERLINK("http://x")', "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(formula).replace(/^"|"$/g, "").replaceAll('""', '"')).toBe(`'${formula}`);
    }
    expect(csvCell("Plain, with a comma")).toBe('"Plain, with a comma"');
    expect(csvCell("Plain")).toBe("Plain");
  });

  test("rows end in CRLF, quotes are doubled, and a download starts with a byte-order mark", () => {
    expect(
      csvText([
        ["a", 'say "hi"'],
        ["line\nbreak", ""],
      ]),
    ).toBe('a,"say ""hi"""\r\n"line\nbreak",\r\n');
    expect(csvBody([["a"]])).toBe("\uFEFFa\r\n");
  });
});
