import { readFile } from "node:fs/promises";
import type { Browser, Locator, Page } from "@playwright/test";
import { browserOfItsOwn, expect, openHydrated, test, waitForHydration } from "./fixtures";

// What staff save shows where visitors look: the booking and ordering links
// as buttons, and each event's own page with its calendar file.

const BOOK = "https://book.example/the-pub?party=2";
const ORDER = "https://order.example/the-pub";

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** A visitor's page at a size and colour scheme, with an address of its own. */
async function visitor(
  browser: Browser,
  viewport: { width: number; height: number },
  colorScheme: "light" | "dark" = "light",
) {
  const context = await browserOfItsOwn(browser, {
    viewport,
    colorScheme,
    isMobile: viewport === PHONE,
  });
  return context.newPage();
}

const booking = (scope: Page | Locator) => scope.getByRole("link", { name: "Book a table" });
const ordering = (scope: Page | Locator) => scope.getByRole("link", { name: "Order online" });
const hero = (page: Page) => page.getByRole("region", { name: /The Squire/ });

async function saveLinks(page: Page, links: { reservations: string; ordering: string }) {
  await openHydrated(page, "/staff/settings");
  await page.getByRole("textbox", { name: /^Reservations link/ }).fill(links.reservations);
  await page.getByRole("textbox", { name: /^Ordering link/ }).fill(links.ordering);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Saved. Visitors see it now." }).last(),
  ).toBeVisible();
}

test("the links staff save become Book a table and Order online buttons, and go when cleared", async ({
  page,
  browser,
  expectNoA11yViolations,
  signIn,
}, testInfo) => {
  // The settings are one row every page reads: one project saves them, and
  // checks both a desktop and a phone-sized visitor.
  test.skip(testInfo.project.name !== "desktop", "One project saves the single settings row");
  const desktop = await visitor(browser, DESKTOP);
  const phone = await visitor(browser, PHONE, "dark");
  try {
    // As the sample content has it: neither link set, no buttons anywhere.
    await desktop.goto("/");
    await expect(hero(desktop)).toBeVisible();
    await expect(booking(desktop)).toHaveCount(0);
    await expect(ordering(desktop)).toHaveCount(0);

    await signIn("/staff", { purpose: "booking-links" });
    await saveLinks(page, { reservations: BOOK, ordering: ORDER });

    await expect(async () => {
      await desktop.goto("/");
      await expect(booking(hero(desktop))).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 5_000 });
    await waitForHydration(desktop);
    await expect(booking(hero(desktop))).toHaveAttribute("href", BOOK);
    await expect(ordering(hero(desktop))).toHaveAttribute("href", ORDER);
    await expect(ordering(hero(desktop))).not.toHaveAttribute("target", /.+/);
    // The header holds them on a desktop...
    const header = desktop.getByRole("banner");
    await expect(booking(header)).toBeVisible();
    await expect(ordering(header)).toBeVisible();
    // ...without pushing anything off its one line.
    const headerBox = await header.boundingBox();
    expect(headerBox?.height).toBeLessThanOrEqual(81);
    // A keyboard user sees where they are.
    await desktop.keyboard.press("Tab");
    await booking(header).focus();
    await expect(booking(header)).toBeFocused();
    expect(await booking(header).evaluate((link) => getComputedStyle(link).outlineStyle)).toBe(
      "solid",
    );
    await expectNoA11yViolations(desktop);

    for (const path of ["/menu", "/contact"]) {
      await desktop.goto(path);
      const main = desktop.getByRole("main");
      await expect(booking(main), path).toHaveAttribute("href", BOOK);
      await expect(ordering(main), path).toHaveAttribute("href", ORDER);
    }

    // On a phone (in dark mode) the header stays as it was; the menu holds them.
    await openHydrated(phone, "/");
    await expect(booking(hero(phone))).toBeVisible();
    await expect(booking(phone.getByRole("banner"))).toBeHidden();
    await expectNoA11yViolations(phone);
    await phone.getByRole("button", { name: "Open site navigation" }).click();
    const dialog = phone.getByRole("dialog");
    await expect(booking(dialog)).toHaveAttribute("href", BOOK);
    await expect(ordering(dialog)).toHaveAttribute("href", ORDER);
    await expectNoA11yViolations(phone);
  } finally {
    await saveLinks(page, { reservations: "", ordering: "" });
  }

  await expect(async () => {
    await desktop.goto("/contact");
    await expect(desktop.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 500 });
    await expect(booking(desktop)).toHaveCount(0, { timeout: 500 });
    await expect(ordering(desktop)).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await desktop.context().close();
  await phone.context().close();
});

test("from the home page to an event's page, and its calendar file", async ({
  page,
  expectNoA11yViolations,
}) => {
  await openHydrated(page, "/");
  // A seeded event: the events editor's test may add one of its own for a while.
  const listed = page
    .getByRole("region", { name: "Coming up at the pub" })
    .getByRole("heading")
    .getByRole("link")
    .filter({ hasNotText: /^Phone Quiz/ })
    .first();
  const title = (await listed.textContent()) ?? "";
  await listed.click();

  await expect(page).toHaveURL(/\/events\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | The Squire Pub & Grill`);
  await expect(page.getByRole("link", { name: "All events" })).toHaveAttribute("href", "/events");
  await expectNoA11yViolations();

  const slug = new URL(page.url()).pathname.split("/").at(-1);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Add to calendar" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${slug}.ics`);
  const file = await readFile((await download.path())!, "utf8");
  expect(file).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(file).toMatch(/\r\nEND:VCALENDAR\r\n$/);
  expect(file.replace(/\r\n[ \t]/g, "")).toContain(
    `\r\nSUMMARY:${title.replace(/([,;\\])/g, "\\$1")}\r\n`,
  );

  // The list of every event leads back to it.
  await page.getByRole("link", { name: "All events" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveAttribute(
    "href",
    `/events/${slug}`,
  );
});

test("an address with no event is the 404 page", async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404/);
  const response = await page.goto("/events/no-such-event");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
});
