import { expect, openHydrated, pages, test } from "./fixtures";

test.describe("navigation", () => {
  for (const target of pages) {
    test(`the ${target.name} link reaches its page`, async ({ page, isMobile }) => {
      // Start from a page other than the target, so the link really navigates.
      await openHydrated(page, target.path === "/menu" ? "/" : "/menu");

      if (isMobile) {
        await page.getByRole("button", { name: "Open site navigation" }).click();
        await page
          .getByRole("dialog")
          .getByRole("link", { name: target.name, exact: true })
          .click();
        await expect(page.getByRole("dialog")).toBeHidden();
      } else {
        await page
          .getByRole("banner")
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: target.name, exact: true })
          .click();
      }

      await expect(page).toHaveURL(target.path);
      await expect(page).toHaveTitle(target.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
    });
  }

  test("the current page is marked in the navigation", async ({ page, isMobile }) => {
    test.skip(isMobile, "the header navigation shows on wide screens");
    await page.goto("/about");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
  });

  test("every page works without JavaScript", async ({ browser, isMobile }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: isMobile ? { width: 375, height: 740 } : { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    for (const target of pages) {
      const response = await page.goto(target.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(target.title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
    }
    await page.goto("/venue");
    if (isMobile) {
      // The navigation button becomes a link to the footer's navigation.
      await page.getByRole("link", { name: "Site navigation" }).click();
      await expect(page).toHaveURL(/#site-navigation$/);
    }
    await page.locator("#site-navigation").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL("/contact");
    await context.close();
  });
});
