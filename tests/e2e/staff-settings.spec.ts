import type { Page } from "@playwright/test";
import {
  browserOfItsOwn,
  expect,
  openHydrated,
  signedInAt,
  staffAccountFor,
  test,
  waitForHydration,
} from "./fixtures";

// The site details editor: a change reaches the public pages within seconds,
// and a bad answer is refused with the form as it was typed. The settings are
// one row every page reads, so only the phone project saves a change (the
// desktop one would overwrite it as it restores its own).

const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: title });

test("a staff member changes the transit note and visitors see it at once", async ({
  page,
  browser,
  signIn,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "One project saves the single settings row");
  await signIn("/staff", { purpose: "settings" });
  await page
    .getByRole("navigation", { name: "Staff sections" })
    .getByRole("link", { name: "Site" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Site details" })).toBeVisible();
  await waitForHydration(page);

  const transit = page.getByRole("textbox", { name: "Getting here by transit" });
  const before = await transit.inputValue();
  const note = `Route ${Date.now() % 100} stops right outside.`;
  await transit.fill(note);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(toast(page, "Saved. Visitors see it now.")).toBeVisible();
  // The toast fits the phone: the page does not scroll sideways (and zoom out).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  const visitor = await browser.newPage();
  try {
    await expect(async () => {
      await visitor.goto("/contact");
      await expect(visitor.getByText(note)).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
  } finally {
    await visitor.close();
    await transit.fill(before);
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(toast(page, "Saved. Visitors see it now.").last()).toBeVisible();
  }
});

test("a bad phone number is refused with the form as typed, the field focused", async ({
  page,
  allowConsoleErrors,
  signIn,
}) => {
  allowConsoleErrors(/status of 400/);
  await signIn("/staff", { purpose: "settings-refused" });
  await openHydrated(page, "/staff/settings");
  const phone = page.getByRole("textbox", { name: "Phone" });
  const tagline = page.getByRole("textbox", { name: "Tagline (optional)" });
  await tagline.fill("Kept while the phone is fixed");
  await phone.fill("555-01");
  await page.getByRole("button", { name: "Save details" }).click();

  const summary = page
    .getByRole("alert")
    .filter({ hasText: "Please check 1 answer and save again." });
  await expect(summary).toBeVisible();
  await expect(
    summary.getByRole("link", { name: /Phone: Enter a 10-digit phone number/ }),
  ).toBeVisible();
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(tagline).toHaveValue("Kept while the phone is fixed");
  // Nothing was saved: the page loaded again shows the saved phone.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Phone" })).not.toHaveValue("555-01");
});

test("without JavaScript a bad post comes back with the error by its field", async ({
  browser,
}, testInfo) => {
  const context = await browserOfItsOwn(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signInAsStaffWithoutScripts(page, testInfo.project.name);
    await page.goto("/staff/settings");
    // A value the browser's own checks let through, for the server to refuse.
    await page.getByRole("textbox", { name: "Phone" }).fill("555-01");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("alert")).toContainText("Please check 1 answer and save again.");
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("555-01");
    await expect(page.getByRole("textbox", { name: "Phone" })).toBeFocused();
    await expect(
      page.getByText("Enter a 10-digit phone number such as 519-555-0134.").first(),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});

async function signInAsStaffWithoutScripts(page: Page, project: string) {
  await signedInAt(page, staffAccountFor("settings-no-javascript", project));
}
