import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectMenuEntry,
  expectNoSidewaysScroll,
  openHydrated,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures";

// The recent changes on a phone: an owner adds a dish, marks it not available today
// and changes its price, reads both changes as old → new, undoes them one
// after the other, and the public menu shows the dish as it was. The dish is
// deleted at the end, so the seeded menu other specs read is left alone.

test.describe.configure({ timeout: 180_000 });

test.skip(({ isMobile }) => !isMobile, "the phone's width (375 px) is what this checks");

test.use({ ownAddress: true, staffPurpose: "changes" });

/** The newest toast saying `text`. */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** The item's row on the staff menu. */
const row = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Items in Wings" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: new RegExp(name) }) });

/** The change on the recent changes page whose sentence or lines include `line`. */
const change = (page: Page, line: string | RegExp, dish?: string) => {
  const entries = page
    .getByRole("list", { name: "Changes, newest first" })
    .locator(":scope > li")
    .filter({ has: page.getByText(line, { exact: true }) });
  // Other specs change the menu at the same time: a line alone may be theirs.
  return dish ? entries.filter({ hasText: `“${dish}”` }) : entries;
};

/** The dish on the public menu, as a visitor sees it within five seconds. */
function expectOnPublicMenu(
  browser: Browser,
  name: string,
  { price, available }: { price: string; available: boolean },
) {
  return expectMenuEntry(browser, name, async (entry) => {
    await expect(entry).toHaveCount(1, { timeout: 500 });
    await expect(entry).toContainText(price, { timeout: 500 });
    await expect(entry.getByText("Not available today")).toHaveCount(available ? 0 : 1, {
      timeout: 500,
    });
  });
}

async function undo(page: Page, line: string | RegExp, dish?: string) {
  await change(page, line, dish)
    .getByRole("link", { name: /^Undo…/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Undo this change?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    typeof line === "string" ? line.charAt(0).toLowerCase() + line.slice(1) : line,
  );
  await expectNoSidewaysScroll(page);
  await dialog.getByRole("button", { name: "Yes, undo" }).click();
  await expect(toast(page, "Undone. Visitors see it now.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test("an owner reads a dish's changes old → new and undoes them, and the menu is as it was", async ({
  page,
  browser,
  expectNoA11yViolations,
  account,
}) => {
  const name = `Honey Garlic Wings ${randomUUID().slice(0, 6)}`;
  await openHydrated(page, "/staff/sign-in?redirectTo=%2Fstaff%2Fmenu");
  await submitSignIn(page, account);
  await expect(page).toHaveURL("/staff/menu");

  // The dish, added at $14.00 and available.
  await page.getByRole("link", { name: "Add an item to Wings" }).click();
  await waitForHydration(page);
  const form = page.locator("form#menu-item");
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("textbox", { name: "Price" }).fill("14.00");
  await form.getByRole("button", { name: "Add item" }).click();
  await expect(toast(page, "Saved. Visitors see it now.")).toBeVisible();
  await expectOnPublicMenu(browser, name, { price: "$14.00", available: true });

  // Not available tonight, and a new price.
  await row(page, name)
    .getByRole("button", { name: /Mark not available today/ })
    .click();
  await expect(
    toast(page, `“${name}” is not available today; it is back on the menu at 4\u00a0am by itself.`),
  ).toBeVisible();
  await row(page, name)
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await waitForHydration(page);
  await page.locator("form#menu-item").getByRole("textbox", { name: "Price" }).fill("15.50");
  await page.getByRole("button", { name: "Save item" }).click();
  await expect(toast(page, "Saved. Visitors see it now.").last()).toBeVisible();
  await expectOnPublicMenu(browser, name, { price: "$15.50", available: false });

  // Both changes, in words, newest first.
  await openHydrated(page, "/staff/changes");
  const priceChange = change(page, "Price $14.00 → $15.50", name);
  const availability = change(page, /not available today, back at 4\u00a0am on /i, name);
  await expect(priceChange).toContainText(`Changed the menu item “${name}”`);
  await expect(priceChange).toContainText(/Today at \d/);
  await expect(availability).toContainText(`Changed the menu item “${name}”`);
  await expect(availability).toContainText("Changed again since — undo the later change first.");
  await expect(availability.getByRole("link", { name: /^Undo…/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations();

  // Undone newest first: the price, then the availability.
  await undo(page, "Price $14.00 → $15.50", name);
  await expect(change(page, "Price $15.50 → $14.00", name)).toContainText(
    `Undid the change to the menu item “${name}”`,
  );
  await expect(priceChange).toContainText("Undone already.");
  await undo(page, /not available today, back at 4\u00a0am on /i, name);
  await expect(change(page, "No longer marked not available today", name)).toContainText(
    `Undid the change to the menu item “${name}”`,
  );
  await expectNoSidewaysScroll(page);
  await expectOnPublicMenu(browser, name, { price: "$14.00", available: true });

  // Tidy up: the dish goes.
  await page.goto("/staff/menu");
  await row(page, name)
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(row(page, name)).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the question is on the page, and the undo is a plain post", async ({ page, account }) => {
    await page.goto("/staff/sign-in?redirectTo=%2Fstaff%2Fchanges");
    await submitSignIn(page, account);
    await expect(page).toHaveURL("/staff/changes");

    // A change of this test's own: a special added through its editor.
    const title = `Pie Night ${randomUUID().slice(0, 6)}`;
    await page.goto("/staff/specials/new");
    await page.getByRole("textbox", { name: "Name" }).fill(title);
    await page.getByRole("combobox", { name: "Every week on" }).selectOption("Tuesday");
    await page.getByRole("button", { name: "Add the special" }).click();
    await expect(page).toHaveURL(/\/staff\/specials(#.*)?$/);
    await page.goto("/staff/changes");

    const added = change(page, `Added the special “${title}”`, title);
    await added.getByRole("link", { name: /^Undo…/ }).click();
    const question = page.getByRole("region", { name: "Undo this change?" });
    await expect(question).toContainText(
      `It removes what was added: Added the special “${title}”.`,
    );
    await expectNoSidewaysScroll(page);
    await question.getByRole("button", { name: "Yes, undo" }).click();
    await expect(page).toHaveURL("/staff/changes");
    await expect(change(page, `Undid adding the special “${title}”`, title)).toHaveCount(1);
    await page.goto("/staff/specials");
    await expect(page.getByText(title)).toHaveCount(0);
  });
});
