import type { Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures";

test.describe("navigation progress", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour does not depend on width");

  /**
   * Opens the home page with the page's clock stopped and the menu's data held
   * back, so the test decides how long the navigation takes.
   */
  async function holdNavigation(page: Page) {
    await page.clock.install();
    await openHydrated(page, "/");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached: () => void = () => {};
    const requested = new Promise<void>((resolve) => (reached = resolve));
    await page.route("**/menu.data*", async (route) => {
      reached();
      await held;
      await route.continue();
    });
    await page.getByRole("banner").getByRole("link", { name: "Menu", exact: true }).click();
    await requested;
    // React runs its effects (the one that sets the bar's timer on the paused
    // clock among them) from message events, which the clock does not hold:
    // a few round trips through a MessageChannel let them run first.
    for (let turn = 0; turn < 3; turn += 1) {
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve();
            channel.port2.postMessage(null);
          }),
      );
    }
    return release;
  }

  test("the bar appears once a navigation has taken 100 ms, and goes when it ends", async ({
    page,
  }) => {
    const release = await holdNavigation(page);
    const bar = page.getByRole("progressbar", { name: "Loading page" });

    await page.clock.runFor(99);
    await expect(bar).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(bar).toBeVisible();
    await expect(bar).not.toHaveAttribute("aria-valuenow");
    // While it shows, it is in a landmark of its own, as the rest of the page is.
    await expect(
      page.getByRole("region", { name: "Page loading" }).getByRole("progressbar"),
    ).toBeVisible();

    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Menu");
    // It runs to the end, then fades.
    await page.clock.runFor(1);
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await page.clock.runFor(400);
    await expect(bar).toHaveCount(0);
  });

  test("a navigation quicker than 100 ms never shows it", async ({ page }) => {
    const release = await holdNavigation(page);
    // Record whether the bar ever appears, however briefly.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) {
          document.documentElement.dataset.progressSeen = "";
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.clock.runFor(50);
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Menu");
    await page.clock.runFor(1000);
    await expect(page.locator("html")).not.toHaveAttribute("data-progress-seen");
  });
});
