import { describe, expect, test } from "vitest";
import { parseSubscriberQuery } from "./subscriber-list.server";

const parse = (query: string) => parseSubscriberQuery(new URLSearchParams(query));

describe("the list's query string", () => {
  test("reads a state, a search, a page and a removal; ignores other keys", () => {
    expect(parse("state=Confirmed&q=%20Sam%40Example%20&page=2&remove=7&utm_source=x")).toEqual({
      ok: true,
      query: { state: "confirmed", q: "sam@example", page: 2, remove: 7 },
    });
    expect(parse("state=all")).toEqual({
      ok: true,
      query: { state: null, q: "", page: 1, remove: null },
    });
  });

  test.for([
    "state=everyone",
    `q=${"x".repeat(101)}`,
    "page=0",
    "page=1.5",
    "page=10001",
    "page=",
    "remove=abc",
    "remove=0",
  ])("refuses %s in words", (query) => {
    const parsed = parse(query);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.problem).toMatch(/^[A-Z].*\.$/);
  });

  test("a search of control characters is cleaned, not refused", () => {
    expect(parse("q=%00sam%01")).toMatchObject({ ok: true, query: { q: "sam" } });
  });
});
