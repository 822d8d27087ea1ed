import type { Page } from "@playwright/test";
import {
  browserOfItsOwn,
  chooseTheme,
  expect,
  expectNoSidewaysScroll,
  openHydrated,
  staffAccountFor,
  submitSignIn,
  test,
  waitForHydration,
} from "./fixtures";
import { SAMPLE_SETTINGS } from "../../app/staff/sample-content";

// The staff home's first-run checklist on a phone, with and without scripts.
// The e2e server starts from a fresh seed, so every kind of sample content is
// listed. Only the social links are changed (no other test reads them), one
// test after the other on the phone project alone, since the settings are one
// row; each test puts the sample links back.

test.describe.configure({ mode: "serial" });
test.use({ staffPurpose: "first-run" });

const LINES = [
  "The address is still the sample one.",
  "The phone number is still the sample one.",
  "The email address is still the sample one.",
  "The social links are still the sample ones.",
  "The home page picture is still the sample one.",
  /^\d+ menu items still show sample pictures\.$/,
  /^\d+ events still show sample pictures\.$/,
  /^\d+ venue spaces still show sample photos\.$/,
  "The opening hours are still the sample ones.",
  /^\d+ menu entries are still the sample's, invented for the example\.$/,
  /^(One special is|\d+ specials are) still the sample's, invented for the example\.$/,
  /^(One event is|\d+ events are) still the sample's, invented for the example\.$/,
  /^\d+ venue spaces and packages are still the sample's, invented for the example\.$/,
  /^\d+ questions on the About page are still the sample's, invented for the example\.$/,
  // The pages spec keeps one page's words a project (saved unchanged): some may be done.
  /^(One page of text is|\d+ pages of text are) still the sample's, invented for the example\.$/,
];

const SOCIAL_LINE = "The social links are still the sample ones.";
const SAMPLE_LINKS = SAMPLE_SETTINGS.socialLinks.map((link) => link.url).join("\n");

const checklist = (page: Page) => page.getByRole("region", { name: "Replace the sample content" });

const socialLinks = (page: Page) => page.getByRole("textbox", { name: "Social links (optional)" });

const ONE_PROJECT = "One project changes the single settings row";

test("the checklist names each sample, and a changed value's line goes", async ({
  page,
  expectNoA11yViolations,
  signIn,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", ONE_PROJECT);
  test.slow();
  await signIn();
  const list = checklist(page);
  await expect(list).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(LINES.length);
  for (const [index, line] of LINES.entries()) {
    await expect(list.getByRole("listitem").nth(index).getByRole("paragraph")).toHaveText(line);
  }
  await expectNoSidewaysScroll(page);

  await test.step("readable in the light and dark themes", async () => {
    for (const theme of ["light", "dark"] as const) {
      await chooseTheme(page, theme);
      await page.goto("/staff");
      await expect(page.locator("html")).toHaveClass(theme);
      await waitForHydration(page);
      await expect(list).toBeVisible();
      await expectNoA11yViolations();
      await expectNoSidewaysScroll(page);
    }
  });

  await test.step("every line's link leads to a field on its page", async () => {
    const hrefs = await list
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(hrefs).toHaveLength(LINES.length);
    for (const href of hrefs) {
      await page.goto(href);
      const id = decodeURIComponent(new URL(href, page.url()).hash.slice(1));
      await expect(page.locator(`[id="${id}"]`), href).toHaveCount(1);
    }
  });

  await openHydrated(page, "/staff");
  await list.getByRole("link", { name: "Change the social links" }).click();
  await expect(page).toHaveURL("/staff/settings#settings-socialLinks");
  await expect(socialLinks(page)).toBeInViewport();
  await socialLinks(page).fill("https://example.org/the-pub-on-the-first-run");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Saved. Visitors see it now." }),
  ).toBeVisible();

  try {
    await page.goto("/staff");
    await expect(list).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(LINES.length - 1);
    await expect(list.getByText(SOCIAL_LINE)).toHaveCount(0);
    await expect(list.getByText("The phone number is still the sample one.")).toBeVisible();
  } finally {
    await openHydrated(page, "/staff/settings");
    await socialLinks(page).fill(SAMPLE_LINKS);
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Saved. Visitors see it now." }),
    ).toBeVisible();
  }
  await page.goto("/staff");
  await expect(list.getByText(SOCIAL_LINE)).toBeVisible();
});

test("without JavaScript the checklist's link, the save and the line gone all work", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", ONE_PROJECT);
  const context = await browserOfItsOwn(browser, {
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  try {
    const account = staffAccountFor("first-run-no-javascript", testInfo.project.name);
    await page.goto("/staff/sign-in");
    await submitSignIn(page, account);
    await expect(page).toHaveURL("/staff");

    const list = checklist(page);
    await expect(list.getByText(SOCIAL_LINE)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await list.getByRole("link", { name: "Change the social links" }).click();
    await expect(page).toHaveURL("/staff/settings#settings-socialLinks");
    await socialLinks(page).fill("https://example.org/the-pub-without-scripts");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page).toHaveURL("/staff/settings");

    try {
      await page.goto("/staff");
      await expect(list).toBeVisible();
      await expect(list.getByText(SOCIAL_LINE)).toHaveCount(0);
      await expect(list.getByRole("listitem")).toHaveCount(LINES.length - 1);
    } finally {
      await page.goto("/staff/settings");
      await socialLinks(page).fill(SAMPLE_LINKS);
      await page.getByRole("button", { name: "Save details" }).click();
      await expect(page).toHaveURL("/staff/settings");
    }
    await page.goto("/staff");
    await expect(list.getByText(SOCIAL_LINE)).toBeVisible();
  } finally {
    await context.close();
  }
});
