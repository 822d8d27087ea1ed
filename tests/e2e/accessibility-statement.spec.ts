import { expect, openHydrated, test, waitForHydration } from "./fixtures";

// The accessibility statement: reached from every page's footer, with the
// pub's contacts from the sample content in supabase/seed.sql.

const SITE_NAME = "The Squire Pub & Grill";
const PHONE = "519-555-0134";
const EMAIL = "hello@thesquire.example";

test("the footer links every page to the accessibility statement", async ({ page }) => {
  await openHydrated(page, "/menu");
  await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
  await expect(page).toHaveURL("/accessibility");
  await expect(page).toHaveTitle(`Accessibility | ${SITE_NAME}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibility");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /WCAG 2\.2 AA/);
});

test("states the standard, the known limits, how to get help and when it was reviewed", async ({
  page,
}) => {
  await page.goto("/accessibility");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveText([
    "What we aim for",
    "Known limits",
    "Help, feedback and other formats",
  ]);
  await expect(main).toContainText("WCAG) 2.2 at level AA");
  await expect(main.getByRole("list", { name: "What works" }).getByRole("listitem")).toHaveText([
    /^Keyboard/,
    /^Screen readers/,
    /^Contrast and colour/,
    /^Without JavaScript/,
  ]);
  await expect(
    page.getByRole("region", { name: "Known limits" }).getByRole("listitem").first(),
  ).toContainText("Google Maps or Apple Maps");
  await expect(main.getByRole("link", { name: PHONE, exact: true })).toHaveAttribute(
    "href",
    "tel:+15195550134",
  );
  await expect(main.getByRole("link", { name: EMAIL, exact: true })).toHaveAttribute(
    "href",
    `mailto:${EMAIL}`,
  );
  await expect(main.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  await expect(main).toContainText(/last reviewed on \w+ \d{1,2}, \d{4}\./);
});

for (const javaScriptEnabled of [true, false]) {
  test(`"Write to us" opens the contact form on the Accessibility topic${javaScriptEnabled ? "" : " without JavaScript"}`, async ({
    browser,
    isMobile,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: isMobile ? { width: 375, height: 740 } : { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto("/accessibility");
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Write to us" }).click();
    await expect(page).toHaveURL("/contact?topic=accessibility#write");
    const topic = page.getByRole("combobox", { name: "What is it about?" });
    await expect(topic).toHaveValue("accessibility");
    await expect(topic.locator("option:checked")).toHaveText("Accessibility");
    await context.close();
  });
}

test("the contact form offers the Accessibility topic, and starts on none without a link's choice", async ({
  page,
}) => {
  await page.goto("/contact");
  const topic = page.getByRole("combobox", { name: "What is it about?" });
  await expect(topic).toHaveValue("");
  await expect(topic.getByRole("option", { name: "Accessibility" })).toHaveCount(1);
  await page.goto("/contact?topic=nonsense");
  await expect(topic).toHaveValue("");
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`has no axe violations in ${colorScheme} mode`, async ({ page, expectNoA11yViolations }) => {
    await page.emulateMedia({ colorScheme });
    await openHydrated(page, "/accessibility");
    await expectNoA11yViolations();
  });
}
