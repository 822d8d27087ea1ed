import { expect, test, waitForHydration } from "./fixtures";

test.describe("navigation progress", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour does not depend on width");

  test("a slow navigation shows the bar until the page arrives", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/menu.data*", async (route) => {
      await held;
      await route.continue();
    });

    await page.getByRole("banner").getByRole("link", { name: "Menu", exact: true }).click();
    const bar = page.getByRole("progressbar", { name: "Loading page" });
    await expect(bar).toBeVisible();
    await expect(bar).not.toHaveAttribute("aria-valuenow");

    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Menu");
    await expect(bar).toHaveCount(0);
  });

  test("a quick navigation never shows it", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // Record whether the bar ever appears, however briefly.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) {
          document.documentElement.dataset.progressSeen = "";
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    // Hovering prefetches the page's data and code, as a visitor's pointer would.
    const link = page.getByRole("banner").getByRole("link", { name: "About", exact: true });
    const prefetched = page.waitForResponse("**/about.data*");
    await link.hover();
    await prefetched;
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About the pub");
    await expect(page.locator("html")).not.toHaveAttribute("data-progress-seen");
  });
});
