import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, openHydrated, test, waitForHydration } from "./fixtures";
import { addOwnSection, deleteOwnSection, sectionItems, type OwnSection } from "./menu-sections";

// The menu from a spreadsheet, on a phone's screen and a desktop's: rows
// pasted as a spreadsheet copies them (tabs) are checked first, a row's
// problem named by its column and line with nothing saved; fixed, the check
// says what saving will do, and the save adds the dish to the visitors'
// menu. The dish is this spec's own and is deleted again. A CSV file is
// checked as pasted rows are, and replacing a section lists each dish it
// removes before the save; with scripts and without, in a hidden section of
// the test's own, deleted again.

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

  const rows = page.getByLabel(/^Or paste the rows/);
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

/** A CSV file for the file input. */
const csvFile = (text: string, name = "menu.csv") => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text),
});

/**
 * From the staff menu to the import page, a file with two dishes for
 * `section` added, then a file with one of them changed and a new one,
 * replacing the section: the preview names the dish removed, and the save
 * leaves the section as the file says.
 */
async function fileAddsThenReplaces(page: Page, section: OwnSection, scripts: boolean) {
  await page.goto("/staff/menu");
  await page.getByRole("link", { name: "From a spreadsheet" }).click();
  await expect(page).toHaveURL("/staff/menu/import");
  if (scripts) await waitForHydration(page);
  const file = page.getByLabel(/^A CSV file/);
  const check = page.getByRole("button", { name: "Check the rows" });

  await file.setInputFiles(
    csvFile(`Section,Name,Price\r\n${section.name},Cask Ale,6.50\r\n${section.name},Cider,7\r\n`),
  );
  await check.click();
  await expect(page.getByRole("status").filter({ hasText: "2 dishes to add" })).toBeVisible();
  await expect(page.getByText(`from menu.csv`)).toBeVisible();
  await page.getByRole("button", { name: "Save 2 dishes" }).click();
  await expect(page).toHaveURL("/staff/menu");
  await expect(page.getByText("Added 2 dishes.").first()).toBeVisible();
  await expect(sectionItems(page, section)).toHaveCount(2);

  await page.getByRole("link", { name: "From a spreadsheet" }).click();
  if (scripts) await waitForHydration(page);
  await file.setInputFiles(
    csvFile(
      `Section,Name,Price\n${section.name},Cask Ale,6.75\n${section.name},Perry,7.25\n`,
      "replacing.csv",
    ),
  );
  await page.getByRole("radio", { name: "Replace a section" }).check();
  await check.click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "1 dish to add, 1 dish to change, 1 dish to remove" }),
  ).toBeVisible();
  await expect(page.getByRole("list", { name: `Removed from ${section.name}` })).toHaveText(
    "Cider",
  );
  // Nothing is saved by the check.
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Save 2 dishes and remove 1" }).click();
  await expect(page).toHaveURL("/staff/menu");
  await expect(
    page.getByText("Added 1 dish, changed 1 dish and removed 1 dish.").first(),
  ).toBeVisible();
  await expect(sectionItems(page, section)).toHaveCount(2);
  await expect(sectionItems(page, section).nth(0)).toContainText("Cask Ale");
  await expect(sectionItems(page, section).nth(0)).toContainText("$6.75");
  await expect(sectionItems(page, section).nth(1)).toContainText("Perry");
}

test("a CSV file is checked as pasted rows are, and replacing a section names each dish removed before the save", async ({
  page,
  signIn,
  expectNoA11yViolations,
  allowConsoleErrors,
}) => {
  // The refused post is answered 400, as it should be; the browser logs that.
  allowConsoleErrors(/status of 400/);
  await signIn("/staff/menu");
  const section = await addOwnSection(page, "Sheet Taps", { scripts: true });
  await fileAddsThenReplaces(page, section, true);

  // A file that is not text is refused by its input, and what was pasted stays.
  await openHydrated(page, "/staff/menu/import");
  await page.getByLabel(/^Or paste the rows/).fill("Section\tName\tPrice");
  await page.getByLabel(/^A CSV file/).setInputFiles({
    name: "menu.xlsx",
    mimeType: "application/zip",
    buffer: Buffer.from([0x50, 0x4b, 3, 4, 0, 0]),
  });
  await page.getByRole("button", { name: "Check the rows" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("menu.xlsx is not a CSV file");
  await expect(page.getByLabel(/^Or paste the rows/)).toHaveValue("Section\tName\tPrice");
  await expectNoA11yViolations();

  // A file too large is named as it is chosen, and not sent.
  const file = page.getByLabel(/^A CSV file/);
  await file.setInputFiles(csvFile("Section,Name,Price\n".padEnd(600 * 1024, "x"), "huge.csv"));
  await expect(page.getByText("huge.csv is 600 KB; a file can be at most 512 KB.")).toBeVisible();
  await expect(file).toHaveValue("");

  await deleteOwnSection(page, section, { scripts: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, staffPurpose: "menu-import-no-javascript" });

  test("a file replaces the section, and a file too large is refused with the paste kept", async ({
    page,
    signIn,
    allowConsoleErrors,
  }) => {
    // The refused post is answered 400, as it should be; the browser logs that.
    allowConsoleErrors(/status of 400/);
    await signIn("/staff/menu");
    const section = await addOwnSection(page, "Sheet Cellar", { scripts: false });
    await fileAddsThenReplaces(page, section, false);

    await page.goto("/staff/menu/import");
    await page
      .getByLabel(/^Or paste the rows/)
      .fill(`Section\tName\tPrice\n${section.name}\tKept\t5`);
    await page.getByRole("radio", { name: "Only add new dishes" }).check();
    await page
      .getByLabel(/^A CSV file/)
      .setInputFiles(csvFile("Section,Name,Price\n".padEnd(600 * 1024, "x"), "huge.csv"));
    await page.getByRole("button", { name: "Check the rows" }).click();
    await expect(page.getByTestId("error-summary")).toContainText(
      "huge.csv is 600 KB; a file can be at most 512 KB.",
    );
    await expect(page.getByLabel(/^Or paste the rows/)).toHaveValue(
      `Section\tName\tPrice\n${section.name}\tKept\t5`,
    );
    await expect(page.getByRole("radio", { name: "Only add new dishes" })).toBeChecked();
    await expectNoSidewaysScroll(page);

    await deleteOwnSection(page, section, { scripts: false });
  });
});
