import { renderToString } from "react-dom/server";
import { createMemoryRouter, createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import {
  LiveUpdates,
  RevalidationGate,
  shownRevision,
  soonestChange,
  updatedMessage,
} from "./live-updates";

/** A page whose text changes by the clock only a day from now. */
const dayAfter = (now: Date) => new Date(now.getTime() + 86_400_000);

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
        Component: () => <LiveUpdates clockChangeAfter={dayAfter} />,
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

describe("the revision a page shows", () => {
  test("the oldest any of its loaders read at: one that showed a last good copy holds the page back", () => {
    expect(
      shownRevision([
        { contentRevision: "41" },
        undefined,
        { nextChangeAt: null },
        { contentRevision: "9" },
        { contentRevision: "100" },
      ]),
    ).toBe("9");
    // Compared as numbers, not as text.
    expect(shownRevision([{ contentRevision: "10" }, { contentRevision: "9" }])).toBe("9");
  });

  test("not known when one loader did not know, or none said, or only nonsense", () => {
    expect(shownRevision([{ contentRevision: "41" }, { contentRevision: null }])).toBeNull();
    expect(shownRevision([])).toBeNull();
    expect(shownRevision([{ contentRevision: 41 }, { other: "41" }])).toBeNull();
  });
});

describe("revalidating around navigations", () => {
  /** A router over two pages whose /menu loader waits to be let go, counting its runs. */
  async function menuRouter() {
    let loads = 0;
    let release = () => {};
    let started = () => {};
    let loading = new Promise<void>((resolve) => (started = resolve));
    const router = createMemoryRouter(
      [
        { path: "/", loader: () => "home" },
        {
          path: "/menu",
          loader: async () => {
            loads += 1;
            started();
            await new Promise<void>((resolve) => (release = resolve));
            return `menu ${loads}`;
          },
        },
      ],
      { hydrationData: { loaderData: { "0": "home" } } },
    );
    const navigateHeld = () => {
      loading = new Promise<void>((resolve) => (started = resolve));
      const done = router.navigate("/menu?diet=vegan", { preventScrollReset: true });
      return { started: loading, done };
    };
    return { router, navigateHeld, release: () => release(), loads: () => loads };
  }

  /** Lets go of every load of /menu until the router is idle again. */
  async function releaseUntilIdle(menu: Awaited<ReturnType<typeof menuRouter>>) {
    while (
      menu.router.state.navigation.state !== "idle" ||
      menu.router.state.revalidation !== "idle"
    ) {
      menu.release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  test("runs at once while the router is idle", async () => {
    const { router } = await menuRouter();
    let runs = 0;
    const gate = new RevalidationGate(router, async () => {
      runs += 1;
    });
    await gate.revalidate();
    await gate.revalidate();
    expect(runs).toBe(2);
  });

  test("why it waits: a revalidation in the middle of a navigation starts it again, and the navigation loses its kept scroll position", async () => {
    const menu = await menuRouter();
    const { started, done } = menu.navigateHeld();
    await started;
    void menu.router.revalidate();
    await releaseUntilIdle(menu);
    await done;
    expect(menu.router.state.location.search).toBe("?diet=vegan");
    expect(menu.router.state.preventScrollReset).toBe(false);
    expect(menu.loads()).toBe(2);
  });

  test("waits for a navigation the router has started, even before React shows it, then runs once for every ask", async () => {
    const menu = await menuRouter();
    let runs = 0;
    const gate = new RevalidationGate(menu.router, async () => {
      runs += 1;
      await menu.router.revalidate();
    });
    const { started, done } = menu.navigateHeld();
    await started;
    const first = gate.revalidate();
    const second = gate.revalidate();
    expect(second).toBe(first);
    await Promise.resolve();
    expect(runs).toBe(0);

    menu.release();
    await done;
    // The navigation ended as it was asked: the filter's scroll position kept.
    expect(menu.router.state.location.search).toBe("?diet=vegan");
    expect(menu.router.state.preventScrollReset).toBe(true);
    const revalidated = first.then(() => "revalidated");
    await releaseUntilIdle(menu);
    expect(await revalidated).toBe("revalidated");
    expect(runs).toBe(1);
    // One load for the navigation, one for the revalidation after it.
    expect(menu.loads()).toBe(2);

    // The next ask, idle, runs at once.
    const third = gate.revalidate();
    await releaseUntilIdle(menu);
    await third;
    expect(runs).toBe(2);
  });

  test("an ask still waiting when the page goes is dropped", async () => {
    const menu = await menuRouter();
    let runs = 0;
    const gate = new RevalidationGate(menu.router, async () => {
      runs += 1;
    });
    const { started, done } = menu.navigateHeld();
    await started;
    void gate.revalidate();
    gate.close();
    menu.release();
    await done;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toBe(0);
  });
});
