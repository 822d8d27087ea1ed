import type { Locator, Page } from "@playwright/test";
import { contrastRatio, type Rgb } from "../support/contrast";
import { expect, openHydrated, pages, test } from "./fixtures";

// WCAG 2.4.11 Focus Not Obscured: whatever the keyboard reaches is brought
// into view below the sticky header (and the menu's sticky section bar),
// never under it. WCAG 1.4.11 and 2.4.7: every text field shows a focus ring
// of 3:1 or more against what is around it; primary buttons keep 4.5:1 for
// their words when hovered.

const publicPaths = [...pages.map((page) => page.path), "/events", "/accessibility"];

/**
 * Where the focused element is and what sticks to the top of the screen
 * above it, or null when nothing (or the page itself) has focus.
 */
function focusedBox(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const stuck = [...document.querySelectorAll<HTMLElement>(".site-header, .menu-section-bar")]
      .filter((element) => !element.contains(focused))
      .filter((element) => ["sticky", "fixed"].includes(getComputedStyle(element).position))
      .map((element) => element.getBoundingClientRect())
      // Only what is stuck at the top now, not a bar still further down the page.
      .filter((box) => box.top <= 1);
    const box = focused.getBoundingClientRect();
    const fixed = getComputedStyle(focused).position === "fixed";
    const name =
      focused.getAttribute("aria-label") ??
      (focused.textContent?.trim().slice(0, 40) || focused.getAttribute("name") || focused.tagName);
    return {
      name,
      top: box.top,
      height: box.height,
      fixed,
      below: Math.max(0, ...stuck.map((bar) => bar.bottom)),
    };
  });
}

/** Presses `key` until focus has gone round the page, checking each element it reaches. */
async function walkFocus(page: Page, key: "Tab" | "Shift+Tab") {
  const seen: string[] = [];
  for (let step = 0; step < 250; step++) {
    await page.keyboard.press(key);
    const focused = await focusedBox(page);
    if (!focused) {
      if (step > 0) return seen.length;
      continue;
    }
    seen.push(focused.name);
    // Hidden controls (the honeypot) and the skip link, which is fixed over the header itself.
    if (focused.fixed || focused.height === 0) continue;
    expect(
      focused.top,
      `${key} to "${focused.name}": below what is stuck at the top`,
    ).toBeGreaterThanOrEqual(focused.below - 0.5);
  }
  throw new Error(`${key} never left the page: ${seen.slice(-5).join(", ")}`);
}

test.describe("focus is never hidden under the sticky header", () => {
  for (const path of publicPaths) {
    test(`${path}: Tab and Shift+Tab through every control`, async ({ page }) => {
      await openHydrated(page, path);
      const forwards = await walkFocus(page, "Tab");
      expect(forwards).toBeGreaterThan(5);
      // From the end of the page back to its start: what the header would hide comes up from below.
      await page.keyboard.press("End");
      const backwards = await walkFocus(page, "Shift+Tab");
      expect(backwards).toBeGreaterThan(5);
    });
  }
});

/**
 * Each stack of CSS colours (oklch, translucent or not) painted in order on
 * a canvas, read back as sRGB.
 */
function paint(page: Page, stacks: string[][]): Promise<Rgb[]> {
  return page.evaluate((stacks) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("No 2D canvas");
    return stacks.map((layers) => {
      context.clearRect(0, 0, 1, 1);
      for (const colour of layers) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
      return [red, green, blue] as const;
    });
  }, stacks);
}

/** The focus ring's colour and the backgrounds behind it, outermost (opaque) first. */
function focusRing(field: Locator) {
  return field.evaluate((element) => {
    const style = getComputedStyle(element);
    const behind: string[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      behind.unshift(colour);
      const alpha = /^rgba\(.*,\s*([\d.]+)\)$/.exec(colour)?.[1];
      if (colour !== "transparent" && (alpha === undefined || Number(alpha) === 1)) break;
    }
    return {
      name: element.getAttribute("name") ?? element.id,
      visible: element.matches(":focus-visible"),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      ring: [...behind, style.outlineColor],
      around: behind,
    };
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test.skip(({ isMobile }) => isMobile, "colours do not depend on the width");

    for (const path of ["/menu", "/contact", "/venue"]) {
      test(`${path}: every text field's focus ring is 3:1 or more against what is around it`, async ({
        page,
      }) => {
        await page.goto(path);
        const fields = page.locator(
          "main :is(input:not([type=hidden], [type=checkbox], [type=radio], [tabindex='-1']), textarea, select)",
        );
        const count = await fields.count();
        expect(count, "text fields").toBeGreaterThan(0);
        for (let index = 0; index < count; index++) {
          const field = fields.nth(index);
          await field.focus();
          const ring = await focusRing(field);
          expect(ring.visible, `${ring.name} shows its focus`).toBe(true);
          expect(ring.style, `${ring.name}: a focus outline`).not.toBe("none");
          expect(ring.width, `${ring.name}: the outline's width`).toBeGreaterThanOrEqual(2);
          const [outline, around] = await paint(page, [ring.ring, ring.around]);
          expect(
            contrastRatio(outline!, around!),
            `${ring.name}: the focus ring against the background around it`,
          ).toBeGreaterThanOrEqual(3);
        }
      });
    }

    test("a hovered primary button keeps 4.5:1 or more for its words", async ({ page }) => {
      await page.goto("/");
      const button = page
        .getByRole("region", { name: "The Squire Pub & Grill" })
        .getByRole("link", { name: "See the menu" });
      await button.hover();
      // The hover colour as it ends up, once its transition has run.
      await button.evaluate((element) =>
        Promise.all(element.getAnimations().map((animation) => animation.finished)),
      );
      const colours = await button.evaluate((element) => {
        const style = getComputedStyle(element);
        return { text: style.color, fill: style.backgroundColor };
      });
      const [text, fill] = await paint(page, [[colours.fill, colours.text], [colours.fill]]);
      expect(contrastRatio(text!, fill!), "words on the hovered button").toBeGreaterThanOrEqual(
        4.5,
      );
    });
  });
}
