import type { Page } from "@playwright/test";
import { expect, openHydrated, test, waitForHydration } from "./fixtures";

test.describe("client resilience", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour does not depend on width");

  test('an app that cannot mount logs "Error while mounting app"', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Error while mounting app/);
    // The router's bootstrap data cannot be read: hydration fails before any route renders.
    await page.addInitScript(() => {
      Object.defineProperty(window, "__reactRouterRouteModules", {
        get() {
          throw new Error("route modules unavailable");
        },
        set() {},
      });
    });
    const logged = page.waitForEvent("console", (message) =>
      message.text().startsWith("Error while mounting app"),
    );
    await page.goto("/");
    expect((await logged).type()).toBe("error");
    // The server-rendered page is put back: readable, with working links.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Squire Pub & Grill");
    await expect(page).toHaveTitle("The Squire Pub & Grill | London, ON");
    await page.getByRole("link", { name: "See the menu" }).click();
    await expect(page).toHaveURL("/menu");
  });

  test("a chunk that fails to load reloads the page once, not in a loop", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to fetch dynamically imported module|status of 404/);
    await openHydrated(page, "/");
    let loads = 0;
    page.on("load", () => (loads += 1));

    const failChunk = () =>
      page.evaluate(() => {
        // A chunk from a build that is no longer deployed.
        void import(`/assets/gone-${Date.now()}.js`);
      });

    const reloaded = page.waitForEvent("load");
    await failChunk();
    await reloaded;
    expect(loads).toBe(1);

    // Within the guard window a second failure leaves the page alone.
    await waitForHydration(page);
    const failed = page.waitForEvent("pageerror", (error) =>
      error.message.includes("Failed to fetch dynamically imported module"),
    );
    await failChunk();
    await failed;
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(loads).toBe(1);
  });

  test("a chunk Vite fails to preload reloads the page once", async ({ page }) => {
    await openHydrated(page, "/");
    const reloaded = page.waitForEvent("load");
    const handled = await page.evaluate(() => {
      const event = new Event("vite:preloadError", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(handled).toBe(true);
    await reloaded;
  });

  // RR prefetches after the pointer rests on a link for a moment; the page's
  // clock is advanced past that moment instead of waiting for it.
  async function hoverAndLinger(page: Page, name: string) {
    await page.getByRole("banner").getByRole("link", { name, exact: true }).hover();
    await page.clock.runFor(1000);
  }

  test("links prefetch on intent", async ({ page }) => {
    await page.clock.install();
    await openHydrated(page, "/");
    const prefetch = page.waitForRequest("**/contact.data*");
    await hoverAndLinger(page, "Contact");
    await prefetch;
    await expect(page.locator('link[rel="prefetch"][href^="/contact.data"]')).toHaveCount(1);
  });

  for (const [label, connection] of [
    ["Save-Data", { saveData: true, effectiveType: "4g" }],
    ["a 2g connection", { saveData: false, effectiveType: "2g" }],
  ] as const) {
    test(`links do not prefetch with ${label}`, async ({ page }) => {
      await page.clock.install();
      await page.addInitScript((hints) => {
        const connection = Object.assign(new EventTarget(), hints);
        Object.defineProperty(Navigator.prototype, "connection", { get: () => connection });
      }, connection);
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes(".data")) dataRequests.push(request.url());
      });
      await openHydrated(page, "/");
      await hoverAndLinger(page, "Contact");
      await expect(page.locator('link[rel="prefetch"]')).toHaveCount(0);
      expect(dataRequests).toEqual([]);

      // The link itself still works.
      await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
      await expect(page).toHaveURL("/contact");
    });
  }
});
