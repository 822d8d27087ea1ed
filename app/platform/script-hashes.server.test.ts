import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes } from "./script-hashes.server";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("inlineScriptHashes", () => {
  test("hashes the exact text of each inline script, attributes aside", () => {
    const html =
      '<head><script type="module" async="">import "/assets/entry.js";</script></head>' +
      '<body><p>x</p><script>window.__ctx = {"a":"é"};</script>\n<SCRIPT >  spaced  </SCRIPT></body>';
    expect(inlineScriptHashes(html)).toEqual([
      sha256('import "/assets/entry.js";'),
      sha256('window.__ctx = {"a":"é"};'),
      sha256("  spaced  "),
    ]);
  });

  test("lists a script repeated word for word once", () => {
    expect(inlineScriptHashes("<script>a()</script><script>a()</script>")).toEqual([sha256("a()")]);
  });

  test("leaves out scripts loaded from a URL, which a text hash cannot allow", () => {
    expect(inlineScriptHashes('<script src="/assets/a.js"></script><script>b()</script>')).toEqual([
      sha256("b()"),
    ]);
  });

  test("finds none in a document without scripts", () => {
    expect(inlineScriptHashes("<!DOCTYPE html><p>scripts are off</p>")).toEqual([]);
  });
});
