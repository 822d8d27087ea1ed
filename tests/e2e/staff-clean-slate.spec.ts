import type { Page } from "@playwright/test";
import { devices } from "@playwright/test";
import {
  browserOfItsOwn,
  expect,
  openHydrated,
  signInAsStaff,
  test,
  waitForHydration,
} from "./fixtures";
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

test("a step of many rows reaches an open page as one update: it reads its data once", async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === "phone", "the live channel does not depend on the device");
  const visitorContext = await browserOfItsOwn(browser, { baseURL: server.url });
  const visitor = await visitorContext.newPage();
  const reads: string[] = [];
  visitor.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) reads.push(request.url());
  });
  const streaming = visitor.waitForResponse(
    (response) => new URL(response.url()).pathname === "/live" && response.status() === 200,
  );
  await openHydrated(visitor, "/about");
  await streaming;
  expect(reads).toEqual([]);
  const read = () =>
    visitor.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));

  const staffContext = await browserOfItsOwn(browser, { baseURL: server.url });
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, server.owner);
  const clear = async (list: string) => {
    await openHydrated(staff, list);
    const slate = staff.getByRole("form", { name: "Start with a clean slate" });
    await slate.getByRole("checkbox", { name: /^Yes, remove the/ }).check();
    await slate.getByRole("button", { name: "Remove the sample" }).click();
    await expect(
      staff.locator("[data-sonner-toast]").filter({ hasText: "Removed." }),
    ).toBeVisible();
  };

  // The sample specials: 15 rows removed in one transaction.
  let next = read();
  await clear("/staff/specials");
  await next;
  // Undone: the 15 rows back, in one transaction.
  next = read();
  await openHydrated(staff, "/staff/changes");
  await staff.getByRole("link", { name: /^Undo… Removed the sample specials/ }).click();
  await staff.getByRole("button", { name: "Yes, undo" }).click();
  await expect(
    staff
      .locator("[data-sonner-toast]")
      .filter({ hasText: "Undid “Removed the sample specials”." }),
  ).toBeVisible();
  await next;
  // A third step, which the page shows: any read the first two sent more
  // than once would have come before it, on the same ordered stream.
  next = read();
  await clear("/staff/questions");
  await next;
  await expect(visitor.getByText("Do you take reservations?")).toHaveCount(0);
  expect(reads).toHaveLength(3);
  await staffContext.close();
  await visitorContext.close();
});
