import { randomUUID } from "node:crypto";
import { SUBMISSION_FIELD } from "../../app/enquiries/enquiry-fields.ts";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { addDays, deleteHoursException, press, torontoNow, torontoParts } from "./staff-hours";
import {
  browserOfItsOwn,
  expect,
  openHydrated,
  signInAsStaff,
  staffAccountFor,
  type StaffPurpose,
  test,
  waitForHydration,
} from "./fixtures";

// Open pages keep up by themselves: a visitor's page (A, a browser of its
// own) shows what staff save in another (B) within 3 seconds, with no
// navigation, its scroll position and typed text kept, and the change
// announced politely; the clock flips a page at its boundary; and a page
// whose stream is refused polls instead. Each test changes only rows it adds,
// and deletes them again.

test.describe.configure({ timeout: 120_000 });

/** What a visitor must see within: the 3 seconds, from the staff save. */
const LIVE = { timeout: 3000 };
const SAVED = "Saved. Visitors see it now.";

type Visitor = {
  page: Page;
  context: BrowserContext;
  /** Documents loaded since the page was opened (a navigation or reload would add one). */
  documentLoads(): number;
  /** Whether the marker put on `window` when the page opened is still there (no new document). */
  sameDocument(): Promise<boolean>;
  /** What the page logged as errors (a CSP violation, a hydration mismatch, an uncaught error). */
  consoleErrors: string[];
};

/**
 * Opens `path` as a visitor in a browser of its own, waits for hydration and
 * for the live stream (or, with `polling`, the first poll), and marks the
 * window, so a reload or navigation would show.
 */
async function openAsVisitor(
  browser: Browser,
  path: string,
  {
    prepare,
    polling = false,
  }: { prepare?: (page: Page) => Promise<unknown>; polling?: boolean } = {},
): Promise<Visitor> {
  const context = await browserOfItsOwn(browser);
  const page = await context.newPage();
  await prepare?.(page);
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(`pageerror: ${error.message}`));
  let documents = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents += 1;
  });
  const connected = polling
    ? page.waitForResponse((response) => new URL(response.url()).pathname === "/live/revision")
    : page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/live" && response.status() === 200,
      );
  await openHydrated(page, path);
  await connected;
  await page.evaluate(() => {
    (window as unknown as { liveMarker: string }).liveMarker = "still here";
  });
  const loadsAtStart = documents;
  return {
    page,
    context,
    consoleErrors,
    documentLoads: () => documents - loadsAtStart,
    sameDocument: () =>
      page.evaluate(
        () => (window as unknown as { liveMarker?: string }).liveMarker === "still here",
      ),
  };
}

/** The update came in place: no reload, no navigation, and nothing logged as an error. */
async function expectNoNavigation(visitor: Visitor, { allowed }: { allowed?: RegExp } = {}) {
  expect(await visitor.sameDocument()).toBe(true);
  expect(visitor.documentLoads()).toBe(0);
  expect(visitor.consoleErrors.filter((text) => !allowed?.test(text))).toEqual([]);
}

/** The polite live region's message. */
const announcement = (page: Page, text: string) =>
  page.getByRole("status").filter({ hasText: text });

async function staffPage(browser: Browser, purpose: StaffPurpose, project: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsStaff(page, staffAccountFor(purpose, project));
  return { page, close: () => context.close() };
}

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/**
 * A day a week or more ahead that no other test and no seeded holiday uses
 * (clear of Christmas to New Year), the `n`th such: each test and project
 * takes its own, as two exceptions on one day refuse each other.
 */
function quietDay(n: number): string {
  let day = addDays(torontoNow().date, 8);
  let found = -1;
  for (;;) {
    const monthDay = day.slice(5);
    if (monthDay >= "12-20" || monthDay <= "01-05") {
      day = addDays(day, 1);
      continue;
    }
    found += 1;
    if (found === n) return day;
    day = addDays(day, 1);
  }
}

/** Each project's own quiet days, so desktop and phone never pick the same one. */
const dayIndex = (project: string, which: number) => which * 2 + (project === "phone" ? 1 : 0);

/** The instant of a Toronto wall time on `date`, whatever the time of year. */
function torontoInstant(date: string, time: string): Date {
  for (const offset of ["-05:00", "-04:00"]) {
    const instant = new Date(`${date}T${time}:00${offset}`);
    if (torontoParts(instant).time === time) return instant;
  }
  throw new Error(`No Toronto instant for ${date} ${time}`);
}

async function closeDay(staff: Page, day: string, note: string) {
  await openHydrated(staff, "/staff/hours");
  const closedDay = staff.getByRole("form", { name: "Closed for a day" });
  await closedDay.getByLabel("Day").fill(day);
  await closedDay.getByLabel("Reason").fill(note);
  await press(closedDay.getByRole("button", { name: "Close that day" }));
  await expect(toast(staff, SAVED)).toBeVisible();
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

async function addSpecialForToday(staff: Page, title: string) {
  await openHydrated(staff, "/staff/specials/new");
  await staff.getByLabel("Name").fill(title);
  await staff.getByLabel("Price").fill("$9.50");
  await staff.getByLabel("Every week on").selectOption({ label: WEEKDAYS[torontoNow().weekday]! });
  await press(staff.getByRole("button", { name: "Add the special" }));
  await expect(toast(staff, SAVED)).toBeVisible();
  await expect(staff).toHaveURL(/\/staff\/specials#special-\d+$/);
}

async function deleteSpecial(staff: Page, title: string) {
  await openHydrated(staff, "/staff/specials");
  await press(staff.getByRole("main").getByRole("link", { name: new RegExp(title) }));
  await press(staff.getByRole("button", { name: "Delete…" }));
  await press(staff.getByRole("button", { name: "Yes, delete" }));
  await expect(toast(staff, "Deleted.")).toBeVisible();
}

test("a dish marked not available shows on an open menu within 3 s, in place, announced", async ({
  browser,
}, testInfo) => {
  const name = `Live Wings ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
  const staff = await staffPage(browser, "live-menu", testInfo.project.name);
  await staff.page.goto("/staff/menu");
  await waitForHydration(staff.page);
  await staff.page.getByRole("link", { name: "Add an item to Wings" }).click();
  const form = staff.page.locator("form#menu-item");
  await waitForHydration(staff.page);
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("textbox", { name: "Price" }).fill("$13.25");
  await press(form.getByRole("button", { name: "Add item" }));
  await expect(toast(staff.page, SAVED)).toBeVisible();
  await expect(staff.page).toHaveURL(/\/staff\/menu#item-\d+$/);

  const visitor = await openAsVisitor(browser, "/menu");
  const entry = visitor.page.getByRole("listitem").filter({
    has: visitor.page.getByRole("heading", { level: 3, name }),
  });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText("Not available today", { exact: true })).toHaveCount(0);
  // Down the page, where a reload would start again from the top.
  await entry.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const scrolled = await visitor.page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  const row = staff.page
    .getByRole("list", { name: "Items in Wings" })
    .getByRole("listitem")
    .filter({ has: staff.page.getByRole("link", { name: new RegExp(name) }) });
  await press(row.getByRole("button", { name: /Mark not available today/ }));

  await expect(entry.getByText("Not available today", { exact: true })).toBeVisible(LIVE);
  await expect(announcement(visitor.page, "The menu was just updated.")).toHaveCount(1);
  await expectNoNavigation(visitor);
  expect(await visitor.page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Deleted again (the item's page, then Delete), so the seeded menu stays as it was.
  await row.getByRole("link", { name: new RegExp(name) }).click();
  await expect(staff.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await waitForHydration(staff.page);
  await press(staff.page.getByRole("button", { name: "Delete…" }));
  await press(staff.page.getByRole("button", { name: "Yes, delete" }));
  await expect(staff.page).toHaveURL(/\/staff\/menu(#section-\d+)?$/);
  await expect(entry).toHaveCount(0, LIVE);
  await visitor.context.close();
  await staff.close();
});

test("closing a day shows on an open home page's open-now line within 3 s", async ({
  browser,
}, testInfo) => {
  // The visitor's browser lives on a quiet day, at 2 pm, when every seeded day is open.
  const day = quietDay(dayIndex(testInfo.project.name, 0));
  const note = `Closed for the floors ${randomUUID().slice(0, 6)}`;
  const staff = await staffPage(browser, "live-hours", testInfo.project.name);
  const visitor = await openAsVisitor(browser, "/", {
    prepare: (page) => page.clock.install({ time: torontoInstant(day, "14:00") }),
  });
  const openNow = visitor.page.getByRole("main").locator("[role=status][data-open]");
  await expect(openNow).toHaveAttribute("data-open", "true");

  await closeDay(staff.page, day, note);

  await expect(openNow).toHaveAttribute("data-open", "false", LIVE);
  await expect(openNow).toHaveText(/^Closed/);
  await expect(announcement(visitor.page, "This page was just updated.")).toHaveCount(1);
  await expectNoNavigation(visitor);

  await deleteHoursException(staff.page, note);
  await expect(openNow).toHaveAttribute("data-open", "true", LIVE);
  await visitor.context.close();
  await staff.close();
});

test("a new special shows on an open home page within 3 s", async ({
  browser,
  expectNoA11yViolations,
}, testInfo) => {
  const title = `Live Pie ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
  const staff = await staffPage(browser, "live-specials", testInfo.project.name);
  const visitor = await openAsVisitor(browser, "/");
  const main = visitor.page.getByRole("main");
  await expect(main).not.toContainText(title);

  await addSpecialForToday(staff.page, title);

  await expect(main.getByText(title)).toBeVisible(LIVE);
  await expect(announcement(visitor.page, "This page was just updated.")).toHaveCount(1);
  await expectNoNavigation(visitor);
  // The updated page, its live region speaking, as axe finds it.
  await expectNoA11yViolations(visitor.page);

  await deleteSpecial(staff.page, title);
  await expect(main.getByText(title)).toHaveCount(0, LIVE);
  await visitor.context.close();
  await staff.close();
});

test("what a visitor typed in the contact form, and where, survives a live update, and so does the confirmation once sent", async ({
  browser,
}, testInfo) => {
  const day = quietDay(dayIndex(testInfo.project.name, 1));
  const note = `Closed for a private party ${randomUUID().slice(0, 6)}`;
  const staff = await staffPage(browser, "live-contact", testInfo.project.name);
  const email = `sam.${randomUUID().slice(0, 8)}@example.com`;
  const visitor = await openAsVisitor(browser, "/contact");
  const fields = visitor.page.locator("form#contact-form");
  await fields.getByRole("textbox", { name: "Your name" }).fill("Sam Visitor");
  await fields.getByRole("textbox", { name: "Email" }).fill(email);
  const message = fields.getByRole("textbox", { name: "Your message" });
  await message.fill("Do you have room for twelve on Friday? We are still deci");
  await expect(message).toBeFocused();
  const token = await fields.locator(`input[name="${SUBMISSION_FIELD}"]`).inputValue();

  await closeDay(staff.page, day, note);

  // The contact page lists the holiday: the update has arrived.
  await expect(visitor.page.getByRole("main").getByText(note)).toBeVisible(LIVE);
  await expect(announcement(visitor.page, "This page was just updated.")).toHaveCount(1);
  await expectNoNavigation(visitor);
  await expect(fields.getByRole("textbox", { name: "Your name" })).toHaveValue("Sam Visitor");
  await expect(fields.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await expect(message).toHaveValue("Do you have room for twelve on Friday? We are still deci");
  await expect(message).toBeFocused();
  // The form is the same form: the token it was shown with is the one it sends.
  expect(await fields.locator(`input[name="${SUBMISSION_FIELD}"]`).inputValue()).toBe(token);
  // Typing goes on where it stopped.
  await message.press("End");
  await message.pressSequentially("ding.");
  await expect(message).toHaveValue(
    "Do you have room for twelve on Friday? We are still deciding.",
  );

  // Sent: the confirmation is read from the server once, and a live update
  // (the holiday taken off again) reads the page again without it.
  await fields.getByRole("combobox", { name: "What is it about?" }).selectOption({
    label: "A general question",
  });
  await fields.getByRole("checkbox", { name: /^I agree/ }).check();
  await fields.getByRole("button", { name: "Send message" }).click();
  const confirmation = visitor.page.getByRole("heading", { name: "Your message is with us" });
  await expect(confirmation).toBeVisible();
  await deleteHoursException(staff.page, note);
  await expect(visitor.page.getByRole("main").getByText(note)).toHaveCount(0, LIVE);
  await expect(confirmation).toBeVisible();
  await expect(visitor.page.getByRole("main")).toContainText(
    "Do you have room for twelve on Friday? We are still deciding.",
  );

  // Another message: an empty form in its place, ready to type in.
  await visitor.page.getByRole("link", { name: "Send another message" }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(fields.getByRole("textbox", { name: "Your name" })).toBeFocused();
  await expect(fields.getByRole("textbox", { name: "Your name" })).toHaveValue("");
  await expect(message).toHaveValue("");
  await expectNoNavigation(visitor);
  await visitor.context.close();
  await staff.close();
});

test("the open page flips at the kitchen's closing by itself, with no reload", async ({
  browser,
}, testInfo) => {
  // A Monday to Wednesday after the days the other tests close (the kitchen
  // closes at 10 pm there, the bar at midnight), each project its own.
  let day = quietDay(4 + dayIndex(testInfo.project.name, 0));
  const holidays = (date: string) => date.slice(5) >= "12-20" || date.slice(5) <= "01-05";
  while (![1, 2, 3].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) || holidays(day)) {
    day = addDays(day, 1);
  }
  const visitor = await openAsVisitor(browser, "/", {
    prepare: (page) => page.clock.install({ time: torontoInstant(day, "21:59") }),
  });
  const openNow = visitor.page.getByRole("main").locator("[role=status][data-open]");
  await expect(openNow).toHaveText("Open now · until midnight");

  await visitor.page.clock.runFor(2 * 60_000);

  await expect(openNow).toHaveText("Kitchen closed · bar open until midnight");
  await expectNoNavigation(visitor);
  await visitor.context.close();
});

test("a page whose stream is refused polls, and the update still arrives", async ({
  browser,
}, testInfo) => {
  const title = `Polled Pie ${testInfo.project.name} ${randomUUID().slice(0, 6)}`;
  const staff = await staffPage(browser, "live-polling", testInfo.project.name);
  const visitor = await openAsVisitor(browser, "/", {
    polling: true,
    // As the server answers past its limit of open streams.
    prepare: (page) =>
      page.route(
        (url) => url.pathname === "/live",
        (route) =>
          route.fulfill({
            status: 503,
            headers: { "Retry-After": "30", "Content-Type": "application/json" },
            body: JSON.stringify({ error: "Too many open live connections." }),
          }),
      ),
  });
  const main = visitor.page.getByRole("main");

  await addSpecialForToday(staff.page, title);

  // A poll every 5 seconds: within one interval and the revalidation.
  await expect(main.getByText(title)).toBeVisible({ timeout: 8000 });
  await expect(announcement(visitor.page, "This page was just updated.")).toHaveCount(1);
  // The browser reports the refused stream; nothing else.
  await expectNoNavigation(visitor, { allowed: /EventSource|503/ });

  await deleteSpecial(staff.page, title);
  await visitor.context.close();
  await staff.close();
});
