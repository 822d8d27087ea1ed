import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, openHydrated, test, waitForHydration } from "./fixtures";

// The venue editor: a staff member adds a package and sees it on the venue
// page; a space with a negative capacity is refused with the errors shown and
// what was typed kept. The package is deleted again and no space is saved, so
// the seeded spaces other specs read stay as they were.

test.use({ ownAddress: true, staffPurpose: "venue", reuseSignIn: true });

const toast = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });

test("adds a package and the venue page lists it within 5 seconds", async ({ page, signIn }) => {
  const name = `Quiz Supper ${randomUUID().slice(0, 6)}`;
  await signIn("/staff/venue", { fromSignInPage: true });
  await page.getByRole("link", { name: "Add a package" }).click();
  await expect(page).toHaveURL("/staff/venue/packages/new");
  await waitForHydration(page);
  const form = page.locator("form#package-form");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Price", { exact: true }).fill("$24.50");
  await form.getByLabel("Priced", { exact: true }).selectOption("per-guest");
  await form.getByLabel(/^Minimum guests/).fill("12");
  await form.getByLabel(/^Includes/).fill("Fish and chips\nA pint or a soft drink");
  await form.getByRole("button", { name: "Add package" }).click();
  await expect(toast(page, "Saved. Visitors see it now.")).toBeVisible();
  const editorUrl = page.url();

  // Visitors get the new package within 5 seconds.
  await expect
    .poll(async () => (await page.request.get("/venue")).text(), { timeout: 5_000 })
    .toContain(name);
  await page.goto("/venue");
  const packages = page.getByRole("region", { name: "Food and drink for your party" });
  await expect(packages.getByRole("heading", { name })).toBeVisible();
  await expect(packages).toContainText("$24.50");

  await openHydrated(page, editorUrl);
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Package deleted.")).toBeVisible();
  await expect(page).toHaveURL("/staff/venue");
  await expect(page.getByRole("list", { name: "Packages" })).not.toContainText(name);
});

test("a negative capacity is refused with the errors shown and everything kept", async ({
  page,
  signIn,
}) => {
  await signIn("/staff/venue/spaces/new", { fromSignInPage: true });
  const form = page.locator("form#space-form");
  await form.getByLabel("Name", { exact: true }).fill("The Attic");
  await form.getByLabel("Seated guests").fill("-10");
  await form.getByLabel("Standing guests").fill("30");
  await form.getByLabel(/^Features/).fill("Skylights, Dartboard");
  await form.getByRole("button", { name: "Add space" }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toContainText("A capacity cannot be negative.");
  await expect(form.getByLabel("Seated guests")).toBeFocused();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("The Attic");
  await expect(form.getByLabel(/^Features/)).toHaveValue("Skylights, Dartboard");
  await expect(page).toHaveURL("/staff/venue/spaces/new");
});
