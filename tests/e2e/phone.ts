import {
  devices,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { browserOfItsOwn, expect, expectNoSidewaysScroll } from "./fixtures";

/** The phone project's width (playwright.config.ts), the narrowest the staff area is made for. */
export const PHONE_WIDTH = 375;

/**
 * Another person's phone, as the phone project's (375 px wide), from an
 * address of its own so the sign-in and form limits never refuse it.
 */
export function phoneContext(
  browser: Browser,
  { javaScriptEnabled }: { javaScriptEnabled: boolean },
): Promise<BrowserContext> {
  const { defaultBrowserType: _, ...pixel } = devices["Pixel 7"];
  return browserOfItsOwn(browser, {
    ...pixel,
    viewport: { width: PHONE_WIDTH, height: 740 },
    javaScriptEnabled,
  });
}

/**
 * Every button, menu and text box in the page's main part (and every link
 * made to look like one) is at least 44 px tall, the height a thumb can hit,
 * wholly on the screen's width, and shows all its words (none cut off).
 */
export async function expectThumbSizedControls(page: Page) {
  const controls = page
    .getByRole("main")
    .locator(
      "button:visible, select:visible, input:not([type=hidden]):not([type=checkbox]):visible, a[class*='inline-flex']:visible, summary:visible",
    );
  const sizes = await controls.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const name =
        element.getAttribute("aria-label") ??
        (element.textContent?.trim() || element.getAttribute("name") || element.tagName);
      // A label that does not fit runs past its box (text boxes scroll their own text).
      const cutOff =
        !(element instanceof HTMLInputElement) && element.scrollWidth > element.clientWidth + 1
          ? `${element.scrollWidth} px of words in ${element.clientWidth} px`
          : null;
      return { name, height: box.height, left: box.left, right: box.right, cutOff };
    }),
  );
  expect(sizes.length).toBeGreaterThan(0);
  for (const { name, height, left, right, cutOff } of sizes) {
    expect(cutOff, `"${name}" shows all its words`).toBeNull();
    expect(height, `the height of "${name}"`).toBeGreaterThanOrEqual(44);
    expect(left, `the left edge of "${name}"`).toBeGreaterThanOrEqual(0);
    expect(right, `the right edge of "${name}"`).toBeLessThanOrEqual(PHONE_WIDTH);
  }
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * The toast saying `text` is shown and, once settled, over none of
 * `controls` (the button just pressed, the rows beside it); then closed with
 * its own button, clicked from script so focus stays where it was.
 */
export async function expectToastClearOf(page: Page, text: string, controls: readonly Locator[]) {
  const shown = page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute("data-mounted", "true");
  await expect(async () => {
    // Sonner slides it in: measured once it is wholly on the screen, where it stays.
    const toastBox = (await shown.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(0);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await shown.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    const settled = (await shown.boundingBox())!;
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      const name = await control.getAttribute("aria-label");
      expect(intersects(settled, box), `the toast covers “${name}”`).toBe(false);
    }
    // A ceiling: the toast goes by itself after five seconds.
  }).toPass({ timeout: 4_000 });
  await shown.locator("[data-close-button]").evaluate((button) => (button as HTMLElement).click());
  await expect(shown).toHaveCount(0);
}

/**
 * The page as it is now, in the light and the dark theme (the staff area
 * follows the phone's setting unless a theme is chosen): at rest, checked for
 * sideways scrolling and, with `axe`, for accessibility, and photographed
 * into the test's output folder: whole, as `<name>-light.png` and
 * `-dark.png`, or, for a long page, the `parts` that matter, each as
 * `<name>-<part>-light.png` and `-dark.png`.
 */
export async function inBothThemes(
  page: Page,
  name: string,
  outputPath: (file: string) => string,
  {
    axe,
    parts,
  }: {
    axe?: ((page?: Page) => Promise<void>) | undefined;
    parts?: Record<string, Locator>;
  } = {},
) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveCSS("color-scheme", colorScheme);
    await settled(page);
    await expectNoSidewaysScroll(page);
    if (axe) await axe(page);
    if (!parts) {
      await page.screenshot({ path: outputPath(`${name}-${colorScheme}.png`), fullPage: true });
    }
    for (const [part, locator] of Object.entries(parts ?? {})) {
      await locator.screenshot({ path: outputPath(`${name}-${part}-${colorScheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

/** The page at rest: nothing loading or moving, fonts in, and no toast over it. */
async function settled(page: Page) {
  // A pointer resting on a toast would keep it open.
  await page.mouse.move(0, 0);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  // A toast goes by itself after five seconds; closed with its own button
  // (clicked from script, so focus stays where it was), it goes at once.
  await page
    .locator("[data-sonner-toast] [data-close-button]")
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click()));
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
  });
}
