import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, openHydrated, test, waitForHydration } from "./fixtures";

// The questions people ask, on the About page: a staff member adds one,
// sees it answered there within 5 seconds, moves it up the list in reorder
// mode, and deletes it again; an empty answer is refused with the question
// kept. On the phone project this runs at 375 px. The question is this
// spec's own.

test.use({ ownAddress: true, staffPurpose: "questions", reuseSignIn: true });

const toast = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });

test("adds a question, the About page answers it within 5 seconds, and it moves and goes", async ({
  page,
  signIn,
  expectNoA11yViolations,
}) => {
  const question = `Is the quiz on tonight ${randomUUID().slice(0, 6)}?`;
  await signIn("/staff/questions", { fromSignInPage: true });
  await expectNoA11yViolations();
  await page.getByRole("link", { name: "Add a question" }).click();
  await expect(page).toHaveURL("/staff/questions/new");
  await waitForHydration(page);
  const form = page.locator("form#question");
  await form.getByLabel(/^Question/).fill(question);
  await form.getByLabel(/^Answer/).fill("Every Thursday at 8 pm, teams of up to six.");
  await form.getByRole("button", { name: "Add the question" }).click();
  await expect(toast(page, "Saved. Visitors see it now.")).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/questions#question-\d+$/);
  const list = page.getByRole("list", { name: "Questions people ask" });
  const ours = list.getByRole("listitem").filter({ hasText: question });
  await expect(ours).toBeVisible();

  await expect
    .poll(async () => (await page.request.get("/about")).text(), { timeout: 5_000 })
    .toContain(question);

  // Up one place, past the question before it, in reorder mode: the
  // everyday list has no move buttons. (The other project's run may add and
  // move its own question meanwhile; that never swaps these two.)
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
  await page.getByRole("link", { name: "Reorder the questions" }).click();
  await expect(page).toHaveURL("/staff/questions?reorder=1");
  await expect(page.getByRole("heading", { level: 1, name: "Questions: reorder" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a question" })).toHaveCount(0);
  const order = async () => list.getByRole("listitem").allTextContents();
  const before = await order();
  const place = before.findIndex((text) => text.includes(question));
  const above = before[place - 1]!;
  await ours.getByRole("button", { name: /^Move .* up$/ }).click();
  await expect(toast(page, "moved up")).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/questions\?reorder=1#question-\d+$/);
  await expect
    .poll(async () => {
      const after = await order();
      return after.findIndex((text) => text.includes(question)) < after.indexOf(above);
    })
    .toBe(true);
  await page.getByRole("link", { name: "Done reordering" }).click();
  await expect(page).toHaveURL("/staff/questions");
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);

  await page.goto("/about");
  const asked = page.getByText(question);
  await asked.click();
  await expect(page.getByText("Every Thursday at 8 pm, teams of up to six.")).toBeVisible();

  await openHydrated(page, "/staff/questions");
  await list.getByRole("link", { name: new RegExp(question.replace("?", "\\?")) }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Question deleted.")).toBeVisible();
  await expect(page).toHaveURL("/staff/questions");
  await expect(list).not.toContainText(question);
});

test("an empty answer is refused with the error shown and the question kept", async ({
  page,
  signIn,
}) => {
  await signIn("/staff/questions/new", { fromSignInPage: true });
  const form = page.locator("form#question");
  await form.getByLabel(/^Question/).fill("Do you have a dress code?");
  await form.getByRole("button", { name: "Add the question" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toContainText("Enter the answer.");
  await expect(form.getByLabel(/^Answer/)).toBeFocused();
  await expect(form.getByLabel(/^Question/)).toHaveValue("Do you have a dress code?");
  await expect(page).toHaveURL("/staff/questions/new");
});
