import { expect, test } from "./fixtures";

test.describe("the heading font on a slow first visit", () => {
  test("headings show at once in the stand-in, and the font swaps in whenever it arrives", async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The font arrives long after the page (a slow phone connection).
    await page.route(/\/assets\/fraunces-[^/]+\.woff2$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "domcontentloaded" });

    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeVisible();
    const fontLoaded = () => page.evaluate(() => document.fonts.check('600 1em "Fraunces"', "Pub"));
    expect(await fontLoaded()).toBe(false);
    // Painted in the stand-in meanwhile: text is not hidden while the font is awaited.
    const before = await heading.boundingBox();
    expect(before?.height).toBeGreaterThan(0);
    expect(await heading.evaluate((node) => getComputedStyle(node).visibility)).toBe("visible");

    // The strategy: swap in whenever the font arrives (not "optional", which
    // would keep a slow visit in the stand-in), over a stand-in scaled to it.
    const faces = await page.evaluate(() =>
      [...document.fonts].map((face) => ({
        family: face.family.replaceAll('"', ""),
        display: face.display,
        // Chromium's; not yet in TypeScript's DOM types.
        sizeAdjust: (face as FontFace & { sizeAdjust?: string }).sizeAdjust,
      })),
    );
    expect(faces).toContainEqual(expect.objectContaining({ family: "Fraunces", display: "swap" }));
    expect(faces).toContainEqual(
      expect.objectContaining({ family: "Fraunces fallback", sizeAdjust: "111%" }),
    );

    await page.waitForTimeout(3_500);
    release();
    await expect.poll(fontLoaded).toBe(true);
    // Still this visit: the page did not settle for the stand-in for good.
    const families = await heading.evaluate((node) => getComputedStyle(node).fontFamily);
    expect(families).toMatch(/^"?Fraunces"?,/);
  });
});
