import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, openHydrated, test } from "./fixtures";

// The events editor: a staff member adds an event with a picture and sees it
// on the home page; a refused post shows its errors and keeps what was typed.
// Each run adds its own event and deletes it again, so the seeded events that
// other specs read stay as they were.

test.use({ ownAddress: true, staffPurpose: "events", reuseSignIn: true });

const toast = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });

/** "YYYY-MM-DD" in Toronto, `days` from now. */
function torontoDate(days = 0): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

test("adds an event with a picture and the home page lists it within 5 seconds", async ({
  page,
  signIn,
}) => {
  const word = randomUUID().slice(0, 6);
  const title = `Phone Quiz ${word}`;
  // A picture and words of this run's own: both projects add one to the same home page.
  const words = `Quiz sheets and pencils on table ${word}.`;
  await signIn("/staff/events/new", { fromSignInPage: true });
  const form = page.locator("form#event-form");

  // On all day, so it is first among the home page's next three events.
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Date").fill(torontoDate());
  await form.getByLabel("Starts at").fill("00:01");
  await form.getByLabel(/^Ends at/).fill("23:00");
  await form.getByLabel(/^Ends on/).fill(torontoDate(1));
  await form.getByLabel(/^Cover charge/).fill("5");
  await form.getByLabel(/^Summary/).fill("Six rounds, teams of up to six.");
  const picture = await sharp({
    create: { width: 64, height: 36, channels: 3, background: `#${word}` },
  })
    .png()
    .toBuffer();
  await form
    .getByLabel(/^Choose a picture/)
    .setInputFiles({ name: "quiz.png", mimeType: "image/png", buffer: picture });
  // The picture chosen is shown beside its description before it is saved, so the words can be checked against it.
  const description = form.getByLabel(/^Describe the picture/);
  const chosen = form.locator('img[src^="blob:"]');
  await expect(chosen).toBeVisible();
  await expect
    .poll(() => chosen.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBe(64);
  const shown = (await chosen.boundingBox())!;
  const label = (await form.getByText("Describe the picture", { exact: true }).boundingBox())!;
  // Beside it on a wide screen, right under it on a phone.
  expect(label.y).toBeGreaterThan(shown.y - 50);
  expect(label.y).toBeLessThan(shown.y + shown.height + 60);
  await description.fill(words);
  await form.getByRole("button", { name: "Add event" }).click();

  await expect(toast(page, "Saved. Visitors see it now.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const editorUrl = page.url();

  // Visitors get the new event within 5 seconds: the home page's HTML, as
  // any instance serves it, lists it.
  await expect
    .poll(async () => (await page.request.get("/")).text(), { timeout: 5_000 })
    .toContain(title);
  await page.goto("/");
  const events = page.getByRole("region", { name: "Coming up at the pub" });
  await expect(events.getByRole("heading", { name: title })).toBeVisible();
  await expect(events.getByRole("img", { name: words })).toBeVisible();

  // Put things back: delete it, asked first.
  await openHydrated(page, editorUrl);
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Event deleted.")).toBeVisible();
  await expect(page).toHaveURL("/staff/events");
  // Gone for visitors within 5 seconds too.
  await expect(async () => {
    await page.goto("/");
    await expect(
      page
        .getByRole("region", { name: "Coming up at the pub" })
        .getByRole("heading", { name: title }),
    ).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 5_000 });
});

test("an end before the start is refused with the errors shown and everything kept", async ({
  page,
  signIn,
}) => {
  const title = `Refused Quiz ${randomUUID().slice(0, 6)}`;
  await signIn("/staff/events/new", { fromSignInPage: true });
  const form = page.locator("form#event-form");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Date").fill(torontoDate(3));
  await form.getByLabel("Starts at").fill("20:00");
  await form.getByLabel(/^Ends at/).fill("19:00");
  await form.getByLabel(/^Cover charge/).fill("-5");
  await form.getByRole("button", { name: "Add event" }).click();

  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeVisible();
  await expect(summary).toContainText("A price cannot be negative.");
  await expect(form.getByLabel(/^Cover charge/)).toBeFocused();
  await form.getByLabel(/^Cover charge/).fill("5");
  await form.getByRole("button", { name: "Add event" }).click();
  await expect(summary).toContainText("The end must be after the start");
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await expect(form.getByLabel(/^Ends at/)).toHaveValue("19:00");
  await expect(page).toHaveURL("/staff/events/new");
});
