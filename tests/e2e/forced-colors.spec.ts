import type { Locator, Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures";

// Forced colours (Windows contrast themes) repaint backgrounds and borders in
// the system's colours: what marks the current choice must survive that.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active" });
});

/** Computed colours and widths of an element (or its ::after) as painted now. */
function paintOf(element: Locator, pseudo?: "::after") {
  return element.evaluate((node, pseudoElement) => {
    const style = getComputedStyle(node, pseudoElement);
    return {
      background: style.backgroundColor,
      borderLeft: `${style.borderLeftWidth} ${style.borderLeftColor}`,
      borderTop: { width: style.borderTopWidth, color: style.borderTopColor },
    };
  }, pseudo);
}

/** Whether a computed colour can be seen at all (not transparent). */
const isPainted = (colour: string) => !/^rgba\(.*,\s*0\)$/.test(colour) && colour !== "transparent";

test("the selected diet stands apart from the others", async ({ page }) => {
  await page.goto("/menu");
  const filter = page.getByRole("search", { name: "Filter the menu" });
  const selected = await paintOf(filter.locator("input:checked + span"));
  const other = await paintOf(filter.locator("input:not(:checked) + span").first());
  expect(isPainted(selected.background)).toBe(true);
  expect(selected.background).not.toBe(other.background);
});

test("the current page is marked in the header's navigation", async ({ page, isMobile }) => {
  test.skip(isMobile, "the header navigation shows on wide screens");
  await page.goto("/about");
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  const current = await paintOf(nav.getByRole("link", { name: "About" }), "::after");
  const other = await paintOf(nav.getByRole("link", { name: "Menu" }), "::after");
  expect(isPainted(current.background)).toBe(true);
  expect(isPainted(other.background)).toBe(false);
});

test("the current page is marked in the phone's navigation", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the dialog is the phone's navigation");
  await openHydrated(page, "/about");
  await page.getByRole("button", { name: "Open site navigation" }).click();
  const dialog = page.getByRole("dialog");
  const current = await paintOf(dialog.getByRole("link", { name: "About" }));
  const other = await paintOf(dialog.getByRole("link", { name: "Menu" }));
  expect(current.borderLeft).not.toBe(other.borderLeft);
  const canvas = await paintOf(dialog);
  expect(other.borderLeft).toBe(`4px ${canvas.background}`);
});

test("the theme in use stands apart from the others", async ({ page, isMobile }) => {
  await openHydrated(page, "/");
  if (isMobile) await page.getByRole("button", { name: "Open site navigation" }).click();
  const themes = (isMobile ? page.getByRole("dialog") : page.getByRole("banner")).getByRole(
    "group",
    { name: "Colour theme" },
  );
  const pressed = await paintOf(themes.locator("button[aria-pressed=true]"));
  const other = await paintOf(themes.locator("button[aria-pressed=false]").first());
  expect(isPainted(pressed.background)).toBe(true);
  expect(pressed.background).not.toBe(other.background);
});

/** A filled button: the home page's first call to action (the menu's "Show" hides once scripts run). */
const seeTheMenu = (page: Page) =>
  page.getByRole("main").getByRole("link", { name: "See the menu" });

test("filled buttons keep an outline", async ({ page }) => {
  await page.goto("/");
  const { borderTop } = await paintOf(seeTheMenu(page));
  expect(borderTop.width).not.toBe("0px");
  expect(isPainted(borderTop.color)).toBe(true);
});

test("without forced colours, filled buttons have no border", async ({ page }) => {
  await page.emulateMedia({ forcedColors: "none" });
  await page.goto("/");
  expect((await paintOf(seeTheMenu(page))).borderTop.width).toBe("0px");
});
