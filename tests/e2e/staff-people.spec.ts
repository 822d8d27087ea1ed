import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { browserOfItsOwn, expect, test } from "./fixtures";

// Owners manage the staff at /staff/people: an owner invites an editor, the
// invitee sets their own password with the one-time link and signs in, and
// cannot manage people; the owner then removes them. Each test signs in as
// an account of its own, from an address of its own (see staff.spec.ts).

test.use({ ownAddress: true, staffPurpose: "people" });

const inbox = (page: Page) => page.getByRole("heading", { level: 1, name: "Enquiries" });

const peopleLink = (page: Page) =>
  page.getByRole("navigation", { name: "Staff sections" }).getByRole("link", { name: "People" });
const inviteForm = (page: Page) => page.getByRole("form", { name: "Invite someone" });
const staffRow = (page: Page, email: string) =>
  page.getByRole("main").getByRole("listitem").filter({ hasText: email });

test("an owner invites an editor, who sets a password, signs in and cannot manage people", async ({
  page,
  browser,
  context,
  signIn,
}) => {
  // Two browsers, two sign-ins and a password set: more than the usual time.
  test.slow();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn();
  await expect(inbox(page)).toBeVisible();
  await peopleLink(page).click();
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await expect(peopleLink(page)).toHaveAttribute("aria-current", "page");

  const invitee = `invitee-${randomUUID().slice(0, 8)}@staff.example.com`;
  const form = inviteForm(page);
  await form.getByRole("textbox", { name: "Email" }).fill(invitee);
  await form.getByRole("combobox", { name: "Role" }).selectOption("editor");
  await form.getByRole("button", { name: "Invite" }).click();

  const invitation = page.getByTestId("invitation");
  await expect(invitation).toContainText(`${invitee} is invited as an editor`);
  // The link is what to do next: the page goes to it, focused and in sight.
  await expect(invitation.getByRole("textbox", { name: "Their link" })).toBeFocused();
  await expect(invitation.getByRole("textbox", { name: "Their link" })).toBeInViewport();
  await expect(
    page.getByRole("listitem").filter({ hasText: `${invitee} is invited.` }),
  ).toBeVisible();
  await invitation.getByRole("button", { name: "Copy link" }).click();
  await expect(invitation.getByRole("button", { name: "Copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await expect(invitation.getByRole("textbox", { name: "Their link" })).toHaveValue(link);
  expect(new URL(link).pathname).toBe("/staff/setup");
  await expect(staffRow(page, invitee)).toContainText("Editor");

  // The invitee, in a browser of their own.
  const theirs = await browserOfItsOwn(browser);
  const theirPage = await theirs.newPage();
  await theirPage.goto(link);
  await expect(
    theirPage.getByRole("heading", { level: 1, name: "Set your password" }),
  ).toBeVisible();
  await expect(theirPage.getByRole("textbox", { name: "Email" })).toHaveValue(invitee);
  const password = `their own password ${randomUUID().slice(0, 6)}`;
  await theirPage.getByLabel("Password", { exact: true }).fill(password);
  await theirPage.getByLabel("Password again").fill(password);
  await theirPage.getByRole("button", { name: "Set my password and sign in" }).click();
  await expect(theirPage.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  await expect(theirPage.getByRole("banner")).toContainText(invitee);

  // An editor sees the list, and no way to change it.
  await theirPage.goto("/staff/people");
  await expect(theirPage.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await expect(
    theirPage.getByText("Only an owner can invite, change or remove staff."),
  ).toBeVisible();
  await expect(theirPage.getByRole("form", { name: "Invite someone" })).toHaveCount(0);
  await expect(theirPage.getByRole("button", { name: /Change role/ })).toHaveCount(0);

  // The link worked once.
  await theirPage.goto(link);
  await expect(
    theirPage.getByRole("heading", { level: 1, name: "This link has expired" }),
  ).toBeVisible();

  // The owner removes them, after a confirmation; their session ends.
  await staffRow(page, invitee)
    .getByRole("link", { name: `Remove ${invitee}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Remove ${invitee}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, remove" }).click();
  await expect(
    page.getByRole("listitem").filter({ hasText: `${invitee} is no longer on the staff.` }),
  ).toBeVisible();
  await expect(staffRow(page, invitee)).toHaveCount(0);

  await theirPage.goto("/staff");
  await expect(theirPage.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
  await theirs.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, staffPurpose: "people-no-javascript" });

  test("a bad email comes back with the summary and the field focused; removal asks first", async ({
    page,
    allowConsoleErrors,
    signIn,
  }) => {
    // The refused post is a 400 page, which the browser logs.
    allowConsoleErrors(/status of 400/);
    await signIn();
    await expect(inbox(page)).toBeVisible();
    await page.goto("/staff/people");
    const form = inviteForm(page);
    await form.getByRole("textbox", { name: "Email" }).fill("not an email");
    await form.getByRole("button", { name: "Invite" }).click();
    await expect(page.getByTestId("error-summary")).toContainText(
      "Enter an email address such as name@example.com.",
    );
    await expect(inviteForm(page).getByRole("textbox", { name: "Email" })).toBeFocused();
    await expect(inviteForm(page).getByRole("textbox", { name: "Email" })).toHaveValue(
      "not an email",
    );

    const invitee = `plain-${randomUUID().slice(0, 8)}@staff.example.com`;
    await inviteForm(page).getByRole("textbox", { name: "Email" }).fill(invitee);
    await inviteForm(page).getByRole("button", { name: "Invite" }).click();
    await expect(page.getByTestId("invitation")).toContainText(invitee);
    await expect(
      page.getByTestId("invitation").getByRole("textbox", { name: "Their link" }),
    ).toBeFocused();

    await staffRow(page, invitee)
      .getByRole("link", { name: `Remove ${invitee}` })
      .click();
    const confirmation = page.getByRole("region", { name: `Remove ${invitee}?` });
    await confirmation.getByRole("button", { name: "Yes, remove" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
    await expect(staffRow(page, invitee)).toHaveCount(0);
  });
});
