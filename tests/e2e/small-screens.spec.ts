import type { Locator, Page } from "@playwright/test";
import { expect, openHydrated, pages, test } from "./fixtures";

// 320 × 256 CSS pixels is a 1280 × 1024 screen at 400 % zoom (WCAG 1.4.10
// Reflow): nothing is cut off at the side, the phone's navigation shows each
// link whole, and the photo viewer keeps a usable photo. In the light theme
// the viewer's backdrop hides the page behind it.

const SMALL = { width: 320, height: 256 };

test.skip(({ isMobile }) => !isMobile, "the phone project's touch screen, made smaller");

/** The element lies wholly inside the viewport. */
async function expectWhollyOnScreen(page: Page, element: Locator, what: string) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error(`${what}: no box or viewport`);
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** Opens the venue page's viewer on the first photo of Upstairs Hall; the viewer. */
async function openUpstairsHallPhotos(page: Page) {
  await openHydrated(page, "/venue");
  await page
    .getByRole("list", { name: "Photos of Upstairs Hall" })
    .getByRole("link")
    .first()
    .click();
  const viewer = page.getByRole("dialog", { name: /Upstairs Hall/ });
  await expect(viewer).toBeVisible();
  return viewer;
}

test.describe("at 320 × 256", () => {
  test.use({ viewport: SMALL });

  for (const path of [...pages.map((page) => page.path), "/events", "/accessibility"]) {
    test(`${path} never scrolls sideways`, async ({ page }) => {
      await page.goto(path);
      const { scrollWidth, clientWidth, wider } = await page.evaluate(() => {
        const root = document.documentElement;
        const wider = [...document.body.querySelectorAll("*")]
          .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
          .filter((element) => !element.closest("[aria-hidden='true'], .sr-only"))
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wider };
      });
      expect(scrollWidth, `wider than the screen: ${wider.join(", ")}`).toBeLessThanOrEqual(
        clientWidth,
      );
    });
  }

  test("the phone's navigation shows every link and theme button whole", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await openHydrated(page, "/");
    await page.getByRole("button", { name: "Open site navigation" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    const links = sheet.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveCount(5);
    for (const control of [
      ...(await links.all()),
      ...(await sheet.getByRole("button", { name: /^(Light|Dark|System)$/ }).all()),
    ]) {
      const name = (await control.textContent())?.trim() ?? "";
      await control.scrollIntoViewIfNeeded();
      await expectWhollyOnScreen(page, control, name);
      // Its words fit its box: nothing cut off at its edge.
      const cutOff = await control.evaluate(
        (element) => element.scrollWidth > element.clientWidth + 1,
      );
      expect(cutOff, `"${name}" shows all its words`).toBe(false);
    }
    await expectNoA11yViolations();
  });

  test("the photo viewer keeps a usable photo, and its arrows and caption are reachable", async ({
    page,
  }) => {
    const viewer = await openUpstairsHallPhotos(page);
    const photo = viewer.getByRole("img");
    await expect(photo).toHaveJSProperty("complete", true);
    const box = await photo.boundingBox();
    expect(box?.width ?? 0, "the photo's width").toBeGreaterThanOrEqual(288);
    expect(box?.height ?? 0, "the photo's height").toBeGreaterThanOrEqual(160);
    for (const control of [
      viewer.getByRole("button", { name: "Close photos" }),
      viewer.getByRole("button", { name: "Previous photo" }),
      viewer.getByRole("button", { name: "Next photo" }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expectWhollyOnScreen(page, control, (await control.getAttribute("aria-label")) ?? "");
    }
    await viewer.getByRole("button", { name: "Next photo" }).click();
    await expect(viewer).toContainText("Photo 2 of 3");
  });
});

test.describe("the photo viewer at 375 px in the light theme", () => {
  test.use({ colorScheme: "light" });

  test("its backdrop is opaque: the page never shows through", async ({
    page,
    expectNoA11yViolations,
  }) => {
    const viewer = await openUpstairsHallPhotos(page);
    await expect(viewer.getByRole("img")).toHaveJSProperty("complete", true);
    // The backdrop behind the viewer, once it has faded in.
    const backdrop = page.locator("[data-slot='photo-viewer-backdrop']");
    await backdrop.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    const alpha = (element: Locator) =>
      element.evaluate((node) => {
        const canvas = document.createElement("canvas");
        canvas.width = canvas.height = 1;
        const context = canvas.getContext("2d", { willReadFrequently: true });
        if (!context) throw new Error("No 2D canvas");
        context.fillStyle = getComputedStyle(node).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        return [getComputedStyle(node).opacity, context.getImageData(0, 0, 1, 1).data[3]];
      });
    expect(await alpha(backdrop), "the backdrop: opacity and background alpha").toEqual(["1", 255]);
    expect(await alpha(viewer), "the viewer: opacity and background alpha").toEqual(["1", 255]);
    await expectNoA11yViolations();
  });
});
