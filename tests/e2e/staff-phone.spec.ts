import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { expectToastClearOf } from "./phone";

// The staff area on a phone (375 px): the menu list found by search and
// section, reordered only in its own mode, one tap marking an item not
// available today without moving anything, and a visitor's menu saying so; character counters and a too-long value refused whole;
// the confirmation of a save written on the page without JavaScript, and with
// it a toast that never covers the button just tapped. The Kids section is
// this spec's own: no other spec reads or changes it. Its tests run one after
// another, in one worker: reordering moves the first Kids item for a moment,
// which the test of marking one, reading the order around its tap, would see.

test.describe.configure({ mode: "default", timeout: 180_000 });

test.skip(({ isMobile }) => !isMobile, "A phone's screen: the phone project's");
test.use({ ownAddress: true });

const kids = (page: Page) => page.getByRole("list", { name: "Items in Kids" });

/** The names of the Kids items, in the order the page lists them. */
async function kidsOrder(page: Page): Promise<string[]> {
  return (await kids(page).getByRole("listitem").allTextContents()).map(
    (text) =>
      /^(Chicken Fingers|Mini Cheeseburger|Mac & Cheese|Kids' Fish & Chips)/.exec(text)?.[1] ??
      text,
  );
}

test("finds an item as staff type, jumps to a section, and one tap marks it without moving anything", async ({
  page,
  expectNoA11yViolations,
  signIn,
}, testInfo) => {
  await signIn("/staff/menu", { purpose: "phone-menu" });
  // Everyday mode has no move buttons at all.
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
  await expectNoA11yViolations();

  const search = page.getByRole("searchbox", { name: "Find an item by name" });
  await search.fill("mac chees");
  await expect(page.getByRole("status").filter({ hasText: "found for" })).toHaveText(
    /^1 item of \d+ found for “mac chees”\./,
  );
  await expect(page.getByRole("link", { name: /Mac & Cheese/ })).toBeVisible();
  await expect(page.getByRole("list", { name: "Items in Wings" })).toHaveCount(0);
  await search.fill("");
  await expect(page.getByRole("list", { name: "Items in Wings" })).toBeVisible();

  await page.getByRole("combobox", { name: "Jump to a section" }).selectOption({ label: "Kids" });
  const heading = page.getByRole("heading", { level: 2, name: "Kids" });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();

  const before = await kidsOrder(page);
  const mark = kids(page).getByRole("button", {
    name: "Mark not available today: Chicken Fingers",
  });
  await mark.click();
  const back = kids(page).getByRole("button", { name: "Mark available again: Chicken Fingers" });
  await expect(back).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("toast-after-marking.png") });
  await expectToastClearOf(
    page,
    "“Chicken Fingers” is not available today; it is back on the menu at 4\u00a0am by itself.",
    [back],
  );
  await expect(kids(page).getByRole("listitem").first()).toContainText(
    "Not available today — back at 4\u00a0am",
  );
  expect(await kidsOrder(page)).toEqual(before);

  // A visitor's phone shows it on the menu.
  const visitor = await page.context().newPage();
  await visitor.goto("/menu?q=chicken+fingers");
  const dish = visitor.getByRole("listitem").filter({
    has: visitor.getByRole("heading", { level: 3, name: /Chicken Fingers/ }),
  });
  await expect(dish.getByText("Not available today", { exact: true })).toBeVisible();
  await visitor.close();

  await back.click();
  await expect(
    kids(page).getByRole("button", { name: "Mark not available today: Chicken Fingers" }),
  ).toBeVisible();
  expect(await kidsOrder(page)).toEqual(before);
});

test("reordering is a mode of its own, with nothing else to tap", async ({ page, signIn }) => {
  await signIn("/staff/menu", { purpose: "phone-reorder" });
  await page.getByRole("link", { name: "Reorder the menu" }).click();
  await expect(page).toHaveURL("/staff/menu?reorder=1");
  await expect(page.getByRole("heading", { level: 1, name: "Menu: reorder" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Mark / })).toHaveCount(0);
  await expect(page.getByRole("searchbox")).toHaveCount(0);

  const before = await kidsOrder(page);
  const down = page.getByRole("button", { name: `Move “${before[0]}” down` });
  await down.click();
  await expectToastClearOf(page, `“${before[0]}” moved down.`, [down]);
  await expect.poll(() => kidsOrder(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  await page.getByRole("button", { name: `Move “${before[0]}” up` }).click();
  await expect.poll(() => kidsOrder(page)).toEqual(before);

  await page.getByRole("link", { name: "Done reordering" }).click();
  await expect(page).toHaveURL("/staff/menu");
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
});

test("a counter follows what is typed, and a too-long portion is refused whole", async ({
  page,
  signIn,
}) => {
  await signIn("/staff/menu", { purpose: "phone-limits" });
  await kids(page)
    .getByRole("link", { name: /Mini Cheeseburger/ })
    .click();
  await waitForHydration(page);
  const form = page.locator("form#menu-item");
  const portion = form.getByRole("textbox", { name: "Portion" });
  const counter = form.locator("#menu-item-portion-count");
  await expect(counter).toHaveText(/^0 \/ 40/);

  const long = "One small beef patty on a soft bun, kid size";
  await portion.fill(long);
  await expect(portion).toHaveValue(long);
  await expect(counter).toContainText(`${long.length} / 40: ${long.length - 40} too many`);
  await expect(form.getByRole("status").filter({ hasText: "too many" })).toHaveText(
    `${long.length - 40} characters too many`,
  );
  await expect(portion).toHaveAccessibleDescription(/Up to 40 characters\./);

  await form.getByRole("button", { name: "Save item" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText(
    `Portion: Keep the portion to 40 characters or fewer, such as 20 oz. It has ${long.length}.`,
  );
  await expect(portion).toBeFocused();
  await expect(portion).toHaveValue(long);

  await portion.fill("");
  await expect(counter).toHaveText(/^0 \/ 40/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search and the jump are plain GETs, a save says so on the page, and a long value comes back whole", async ({
    page,
    allowConsoleErrors,
    signIn,
  }) => {
    // The refused post is answered 400, as it should be; the browser logs that.
    allowConsoleErrors(/status of 400/);
    await signIn("/staff/menu", { purpose: "phone-no-javascript" });

    await page.getByRole("searchbox", { name: "Find an item by name" }).fill("kids fish");
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page).toHaveURL("/staff/menu?q=kids+fish");
    await expect(page.getByRole("link", { name: /Fish & Chips/ })).toHaveCount(1);
    await expect(page.getByRole("list", { name: "Items in Wings" })).toHaveCount(0);

    await kids(page)
      .getByRole("button", { name: /^Mark not available today/ })
      .click();
    await expect(page).toHaveURL(/\/staff\/menu\?q=kids\+fish#item-\d+$/);
    const saved = page.getByTestId("saved-message");
    await expect(saved).toHaveRole("status");
    await expect(saved).toContainText("Saved. Visitors see it now.");
    await expect(saved).toContainText("is not available today;");
    await kids(page)
      .getByRole("button", { name: /^Mark available again/ })
      .click();
    await expect(page.getByTestId("saved-message")).toContainText("is available again.");

    await page.goto("/staff/menu");
    await page.getByRole("combobox", { name: "Jump to a section" }).selectOption({ label: "Kids" });
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/menu#section-\d+$/);
    await expect(page.getByRole("heading", { level: 2, name: "Kids" })).toBeInViewport();

    await page.getByRole("heading", { level: 2, name: "Kids" }).getByRole("link").click();
    const form = page.locator("form#menu-section");
    const note = form.getByRole("textbox", { name: "Note" });
    const long = "Kids eat free on Sundays with an adult main. ".repeat(7).trim();
    await note.fill(long);
    await form.getByRole("button", { name: "Save section" }).click();
    await expect(page.getByTestId("error-summary")).toContainText(
      `Keep the note to 300 characters or fewer. It has ${long.length}.`,
    );
    await expect(note).toHaveValue(long);
    await expect(form.locator("#menu-section-note-count")).toContainText(
      `${long.length} / 300: ${long.length - 300} too many`,
    );
  });
});
