import type { Browser, Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, test } from "./fixtures";
import { mailTextInOutbox } from "./outbox";
import { phoneContext } from "./phone";

// As a visitor on a phone, with and without JavaScript: the footer's
// sign-up, the confirmation link in the mail, and the unsubscribe page with
// its undo. The mail waits in the outbox (the test server has no mail
// server), where an owner reads it, as the pub would.

test.skip(({ isMobile }) => !isMobile, "checked at 375 px on the phone project");

/** The footer's sign-up on `page`. */
const footerSignUp = (page: Page) => {
  const form = page.getByRole("contentinfo").locator("form").filter({ hasText: "Newsletter" });
  return {
    form,
    email: form.getByRole("textbox", { name: "Newsletter" }),
    submit: form.getByRole("button", { name: "Sign up" }),
  };
};

/** The confirmation mail to `email`, read in the outbox as an owner does: its two links. */
async function linksFromOutbox(owner: Page, email: string) {
  const text = await mailTextInOutbox(owner, ["Confirm your subscription to", email]);
  const confirm = /Confirm your subscription: (\S+)/.exec(text)?.[1];
  const unsubscribe = /Unsubscribe: (\S+)/.exec(text)?.[1];
  expect(confirm).toMatch(/\/newsletter\/confirm\?token=/);
  expect(unsubscribe).toMatch(/\/newsletter\/unsubscribe\?token=/);
  return { confirm: new URL(confirm!), unsubscribe: new URL(unsubscribe!) };
}

async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  const context = await phoneContext(browser, { javaScriptEnabled });
  return { context, page: await context.newPage() };
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({
      staffPurpose: javaScript ? "newsletter-sign-up" : "newsletter-sign-up-no-javascript",
    });

    test("signing up in the footer, confirming, unsubscribing and undoing it", async ({
      browser,
      page: owner,
      signIn,
      expectNoA11yViolations,
    }, testInfo) => {
      const { context, page } = await visitor(browser, javaScript);
      const email = `robin.${crypto.randomUUID().slice(0, 8)}@example.com`;

      // An address the browser lets through but the site does not: the
      // sign-up page gives the form back with what was typed and why.
      await page.goto("/about");
      let footer = footerSignUp(page);
      await footer.email.fill("robin@example");
      await footer.submit.click();
      await expect(page).toHaveURL(/\/newsletter$/);
      const form = page.getByRole("form", { name: "Sign up" });
      await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue("robin@example");
      await expect(form.getByText(/Enter an email address such as/).first()).toBeVisible();
      await expectNoSidewaysScroll(page);

      // From the footer of another page, the address signs up.
      await page.goto("/menu");
      footer = footerSignUp(page);
      await expect(footer.form.getByText(/Send me the pub's newsletter/)).toBeVisible();
      await footer.email.fill(email);
      await footer.submit.click();
      await expect(page).toHaveURL(/\/newsletter\?step=sent$/);
      await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
      await expect(
        page.getByRole("status", { name: "One more step: the link in your mail" }),
      ).toContainText("a mail with a link to confirm");
      await expectNoSidewaysScroll(page);
      if (javaScript) await expectNoA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath("signed-up-375.png"), fullPage: true });

      await signIn();
      const links = await linksFromOutbox(owner, email);

      // The link shows a button (mail scanners follow links); the button confirms.
      await page.goto(links.confirm.pathname + links.confirm.search);
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "You're subscribed" }),
      ).toBeVisible();
      // Used once, the link no longer works.
      await page.goto(links.confirm.pathname + links.confirm.search);
      await expect(
        page.getByRole("heading", { level: 1, name: "This link doesn't work" }),
      ).toBeVisible();

      // The unsubscribe link works without a sign-in, at once, with an undo.
      await page.goto(links.unsubscribe.pathname + links.unsubscribe.search);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "You're unsubscribed" }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (javaScript) await expectNoA11yViolations(page);
      await page.screenshot({ path: testInfo.outputPath("unsubscribed-375.png"), fullPage: true });
      await page.getByRole("button", { name: "Subscribe again" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "You're subscribed again" }),
      ).toBeVisible();
      await context.close();
    });
  });
}
