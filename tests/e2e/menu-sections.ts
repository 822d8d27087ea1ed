import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";

/**
 * A menu section of a test's own, hidden from visitors, so a spec may add,
 * replace and reprice its dishes while other specs read the sample menu.
 */
export type OwnSection = { id: number; name: string };

/** Opens `path`, hydrated when the page runs scripts. */
async function open(page: Page, path: string, scripts: boolean) {
  await page.goto(path);
  if (scripts) await waitForHydration(page);
}

/** Adds a hidden section named `prefix` and a few random letters with its own form. */
export async function addOwnSection(
  page: Page,
  prefix: string,
  { scripts }: { scripts: boolean },
): Promise<OwnSection> {
  const name = `${prefix} ${randomUUID().slice(0, 6)}`;
  await open(page, "/staff/menu/sections/new", scripts);
  const form = page.locator("form#menu-section");
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form
    .getByRole("checkbox", { name: "Hide this section and its items from visitors" })
    .check();
  await form.getByRole("button", { name: "Add section" }).click();
  await expect(page).toHaveURL(/\/staff\/menu#section-\d+$/);
  const id = Number(/#section-(\d+)$/.exec(page.url())![1]);
  return { id, name };
}

/** Deletes the section, and the dishes in it, with its own form. */
export async function deleteOwnSection(
  page: Page,
  section: OwnSection,
  { scripts }: { scripts: boolean },
) {
  await open(page, `/staff/menu/sections/${section.id}`, scripts);
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL(/\/staff\/menu(#section-\d+)?$/);
  await expect(page.getByRole("heading", { level: 2, name: section.name })).toHaveCount(0);
}

/** The dishes of the section on the staff menu list, each as its row reads ("Ale … $7.00"). */
export const sectionItems = (page: Page, section: OwnSection) =>
  page.getByRole("list", { name: `Items in ${section.name}` }).getByRole("listitem");
