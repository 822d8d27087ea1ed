import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { browserOfItsOwn, expect, openHydrated, test } from "./fixtures";
import { expectToastClearOf } from "./phone";

// Lists reorder in a mode of their own, as the menu does (its own test is in
// staff-phone.spec.ts): the everyday lists of specials and the venue have no
// move buttons, "Reorder …" opens `?reorder=1` with names and moves only,
// with scripts and without; and after a move, the toast covers neither the
// button pressed nor the rows beside it, the next a manager taps. On a phone
// (375 px). The packages moved are this spec's own, deleted again; the
// seeded Sunday specials are moved and put back at once.

test.skip(({ isMobile }) => !isMobile, "A phone's screen: the phone project's");
test.use({ ownAddress: true, staffPurpose: "reorder", reuseSignIn: true });
test.describe.configure({ timeout: 120_000 });

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Adds a package with this name from its form; the address of its editor. */
async function addPackage(page: Page, name: string): Promise<string> {
  await openHydrated(page, "/staff/venue/packages/new");
  const form = page.locator("form#package-form");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Price", { exact: true }).fill("$20");
  await form.getByLabel("Priced", { exact: true }).selectOption("per-guest");
  await form.getByRole("button", { name: "Add package" }).click();
  await expect(toast(page, "Saved. Visitors see it now.")).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/venue\/packages\/\d+$/);
  return page.url();
}

async function deletePackage(page: Page, editor: string) {
  await openHydrated(page, editor);
  await page.getByRole("button", { name: "Delete…" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Package deleted.")).toBeVisible();
}

test("the venue's packages reorder in a mode of their own, and a toast stays clear of the next row", async ({
  page,
  signIn,
  browser,
}) => {
  const word = randomUUID().slice(0, 6);
  const names = ["Ploughman", "Poutine Bar", "Pie Supper"].map((name) => `${name} ${word}`);
  await signIn("/staff/venue");
  const editors: string[] = [];
  for (const name of names) editors.push(await addPackage(page, name));

  try {
    await openHydrated(page, "/staff/venue");
    const packages = page.getByRole("list", { name: "Packages" });
    await expect(packages.getByRole("link", { name: new RegExp(names[0]!) })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);

    await page.getByRole("link", { name: "Reorder the venue" }).click();
    await expect(page).toHaveURL("/staff/venue?reorder=1");
    await expect(page.getByRole("heading", { level: 1, name: "Venue: reorder" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Add a / })).toHaveCount(0);
    await expect(packages.getByRole("link")).toHaveCount(0);

    const row = (name: string) => packages.getByRole("listitem").filter({ hasText: name });
    const order = async () =>
      (await packages.getByRole("listitem").allTextContents()).filter((text) =>
        names.some((name) => text.includes(name)),
      );
    const [first, second, third] = names as [string, string, string];
    await expect.poll(order).toEqual([first, second, third]);

    // The second up, past the first: near the end of the page, where a toast
    // at the bottom would lie over the rows after it.
    const up = page.getByRole("button", { name: `Move “${second}” up` });
    await up.click();
    await expect.poll(order).toEqual([second, first, third]);
    await expect(page).toHaveURL(/\/staff\/venue\?reorder=1#venue_packages-\d+$/);
    await expectToastClearOf(page, `“${second}” moved up.`, [
      up,
      row(second).getByRole("button", { name: /down$/ }),
      ...[first, third].flatMap((name) => [
        row(name).getByRole("button", { name: /up$/ }),
        row(name).getByRole("button", { name: /down$/ }),
      ]),
    ]);

    const down = page.getByRole("button", { name: `Move “${second}” down` });
    await down.click();
    await expect.poll(order).toEqual([first, second, third]);
    await expectToastClearOf(page, `“${second}” moved down.`, [
      down,
      row(third).getByRole("button", { name: /up$/ }),
      row(third).getByRole("button", { name: /down$/ }),
    ]);

    await page.getByRole("link", { name: "Done reordering" }).click();
    await expect(page).toHaveURL("/staff/venue");
    await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);

    // Without JavaScript: the same mode by its link, and a move is a plain post.
    const plain = await browserOfItsOwn(browser, {
      storageState: await page.context().storageState(),
      javaScriptEnabled: false,
      viewport: page.viewportSize()!,
    });
    const noScript = await plain.newPage();
    await noScript.goto("/staff/venue");
    await noScript.getByRole("link", { name: "Reorder the venue" }).click();
    await expect(noScript).toHaveURL("/staff/venue?reorder=1");
    await noScript.getByRole("button", { name: `Move “${third}” up` }).click();
    await expect(noScript).toHaveURL(/\/staff\/venue\?reorder=1#venue_packages-\d+$/);
    await expect(noScript.getByTestId("saved-message")).toContainText(`“${third}” moved up.`);
    const listed = (
      await noScript.getByRole("list", { name: "Packages" }).getByRole("listitem").allTextContents()
    ).filter((text) => names.some((name) => text.includes(name)));
    expect(listed).toEqual([first, third, second]);
    await plain.close();
  } finally {
    for (const editor of editors) await deletePackage(page, editor);
  }
});

test("the specials reorder in a mode of their own, and back", async ({ page, signIn }) => {
  await signIn("/staff/specials");
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Caesar Sunday/ })).toBeVisible();

  await page.getByRole("link", { name: "Reorder the specials" }).click();
  await expect(page).toHaveURL("/staff/specials?reorder=1");
  await expect(page.getByRole("heading", { level: 1, name: "Specials: reorder" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add a special" })).toHaveCount(0);
  const sunday = page.getByRole("list", { name: "Sunday specials" });
  await expect(sunday.getByRole("link")).toHaveCount(0);
  const order = () => sunday.getByRole("listitem").allTextContents();
  const before = await order();
  const [top, next] = before as [string, string];

  await sunday.getByRole("button", { name: `Move “${next}” up` }).click();
  await expect(toast(page, `“${next}” moved up.`)).toBeVisible();
  await expect.poll(order).toEqual([next, top, ...before.slice(2)]);
  await sunday.getByRole("button", { name: `Move “${next}” down` }).click();
  await expect(toast(page, `“${next}” moved down.`)).toBeVisible();
  await expect.poll(order).toEqual(before);

  await page.getByRole("link", { name: "Done reordering" }).click();
  await expect(page).toHaveURL("/staff/specials");
  await expect(page.getByRole("link", { name: "Add a special" })).toBeVisible();
});
