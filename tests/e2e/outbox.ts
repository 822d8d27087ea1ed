import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The text of the one mail in the outbox whose row says each of `hasText`
 * (its subject's words, its address), read as an owner reads it on
 * `/staff/outbox`. Mail is queued just after the answer that led to it, so
 * the outbox is opened again until the mail is there.
 */
export async function mailTextInOutbox(owner: Page, hasText: readonly string[]): Promise<string> {
  let mail = owner.getByRole("main").getByRole("listitem");
  for (const text of hasText) mail = mail.filter({ hasText: text });
  await expect(async () => {
    await owner.goto("/staff/outbox");
    await expect(mail).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await mail.getByText("Read the mail").click();
  const text = mail.getByRole("group").locator("p");
  await expect(text).not.toBeEmpty();
  return (await text.textContent()) ?? "";
}
