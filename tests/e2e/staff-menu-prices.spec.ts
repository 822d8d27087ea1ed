import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, openHydrated, test, waitForHydration } from "./fixtures";
import { addOwnSection, deleteOwnSection, sectionItems, type OwnSection } from "./menu-sections";

// A section's prices changed at once, on a phone's screen and a desktop's,
// with scripts and without: opened from the section on the menu page, a
// change that would make a price $0 or less is refused naming the dish, and
// a good one shows every dish from old to new before one save. With
// scripts, a price changed by someone else between the check and the save
// is caught: nothing saved, the new prices shown to save again. The section
// and its dishes are the test's own, hidden from visitors, and deleted again.

test.use({ ownAddress: true, staffPurpose: "menu-prices", reuseSignIn: true });

/** The section's three dishes, added from pasted rows. */
async function addDishes(page: Page, section: OwnSection, scripts: boolean) {
  await page.goto("/staff/menu/import");
  if (scripts) await waitForHydration(page);
  await page
    .getByLabel(/^Or paste the rows/)
    .fill(
      [
        "Section\tName\tPrice\tPortion",
        `${section.name}\tLager Pint\t7.00\t20 oz`,
        `${section.name}\tLager Half\t4.50\t10 oz`,
        `${section.name}\tCider\t8.00\t`,
      ].join("\n"),
    );
  await page.getByRole("button", { name: "Check the rows" }).click();
  await page.getByRole("button", { name: "Save 3 dishes" }).click();
  await expect(page).toHaveURL("/staff/menu");
  await expect(sectionItems(page, section)).toHaveCount(3);
}

/** From the section on the menu page to its price change, a refused change, then a good one checked. */
async function checkFivePercent(page: Page, section: OwnSection, scripts: boolean) {
  await page.getByRole("link", { name: `Change prices in ${section.name}` }).click();
  await expect(page).toHaveURL(`/staff/menu/prices?section=${section.id}`);
  if (scripts) await waitForHydration(page);
  await expect(page.getByRole("combobox", { name: "Section" })).toHaveValue(String(section.id));

  const amount = page.getByRole("textbox", { name: "By how much" });
  const check = page.getByRole("button", { name: "Check the new prices" });
  await page.getByRole("radio", { name: "Down" }).check();
  await page.getByRole("radio", { name: "Dollars ($)" }).check();
  await amount.fill("6");
  await check.click();
  await expect(page.getByTestId("error-summary")).toContainText(
    "That would make this price $0 or less: Lager Half (10 oz) ($4.50 → -$1.50).",
  );
  await expect(amount).toHaveValue("6");
  await expect(page.getByRole("radio", { name: "Down" })).toBeChecked();

  await page.getByRole("radio", { name: "Up" }).check();
  await page.getByRole("radio", { name: "Percent (%)" }).check();
  await amount.fill("5");
  await page
    .getByRole("combobox", { name: "Rounding" })
    .selectOption({ label: "To the nearest 25¢" });
  await check.click();
  const newPrices = page.getByRole("list", { name: `New prices in ${section.name}` });
  await expect(newPrices.getByRole("listitem")).toHaveText([
    /^Lager Pint · 20 oz\s*\$7\.00 → to \$7\.25$/,
    /^Lager Half · 10 oz\s*\$4\.50 → to \$4\.75$/,
    /^Cider\s*\$8\.00 → to \$8\.50$/,
  ]);
  await expect(page.getByRole("status").filter({ hasText: "3 prices change" })).toBeVisible();
  await expectNoSidewaysScroll(page);
}

test("a section's prices, checked then saved, after a change made meanwhile is caught", async ({
  page,
  signIn,
  expectNoA11yViolations,
  allowConsoleErrors,
}) => {
  // The refused post is answered 400, as it should be; the browser logs that.
  allowConsoleErrors(/status of 40[09]/);
  await signIn("/staff/menu");
  const section = await addOwnSection(page, "Price Taps", { scripts: true });
  await addDishes(page, section, true);
  await checkFivePercent(page, section, true);
  await expectNoA11yViolations();

  // Someone changes a price before the save.
  const other = await page.context().newPage();
  await openHydrated(other, "/staff/menu");
  await sectionItems(other, section).getByRole("link", { name: "Cider" }).click();
  await waitForHydration(other);
  await other.getByRole("textbox", { name: "Price" }).fill("9.00");
  await other.getByRole("button", { name: "Save item" }).click();
  await expect(other).toHaveURL(/\/staff\/menu#item-\d+$/);
  await other.close();

  await page.getByRole("button", { name: "Save 3 prices" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "changed after the check, so nothing was saved",
  );
  await expect(
    page
      .getByRole("list", { name: `New prices in ${section.name}` })
      .getByRole("listitem")
      .last(),
  ).toHaveText(/^Cider\s*\$9\.00 → to \$9\.50$/);
  await page.getByRole("button", { name: "Save 3 prices" }).click();

  await expect(page).toHaveURL(`/staff/menu#section-${section.id}`);
  await expect(
    page.getByText(`Changed 3 prices in ${section.name}: up 5%, to the nearest 25¢.`).first(),
  ).toBeVisible();
  await expect(sectionItems(page, section)).toContainText(["$7.25", "$4.75", "$9.50"]);

  // One change in Recent changes, a line for each dish.
  await openHydrated(page, "/staff/changes");
  const change = page
    .getByRole("list", { name: "Changes, newest first" })
    .getByRole("listitem")
    .filter({
      hasText: `Changed the prices of “${section.name}”, up 5%, to the nearest 25¢ (3 entries)`,
    });
  await expect(change).toHaveCount(1);
  await change.getByText("Each of the 3").click();
  await expect(change.getByText("Cider: price $9.00 → $9.50")).toBeVisible();

  await deleteOwnSection(page, section, { scripts: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, staffPurpose: "menu-prices-no-javascript" });

  test("a section's prices, a refusal keeping the change, then checked and saved", async ({
    page,
    signIn,
    allowConsoleErrors,
  }) => {
    // The refused post is answered 400, as it should be; the browser logs that.
    allowConsoleErrors(/status of 40[09]/);
    await signIn("/staff/menu");
    const section = await addOwnSection(page, "Price Cellar", { scripts: false });
    await addDishes(page, section, false);
    await checkFivePercent(page, section, false);

    await page.getByRole("button", { name: "Save 3 prices" }).click();
    await expect(page).toHaveURL(`/staff/menu#section-${section.id}`);
    await expect(
      page.getByText(`Changed 3 prices in ${section.name}: up 5%, to the nearest 25¢.`).first(),
    ).toBeVisible();
    await expect(sectionItems(page, section)).toContainText(["$7.25", "$4.75", "$8.50"]);

    await deleteOwnSection(page, section, { scripts: false });
  });
});
