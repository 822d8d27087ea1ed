import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { expectThumbSizedControls } from "./phone";
import {
  browserOfItsOwn,
  expect,
  expectNoSidewaysScroll,
  test,
  type StaffPurpose,
} from "./fixtures";

// An owner's list of the newsletter's subscribers, at 375 px and on a
// desktop, with and without JavaScript: people ask through the contact
// form's box (one confirms with the link mailed to them), the owner finds
// them by a word of their address, narrows the list to a state, reads a
// consent record, downloads the list as a spreadsheet and removes one.

/** Asks for the newsletter with the contact form's box ticked, as a visitor, without scripts. */
async function askForNewsletter(browser: Browser, email: string) {
  const context = await browserOfItsOwn(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const form = page.locator("form#contact-form");
  await form.getByRole("textbox", { name: "Your name" }).fill("Robin Tremblay");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form
    .getByRole("combobox", { name: "What is it about?" })
    .selectOption({ label: "A general question" });
  await form.getByRole("textbox", { name: "Your message" }).fill("Is the patio open in May?");
  await form.getByRole("checkbox", { name: /^I agree/ }).check();
  await form.getByRole("checkbox", { name: /newsletter/ }).check();
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Your message is with us" })).toBeVisible();
  await context.close();
}

/** Uses the confirmation link mailed to `email`, read from the owner's outbox, as its reader would. */
async function confirmFromMailbox(page: Page, browser: Browser, email: string) {
  const outbox = await page.request.get("/staff/outbox");
  const html = await outbox.text();
  const mail = html.slice(html.indexOf(email));
  const path = /\/newsletter\/confirm\?token=[\w-]{43}/.exec(mail)?.[0];
  expect(path, `the confirmation mail to ${email}`).toBeTruthy();
  const context = await browserOfItsOwn(browser, { javaScriptEnabled: false });
  const reader = await context.newPage();
  await reader.goto(path!);
  await reader.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  await context.close();
}

const rowOf = (page: Page, email: string) =>
  page.getByRole("list", { name: "Subscribers" }).getByRole("listitem").filter({ hasText: email });

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    const purpose: StaffPurpose = javaScript
      ? "newsletter-subscribers"
      : "newsletter-subscribers-no-javascript";
    test.use({ javaScriptEnabled: javaScript, staffPurpose: purpose });

    test("an owner finds, filters, exports and removes subscribers", async ({
      page,
      browser,
      account,
      signIn,
      expectNoA11yViolations,
    }, testInfo) => {
      // A word in both addresses that no other test's address has.
      const word = `lark${crypto.randomUUID().slice(0, 8)}`;
      const confirmed = `${word}.regular@example.com`;
      const waiting = `${word}.new@example.com`;
      await askForNewsletter(browser, confirmed);
      await askForNewsletter(browser, waiting);

      await signIn("/staff/outbox");
      await confirmFromMailbox(page, browser, confirmed);

      // The list, found by the word.
      await page.goto("/staff/newsletter/subscribers");
      await expect(
        page.getByRole("heading", { level: 1, name: "Newsletter subscribers" }),
      ).toBeVisible();
      await expect(page.getByTestId("count-confirmed")).toHaveText(/^[1-9]\d*$/);
      await page.getByRole("searchbox", { name: "Search addresses" }).fill(word.toUpperCase());
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(new RegExp(`q=${word}`, "i"));
      await expect(page.getByRole("main").getByRole("status")).toHaveText(
        `2 addresses matching “${word}”, the latest change first. Show all`,
      );
      await expect(rowOf(page, confirmed)).toContainText(
        /Confirmed \w{3} \d{1,2}, \d{4}, from the contact form/,
      );
      await expect(rowOf(page, waiting)).toContainText(
        /Waiting since \w{3} \d{1,2}, \d{4}, from the contact form; the link runs out \w{3} \d{1,2}, \d{4}/,
      );

      // Its consent record: the words they agreed to, the pub then.
      await rowOf(page, confirmed).getByText("Consent record").click();
      await expect(rowOf(page, confirmed)).toContainText(
        "“Yes, send me the pub's newsletter about events and specials, about once a month. I can unsubscribe at any time.”",
      );
      await expect(rowOf(page, confirmed)).toContainText("The Squire Pub & Grill");

      // Narrowed to the waiting, the search kept.
      await page
        .getByRole("navigation", { name: "Show" })
        .getByRole("link", { name: /^Waiting/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`state=waiting&q=${word}`));
      await expect(rowOf(page, waiting)).toBeVisible();
      await expect(rowOf(page, confirmed)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      if (testInfo.project.name === "phone") await expectThumbSizedControls(page);
      if (javaScript) await expectNoA11yViolations();
      await page.screenshot({
        path: testInfo.outputPath(`subscribers-${testInfo.project.name}.png`),
        fullPage: true,
      });

      // The whole list as a spreadsheet, with the consent record.
      await page
        .getByRole("navigation", { name: "Show" })
        .getByRole("link", { name: /^All/ })
        .click();
      await expect(rowOf(page, confirmed)).toBeVisible();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Export all as CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d\d-\d\d\.csv$/);
      const sheet = await readFile((await download.path())!, "utf8");
      const lines = sheet.replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe(
        "state,email,consented_at (UTC),consent_form,consent_wording,pub_name,pub_postal_address,confirmed_at (UTC),unsubscribed_at (UTC),unsubscribed_by,removed_by_owner,bounced_at (UTC)",
      );
      const line = lines.find((text) => text.includes(confirmed));
      expect(line).toMatch(
        new RegExp(
          `^confirmed,${confirmed.replaceAll(".", "\\.")},\\d{4}-\\d\\d-\\d\\dT[\\d:]{8}Z,contact,"Yes, send me the pub's newsletter`,
        ),
      );

      // Removing the confirmed one: asked first, then done and recorded.
      await rowOf(page, confirmed)
        .getByRole("link", { name: `Remove ${confirmed}` })
        .click();
      const question = javaScript
        ? page.getByRole("dialog", { name: `Remove ${confirmed} from the newsletter?` })
        : page.getByRole("region", { name: `Remove ${confirmed} from the newsletter?` });
      await expect(question).toBeVisible();
      await expect(question).toContainText("They can sign up again themselves.");
      if (javaScript) await expectNoA11yViolations();
      await question.getByRole("button", { name: "Yes, remove" }).click();
      if (javaScript) {
        await expect(
          page.locator("[data-sonner-toast]").filter({
            hasText: `${confirmed} is off the newsletter's list.`,
          }),
        ).toBeVisible();
      }
      await expect(question).toHaveCount(0);
      await expect(rowOf(page, confirmed)).toContainText(
        new RegExp(
          `Unsubscribed \\w{3} \\d{1,2}, \\d{4} by ${account.email.replaceAll(".", "\\.")} \\(an owner\\)`,
        ),
      );
      await expect(rowOf(page, confirmed).getByRole("link", { name: /^Remove/ })).toHaveCount(0);
      await expect(rowOf(page, confirmed).getByText(/^Consent record/)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    });
  });
}
