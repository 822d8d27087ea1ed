import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, openHydrated, test, waitForHydration } from "./fixtures";

// The menu from a spreadsheet, on a phone's screen and a desktop's: rows
// pasted as a spreadsheet copies them (tabs) are checked first, a row's
// problem named by its column and line with nothing saved; fixed, the check
// says what saving will do, and the save adds the dish to the visitors'
// menu. The dish is this spec's own and is deleted again.

test.use({ ownAddress: true, staffPurpose: "menu-import", reuseSignIn: true });

const toast = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });

test("pasted rows are checked, a problem named, and once fixed the dish is saved and on the menu", async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  const name = `Sheet Salad ${randomUUID().slice(0, 6)}`;
  await signIn("/staff/menu", { fromSignInPage: true });
  await page.getByRole("link", { name: "From a spreadsheet" }).click();
  await expect(page).toHaveURL("/staff/menu/import");
  await waitForHydration(page);
  await expectNoA11yViolations();

  const rows = page.getByLabel(/^Rows from the spreadsheet/);
  const header = "Section\tName\tDescription\tPrice\tDiets\tAllergens";
  await rows.fill(
    `${header}\nSalads & Bowls\t${name}\tGreens and a lemon dressing\tcheap\tVegan\t`,
  );
  await page.getByRole("button", { name: "Check the rows" }).click();
  const checked = page.getByRole("list", { name: "The rows checked" });
  await expect(checked).toContainText("Not saved");
  await expect(checked).toContainText("Price: ");
  await expect(page.getByRole("status").filter({ hasText: "with a problem" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Save / })).toHaveCount(0);
  // What was pasted stays, to fix.
  await expect(rows).toHaveValue(new RegExp(name));

  await rows.fill(
    `${header}\nSalads & Bowls\t${name}\tGreens and a lemon dressing\t12.50\tVegan\t`,
  );
  await page.getByRole("button", { name: "Check the rows" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 dish to add" })).toBeVisible();
  await expect(checked).toContainText("New");
  await expectNoA11yViolations();
  await page.getByRole("button", { name: "Save 1 dish" }).click();
  await expect(page).toHaveURL("/staff/menu");
  await expect(toast(page, "Added 1 dish.")).toBeVisible();

  await expect
    .poll(async () => (await page.request.get("/menu")).text(), { timeout: 5_000 })
    .toContain(name);

  // Deleted again through its own form.
  await page.getByRole("searchbox", { name: "Find an item by name" }).fill(name);
  await page.getByRole("link", { name }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, `Deleted “${name}”`)).toBeVisible();
  await openHydrated(page, "/menu");
  await expect(page.getByText(name)).toHaveCount(0);
});
