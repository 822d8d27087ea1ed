import { expect, test } from "./fixtures";

test.describe("error pages", () => {
  test("an unknown path answers 404 with the Page Not Found view", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Not Found | The Squire Pub & Grill");
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByRole("main")).toContainText("There is no page at /no-such-page");
    // The site's own navigation stays, so the visitor can move on.
    await expect(page.getByRole("banner")).toBeVisible();

    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Squire Pub & Grill");
  });

  test("a path with markup in it is shown as text, never as markup", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    const response = await page.goto("/%3Cimg%20src=x%20onerror=alert(1)%3E");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("main").locator("img")).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText("<img src=x onerror=alert(1)>");
  });
});
