import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

// The pages' words, on a phone's screen and a desktop's, with JavaScript and
// without: a staff member changes the line under a page's heading (and, on
// the Venue page, its note above the packages), the page and its search
// description say it within 5 seconds, an emptied line is refused with what
// was typed kept, and the words are put back as they were. Each project
// edits a page of its own (desktop: Events, phone: Venue), and the two
// tests of a project run one after the other, so no run changes the words
// another is reading.

test.describe.configure({ mode: "serial" });
test.use({ ownAddress: true, reuseSignIn: true });

/** What a save says: a toast, or without JavaScript the notice the page is drawn with. */
const saidSaved = (page: Page, javaScriptEnabled: boolean) =>
  (javaScriptEnabled ? page.getByRole("listitem") : page.getByRole("status")).filter({
    hasText: "Saved. Visitors see it now.",
  });

const pageOf = (project: string) =>
  project === "phone"
    ? { name: "Venue page", path: "/venue", extra: /^Above the packages/ }
    : { name: "Events page", path: "/events", extra: null };

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({
      javaScriptEnabled,
      staffPurpose: javaScriptEnabled ? "pages" : "pages-no-javascript",
    });

    test("a page's line is changed, shown and searchable within 5 seconds, and an empty one is refused", async ({
      page,
      signIn,
      allowConsoleErrors,
      expectNoA11yViolations,
    }, testInfo) => {
      allowConsoleErrors(/status of 400/);
      const target = pageOf(testInfo.project.name);
      const mark = randomUUID().slice(0, 6);
      const line = `Come as you are, ${mark}: the game is always on.`;
      await signIn("/staff/pages", { fromSignInPage: true });
      const list = page.getByRole("list", { name: "Pages" });
      await expect(list.getByRole("listitem")).toHaveCount(5);
      if (javaScriptEnabled) await expectNoA11yViolations();
      await list.getByRole("link", { name: new RegExp(`^${target.name}`) }).click();
      await expect(page).toHaveURL(/\/staff\/pages\/\d+$/);
      const editing = page.url();
      if (javaScriptEnabled) await waitForHydration(page);

      const form = page.locator("form#page-text");
      const description = form.getByLabel(/^Line under the heading/);
      const before = await description.inputValue();
      const extra = target.extra ? form.getByLabel(target.extra) : null;
      const extraBefore = extra ? await extra.inputValue() : "";

      // Emptied (spaces pass the browser's own check): refused, with the
      // rest of what was typed kept.
      await description.fill("   ");
      if (extra) await extra.fill(`Kept ${mark}.`);
      await form.getByRole("button", { name: "Save changes" }).click();
      const summary = page.getByTestId("error-summary");
      await expect(summary).toBeVisible();
      await expect(summary).toContainText("Enter the line under the heading.");
      if (extra) await expect(extra).toHaveValue(`Kept ${mark}.`);
      await expect(page).toHaveURL(editing);

      await description.fill(line);
      if (extra) await extra.fill(`Every package comes with a cake, ${mark}.`);
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(saidSaved(page, javaScriptEnabled)).toBeVisible();
      await expect(page).toHaveURL(editing);
      await expect(description).toHaveValue(line);

      await expect
        .poll(async () => (await page.request.get(target.path)).text(), { timeout: 5_000 })
        .toContain(mark);
      await page.goto(target.path);
      await expect(page.getByRole("main").getByText(line)).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", line);
      if (extra) {
        await expect(page.getByText(`Every package comes with a cake, ${mark}.`)).toBeVisible();
      }

      // Put back as it was, for the other specs.
      await page.goto(editing);
      if (javaScriptEnabled) await waitForHydration(page);
      await description.fill(before);
      if (extra) await extra.fill(extraBefore);
      await form.getByRole("button", { name: "Save changes" }).click();
      await expect(saidSaved(page, javaScriptEnabled)).toBeVisible();
      await expect(description).toHaveValue(before);
    });
  });
}
