import type { Locator, Page } from "@playwright/test";
import { expect, openHydrated } from "./fixtures";

// The pub's clock and the staff hours page, as the browser tests that change
// tonight's hours (and watch visitors' pages follow) use them.

const torontoClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Toronto",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The Toronto wall date and time of `instant`: "2026-11-26" and "21:59". */
export function torontoParts(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    torontoClock.formatToParts(instant).map(({ type, value }) => [type, value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The pub's date and time now, its weekday, and "tonight" (before 6 am, the night before). */
export function torontoNow() {
  const { date, time } = torontoParts(new Date());
  const tonight = time < "06:00" ? addDays(date, -1) : date;
  return { date, time, tonight, weekday: new Date(`${date}T00:00:00Z`).getUTCDay() };
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

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
