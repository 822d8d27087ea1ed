import { LAST_OWNER } from "../../app/staff/accounts/people.ts";
import { browserOfItsOwn, expect, signInAsStaff, test, waitForHydration } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

// The only owner asks to remove themselves: the question says at once why
// it cannot be done, in the dialog (or on the page without scripts), and
// offers no "Yes, remove". It runs on a server of its own, whose staff list
// has that one owner (the shared server's has many).

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: OwnServer;

test.beforeAll(async () => {
  test.info().setTimeout(180_000);
  server = await startOwnServer(`last-owner-${test.info().project.name}`);
});

test.afterAll(async () => {
  await server?.stop();
});

for (const javaScriptEnabled of [true, false]) {
  test(`the last owner's removal says why it cannot be done${javaScriptEnabled ? "" : ", without JavaScript"}`, async ({
    browser,
    viewport,
  }) => {
    const context = await browserOfItsOwn(browser, {
      baseURL: server.url,
      javaScriptEnabled,
      ...(viewport ? { viewport } : {}),
    });
    const page = await context.newPage();
    await signInAsStaff(page, server.owner, { javaScript: javaScriptEnabled });
    await page.goto("/staff/people");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("link", { name: `Remove ${server.owner.email}` }).click();
    const question = javaScriptEnabled
      ? page.getByRole("dialog", { name: "Remove yourself from the staff?" })
      : page.getByRole("region", { name: "Remove yourself from the staff?" });
    await expect(question).toBeVisible();
    await expect(question.getByRole("alert")).toHaveText(LAST_OWNER);
    await expect(question.getByRole("button", { name: "Yes, remove" })).toHaveCount(0);
    await question.getByRole("link", { name: "Keep me" }).click();
    await expect(page).toHaveURL("/staff/people");
    await expect(page.getByRole("link", { name: `Remove ${server.owner.email}` })).toBeVisible();
    await context.close();
  });
}
