import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectMenuEntry,
  expectNoSidewaysScroll,
  test,
  waitForHydration,
} from "./fixtures";

// The staff menu editor: an item added to the seeded Wings section, refused
// once for a bad price (the error summary, the typed values kept), saved,
// marked not available today, taken off the menu and hidden, each change seen on the public menu
// within five seconds, then deleted, so the seeded menu other specs read is
// left as it was. With JavaScript and without.

// Each test signs in, saves several times and opens the public menu after each change.
test.describe.configure({ timeout: 180_000 });

test.use({ ownAddress: true, staffPurpose: "menu" });

/** The newest toast saying `text` (an earlier one with the same words may still be showing). */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Signed in, the staff menu is open and fits the screen. */
async function expectMenuPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Menu" })).toBeVisible();
  await expectNoSidewaysScroll(page);
}

/** The item's entry on the public menu, as a visitor (a browser of their own) sees it within 5 s. */
function expectOnPublicMenu(
  browser: Browser,
  name: string,
  expected: "available" | "not available today" | "off the menu" | "gone",
  pictureAlt?: string,
) {
  return expectMenuEntry(browser, name, async (entry) => {
    if (expected === "gone") {
      await expect(entry).toHaveCount(0, { timeout: 500 });
    } else {
      await expect(entry).toHaveCount(1, { timeout: 500 });
      const today = entry.getByText("Not available today", { exact: true });
      const off = entry.getByText("Not available", { exact: true });
      await expect(today).toHaveCount(expected === "not available today" ? 1 : 0, { timeout: 500 });
      await expect(off).toHaveCount(expected === "off the menu" ? 1 : 0, { timeout: 500 });
      if (pictureAlt) {
        await expect(entry.getByRole("img", { name: pictureAlt })).toBeVisible({ timeout: 500 });
      }
    }
  });
}

/** The item's row on the staff list. */
const row = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Items in Wings" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: new RegExp(name) }) });

async function deleteItem(page: Page, name: string) {
  await row(page, name)
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: "Delete…" }).click();
  await expect(page.getByRole("alert")).toContainText(`Delete “${name}”?`);
  await expect(page.getByRole("button", { name: "Yes, delete" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL(/\/staff\/menu(#section-\d+)?$/);
  await expect(row(page, name)).toHaveCount(0);
}

test("adds an item, refuses a bad price, marks it not available, hides and deletes it", async ({
  page,
  browser,
  expectNoA11yViolations,
  signIn,
}) => {
  const name = `Smoked Chili Wings ${randomUUID().slice(0, 6)}`;
  await signIn("/staff/menu");
  await expectMenuPage(page);
  await expectNoA11yViolations();

  await page.getByRole("link", { name: "Add an item to Wings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New menu item" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await waitForHydration(page);
  const form = page.locator("form#menu-item");
  await expect(form.getByRole("combobox", { name: "Section" })).toHaveValue(/\d+/);
  await expectNoA11yViolations();
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("textbox", { name: "Price" }).fill("-12.50");
  await form.getByRole("textbox", { name: "Portion" }).fill("1 lb");
  await form.getByRole("checkbox", { name: "Spicy" }).check();
  await form.getByRole("button", { name: "Add item" }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("Please check 1 answer and save again.");
  await expect(summary).toContainText("Price: A price cannot be negative.");
  await expect(form.getByRole("textbox", { name: "Price" })).toBeFocused();
  await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue(name);
  await expect(form.getByRole("checkbox", { name: "Spicy" })).toBeChecked();
  await expectNoA11yViolations();

  await form.getByRole("textbox", { name: "Price" }).fill("$12.50");

  // A picture: an SVG is refused as it is chosen; a PNG named .jpg is fine.
  const pictureInput = form.getByLabel("Choose a picture");
  await pictureInput.setInputFiles({
    name: "wings.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
  });
  await expect(form).toContainText("Choose a JPEG, PNG, WebP or AVIF picture.");
  await pictureInput.setInputFiles({
    name: "wings.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp({
      create: { width: 320, height: 240, channels: 3, background: "#b03a2e" },
    })
      .png()
      .toBuffer(),
  });
  await expect(form).not.toContainText("Choose a JPEG, PNG, WebP or AVIF picture.");
  const alt = "Smoky red wings piled in a paper-lined basket.";
  await form.getByRole("textbox", { name: "Describe the picture" }).fill(alt);
  await form.getByRole("button", { name: "Add item" }).click();
  await expect(toast(page, "Saved. Visitors see it now.")).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/menu#item-\d+$/);
  await expect(row(page, name)).toContainText("$12.50 · 1 lb");
  await expectOnPublicMenu(browser, name, "available", alt);

  // The busiest edit of the night: one tap, and it is back at 4 am by itself.
  await row(page, name)
    .getByRole("button", { name: /Mark not available today/ })
    .click();
  await expect(
    toast(page, `“${name}” is not available today; it is back on the menu at 4\u00a0am by itself.`),
  ).toBeVisible();
  await expect(row(page, name)).toContainText("Not available today — back at 4\u00a0am");
  await expect(row(page, name).getByRole("button", { name: /Mark available again/ })).toBeVisible();
  await expectOnPublicMenu(browser, name, "not available today");

  // Off the menu until it is put back.
  await row(page, name)
    .getByRole("button", { name: /Take off the menu/ })
    .click();
  await expect(toast(page, `“${name}” is off the menu until you put it back.`)).toBeVisible();
  await expect(row(page, name)).toContainText("Off the menu");
  await expectOnPublicMenu(browser, name, "off the menu");

  await row(page, name)
    .getByRole("link", { name: new RegExp(name) })
    .click();
  await page.getByRole("checkbox", { name: "Hide this item from visitors" }).check();
  await page.getByRole("button", { name: "Save item" }).click();
  await expect(toast(page, "Saved. It is hidden from visitors.")).toBeVisible();
  await expect(row(page, name)).toContainText("Hidden");
  await expectOnPublicMenu(browser, name, "gone");

  await deleteItem(page, name);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, staffPurpose: "menu-no-javascript" });

  test("a refused post comes back with the summary, the values kept and the field focused; then saves", async ({
    page,
    browser,
    allowConsoleErrors,
    signIn,
  }) => {
    // The refused post is answered 400, as it should be; the browser logs that.
    allowConsoleErrors(/status of 400/);
    const name = `Maple Glazed Wings ${randomUUID().slice(0, 6)}`;
    await signIn("/staff/menu");
    await expectMenuPage(page);

    await page.getByRole("link", { name: "Add an item to Wings" }).click();
    const form = page.locator("form#menu-item");
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await form.getByRole("textbox", { name: "Price" }).fill("12,000");
    await form.getByRole("textbox", { name: "Description" }).fill("Sweet and sticky.");
    await form.getByRole("checkbox", { name: "Gluten-free" }).check();
    await form.getByRole("button", { name: "Add item" }).click();

    const summary = page.getByTestId("error-summary");
    await expect(summary).toContainText("Price: A price can be at most $9,999.99");
    await expect(form.getByRole("textbox", { name: "Price" })).toBeFocused();
    await expect(form.getByRole("textbox", { name: "Price" })).toHaveValue("12,000");
    await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue(name);
    await expect(form.getByRole("textbox", { name: "Description" })).toHaveValue(
      "Sweet and sticky.",
    );
    await expect(form.getByRole("checkbox", { name: "Gluten-free" })).toBeChecked();

    await form.getByRole("textbox", { name: "Price" }).fill("16");
    await form.getByRole("button", { name: "Add item" }).click();
    await expect(page).toHaveURL(/\/staff\/menu#item-\d+$/);
    await expect(row(page, name)).toContainText("$16.00");

    await row(page, name)
      .getByRole("button", { name: /Mark not available today/ })
      .click();
    await expect(page).toHaveURL(/\/staff\/menu#item-\d+$/);
    await expect(row(page, name)).toContainText("Not available today");
    await expectOnPublicMenu(browser, name, "not available today");

    await deleteItem(page, name);
    await expectOnPublicMenu(browser, name, "gone");
  });
});
