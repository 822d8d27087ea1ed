import type { Page } from "@playwright/test";
import { devices } from "@playwright/test";
import { browserOfItsOwn, expect, signInAsStaff, test, waitForHydration } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";

// "Start with a clean slate", as an owner on a phone's screen and a
// desktop's, with JavaScript and without: a post without the box ticked is
// refused; ticked, the area's sample entries go in one step, from the staff
// list and from the site; Recent changes lists the removal as one change,
// a line for each entry, and undoing it brings every entry back. It runs on
// a server of its own (the shared one's sample is what other specs read),
// one per project, and the tests of a project one after the other.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: OwnServer;

test.beforeAll(async () => {
  const { project } = test.info();
  test.info().setTimeout(180_000);
  server = await startOwnServer(`clean-slate-${project.name}`);
});

test.afterAll(async () => {
  await server?.stop();
});

/** What a step says: a toast, or without JavaScript the notice the page is drawn with. */
const said = (page: Page, javaScriptEnabled: boolean, text: string | RegExp) =>
  (javaScriptEnabled ? page.getByRole("listitem") : page.getByRole("status")).filter({
    hasText: text,
  });

const AREAS = [
  { javaScriptEnabled: true, list: "/staff/specials", what: "specials" },
  { javaScriptEnabled: false, list: "/staff/questions", what: "questions" },
] as const;

for (const area of AREAS) {
  const { javaScriptEnabled } = area;
  test(`the sample ${area.what} go in one confirmed step and come back with one undo${javaScriptEnabled ? "" : ", without JavaScript"}`, async ({
    browser,
    allowConsoleErrors,
  }, testInfo) => {
    allowConsoleErrors(/status of 400/);
    const context = await browserOfItsOwn(browser, {
      ...devices[testInfo.project.name === "phone" ? "Pixel 7" : "Desktop Chrome"],
      viewport: testInfo.project.name === "phone" ? { width: 375, height: 740 } : undefined,
      baseURL: server.url,
      javaScriptEnabled,
    });
    const page = await context.newPage();
    await signInAsStaff(page, server.owner, { javaScript: javaScriptEnabled });

    await page.goto(area.list);
    const marked = page.getByRole("main").getByText("Sample", { exact: true });
    const count = await marked.count();
    expect(count).toBeGreaterThan(1);
    const firstName = (
      await page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByText("Sample", { exact: true }) })
        .first()
        .getByRole("link")
        .innerText()
    ).split("\n")[0]!;

    const slate = page.getByRole("form", { name: "Start with a clean slate" });
    const press = () => slate.getByRole("button", { name: "Remove the sample" }).click();
    if (javaScriptEnabled) await waitForHydration(page);
    // Without the box ticked it is refused (without scripts, the browser's
    // own check holds the post; the route tests cover the server's refusal).
    if (javaScriptEnabled) {
      await press();
      await expect(
        slate.getByText("Tick the box to say the sample entries may go.").first(),
      ).toBeVisible();
      await expect(marked).toHaveCount(count);
    }

    await slate.getByRole("checkbox", { name: /^Yes, remove the \d+ \w+ marked Sample/ }).check();
    await press();
    await expect(said(page, javaScriptEnabled, "Removed.")).toBeVisible();
    await expect(page).toHaveURL(area.list);
    await expect(marked).toHaveCount(0);
    await expect(slate).toHaveCount(0);
    if (area.what === "questions") {
      // Gone from the About page too (its cache asks the revision at most once a second).
      await expect
        .poll(async () => (await page.request.get("/about")).text())
        .not.toContain(firstName);
    }

    await page.goto("/staff/changes");
    const change = page
      .getByRole("list", { name: "Changes, newest first" })
      .getByRole("listitem")
      .first();
    await expect(change).toContainText(`Removed the sample ${area.what} (${count} entries)`);
    await change.getByText(`Each of the ${count}`).click();
    await expect(change.getByText(/^Removed the \w+ “/)).toHaveCount(count);

    if (javaScriptEnabled) await waitForHydration(page);
    await change.getByRole("link", { name: /^Undo…/ }).click();
    const yes = page.getByRole("button", { name: "Yes, undo" });
    await yes.click();
    await expect(
      said(page, javaScriptEnabled, `Undid “Removed the sample ${area.what}”.`),
    ).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first(),
    ).toContainText(`Undid “Removed the sample ${area.what}” (${count} entries)`);

    await page.goto(area.list);
    await expect(marked).toHaveCount(count);
    await expect(page.getByRole("main").getByText(firstName)).toBeVisible();
    await context.close();
  });
}
