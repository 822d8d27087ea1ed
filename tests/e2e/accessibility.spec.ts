import { expect, openHydrated, pages, test } from "./fixtures";

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`accessibility in ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    for (const target of pages) {
      test(`${target.name} has no axe violations`, async ({ page, expectNoA11yViolations }) => {
        await openHydrated(page, target.path);
        await expectNoA11yViolations();
      });
    }

    for (const path of ["/newsletter", "/newsletter?step=sent"]) {
      test(`the newsletter's page ${path} has no axe violations`, async ({
        page,
        expectNoA11yViolations,
      }) => {
        await openHydrated(page, path);
        await expectNoA11yViolations();
      });
    }

    test("the 404 page has no axe violations", async ({
      page,
      expectNoA11yViolations,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(/status of 404/);
      await openHydrated(page, "/no-such-page");
      await expectNoA11yViolations();
    });

    test("the open navigation dialog has no axe violations", async ({
      page,
      isMobile,
      expectNoA11yViolations,
    }) => {
      test.skip(!isMobile, "the dialog is the phone's navigation");
      await openHydrated(page, "/");
      await page.getByRole("button", { name: "Open site navigation" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoA11yViolations();
    });
  });
}

test("a toast has no axe violations", async ({ page, isMobile, expectNoA11yViolations }) => {
  test.skip(isMobile, "one width is enough for the toast");
  await openHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("button", { name: "Light" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Light theme on." })).toBeVisible();
  await expectNoA11yViolations();
});

test("the skip link takes keyboard users past the header", async ({ page, isMobile }) => {
  test.skip(isMobile, "keyboard navigation is checked on the desktop project");
  await openHydrated(page, "/menu");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});
