import type { Locator, Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures";

// What a diner deciding where to eat needs sits on the first screen, before
// any scrolling: on the home page of a phone (375 × 812), the pub's state,
// today's hours, where it is, how to call and the way in; on the menu, at
// both widths, the first dishes with their prices and the kitchen's state.

/** The element's box lies wholly within the first screen (the viewport, unscrolled). */
async function expectOnFirstScreen(page: Page, element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what}: no box or viewport`);
  expect(box.y, `${what}: its top`).toBeGreaterThanOrEqual(0);
  expect(box.x, `${what}: its left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: its bottom`).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width, `${what}: its right edge`).toBeLessThanOrEqual(viewport.width);
}

test.describe("the home page's first screen on a phone", () => {
  test.skip(({ isMobile }) => !isMobile, "the phone's first screen");
  test.use({ viewport: { width: 375, height: 812 } });

  test("shows open now, today's hours, the address, call and the way in; today's specials on the first scroll", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto("/");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const hero = page.getByRole("region", { name: "The Squire Pub & Grill" });

    await expectOnFirstScreen(page, hero.getByRole("status"), "open now");
    // Every state the line has, whatever the hour the test runs at.
    await expect(hero.getByRole("status")).toHaveText(
      /^(Open now|Kitchen closed|Closing soon|Closed)/,
    );
    // "Today 11:30 am – 1 am · kitchen until 10 pm", or "Today Closed".
    const todaysHours = hero.getByText(/^Today (Closed|\d.* – .*)/);
    await expectOnFirstScreen(page, todaysHours, "today's hours");
    const address = hero.getByRole("link", { name: "123 Dundas Street" });
    await expectOnFirstScreen(page, address, "the address");
    await expect(address).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps/);
    const call = hero.getByRole("link", { name: /^Call / });
    await expectOnFirstScreen(page, call, "call");
    await expect(call).toHaveAttribute("href", /^tel:/);
    // The sample content has no booking or ordering link: the menu is the way in.
    await expectOnFirstScreen(page, hero.getByRole("link", { name: "See the menu" }), "the menu");

    // Today's specials (or "No specials today") begin within the next screen.
    const specials = page.getByRole("heading", { name: "Today's specials" });
    const box = await specials.boundingBox();
    expect(box?.y ?? Infinity, "today's specials on the first scroll").toBeLessThan(812 * 2);

    await expectNoA11yViolations();
  });
});

test.describe("the menu's first screen", () => {
  // Enough to choose from before scrolling: two dishes on a phone, a row of
  // four on a wide screen (two columns), each with its price; and whether
  // the kitchen is serving.
  for (const { viewport, dishes } of [
    { viewport: { width: 375, height: 812 }, dishes: 2 },
    { viewport: { width: 1280, height: 800 }, dishes: 4 },
  ]) {
    test(`shows ${dishes} dishes with their prices and the kitchen at ${viewport.width} × ${viewport.height}`, async ({
      page,
      isMobile,
    }) => {
      test.skip(isMobile !== viewport.width < 768, "each width in its own project");
      await page.setViewportSize(viewport);
      await openHydrated(page, "/menu");
      // Measured as it rests: the display font in, and the page where it opened.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      const listed = page.locator("main section[id] > ul > li");
      for (let index = 0; index < dishes; index++) {
        const dish = listed.nth(index);
        const what = `dish ${index + 1}`;
        await expectOnFirstScreen(page, dish.getByRole("heading", { level: 3 }), `${what}'s name`);
        await expectOnFirstScreen(page, dish.locator("h3 + p"), `${what}'s price`);
      }
      // Every state the line has, whatever the hour the test runs at.
      const kitchen = page.getByRole("main").locator("p", { hasText: /^Kitchen (open|closed)\b/ });
      await expectOnFirstScreen(page, kitchen, "the kitchen's state");
    });
  }
});
