import { expect, openHydrated, test } from "./fixtures";

test.describe("new deployments", () => {
  test.skip(({ isMobile }) => isMobile, "behaviour does not depend on width");

  test("build-info reports the build the page was made by", async ({ request }) => {
    const response = await request.get("/build-info");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const { buildId } = (await response.json()) as { buildId: string };
    const html = await (await request.get("/")).text();
    // The same id is compiled into the client code the page loads.
    const chunks = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([path]) => path);
    expect(chunks.length).toBeGreaterThan(0);
    const bundles = await Promise.all(chunks.map(async (path) => (await request.get(path)).text()));
    expect(bundles.filter((code) => code.includes(buildId)).length).toBeGreaterThan(0);
  });

  test("a changed build, noticed when the tab comes back, offers a reload", async ({ page }) => {
    await openHydrated(page, "/about");
    let checks = 0;
    await page.route("**/build-info", (route) => {
      checks += 1;
      return route.fulfill({
        json: { buildId: "a-newer-build", builtAt: new Date().toISOString() },
      });
    });

    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    const notice = page
      .getByRole("listitem")
      .filter({ hasText: "A new version of the site is available." });
    await expect(notice).toBeVisible();
    expect(checks).toBe(1);

    const reloaded = page.waitForEvent("load");
    await notice.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    await expect(page).toHaveURL("/about");
  });
});
