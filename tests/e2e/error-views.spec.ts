import type { Page } from "@playwright/test";
import { expect, openHydrated, test } from "./fixtures";

// A 404, a 405 (a post to a page that takes none) and a 500 (a client data
// request that fails) each show inside the site's header and footer, in the
// visitor's theme, titled by their status with the pub's name.

const SITE = "The Squire Pub & Grill";

test.skip(({ isMobile }) => isMobile, "the views are the same at every width");

/** The error view inside the site's frame, in `theme`, under `title`. */
async function expectFramedErrorView(
  page: Page,
  { status, title, theme }: { status: number; title: string; theme: "light" | "dark" },
) {
  await expect(page).toHaveTitle(`${title} | ${SITE}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("main").getByText(String(status), { exact: true })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /The Squire/ })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.locator("html")).toHaveClass(theme);
  // The theme's own page colour, not the system's.
  const background = await page
    .getByRole("main")
    .evaluate((main) => getComputedStyle(main).backgroundColor);
  const dark = await page.evaluate((colour) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("No 2D canvas");
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return red + green + blue < 3 * 128;
  }, background);
  expect(dark, `a ${theme} page`).toBe(theme === "dark");
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`in the ${theme} theme`, () => {
    // The device prefers the other one: only the visitor's choice can make the page match.
    test.use({ colorScheme: theme === "dark" ? "light" : "dark" });

    // The theme cookie as the site stores it: the choice, JSON, in base64.
    test.beforeEach(async ({ page, baseURL }) => {
      await page.context().addCookies([
        {
          name: "theme",
          value: Buffer.from(JSON.stringify(theme)).toString("base64"),
          url: baseURL ?? "http://localhost",
        },
      ]);
    });

    test("404: Page Not Found", async ({ page, allowConsoleErrors, expectNoA11yViolations }) => {
      allowConsoleErrors(/status of 404/);
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await expectFramedErrorView(page, { status: 404, title: "Page Not Found", theme });
      await expectNoA11yViolations();
    });

    test("405: a post to the home page is Method Not Allowed, never a server error", async ({
      page,
      allowConsoleErrors,
      expectNoA11yViolations,
    }) => {
      allowConsoleErrors(/status of 405/);
      await openHydrated(page, "/");
      // A plain form of the page's own origin, as a stale or hand-made one would post.
      const posted = page.waitForResponse(
        (response) => response.request().method() === "POST" && response.url().endsWith("/"),
      );
      await page.evaluate(() => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = "/";
        const field = document.createElement("input");
        field.type = "hidden";
        field.name = "note";
        field.value = "hello";
        form.append(field);
        document.body.append(form);
        form.submit();
      });
      const response = await posted;
      expect(response.status()).toBe(405);
      await expectFramedErrorView(page, { status: 405, title: "Method Not Allowed", theme });
      await expect(page.getByText("Internal Server Error")).toHaveCount(0);
      await expectNoA11yViolations();
    });

    test("500: a client data request that fails shows the Internal Server Error view", async ({
      page,
      allowConsoleErrors,
      expectNoA11yViolations,
    }) => {
      allowConsoleErrors(/status of 500/);
      allowConsoleErrors(/Unable to decode|turbo-stream|Error/);
      await openHydrated(page, "/");
      await page.route(/\/menu\.data/, (route) =>
        route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
      );
      await page.getByRole("banner").getByRole("link", { name: "Menu" }).click();
      await expectFramedErrorView(page, { status: 500, title: "Internal Server Error", theme });
      await expectNoA11yViolations();
    });
  });
}
