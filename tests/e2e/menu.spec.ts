import type { Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures";

// The menu's filters and its section bar, on the sample content in supabase/seed.sql.

/** The dishes and drinks listed on the menu page (not the tags inside them). */
const menuItems = (page: Page) => page.locator("main section[id] > ul > li");

/** The menu's result line, a live region: "89 items", or "Showing 12 vegan items". */
const resultLine = (page: Page) => page.getByRole("main").getByRole("status");

/** Picks a diet the way a visitor does: by its label, as the radio itself is visually hidden. */
async function chooseDiet(page: Page, diet: string) {
  await page
    .getByRole("search", { name: "Filter the menu" })
    .getByText(diet, { exact: true })
    .click();
  await expect(page.getByRole("radio", { name: diet })).toBeChecked();
}

/** The number the result line states, once it reads like `pattern`. */
async function shownCount(page: Page, pattern: RegExp): Promise<number> {
  await expect(resultLine(page)).toHaveText(pattern);
  const match = pattern.exec((await resultLine(page).textContent()) ?? "");
  return Number(match?.[1]);
}

/** Marks this document, so a test can tell it was not replaced by a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}

const isSameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);

const scrollTop = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Scrolls the page so the filter form sits at the top, just below the sticky
 * header (where the page's scroll padding puts what is focused), as a visitor
 * reading it would.
 */
async function scrollToFilters(page: Page): Promise<number> {
  await page.evaluate(() => {
    const form = document.querySelector("form[role=search]");
    const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (form) window.scrollTo(0, form.getBoundingClientRect().top + window.scrollY - header);
  });
  // Scrolled at all, so that staying put is something the page did.
  const top = await scrollTop(page);
  expect(top).toBeGreaterThan(0);
  return top;
}

test.describe("menu filters", () => {
  test("a diet applies as it is chosen: in place, in the URL, and announced", async ({ page }) => {
    await openHydrated(page, "/menu");
    const everything = await shownCount(page, /^(\d+) items$/);
    // Nothing to press once the page follows the choices.
    await expect(page.getByRole("button", { name: "Show" })).toBeHidden();
    const top = await scrollToFilters(page);
    const historyLength = await page.evaluate(() => history.length);
    await markDocument(page);

    await chooseDiet(page, "Vegetarian");
    await expect(page).toHaveURL(/\/menu\?diet=vegetarian$/);
    const count = await shownCount(page, /^Showing (\d+) vegetarian items$/);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(everything);
    await expect(menuItems(page)).toHaveCount(count);

    expect(await isSameDocument(page)).toBe(true);
    expect(await scrollTop(page)).toBe(top);
    // The URL was replaced, not pushed: Back leaves the menu rather than stepping through choices.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    await chooseDiet(page, "All");
    await expect(page).toHaveURL(/\/menu$/);
    await expect(resultLine(page)).toHaveText(`${everything} items`);
    expect(await scrollTop(page)).toBe(top);
  });

  test("the search follows typing once it pauses, and says how many match", async ({ page }) => {
    await openHydrated(page, "/menu");
    const top = await scrollToFilters(page);
    await markDocument(page);
    const searches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(".data") && url.searchParams.has("q")) {
        searches.push(url.searchParams.get("q") ?? "");
      }
    });

    const box = page.getByRole("searchbox", { name: "Search the menu" });
    await box.pressSequentially("burger", { delay: 40 });
    await expect(page).toHaveURL(/\/menu\?q=burger$/);
    const count = await shownCount(page, /^Showing (\d+) items matching “burger”$/);
    expect(count).toBeGreaterThan(0);
    await expect(menuItems(page)).toHaveCount(count);
    await expect(menuItems(page).filter({ hasText: "Squire Smash Burger" })).toHaveCount(1);

    // Not a request a keystroke: the menu waited for the typing to pause.
    expect(searches.length).toBeLessThan("burger".length);
    expect(searches.at(-1)).toBe("burger");
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("burger");
    expect(await isSameDocument(page)).toBe(true);
    expect(await scrollTop(page)).toBe(top);
  });

  test("Enter in the search box applies it at once, and Clear filters resets the form", async ({
    page,
  }) => {
    await openHydrated(page, "/menu");
    const everything = await shownCount(page, /^(\d+) items$/);
    await chooseDiet(page, "Vegan");
    await expect(page).toHaveURL(/\/menu\?diet=vegan$/);
    const box = page.getByRole("searchbox", { name: "Search the menu" });
    await box.fill("fries");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/menu\?diet=vegan&q=fries$/);
    await shownCount(page, /^Showing (\d+) vegan items? matching “fries”$/);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/menu$/);
    await expect(resultLine(page)).toHaveText(`${everything} items`);
    await expect(page.getByRole("radio", { name: "All", exact: true })).toBeChecked();
    await expect(box).toHaveValue("");
  });

  test("answers an unknown diet with the whole menu, as if none were chosen", async ({ page }) => {
    const response = await page.goto("/menu?diet=bogus");
    expect(response?.status()).toBe(200);
    const count = await shownCount(page, /^(\d+) items$/);
    expect(count).toBeGreaterThan(0);
    await expect(menuItems(page)).toHaveCount(count);
    await expect(page.getByRole("radio", { name: "All", exact: true })).toBeChecked();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("choosing Vegan lists only vegan items, as many as it says", async ({ page }) => {
      await page.goto("/menu");
      await chooseDiet(page, "Vegan");
      await page.getByRole("button", { name: "Show" }).click();

      await expect(page).toHaveURL(/\/menu\?diet=vegan/);
      const count = await shownCount(page, /^Showing (\d+) vegan items$/);
      expect(count).toBeGreaterThan(0);
      await expect(menuItems(page)).toHaveCount(count);
      const notVegan = menuItems(page).filter({
        hasNot: page.getByRole("list", { name: "Dietary" }).getByText("Vegan", { exact: true }),
      });
      await expect(notVegan).toHaveCount(0);
    });

    test("searching narrows the list", async ({ page }) => {
      await page.goto("/menu");
      const everything = await shownCount(page, /^(\d+) items$/);
      await page.getByRole("searchbox", { name: "Search the menu" }).fill("burger");
      await page.getByRole("button", { name: "Show" }).click();

      await expect(page).toHaveURL(/\/menu\?diet=all&q=burger$/);
      const count = await shownCount(page, /^Showing (\d+) items matching “burger”$/);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(everything);
      await expect(menuItems(page)).toHaveCount(count);
      await expect(menuItems(page).filter({ hasText: "Squire Smash Burger" })).toHaveCount(1);
      await expect(menuItems(page).filter({ hasText: "Crispy Calamari" })).toHaveCount(0);
    });

    test("a search with no match says so, and Clear filters brings the menu back", async ({
      page,
    }) => {
      await page.goto("/menu");
      const everything = await shownCount(page, /^(\d+) items$/);
      await page.getByRole("searchbox", { name: "Search the menu" }).fill("haggis");
      await page.getByRole("button", { name: "Show" }).click();

      await expect(
        page.getByRole("heading", { name: "Nothing on the menu matches" }),
      ).toBeVisible();
      await expect(resultLine(page)).toHaveText("Showing 0 items matching “haggis”");
      await expect(menuItems(page)).toHaveCount(0);

      await page.getByRole("link", { name: "Clear filters" }).click();
      await expect(page).toHaveURL("/menu");
      await expect(resultLine(page)).toHaveText(`${everything} items`);
      await expect(menuItems(page)).toHaveCount(everything);
    });
  });
});

test.describe("the section bar", () => {
  const sectionBar = (page: Page) => page.getByRole("navigation", { name: "Menu sections" });

  test("shows that it scrolls, and scrolls by buttons a keyboard reaches", async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, "the buttons are for wider screens; a phone swipes the bar");
    await openHydrated(page, "/menu");
    const bar = sectionBar(page);
    const links = bar.getByRole("link");
    const left = bar.getByRole("button", { name: "Scroll section links left" });
    const right = bar.getByRole("button", { name: "Scroll section links right" });
    await expect(links.last()).not.toBeInViewport();
    await expect(right).toBeVisible();
    await expect(right).toHaveAttribute("aria-disabled", "false");
    await expect(left).toHaveAttribute("aria-disabled", "true");

    await links.first().focus();
    await page.keyboard.press("Shift+Tab");
    await expect(left).toBeFocused();
    await links.last().focus();
    await page.keyboard.press("Tab");
    await expect(right).toBeFocused();
    await expect(right).toHaveAttribute("aria-disabled", "true");
    await expect(links.first()).not.toBeInViewport();

    await left.focus();
    await page.keyboard.press("Enter");
    await expect(right).toHaveAttribute("aria-disabled", "false");
    await page.keyboard.press("Enter");
    await expect(left).toHaveAttribute("aria-disabled", "true");
    await expect(links.first()).toBeInViewport();
  });

  test("marks the section being read, and keeps its link in view", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await openHydrated(page, "/menu");
    const bar = sectionBar(page);
    const marked = bar.locator('a[aria-current="true"]');
    await expect(marked).toHaveCount(0);
    const cocktails = bar.getByRole("link", { name: "Cocktails", exact: true });
    await expect(cocktails).not.toBeInViewport();

    await page.evaluate(() => document.getElementById("cocktails")?.scrollIntoView());
    const top = await scrollTop(page);
    await expect(marked).toHaveCount(1);
    await expect(cocktails).toHaveAttribute("aria-current", "true");
    await expect(cocktails).toHaveCSS("text-decoration-line", "underline");
    await expect(cocktails).toBeInViewport({ ratio: 1 });
    // The bar scrolled to its link; the page stayed where the visitor put it.
    expect(await scrollTop(page)).toBe(top);
    await expectNoA11yViolations();

    await bar.getByRole("link", { name: "Burgers", exact: true }).click();
    await expect(page).toHaveURL(/\/menu#burgers$/);
    await expect(bar.getByRole("link", { name: "Burgers", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(marked).toHaveCount(1);
  });

  test.describe("on a phone on its side", () => {
    test.use({ viewport: { width: 740, height: 360 } });

    test("what sticks to the top takes at most a fifth of the screen", async ({ page }) => {
      await openHydrated(page, "/menu");
      await page.evaluate(() => document.getElementById("cocktails")?.scrollIntoView());
      await expect(
        sectionBar(page).getByRole("link", { name: "Cocktails", exact: true }),
      ).toHaveAttribute("aria-current", "true");

      const covered = await page.evaluate(() => {
        const height = window.innerHeight;
        const onScreen = (element: Element | null) => {
          const box = element?.getBoundingClientRect();
          return box ? Math.max(0, Math.min(box.bottom, height) - Math.max(box.top, 0)) : 0;
        };
        const header = document.querySelector("body header");
        const bar = document.querySelector('nav[aria-label="Menu sections"]');
        return { header: onScreen(header), bar: onScreen(bar), height };
      });
      expect(covered.bar).toBeGreaterThan(0);
      expect(covered.header + covered.bar).toBeLessThanOrEqual(covered.height / 5);
      // The section's heading shows below the bar, not under it.
      await expect(page.getByRole("heading", { level: 2, name: "Cocktails" })).toBeInViewport({
        ratio: 1,
      });
    });
  });
});
