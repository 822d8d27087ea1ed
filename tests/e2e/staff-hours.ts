import type { Locator, Page } from "@playwright/test";
import { expect, openHydrated } from "./fixtures";
import { addDays, torontoWall, torontoWeekday } from "../../app/platform/clock/toronto-time.ts";
import { tonightDate } from "../../app/platform/clock/pub-day.ts";

// The pub's clock and the staff hours page, as the browser tests that change
// tonight's hours (and watch visitors' pages follow) use them.

/** The Toronto wall date and time of `instant`: "2026-11-26" and "21:59". */
export const torontoParts = (instant: Date): { date: string; time: string } => torontoWall(instant);

/** The pub's date and time now, its weekday, and "tonight" (before 6 am, the night before). */
export function torontoNow() {
  const now = new Date();
  const { date, time } = torontoWall(now);
  return { date, time, tonight: tonightDate(now), weekday: torontoWeekday(now) };
}

export { addDays };

/**
 * Presses a button from the keyboard: at phone width a toast (the last
 * save's) may lie over it for a few seconds, and a tap would land on the toast.
 */
export async function press(button: Locator) {
  await button.focus();
  await button.press("Enter");
}

/** Deletes the hours exception whose list entry mentions `text`, from the hours page. */
export async function deleteHoursException(page: Page, text: string) {
  await openHydrated(page, "/staff/hours");
  await press(
    page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(text) })
      .first(),
  );
  await press(page.getByRole("button", { name: "Delete…" }));
  await press(page.getByRole("button", { name: "Yes, delete" }));
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Deleted." }).first(),
  ).toBeVisible();
}
