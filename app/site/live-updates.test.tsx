import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { LiveUpdates, RevalidationGate, soonestChange, updatedMessage } from "./live-updates";

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

describe("revalidating around navigations", () => {
  function counted() {
    let runs = 0;
    const gate = new RevalidationGate(async () => {
      runs += 1;
    });
    return { gate, runs: () => runs };
  }

  test("runs at once while the router is idle", async () => {
    const { gate, runs } = counted();
    await gate.revalidate();
    await gate.revalidate();
    expect(runs()).toBe(2);
  });

  test("waits for a navigation under way (a form's post), then runs once for every ask", async () => {
    const { gate, runs } = counted();
    gate.navigating(true);
    const first = gate.revalidate();
    const second = gate.revalidate();
    expect(second).toBe(first);
    // Still under way: submitting, then loading the page the post redirected to.
    gate.navigating(true);
    await Promise.resolve();
    expect(runs()).toBe(0);
    gate.navigating(false);
    await first;
    expect(runs()).toBe(1);
    // The next ask, idle, runs at once.
    await gate.revalidate();
    expect(runs()).toBe(2);
  });
});
