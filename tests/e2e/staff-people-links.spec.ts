import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, test } from "./fixtures";
import { PHONE_WIDTH, expectThumbSizedControls, inBothThemes, phoneContext } from "./phone";

// The people page on a phone: an owner invites an editor and has the link
// emailed as well; until they join, their row says so and offers their link
// again, to copy or to send; a newer link replaces the older; the invitee
// joins with it and the row shows their role; then the owner makes them a
// reset link, with which they set a new password. With JavaScript and without.

test.skip(({ isMobile }) => !isMobile, "checked at 375 px on the phone project");
test.use({ ownAddress: true });

const main = (page: Page) => page.getByRole("main");
const inviteForm = (page: Page) => page.getByRole("form", { name: "Invite someone" });
const staffRow = (page: Page, email: string) =>
  main(page).getByRole("listitem").filter({ hasText: email });
const linkPanel = (page: Page) => page.getByTestId("invitation");
const theirLink = (page: Page) => linkPanel(page).getByRole("textbox", { name: "Their link" });

/** The row's role, as it reads beside the address, and as its role menu shows it. */
async function expectReadableRole(page: Page, email: string, role: "Editor" | "Owner") {
  const row = staffRow(page, email);
  const line = row.getByText(new RegExp(`^${role} ·`));
  await expect(line).toBeVisible();
  const box = await line.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_WIDTH);
  const menu = row.getByRole("combobox", { name: `Role of ${email}` });
  await expect(menu).toHaveValue(role.toLowerCase());
  await expect(menu.locator("option:checked")).toHaveText(role);
}

/** The invitation mails to `email` waiting in the outbox, newest first, as an owner reads them. */
async function invitationMails(page: Page, email: string) {
  await page.goto("/staff/outbox");
  return main(page)
    .getByRole("listitem")
    .filter({ hasText: "invited you to" })
    .filter({ hasText: email });
}

/** Opens `link` on the invitee's phone and sets `password`; the page, signed in. */
async function setPasswordWith(
  browser: Browser,
  javaScriptEnabled: boolean,
  link: string,
  { email, password, heading }: { email: string; password: string; heading: string },
) {
  const context = await phoneContext(browser, { javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await expectNoSidewaysScroll(page);
  await expectThumbSizedControls(page);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password again").fill(password);
  await page.getByRole("button", { name: "Set my password and sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`Signed in as ${email}`);
  return page;
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({
      javaScriptEnabled: javaScript,
      staffPurpose: javaScript ? "people-links" : "people-links-no-javascript",
    });

    test("an invitation emailed, sent again and copied again, joined, then a reset link", async ({
      page,
      context,
      browser,
      expectNoA11yViolations,
      account: owner,
      signIn,
    }, testInfo) => {
      // One owner, two phones of the invitee's, four links and a mail or two.
      test.slow();
      if (javaScript) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const shot = (file: string) => testInfo.outputPath(file);
      // Axe runs in the page's own scripts: with them (the markup is the same without).
      const axe = javaScript ? expectNoA11yViolations : undefined;
      await signIn();
      await page
        .getByRole("navigation", { name: "Staff sections" })
        .getByRole("link", { name: "People" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
      await expectReadableRole(page, owner.email, "Owner");

      // Invited, with the link emailed as well.
      const invitee = `newcomer-${randomUUID().slice(0, 8)}@staff.example.com`;
      const form = inviteForm(page);
      await form.getByRole("textbox", { name: "Email" }).fill(invitee);
      await form.getByRole("combobox", { name: "Role" }).selectOption("editor");
      await form.getByRole("checkbox", { name: "Email them the link as well" }).check();
      await form.getByRole("button", { name: "Invite" }).click();
      await expect(linkPanel(page)).toContainText(`${invitee} is invited as an editor`);
      await expect(linkPanel(page)).toContainText(
        "The link is on its way to them by email; you can also copy it and pass it on.",
      );
      const firstLink = await theirLink(page).inputValue();
      expect(new URL(firstLink).pathname).toBe("/staff/setup");
      if (javaScript) {
        await linkPanel(page).getByRole("button", { name: "Copy link" }).click();
        await expect(linkPanel(page).getByRole("button", { name: "Copied" })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstLink);
      } else {
        // Nothing to copy with but the box itself, which holds the whole link.
        await expect(linkPanel(page).getByRole("button", { name: "Copy link" })).toHaveCount(0);
      }
      // The invitation form is ready for the next person.
      await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue("");
      await expect(
        form.getByRole("checkbox", { name: "Email them the link as well" }),
      ).not.toBeChecked();

      const row = staffRow(page, invitee);
      await expect(row.getByTestId("not-joined")).toHaveText("Invited, not joined yet");
      await expectReadableRole(page, invitee, "Editor");
      const copyAgain = row.getByRole("button", { name: `Copy the link again for ${invitee}` });
      const sendAgain = row.getByRole("button", { name: `Send again to ${invitee}` });
      await expect(copyAgain).toBeVisible();
      await expect(sendAgain).toBeVisible();
      await expectThumbSizedControls(page);
      // The list is long (every test's account is an owner): its parts that matter.
      await inBothThemes(page, "people-invited", shot, {
        axe,
        parts: {
          panel: linkPanel(page),
          row,
          "own-row": staffRow(page, owner.email),
          "invite-form": page.getByRole("region", { name: "Invite someone" }),
        },
      });

      // Sent again: a new link, by email too; the first no longer works.
      await sendAgain.click();
      await expect(linkPanel(page)).toContainText(`A new invitation for ${invitee}`);
      await expect(linkPanel(page)).toContainText("It is on its way to them by email");
      await expect(theirLink(page)).not.toHaveValue(firstLink);
      const sentLink = await theirLink(page).inputValue();

      // Copied again: another link, to pass on by hand.
      await staffRow(page, invitee)
        .getByRole("button", { name: `Copy the link again for ${invitee}` })
        .click();
      await expect(linkPanel(page)).toContainText(`A new invitation for ${invitee}`);
      await expect(linkPanel(page)).toContainText("Copy this link and pass it on to them.");
      await expect(theirLink(page)).not.toHaveValue(sentLink);
      const latestLink = await theirLink(page).inputValue();
      await expect(staffRow(page, invitee).getByTestId("not-joined")).toBeVisible();
      await expectThumbSizedControls(page);
      // The same panel as above, for another purpose: looked at, and axe spared the long page.
      await inBothThemes(page, "people-link-again", shot, {
        parts: { panel: linkPanel(page), row: staffRow(page, invitee) },
      });

      // The outbox holds the invitation and the one sent again, each with its own link.
      const mails = await invitationMails(page, invitee);
      await expect(mails).toHaveCount(2);
      await expect(mails.first()).toContainText("Waiting");
      await mails.first().getByText("Read the mail").click();
      await expect(mails.first()).toContainText(`Choose your password and sign in: ${sentLink}`);
      await mails.last().getByText("Read the mail").click();
      await expect(mails.last()).toContainText(`Choose your password and sign in: ${firstLink}`);

      // Only the newest link works; with it the invitee joins.
      const older = await (
        await phoneContext(browser, { javaScriptEnabled: javaScript })
      ).newPage();
      await older.goto(firstLink);
      await expect(
        older.getByRole("heading", { level: 1, name: "This link has expired" }),
      ).toBeVisible();
      await older.goto(sentLink);
      await expect(
        older.getByRole("heading", { level: 1, name: "This link has expired" }),
      ).toBeVisible();
      await older.context().close();
      const password = `joined at last ${randomUUID().slice(0, 6)}`;
      const joined = await setPasswordWith(browser, javaScript, latestLink, {
        email: invitee,
        password,
        heading: "Set your password",
      });
      await joined.context().close();

      // Joined: the row shows the role and when, and offers a reset link instead.
      await page.goto("/staff/people");
      await expect(staffRow(page, invitee)).toContainText(/Editor · since /);
      await expect(staffRow(page, invitee).getByTestId("not-joined")).toHaveCount(0);
      await expectReadableRole(page, invitee, "Editor");
      await expect(
        staffRow(page, invitee).getByRole("button", { name: `Copy the link again for ${invitee}` }),
      ).toHaveCount(0);
      await staffRow(page, invitee)
        .getByRole("button", { name: `Make a reset link for ${invitee}` })
        .click();
      await expect(linkPanel(page)).toContainText(`A reset link for ${invitee}`);
      await expect(linkPanel(page)).toContainText("Copy this link and pass it on to them.");
      const resetLink = await theirLink(page).inputValue();
      expect(new URL(resetLink).pathname).toBe("/staff/setup");
      await expectThumbSizedControls(page);
      await inBothThemes(page, "people-reset-link", shot, {
        axe,
        parts: { panel: linkPanel(page), row: staffRow(page, invitee) },
      });

      // With it they set a new password, and are signed in.
      const reset = await setPasswordWith(browser, javaScript, resetLink, {
        email: invitee,
        password: `a new one after all ${randomUUID().slice(0, 6)}`,
        heading: "Set a new password",
      });
      await reset.context().close();
    });
  });
}
