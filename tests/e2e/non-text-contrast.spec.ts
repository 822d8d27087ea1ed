import type { Locator } from "@playwright/test";
import { contrastRatio } from "../support/contrast";
import { expect, test } from "./fixtures";

// WCAG 1.4.11: what shows a control's edge (a field's border, an unselected
// chip's outline) needs 3:1 against the colours beside it, in either theme.

/**
 * The lower contrast of a control's border against what is around it and what
 * is inside it, as painted: each colour (oklch, translucent or not) is drawn
 * over the backgrounds behind it on a canvas, which reads back sRGB.
 */
async function borderContrast(control: Locator): Promise<number> {
  const { border, outside, inside } = await control.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("No 2D canvas to paint colours on");
    const paint = (colours: string[]) => {
      context.clearRect(0, 0, 1, 1);
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      const [red = 0, green = 0, blue = 0, alpha = 0] = context.getImageData(0, 0, 1, 1).data;
      return { rgb: [red, green, blue] as const, opaque: alpha === 255 };
    };
    // The ancestors' backgrounds, outermost first, from the first opaque one.
    const behind: string[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      behind.unshift(colour);
      if (paint([colour]).opaque) break;
    }
    const style = getComputedStyle(element);
    if (parseFloat(style.borderTopWidth) === 0) throw new Error("The control has no border");
    return {
      border: paint([...behind, style.borderTopColor]).rgb,
      outside: paint(behind).rgb,
      inside: paint([...behind, style.backgroundColor]).rgb,
    };
  });
  return Math.min(contrastRatio(border, outside), contrastRatio(border, inside));
}

async function expectBordersOfAtLeast3To1(controls: Locator, what: string) {
  const count = await controls.count();
  expect(count, `${what} found`).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const control = controls.nth(index);
    const name = await control.evaluate(
      (element) => element.getAttribute("name") ?? element.textContent?.trim() ?? "",
    );
    expect(await borderContrast(control), `${what}: ${name}`).toBeGreaterThanOrEqual(3);
  }
}

/** A form's fields, less the hidden ones, tick boxes (the browser's own) and the honeypot. */
const fieldsOf = (form: Locator) =>
  form.locator("input:not([type=hidden], [type=checkbox], [tabindex='-1']), select, textarea");

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test("the menu's search box and diet chips stand out from the filter panel", async ({
      page,
    }) => {
      await page.goto("/menu");
      const filter = page.getByRole("search", { name: "Filter the menu" });
      await expectBordersOfAtLeast3To1(filter.getByRole("searchbox"), "search box");
      // A selected chip is filled; the others are shown by their outline alone.
      await expectBordersOfAtLeast3To1(filter.locator("input:not(:checked) + span"), "diet chip");
    });

    test("the contact form's fields stand out from the form", async ({ page }) => {
      await page.goto("/contact");
      await expectBordersOfAtLeast3To1(fieldsOf(page.locator("form#contact-form")), "field");
    });

    test("the theme switch's edge stands out from the header and the footer", async ({ page }) => {
      await page.goto("/");
      await expectBordersOfAtLeast3To1(
        page.getByRole("group", { name: "Colour theme" }).filter({ visible: true }),
        "theme switch",
      );
    });

    test("the venue form's fields stand out from the form", async ({ page }) => {
      await page.goto("/venue");
      await expectBordersOfAtLeast3To1(fieldsOf(page.locator("form#venue-form")), "field");
    });
  });
}
