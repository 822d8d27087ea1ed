import type { Page } from "@playwright/test";
import { hydrationStart } from "../support/during-hydration";
import { PUBLIC_PAGES } from "../support/public-pages";
import { expect, test, waitForHydration } from "./fixtures";

// What a phone does while a page wakes: no ICU start-up (tens of ms of the
// main thread on a phone), and a tap made meanwhile is answered, not lost.
// How long the answer takes is measured by `npm run bench -- --interaction`.

/** Until the main thread has nothing left to do: the page's last parts have woken. */
async function untilIdle(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

test.describe("a page waking", () => {
  test("starts no Intl formatter on any public page", async ({ page }) => {
    await page.addInitScript(() => {
      const uses: string[] = [];
      (window as unknown as { intlUses: string[] }).intlUses = uses;
      const record = (what: string) =>
        uses.push(`${what} ${new Error().stack?.split("\n").slice(2, 4).join(" ") ?? ""}`);
      const services = [
        "DateTimeFormat",
        "NumberFormat",
        "PluralRules",
        "RelativeTimeFormat",
        "ListFormat",
        "Collator",
        "DisplayNames",
        "Segmenter",
      ] as const;
      for (const name of services) {
        const original = Intl[name] as unknown as new (...args: unknown[]) => object;
        Object.defineProperty(Intl, name, {
          configurable: true,
          writable: true,
          value: new Proxy(original, {
            construct(target, args, newTarget) {
              record(`new Intl.${name}`);
              return Reflect.construct(target, args, newTarget) as object;
            },
            apply(target, self, args) {
              record(`Intl.${name}()`);
              return Reflect.apply(target, self, args) as unknown;
            },
          }),
        });
      }
      const methods: Array<[Record<string, unknown>, string]> = [
        [Date.prototype as never, "toLocaleString"],
        [Date.prototype as never, "toLocaleDateString"],
        [Date.prototype as never, "toLocaleTimeString"],
        [Number.prototype as never, "toLocaleString"],
        [String.prototype as never, "localeCompare"],
      ];
      for (const [prototype, method] of methods) {
        const original = prototype[method] as (...args: unknown[]) => unknown;
        Object.defineProperty(prototype, method, {
          configurable: true,
          writable: true,
          value(this: unknown, ...args: unknown[]) {
            record(method);
            return original.apply(this, args);
          },
        });
      }
    });

    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      await untilIdle(page);
      const uses = await page.evaluate(
        () => (window as unknown as { intlUses: string[] }).intlUses,
      );
      expect(uses, `Intl while ${path} woke`).toEqual([]);
    }
  });
});

test.describe("a tap while the page wakes, on a phone four times slower", () => {
  test.skip(({ isMobile }) => !isMobile, "a phone's tap");

  test("on the menu's Vegetarian choice filters the menu", async ({ page }) => {
    const { started } = await hydrationStart(page);
    await page.goto("/menu", { waitUntil: "commit" });
    await started;
    await page.locator("label", { hasText: /^Vegetarian$/ }).tap();
    await expect(page).toHaveURL(/\/menu\?diet=vegetarian$/);
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText(
      /^Showing \d+ vegetarian items$/,
    );
    await expect(page.getByRole("radio", { name: "Vegetarian" })).toBeChecked();
  });

  test("on the navigation shows the site's pages", async ({ page }) => {
    const { started } = await hydrationStart(page);
    await page.goto("/", { waitUntil: "commit" });
    await started;
    // Before the page wakes, the button is a link to the footer's navigation.
    await page
      .getByRole("banner")
      .locator('a[href="#site-navigation"], button[aria-haspopup="dialog"]')
      .tap();
    const dialog = page.getByRole("dialog");
    const footer = page.locator("#site-navigation");
    // The dialog, or (tapped as the link it is before the page wakes) the footer's navigation, scrolled to.
    await expect(async () => {
      if (await dialog.isVisible()) return;
      expect(page.url(), "the footer's navigation, linked to").toMatch(/#site-navigation$/);
      await expect(footer).toBeInViewport({ timeout: 0 });
    }).toPass();
    const where = (await dialog.isVisible()) ? dialog : footer;
    await expect(where.getByRole("link", { name: "Menu", exact: true })).toBeVisible();
  });

  test("the menu's address keeps what the filter does not read as the page wakes", async ({
    page,
  }) => {
    await page.goto("/menu?utm_source=newsletter");
    await waitForHydration(page);
    await untilIdle(page);
    expect(new URL(page.url()).search).toBe("?utm_source=newsletter");
    await expect(page.getByRole("radio", { name: "All" })).toBeChecked();
  });

  test("on a diet before the scripts run is followed once they do", async ({ page }) => {
    // The entry, which wakes the page, waits until the tap is made.
    let tapped!: () => void;
    const tap = new Promise<void>((resolve) => (tapped = resolve));
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await tap;
      await route.continue();
    });
    // The vegan menu's data waits too, until the chip has been seen to stay chosen meanwhile.
    let asked!: () => void;
    const dataAsked = new Promise<void>((resolve) => (asked = resolve));
    let checked!: () => void;
    const stillChecked = new Promise<void>((resolve) => (checked = resolve));
    await page.route(/\/menu\.data\?.*diet=vegan/, async (route) => {
      asked();
      await stillChecked;
      await route.continue();
    });
    await page.goto("/menu");
    await page.locator("label", { hasText: /^Vegan$/ }).tap();
    await expect(page.getByRole("radio", { name: "Vegan" })).toBeChecked();
    tapped();
    await waitForHydration(page);
    await dataAsked;
    await expect(page.getByRole("radio", { name: "Vegan" })).toBeChecked();
    checked();
    await expect(page).toHaveURL(/\/menu\?diet=vegan$/);
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText(
      /^Showing \d+ vegan items$/,
    );
  });
});
