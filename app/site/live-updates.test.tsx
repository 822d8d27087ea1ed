import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { LiveUpdates, soonestChange, updatedMessage } from "./live-updates";

describe("what an open page says when it was updated", () => {
  test("the menu says so in its own words, every other page plainly", () => {
    expect(updatedMessage("/menu")).toBe("The menu was just updated.");
    expect(updatedMessage("/")).toBe("This page was just updated.");
    expect(updatedMessage("/contact")).toBe("This page was just updated.");
  });

  test("is said in a polite live region, empty as the server renders it (nothing runs without scripts)", () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => <LiveUpdates revision="7" schedule={{ weekly: [], exceptions: [] }} />,
      },
    ]);
    const html = renderToString(<Stub />);
    expect(html).toMatch(/<div role="status" aria-live="polite" class="sr-only"><\/div>/);
  });
});

describe("the soonest change a page's loaders named", () => {
  test("the earliest instant among them, in ms", () => {
    expect(
      soonestChange([
        { nextChangeAt: "2026-11-27T03:00:00.000Z" },
        undefined,
        { other: 1 },
        { nextChangeAt: "2026-11-27T02:00:00.000Z" },
        { nextChangeAt: null },
      ]),
    ).toBe(Date.parse("2026-11-27T02:00:00.000Z"));
  });

  test("none when no loader named one, or only nonsense", () => {
    expect(soonestChange([])).toBeNull();
    expect(soonestChange([null, { nextChangeAt: "soon" }, { nextChangeAt: 5 }])).toBeNull();
  });
});
