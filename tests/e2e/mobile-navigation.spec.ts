import { expect, openHydrated, test, waitForHydration } from "./fixtures";

test.describe("mobile navigation", () => {
  test.skip(({ isMobile }) => !isMobile, "the dialog is the phone's navigation");

  test("opens as a dialog, keeps focus inside, and closes on Escape", async ({ page }) => {
    await openHydrated(page, "/");
    const trigger = page.getByRole("button", { name: "Open site navigation" });
    await trigger.click();

    const dialog = page.getByRole("dialog", { name: "The Squire" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Home" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // Tab through more stops than the dialog has: focus must never leave it.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("opens on its first link, and Tab goes through it in the order it reads", async ({
    page,
  }) => {
    await openHydrated(page, "/menu");
    await page.getByRole("button", { name: "Open site navigation" }).click();
    const dialog = page.getByRole("dialog");
    // Not a theme button, where Enter would change the theme at once.
    await expect(dialog.getByRole("link", { name: "Home" })).toBeFocused();
    // Measured where they rest: the sheet slides in from the right, and on a
    // busy machine it may still be moving.
    await dialog.evaluate((node) =>
      Promise.all(node.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );

    // Back one to the first stop, then once around.
    await page.keyboard.press("Shift+Tab");
    const stops: { name: string; top: number; left: number }[] = [];
    for (let i = 0; i < 9; i++) {
      stops.push(
        await page.evaluate(() => {
          const focused = document.activeElement;
          const box = focused?.getBoundingClientRect();
          return {
            name: focused?.getAttribute("aria-label") ?? focused?.textContent?.trim() ?? "",
            top: Math.round(box?.top ?? 0),
            left: Math.round(box?.left ?? 0),
          };
        }),
      );
      await page.keyboard.press("Tab");
    }
    expect(stops.map(({ name }) => name)).toEqual([
      "Close site navigation",
      "Home",
      "Menu",
      "About",
      "Venue",
      "Contact",
      "Light",
      "Dark",
      "System",
    ]);
    // The order they read in: top to bottom, and left to right along a row.
    const readingOrder = stops.toSorted((a, b) => a.top - b.top || a.left - b.left);
    expect(stops).toEqual(readingOrder);
    // Round again to the close button.
    await expect(dialog.getByRole("button", { name: "Close site navigation" })).toBeFocused();
  });

  test("the close button closes it", async ({ page }) => {
    await openHydrated(page, "/menu");
    await page.getByRole("button", { name: "Open site navigation" }).click();
    await page.getByRole("button", { name: "Close site navigation" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("if its code cannot be loaded, the page reloads once, then the button leads to the footer's navigation", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(
      /navigation-sheet|Failed to fetch dynamically imported module|net::ERR_FAILED/,
    );
    await page.route(/\/assets\/navigation-sheet-[^/]+\.js$/, (route) => route.abort());
    await openHydrated(page, "/about");

    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Open site navigation" }).click();
    await reloaded;

    // Within the guard window the second failure does not reload again.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open site navigation" }).click();
    await expect(page).toHaveURL(/\/about#site-navigation$/);
    await expect(page.getByRole("link", { name: "Site navigation" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
