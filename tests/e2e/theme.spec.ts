import { expect, openHydrated, test } from "./fixtures";

// Tailwind's zinc-950 and zinc-50, as the browser reports them.
const DARK_BACKGROUND = "oklch(0.141 0.005 285.823)";
const LIGHT_BACKGROUND = "oklch(0.985 0 none)";

test.describe("theme", () => {
  test("switching to dark takes effect at once, confirms with a toast, and F8 reaches it", async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, "the phone project switches from the navigation dialog below");
    await page.emulateMedia({ colorScheme: "light" });
    await openHydrated(page, "/menu");
    await expect(page.locator("html")).toHaveClass("system");
    await expect(page.getByRole("main")).toHaveCSS("background-color", LIGHT_BACKGROUND);

    await page.getByRole("banner").getByRole("button", { name: "Dark theme" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.getByRole("main")).toHaveCSS("background-color", DARK_BACKGROUND);
    await expect(
      page.getByRole("banner").getByRole("button", { name: "Dark theme" }),
    ).toHaveAttribute("aria-pressed", "true");

    // The action redirects back with a flash toast, which the next page shows.
    const toast = page.getByRole("listitem").filter({ hasText: "Dark theme on." });
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL("/menu");

    // F8 moves focus to the list of notifications inside their region.
    const region = page.getByRole("region", { name: /Notifications/ });
    await page.keyboard.press("F8");
    await expect(region.getByRole("list")).toBeFocused();
    await expect(region.getByRole("list")).toContainText("Dark theme on.");
  });

  test("a click while the tooltips' code arrives is not lost", async ({ page, isMobile }) => {
    test.skip(isMobile, "tooltips load on devices that can hover");
    await page.emulateMedia({ colorScheme: "light" });
    await openHydrated(page, "/");
    const button = page.getByRole("banner").getByRole("button", { name: "Dark theme" });
    const box = (await button.boundingBox())!;

    // The tooltips' code is held back until the button is pressed.
    let deliver: () => void = () => {};
    const pressed = new Promise<void>((resolve) => (deliver = resolve));
    await page.route(/\/assets\/tooltip-runtime-[^/]+\.js$/, async (route) => {
      await pressed;
      await route.continue();
    });
    const tooltipCode = page.waitForResponse(/\/assets\/tooltip-runtime-[^/]+\.js$/);

    // The first move asks for the tooltips; they arrive while the button is held down.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    deliver();
    await tooltipCode;
    // Frames for the code to run and React to render: while held, the button
    // must not be re-created as a Radix trigger (which carries data-state).
    await page.evaluate(async () => {
      for (let frame = 0; frame < 5; frame++) {
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      }
    });
    expect(await button.getAttribute("data-state")).toBeNull();

    await page.mouse.up();
    await expect(page.locator("html")).toHaveClass("dark");
    // Once released, the tooltips take over.
    await expect(button).toHaveAttribute("data-state", /closed|open/);
  });

  test("the choice survives a reload, rendered by the server with no flash", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await openHydrated(page, "/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.getByRole("listitem").filter({ hasText: "Dark theme on." })).toBeVisible();

    // The server's HTML already carries the class: the first paint is dark.
    const response = await page.reload();
    expect(await response?.text()).toMatch(/<html[^>]*class="dark"/);
    await expect(page.getByRole("main")).toHaveCSS("background-color", DARK_BACKGROUND);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "theme")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });
  });

  test("system follows the device's setting", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/about");
    await expect(page.locator("html")).toHaveClass("system");
    await expect(page.getByRole("main")).toHaveCSS("background-color", DARK_BACKGROUND);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.getByRole("main")).toHaveCSS("background-color", LIGHT_BACKGROUND);
  });

  test("works without JavaScript as a form post", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light" });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByRole("contentinfo").getByRole("button", { name: "Dark" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.getByRole("main")).toHaveCSS("background-color", DARK_BACKGROUND);

    await page.getByRole("contentinfo").getByRole("button", { name: "System" }).click();
    await expect(page.locator("html")).toHaveClass("system");
    expect((await context.cookies()).some((cookie) => cookie.name === "theme")).toBe(false);
    await context.close();
  });

  test("the navigation dialog has the switch on phones", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the dialog is the phone's navigation");
    await page.emulateMedia({ colorScheme: "light" });
    await openHydrated(page, "/");
    await page.getByRole("button", { name: "Open site navigation" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
  });
});
