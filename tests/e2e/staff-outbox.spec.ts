import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, sendEnquiry, test } from "./fixtures";

// On a phone, as a manager would: the staff navigation counts the unread
// enquiries and the inbox marks them; opening one reads it; the outbox shows
// the mail each enquiry queued, which waits there (the test server has no
// mail server, as the embedded default), and its text can be read.

test.skip(({ isMobile }) => !isMobile, "checked at 375 px on the phone project");
test.use({ staffPurpose: "outbox" });

const sections = (page: Page) => page.getByRole("navigation", { name: "Staff sections" });

/** The unread count the navigation shows by Enquiries (0 when it shows none). */
async function navigationCount(page: Page): Promise<number> {
  const link = sections(page).getByRole("link", { name: /^Enquiries/ });
  const name = (await link.textContent()) ?? "";
  const match = /(\d+)\s*unread/.exec(name);
  return match ? Number(match[1]) : 0;
}

/** The unread count the inbox's status line states. */
async function inboxCount(page: Page): Promise<number> {
  const status = (await page.getByRole("main").getByRole("status").textContent()) ?? "";
  const match = /(\d+) unread\./.exec(status);
  return match ? Number(match[1]) : 0;
}

test("the unread count and the outbox at 375 px", async ({
  page,
  browser,
  expectNoA11yViolations,
  signIn,
}, testInfo) => {
  const sent = await sendEnquiry(browser);
  await signIn();

  // The inbox: the navigation's count is the inbox's, and the new enquiry is marked unread.
  await expect(page.getByRole("main").getByRole("status")).toContainText("unread.");
  const unread = await inboxCount(page);
  expect(unread).toBeGreaterThanOrEqual(1);
  await expect(sections(page).getByRole("link", { name: /^Enquiries/ })).toHaveAccessibleName(
    `Enquiries ${unread} unread`,
  );
  expect(await navigationCount(page)).toBe(unread);
  const row = page.getByRole("main").getByRole("link", { name: new RegExp(sent.name) });
  await expect(row.getByText("Unread", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations();
  await page.screenshot({ path: testInfo.outputPath("inbox-375.png") });

  // Opened, it is read: back in the inbox it is marked not handled.
  await row.click();
  await expect(page.getByRole("heading", { level: 1, name: sent.name })).toBeVisible();
  await expect(page.getByRole("main").getByText("Not handled", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "All enquiries" }).click();
  await expect(row.getByText("Not handled", { exact: true })).toBeVisible();
  await expect(row.getByText("Unread", { exact: true })).toHaveCount(0);
  expect(await navigationCount(page)).toBe(await inboxCount(page));

  // The outbox, from the navigation (owners only).
  await sections(page).getByRole("link", { name: "Outbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
  await expect(sections(page).getByRole("link", { name: "Outbox" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("main")).toContainText(
    "No mail server is set up, so nothing is emailed.",
  );
  const mail = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ hasText: `New enquiry: A general question from ${sent.name}` });
  await expect(mail).toHaveCount(1);
  await expect(mail.getByText("Waiting", { exact: true })).toBeVisible();
  await expect(mail).toContainText("Waiting: no mail server is set up, so it stays here.");
  await expect(mail.getByText(sent.message)).toBeHidden();
  await mail.getByText("Read the mail").click();
  await expect(mail.getByText(sent.message)).toBeVisible();
  await expect(mail).toContainText(
    new RegExp(`staff area: ${new URL("/staff/enquiries/", page.url()).href}\\d+`),
  );
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations();
  await page.screenshot({ path: testInfo.outputPath("outbox-375.png"), fullPage: true });
});
