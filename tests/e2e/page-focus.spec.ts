import type { Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures";

// After a move to another page without a reload, focus goes to the new page's
// heading, as a screen reader starts a freshly loaded page at the top.

/** Follows a link of the main navigation: the header's, or the phone's dialog. */
async function goThroughNavigation(page: Page, isMobile: boolean, name: string) {
  if (isMobile) {
    await page.getByRole("button", { name: "Open site navigation" }).click();
    await page.getByRole("dialog").getByRole("link", { name, exact: true }).click();
  } else {
    await page
      .getByRole("banner")
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name, exact: true })
      .click();
  }
}

test("a client navigation focuses the new page's heading", async ({ page, isMobile }) => {
  await openHydrated(page, "/");
  await goThroughNavigation(page, isMobile, "About");
  await expect(page).toHaveURL("/about");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("About the pub");
  await expect(heading).toBeFocused();
  // Tab goes on from there, into the page, not back in the header.
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement)),
  ).toBe(true);
});

test("after a click the heading shows no focus ring; after the keyboard it does", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "the header navigation shows on wide screens");
  await openHydrated(page, "/");
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  const heading = page.getByRole("heading", { level: 1 });
  const ring = () => heading.evaluate((node) => node.matches(":focus-visible"));

  await nav.getByRole("link", { name: "Menu", exact: true }).click();
  await expect(heading).toHaveText("Menu");
  await expect(heading).toBeFocused();
  expect(await ring()).toBe(false);

  await nav.getByRole("link", { name: "Contact", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(heading).toHaveText("Contact and hours");
  await expect(heading).toBeFocused();
  expect(await ring()).toBe(true);
});

test("the first load leaves focus where the browser puts it", async ({ page }) => {
  await openHydrated(page, "/about");
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
});

test("back and forward focus the heading of the page returned to", async ({ page, isMobile }) => {
  await openHydrated(page, "/");
  await goThroughNavigation(page, isMobile, "Venue");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book the room");
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});

test("searching the menu stays on the page and leaves focus in the search box", async ({
  page,
}) => {
  await openHydrated(page, "/menu");
  const search = page.getByRole("searchbox", { name: "Search the menu" });
  await search.fill("burger");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/menu\?.*q=burger/);
  await expect(search).toBeFocused();
});

test("a link within the page leaves focus to the browser", async ({ page }) => {
  await openHydrated(page, "/about");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/about#main$/);
  await expect(page.locator("main")).toBeFocused();
});
