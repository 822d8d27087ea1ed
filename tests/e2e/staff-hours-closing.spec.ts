import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, test, waitForHydration } from "./fixtures";
import { inBothThemes } from "./phone";
import { addDays, press, torontoNow } from "./staff-hours";

// Closing early on a day, with events that run past the new time: the
// hours page says so in a notice of its own (not only in a toast) and offers
// to end them at the new closing in one tap, with JavaScript and without, on
// a phone (375 px). Each test adds its own events and its own exception, on
// days far ahead that no other spec uses (one for each test), and deletes
// them again.

test.skip(({ isMobile }) => !isMobile, "A phone's screen: the phone project's");
test.use({ ownAddress: true, staffPurpose: "closing-offer" });
test.describe.configure({ timeout: 120_000 });

/** The day ten weeks ahead (`offset` more), clear of the holidays at the turn of the year. */
function quietDay(offset: number): string {
  let day = addDays(torontoNow().date, 70 + offset);
  while (day.slice(5) >= "12-20" || day.slice(5) <= "01-05") day = addDays(day, 7);
  return day;
}

/** "Wednesday, February 3", as the notice names the day. */
function longDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-CA", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** Follows a link or presses a button: from the keyboard when scripts run, as a toast may lie over it. */
async function use(page: Page, javaScript: boolean, target: ReturnType<Page["getByRole"]>) {
  if (javaScript) await press(target);
  else await target.click();
}

/** Adds an event on `day` from its form; the address of its editor. */
async function addEvent(
  page: Page,
  javaScript: boolean,
  { title, day, starts, ends }: { title: string; day: string; starts: string; ends: string },
): Promise<string> {
  await page.goto("/staff/events/new");
  if (javaScript) await waitForHydration(page);
  const form = page.locator("form#event-form");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Date").fill(day);
  await form.getByLabel("Starts at").fill(starts);
  await form.getByLabel(/^Ends at/).fill(ends);
  await use(page, javaScript, form.getByRole("button", { name: "Add event" }));
  await expect(page).toHaveURL(/\/staff\/events\/\d+$/);
  return page.url();
}

/** Deletes the row whose editor is at `address`, asking first as the page does. */
async function deleteAt(page: Page, javaScript: boolean, address: string) {
  await page.goto(address);
  if (javaScript) await waitForHydration(page);
  await use(page, javaScript, page.getByRole("button", { name: "Delete…" }));
  await use(page, javaScript, page.getByRole("button", { name: "Yes, delete" }));
  await expect(page).not.toHaveURL(address);
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("closing a day early offers to end its events then, and one tap does it", async ({
      page,
      signIn,
      expectNoA11yViolations,
    }, testInfo) => {
      const word = randomUUID().slice(0, 6);
      const day = quietDay(javaScript ? 0 : 1);
      const quiz = `Quiz ${word}`;
      const late = `Late Set ${word}`;
      const note = `Closing early for a wedding ${word}`;
      const editors: string[] = [];
      await signIn("/staff");
      try {
        editors.push(
          await addEvent(page, javaScript, { title: quiz, day, starts: "19:00", ends: "23:00" }),
        );
        editors.push(
          await addEvent(page, javaScript, { title: late, day, starts: "22:00", ends: "23:30" }),
        );

        await page.goto("/staff/hours/exceptions/new");
        if (javaScript) await waitForHydration(page);
        await page.getByLabel("First day").fill(day);
        await page.getByLabel(/^Opens/).fill("11:30");
        await page.getByLabel(/^Closes/).fill("21:00");
        await page.getByRole("textbox", { name: /^Note/ }).fill(note);
        await use(page, javaScript, page.getByRole("button", { name: "Add the exception" }));
        await expect(page).toHaveURL(`/staff/hours?closing=${day}`);
        // The save's toast shows first, so it is closed before the page is checked, not during.
        if (javaScript) await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
        editors.push(
          new URL(
            (await page
              .getByRole("main")
              .getByRole("link", { name: new RegExp(note) })
              .getAttribute("href"))!,
            page.url(),
          ).href,
        );

        // The notice, on the page itself: what runs past, the offer, and what cannot end then.
        const notice = page.getByRole("region", {
          name: `Closing at 9\u00a0pm on ${longDate(day)}`,
        });
        await expect(notice).toContainText(`${quiz} (7\u00a0pm – 11\u00a0pm) runs past closing.`);
        await expect(notice).toContainText(
          `${late} (10\u00a0pm – 11:30\u00a0pm) starts at 9\u00a0pm or later, so it cannot end then`,
        );
        await expect(notice.getByRole("link", { name: late })).toHaveAttribute(
          "href",
          new URL(editors[1]!).pathname,
        );
        const end = notice.getByRole("button", { name: "End it at 9\u00a0pm" });
        await expect(end).toBeVisible();
        await inBothThemes(page, "closing-offer", testInfo.outputPath.bind(testInfo), {
          axe: javaScript ? expectNoA11yViolations : undefined,
          parts: { notice },
        });

        await use(page, javaScript, end);
        const said = `“${quiz}” now ends at 9\u00a0pm. Recent changes can undo it.`;
        if (javaScript) {
          await expect(
            page.locator("[data-sonner-toast]").filter({ hasText: said }).first(),
          ).toBeVisible();
        } else {
          await expect(page.getByTestId("saved-message")).toContainText(said);
        }
        await expect(page).toHaveURL(`/staff/hours?closing=${day}`);
        await expect(notice).toContainText(`${quiz} ends at 9\u00a0pm, at closing.`);
        await expect(notice.getByRole("button", { name: /^End / })).toHaveCount(0);
        await expectNoSidewaysScroll(page);
        await page.setViewportSize({ width: 320, height: 640 });
        await expectNoSidewaysScroll(page);
        await page.setViewportSize({ width: 375, height: 740 });

        // The event's own page, and Recent changes, say so.
        await page.goto(editors[0]!);
        await expect(page.getByLabel(/^Ends at/)).toHaveValue("21:00");
        await page.goto("/staff/changes");
        await expect(
          page
            .getByRole("main")
            .getByRole("listitem")
            .filter({ hasText: quiz })
            .filter({ hasText: /Ends .*11\u00a0pm → .*9\u00a0pm/ })
            .first(),
        ).toBeVisible();
      } finally {
        for (const editor of editors.reverse()) await deleteAt(page, javaScript, editor);
      }
    });
  });
}
