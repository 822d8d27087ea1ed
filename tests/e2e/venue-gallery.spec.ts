import type { Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures";

const HALL_PHOTOS = [
  /^A long hall with two banquet tables/,
  /^An empty stage with an acoustic guitar/,
  /^A big screen with a question mark/,
];

/** The thumbnails of one space's photos. */
const thumbnails = (page: Page, name: string) =>
  page.getByRole("list", { name: `Photos of ${name}` }).getByRole("link");

test.describe("venue photo gallery", () => {
  test("each space shows its photos as thumbnails that name them", async ({ page }) => {
    await page.goto("/venue");
    await expect(thumbnails(page, "Upstairs Hall")).toHaveCount(3);
    // The Snug and the Patio have one picture each, of the room: no drinks in their place.
    for (const name of ["The Snug", "The Patio"]) {
      await expect(page.getByRole("list", { name: `Photos of ${name}` })).toHaveCount(0);
    }
    await expect(thumbnails(page, "Upstairs Hall").nth(1)).toHaveAccessibleName(
      /^Photo 2 of 3: An empty stage with an acoustic guitar/,
    );
  });

  test("a thumbnail opens the viewer; arrows, buttons and Escape work, and focus goes back", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await openHydrated(page, "/venue");
    const second = thumbnails(page, "Upstairs Hall").nth(1);
    await second.click();

    const viewer = page.getByRole("dialog", { name: /Upstairs Hall/ });
    await expect(viewer).toBeVisible();
    await expect(page).toHaveURL(/\/venue$/);
    await expect(viewer).toContainText("Photo 2 of 3");
    await expect(viewer.getByRole("img")).toHaveAttribute("alt", HALL_PHOTOS[1]!);
    await expect(viewer.getByRole("img")).toHaveJSProperty("complete", true);
    await expectNoA11yViolations();

    await page.keyboard.press("ArrowRight");
    await expect(viewer).toContainText("Photo 3 of 3");
    await expect(viewer.getByRole("img")).toHaveAttribute("alt", HALL_PHOTOS[2]!);
    // Round from the last to the first.
    await viewer.getByRole("button", { name: "Next photo" }).click();
    await expect(viewer).toContainText("Photo 1 of 3");
    await page.keyboard.press("ArrowLeft");
    await expect(viewer).toContainText("Photo 3 of 3");
    await viewer.getByRole("button", { name: "Previous photo" }).click();
    await expect(viewer.getByRole("img")).toHaveAttribute("alt", HALL_PHOTOS[1]!);

    // Focus stays in the viewer.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await viewer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(second).toBeFocused();
  });

  test("a swipe turns the photo on a phone", async ({ page, isMobile }) => {
    test.skip(!isMobile, "swiping is a phone's gesture");
    await openHydrated(page, "/venue");
    await thumbnails(page, "Upstairs Hall").first().click();
    const viewer = page.getByRole("dialog", { name: /Upstairs Hall/ });
    await expect(viewer).toContainText("Photo 1 of 3");

    const figure = viewer.locator("figure");
    const box = (await figure.boundingBox())!;
    const y = box.y + box.height / 2;
    const swipe = async (fromX: number, toX: number) => {
      await figure.dispatchEvent("pointerdown", {
        clientX: fromX,
        clientY: y,
        pointerType: "touch",
      });
      await figure.dispatchEvent("pointerup", {
        clientX: toX,
        clientY: y + 10,
        pointerType: "touch",
      });
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2);
    await expect(viewer).toContainText("Photo 2 of 3");
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8);
    await expect(viewer).toContainText("Photo 1 of 3");
    // A short drag is not a swipe.
    await swipe(box.x + 100, box.x + 80);
    await expect(viewer).toContainText("Photo 1 of 3");
  });

  test("without JavaScript a thumbnail leads to the photo itself", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/venue");
      const link = thumbnails(page, "Upstairs Hall").nth(2);
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^\/img\/events\/trivia\.svg\?/);
      const photo = await page.request.get(href!);
      expect(photo.status()).toBe(200);
      expect(photo.headers()["content-type"]).toMatch(/^image\//);
    } finally {
      await context.close();
    }
  });
});
