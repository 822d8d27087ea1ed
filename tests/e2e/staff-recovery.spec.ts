import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, signInAsStaff, submitSignIn, test } from "./fixtures";
import { expectThumbSizedControls, inBothThemes, phoneContext } from "./phone";
import { mailTextInOutbox } from "./outbox";

// "Forgot your password?" on a phone, with JavaScript and without: a member
// of staff asks for a link, the mail waits in the outbox (the test server has
// no mail server), where an owner reads it; the link opens the new-password
// page, which refuses two different passwords and then sets the new one and
// signs the member in; the old password stops working and the link works once.
// Each test's member is invited afresh by an owner of its own, so the
// recovery limits (three links an hour for an address) never refuse a retry.

test.skip(({ isMobile }) => !isMobile, "checked at 375 px on the phone project");
test.use({ ownAddress: true });

const WRONG_CREDENTIALS =
  "That email and password don't match a staff account. Check them and try again.";
const RECOVERY_ON_ITS_WAY =
  "If that address belongs to a staff member, a link to set a new password is on its way.";
const EXPIRED_RECOVERY =
  "This link has expired or has been used. Ask for a new one: each link works once, within an hour.";
const DIFFERENT_PASSWORDS = "The two passwords differ. Type the same password twice.";

type Member = { email: string; password: string };

/**
 * A new editor: invited by the owner signed in on `owner`, who joins with
 * the invitation's link on a phone of their own and sets a password.
 */
async function newMember(owner: Page, browser: Browser): Promise<Member> {
  const member = {
    email: `forgetful-${randomUUID().slice(0, 8)}@staff.example.com`,
    password: `first password ${randomUUID().slice(0, 6)}`,
  };
  await owner.goto("/staff/people");
  const invite = owner.getByRole("form", { name: "Invite someone" });
  await invite.getByRole("textbox", { name: "Email" }).fill(member.email);
  await invite.getByRole("combobox", { name: "Role" }).selectOption("editor");
  await invite.getByRole("button", { name: "Invite" }).click();
  const link = owner.getByTestId("invitation").getByRole("textbox", { name: "Their link" });
  await expect(link).toHaveValue(/\/staff\/setup\?code=/);

  const theirs = await phoneContext(browser, { javaScriptEnabled: false });
  const page = await theirs.newPage();
  await page.goto(await link.inputValue());
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByLabel("Password again").fill(member.password);
  await page.getByRole("button", { name: "Set my password and sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  await theirs.close();
  return member;
}

/** The link in the recovery mail to `email`, read in the outbox as an owner does. */
async function recoveryLinkFromOutbox(owner: Page, email: string): Promise<URL> {
  const text = await mailTextInOutbox(owner, ["Set a new password for", email]);
  const link = /Set a new password: (\S+)/.exec(text)?.[1];
  expect(link).toMatch(/^http/);
  return new URL(link!);
}

const resetForm = (page: Page) => {
  const form = page.getByRole("form", { name: "New password" });
  return {
    form,
    password: form.getByLabel("New password", { exact: true }),
    again: form.getByLabel("New password again"),
    submit: form.getByRole("button", { name: "Set my password and sign in" }),
  };
};

/** Signs in on a phone of its own; the page, on the answer. */
async function signInElsewhere(browser: Browser, javaScriptEnabled: boolean, member: Member) {
  const context = await phoneContext(browser, { javaScriptEnabled });
  const page = await context.newPage();
  await page.goto("/staff/sign-in");
  await submitSignIn(page, member);
  return page;
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({
      javaScriptEnabled: javaScript,
      staffPurpose: javaScript ? "recovery" : "recovery-no-javascript",
    });

    test("a forgotten password: the mailed link, two different passwords refused, then a new one", async ({
      page,
      browser,
      allowConsoleErrors,
      expectNoA11yViolations,
      account,
    }, testInfo) => {
      // An owner, an invitation, a member joining, a mail and three sign-ins.
      test.slow();
      // Without scripts, the refused post is a 400 page, which the browser logs.
      allowConsoleErrors(/status of 400/);
      const shot = (file: string) => testInfo.outputPath(file);
      // Axe runs in the page's own scripts: with them (the markup is the same without).
      const axe = javaScript ? expectNoA11yViolations : undefined;
      const ownerContext = await phoneContext(browser, { javaScriptEnabled: true });
      const owner = await ownerContext.newPage();
      await signInAsStaff(owner, account);
      const member = await newMember(owner, browser);

      // The member has forgotten it: from the sign-in page, they ask for a link.
      await page.goto("/staff/sign-in");
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(
        page.getByRole("heading", { level: 1, name: "Forgot your password?" }),
      ).toBeVisible();
      await expectThumbSizedControls(page);
      await inBothThemes(page, "forgot-password", shot, { axe });
      const forgot = page.getByRole("form", { name: "Send a link" });
      await forgot.getByRole("textbox", { name: "Email" }).fill(member.email);
      await forgot.getByRole("button", { name: "Send me a link" }).click();
      const sent = page.getByTestId("recovery-sent");
      await expect(sent.getByRole("heading", { name: "Check your email" })).toBeVisible();
      await expect(sent).toContainText(RECOVERY_ON_ITS_WAY);
      await expect(forgot.getByRole("textbox", { name: "Email" })).toHaveValue(member.email);
      await expect(forgot.getByRole("button", { name: "Send another link" })).toBeVisible();
      await inBothThemes(page, "forgot-password-sent", shot, { axe });

      // The mail, as an owner reads it: the whole link, to this site's reset page.
      const link = await recoveryLinkFromOutbox(owner, member.email);
      expect(link.origin).toBe(new URL(page.url()).origin);
      expect(link.pathname).toBe("/staff/reset-password");
      expect(link.searchParams.get("type")).toBe("recovery");
      expect(link.searchParams.get("token_hash")).toMatch(/^\S{20,}$/);
      await ownerContext.close();

      await page.goto(link.href);
      await expect(
        page.getByRole("heading", { level: 1, name: "Set a new password" }),
      ).toBeVisible();
      await expectThumbSizedControls(page);
      await inBothThemes(page, "reset-password", shot, { axe });

      // Two different passwords: refused, and the link still works.
      const newPassword = `a brand new password ${randomUUID().slice(0, 6)}`;
      const fields = resetForm(page);
      await fields.password.fill(newPassword);
      await fields.again.fill(`${newPassword} typo`);
      await fields.submit.click();
      await expect(page.getByTestId("error-summary")).toContainText(DIFFERENT_PASSWORDS);
      await expect(fields.again).toHaveAccessibleDescription(DIFFERENT_PASSWORDS);
      await expect(fields.again).toBeFocused();
      expect(new URL(page.url()).searchParams.get("token_hash")).toBe(
        link.searchParams.get("token_hash"),
      );
      if (javaScript) {
        // Caught in the browser before anything is sent: what was typed stays.
        await expect(fields.password).toHaveValue(newPassword);
        await expect(fields.again).toHaveValue(`${newPassword} typo`);
      } else {
        // Refused by the server, which never sends a password back: typed again.
        await expect(fields.password).toHaveValue("");
        await expect(fields.again).toHaveValue("");
      }
      await expectThumbSizedControls(page);
      await inBothThemes(page, "reset-password-refused", shot, { axe });

      await fields.password.fill(newPassword);
      await fields.again.fill(newPassword);
      await fields.submit.click();
      await expect(page).toHaveURL("/staff");
      await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
      await expect(page.getByRole("banner")).toContainText(`Signed in as ${member.email}`);
      if (javaScript) {
        await expect(
          page.locator("[data-sonner-toast]").filter({ hasText: "Your new password is set." }),
        ).toBeVisible();
      }
      await expectNoSidewaysScroll(page);

      // The link worked once.
      const elsewhere = await phoneContext(browser, { javaScriptEnabled: javaScript });
      const again = await elsewhere.newPage();
      await again.goto(link.href);
      const usedFields = resetForm(again);
      await usedFields.password.fill("yet another password here");
      await usedFields.again.fill("yet another password here");
      await usedFields.submit.click();
      await expect(
        again.getByRole("heading", { level: 1, name: "This link does not work" }),
      ).toBeVisible();
      await expect(again.getByRole("alert")).toHaveText(EXPIRED_RECOVERY);
      await expect(again.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
      await expectNoSidewaysScroll(again);
      await again.screenshot({ path: shot("reset-password-used.png"), fullPage: true });
      await elsewhere.close();

      // The old password no longer signs in; the new one does.
      const withOld = await signInElsewhere(browser, javaScript, member);
      await expect(withOld.getByRole("alert")).toContainText(WRONG_CREDENTIALS);
      await withOld.context().close();
      const withNew = await signInElsewhere(browser, javaScript, {
        ...member,
        password: newPassword,
      });
      await expect(withNew).toHaveURL("/staff");
      await withNew.context().close();
    });
  });
}
