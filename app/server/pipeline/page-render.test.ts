import { describe, expect, test } from "vitest";
import { PageRender, fillHoles, freshValues } from "./page-render";

describe("PageRender holes", () => {
  test("while rendering a page to keep, fresh values are marks of letters and digits", () => {
    const render = new PageRender({ withHoles: true });
    const marks = Array.from({ length: 12 }, (_, index) =>
      render.freshEachTime(() => `value ${index}`),
    );
    for (const mark of marks) expect(mark).toMatch(/^hole[0-9a-f]{24}x\d+$/);
    expect(new Set(marks).size).toBe(12);
    expect(render.holes.map(({ mark }) => mark)).toEqual(marks);
  });

  test("without holes, a fresh value is made at once", () => {
    const render = new PageRender();
    expect(render.freshEachTime(() => "now")).toBe("now");
    expect(render.holes).toEqual([]);
  });

  test("fillHoles puts each mark's value everywhere it appears, a mark that begins another included", () => {
    const render = new PageRender({ withHoles: true });
    const marks = Array.from({ length: 11 }, (_, index) =>
      render.freshEachTime(() => `<${index}>`),
    );
    const text = `${marks[1]}|${marks[10]}|${marks[1]}|${marks[0]}`;
    expect(fillHoles(text, freshValues(render.holes))).toBe("<1>|<10>|<1>|<0>");
  });
});

describe("PageRender's soonest change", () => {
  test("is the earliest moment noted, or null when none was", () => {
    const render = new PageRender();
    expect(render.soonestChange()).toBeNull();
    render.changesAt(new Date("2026-11-27T03:00:00Z"));
    render.changesAt(Date.parse("2026-11-27T02:00:00Z"));
    render.changesAt(new Date("2026-11-28T00:00:00Z"));
    expect(render.soonestChange()).toBe(Date.parse("2026-11-27T02:00:00Z"));
  });
});
