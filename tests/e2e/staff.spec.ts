import { randomUUID } from "node:crypto";
import type { Locator, Page, Response } from "@playwright/test";
import {
  chooseTheme,
  expect,
  fillSignIn,
  openHydrated,
  sendEnquiry,
  type SentEnquiry,
  signInFields,
  staffAccount,
  staffAccountFor,
  test,
  waitForHydration,
} from "./fixtures";

// The staff area: sign-in, the enquiries inbox, an enquiry marked handled and
// not, and sign-out; with and without JavaScript, by keyboard, and what it
// tells crawlers and caches. Each test signs in as an account of its own (see
// staffAccountFor) from an address of its own (the Fly-Client-IP header the
// test server trusts), so the sign-in limits never refuse it; the enquiries
// it reads are sent through the public contact form first.

test.use({ ownAddress: true });

// What the staff pages say, from app/staff and app/routes/staff.
const WRONG_CREDENTIALS =
  "That email and password don't match a staff account. Check them and try again.";

const signInHeading = (page: Page) =>
  page.getByRole("heading", { level: 1, name: "Staff sign-in" });
const inboxHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Enquiries" });
const signOutButton = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: "Sign out" });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search enquiries" });
const inboxStatus = (page: Page) => page.getByRole("main").getByRole("status");
const toast = (page: Page, text: string) => page.getByRole("listitem").filter({ hasText: text });
/** The inbox's link to an enquiry, named (among the rest) by the sender's name. */
const enquiryLink = (page: Page, enquiry: SentEnquiry) =>
  page.getByRole("main").getByRole("link", { name: new RegExp(enquiry.name) });
type Badge = "Unread" | "Not handled" | "Handled";
/** The badge by an enquiry, within `scope`: "Unread" (nobody has opened it), "Not handled" or "Handled". */
const badge = (scope: Locator, text: Badge) => scope.getByText(text, { exact: true });
const markHandled = (page: Page) => page.getByRole("button", { name: "Mark as handled" });
const markNotHandled = (page: Page) => page.getByRole("button", { name: "Mark as not handled" });

/** Expects the inbox to list exactly the one enquiry its search for `word` found. */
async function expectFound(page: Page, enquiry: SentEnquiry) {
  await expect(page).toHaveURL(`/staff?q=${enquiry.word}`);
  await expect(searchBox(page)).toHaveValue(enquiry.word);
  await expect(inboxStatus(page)).toContainText(`1 enquiry matching “${enquiry.word}”.`);
  const enquiries = page.getByRole("main").getByRole("list", { name: "Enquiries" });
  await expect(enquiries.getByRole("listitem")).toHaveCount(1);
  await expect(enquiryLink(page, enquiry)).toContainText(enquiry.email);
}

/** Expects the page of `enquiry`, with its badge saying `status`. */
async function expectEnquiryPage(
  page: Page,
  enquiry: SentEnquiry,
  status: "Not handled" | "Handled",
) {
  await expect(page).toHaveURL(/\/staff\/enquiries\/\d+\?back=/);
  await expect(page.getByRole("heading", { level: 1, name: enquiry.name })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(enquiry.message);
  const main = page.getByRole("main");
  await expect(badge(main, status)).toBeVisible();
  await expect(badge(main, status === "Not handled" ? "Handled" : "Not handled")).toHaveCount(0);
  // Opened, it is read.
  await expect(badge(main, "Unread")).toHaveCount(0);
  if (status === "Not handled") {
    await expect(markHandled(page)).toBeVisible();
    await expect(markNotHandled(page)).toHaveCount(0);
  } else {
    await expect(markNotHandled(page)).toBeVisible();
    await expect(markHandled(page)).toHaveCount(0);
  }
}

/** Expects the element to have focus, shown by an outline of at least 2 px. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style, "outline style").not.toBe("none");
  expect(outline.width, "outline width").toBeGreaterThanOrEqual(2);
}

/** Signs out with the header's button and expects the sign-in page, the area locked again. */
async function signOutAndCheck(page: Page, { javaScript }: { javaScript: boolean }) {
  await expect(page).toHaveURL("/staff/sign-in");
  await expect(signInHeading(page)).toBeVisible();
  if (javaScript) await expect(toast(page, "Signed out.")).toBeVisible();
  await expect(signOutButton(page)).toHaveCount(0);
  await page.goto("/staff");
  await expect(page).toHaveURL("/staff/sign-in");
  await expect(signInHeading(page)).toBeVisible();
}

test.describe("with JavaScript", () => {
  test("signs in, finds an enquiry, marks it handled and back, and signs out", async ({
    page,
    browser,
  }, testInfo) => {
    const account = staffAccountFor("journey", testInfo.project.name);
    const enquiry = await sendEnquiry(browser, "Avery Quinn");

    // The inbox sends whoever is signed out to sign in, and back after.
    await page.goto("/staff");
    await expect(page).toHaveURL("/staff/sign-in");
    await waitForHydration(page);
    await fillSignIn(page, account);
    await signInFields(page).submit.click();

    await expect(page).toHaveURL("/staff");
    await expect(toast(page, "Signed in.")).toBeVisible();
    await expect(inboxHeading(page)).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(`Signed in as ${account.email}`);

    await searchBox(page).fill(enquiry.word);
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expectFound(page, enquiry);
    await expect(badge(enquiryLink(page, enquiry), "Unread")).toBeVisible();

    await enquiryLink(page, enquiry).click();
    await expectEnquiryPage(page, enquiry, "Not handled");
    const enquiryUrl = page.url();
    // The browser's Back and Forward load the pages again, still signed in.
    await page.goBack();
    await expectFound(page, enquiry);
    await page.goForward();
    await expectEnquiryPage(page, enquiry, "Not handled");

    await markHandled(page).click();
    await expect(toast(page, "Marked as handled.")).toBeVisible();
    await expectEnquiryPage(page, enquiry, "Handled");
    await expect(page.getByRole("main")).toContainText(/Status\s*Handled/);
    expect(page.url()).toBe(enquiryUrl);

    await markNotHandled(page).click();
    await expect(toast(page, "Marked as not handled.")).toBeVisible();
    await expectEnquiryPage(page, enquiry, "Not handled");
    await expect(page.getByRole("main")).toContainText(/Status\s*Not handled yet/);

    // Back to the list as it was left: the same search.
    await page.getByRole("link", { name: "All enquiries" }).click();
    await expectFound(page, enquiry);
    await expect(badge(enquiryLink(page, enquiry), "Not handled")).toBeVisible();

    await signOutButton(page).click();
    await signOutAndCheck(page, { javaScript: true });
  });

  test("a wrong password is refused, the email kept and the password focused", async ({
    page,
    allowConsoleErrors,
  }, testInfo) => {
    // Chromium logs the refused post's 400.
    allowConsoleErrors(/status of 400/);
    const account = staffAccountFor("wrong-password", testInfo.project.name);
    await openHydrated(page, "/staff/sign-in");
    await fillSignIn(page, { ...account, password: "not the password at all" });
    await signInFields(page).submit.click();

    const summary = page.getByRole("alert");
    await expect(summary).toContainText(WRONG_CREDENTIALS);
    const fields = signInFields(page);
    await expect(fields.email).toHaveValue(account.email);
    await expect(fields.password).toBeFocused();
    await expect(fields.password).toHaveValue("");
    await expect(page).toHaveURL("/staff/sign-in");
    await expect(signOutButton(page)).toHaveCount(0);
    // Refused, nobody is signed in: the inbox still sends to sign-in.
    await page.goto("/staff");
    await expect(page).toHaveURL("/staff/sign-in");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signs in after a refusal, marks an enquiry handled and signs out", async ({
    page,
    browser,
    allowConsoleErrors,
  }, testInfo) => {
    allowConsoleErrors(/status of 400/);
    const account = staffAccountFor("no-javascript", testInfo.project.name);
    const enquiry = await sendEnquiry(browser, "Blair Okafor");

    await page.goto("/staff");
    await expect(page).toHaveURL("/staff/sign-in");
    // A slip in the email first: refused by the server, which keeps the email
    // and focuses the password as the page loads.
    const typo = account.email.replace("example.com", "example.org");
    await fillSignIn(page, { ...account, email: typo });
    await signInFields(page).submit.click();
    await expect(page.getByRole("alert")).toContainText(WRONG_CREDENTIALS);
    await expect(signInFields(page).email).toHaveValue(typo);
    await expect(signInFields(page).password).toBeFocused();
    await expect(signInFields(page).password).toHaveValue("");

    await fillSignIn(page, account);
    await signInFields(page).submit.click();
    await expect(page).toHaveURL("/staff");
    await expect(inboxHeading(page)).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(`Signed in as ${account.email}`);

    await searchBox(page).fill(enquiry.word);
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expectFound(page, enquiry);
    await enquiryLink(page, enquiry).click();
    await expectEnquiryPage(page, enquiry, "Not handled");

    await markHandled(page).click();
    await expectEnquiryPage(page, enquiry, "Handled");
    await page.getByRole("link", { name: "All enquiries" }).click();
    await expectFound(page, enquiry);
    await expect(badge(enquiryLink(page, enquiry), "Handled")).toBeVisible();

    await signOutButton(page).click();
    await signOutAndCheck(page, { javaScript: false });
  });
});

test.describe("keyboard only", () => {
  test.skip(({ isMobile }) => isMobile, "keyboard use is checked on the desktop project");

  /** Presses Tab until `target` has focus, at most `limit` times. */
  async function tabTo(page: Page, target: Locator, limit = 20) {
    for (let presses = 0; presses < limit; presses++) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press("Tab");
    }
    await expect(target).toBeFocused();
  }

  /** From the top of a page: the skip link, then into the main content. */
  async function skipToContent(page: Page) {
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expectVisibleFocus(skip);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  }

  test("signs in, marks an enquiry handled and signs out", async ({ page, browser }, testInfo) => {
    const account = staffAccountFor("keyboard", testInfo.project.name);
    const enquiry = await sendEnquiry(browser, "Casey Lindqvist");
    await openHydrated(page, "/staff/sign-in");
    const fields = signInFields(page);

    await skipToContent(page);
    await page.keyboard.press("Tab");
    await expectVisibleFocus(fields.email);
    await page.keyboard.type(account.email);
    await page.keyboard.press("Tab");
    await expectVisibleFocus(fields.password);
    await page.keyboard.type(account.password);
    await page.keyboard.press("Tab");
    await expectVisibleFocus(fields.submit);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/staff");
    await expect(toast(page, "Signed in.")).toBeVisible();

    // A new page: the keyboard goes on from its content, as after the skip
    // link (past the first-run checklist's links, while there is one).
    await expect(page.getByRole("main")).toBeFocused();
    await tabTo(page, searchBox(page));
    await expectVisibleFocus(searchBox(page));
    await page.keyboard.type(enquiry.word);
    await page.keyboard.press("Enter");
    await expectFound(page, enquiry);

    const link = enquiryLink(page, enquiry);
    await tabTo(page, link);
    await expectVisibleFocus(link);
    await page.keyboard.press("Enter");
    await expectEnquiryPage(page, enquiry, "Not handled");

    await expect(page.getByRole("main")).toBeFocused();
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page.getByRole("link", { name: "All enquiries" }));
    await tabTo(page, markHandled(page));
    await expectVisibleFocus(markHandled(page));
    await page.keyboard.press("Enter");
    await expect(toast(page, "Marked as handled.")).toBeVisible();
    await expectEnquiryPage(page, enquiry, "Handled");
    // The button changed in place: the keyboard is where it was.
    await expectVisibleFocus(markNotHandled(page));

    // Back up to the header's Sign out, past the staff sections' links.
    for (let presses = 0; presses < 25; presses++) {
      if (await signOutButton(page).evaluate((element) => element === document.activeElement)) {
        break;
      }
      await page.keyboard.press("Shift+Tab");
    }
    await expectVisibleFocus(signOutButton(page));
    await page.keyboard.press("Enter");
    await signOutAndCheck(page, { javaScript: true });
  });
});

test.describe("kept out of search engines and caches", () => {
  test.skip(({ isMobile }) => isMobile, "headers do not depend on the device");

  test("every response under /staff says noindex and no-store, and every page says noindex", async ({
    page,
    browser,
    allowConsoleErrors,
  }) => {
    // The missing enquiry below is a 404, which Chromium logs.
    allowConsoleErrors(/status of 404/);
    const enquiry = await sendEnquiry(browser, "Dana Whitfield");
    const responses: Response[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/staff")) responses.push(response);
    });
    const expectStaffHeaders = (response: Response | null) => {
      const headers = response?.headers() ?? {};
      const where = `${response?.request().method()} ${response?.url()} (${response?.status()})`;
      expect(headers["x-robots-tag"], where).toBe("noindex, nofollow");
      expect(headers["cache-control"], where).toBe("private, no-store");
    };
    const expectRobotsMeta = async () => {
      await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
        "content",
        "noindex, nofollow",
      );
    };

    // Signed out: the redirect, and the sign-in page.
    const redirect = await page.request.get("/staff", { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()["location"]).toBe("/staff/sign-in");
    expect(redirect.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(redirect.headers()["cache-control"]).toBe("private, no-store");
    expectStaffHeaders(await page.goto("/staff/sign-in"));
    await expectRobotsMeta();

    // Signed in: the inbox, a search, an enquiry, a post, and a missing enquiry.
    await waitForHydration(page);
    await fillSignIn(page, staffAccount);
    await signInFields(page).submit.click();
    await expect(inboxHeading(page)).toBeVisible();
    expectStaffHeaders(await page.goto("/staff"));
    await expectRobotsMeta();
    expectStaffHeaders(await page.goto(`/staff?q=${enquiry.word}`));
    await waitForHydration(page);
    await enquiryLink(page, enquiry).click();
    await expectEnquiryPage(page, enquiry, "Not handled");
    await markHandled(page).click();
    await expectEnquiryPage(page, enquiry, "Handled");
    expectStaffHeaders(await page.reload());
    await expectRobotsMeta();
    const missing = await page.goto("/staff/enquiries/999999999");
    expect(missing?.status()).toBe(404);
    expectStaffHeaders(missing);
    await expectRobotsMeta();

    // Everything the browser fetched there: documents, data, redirects, posts.
    expect(responses.length).toBeGreaterThan(8);
    expect(responses.some((response) => response.request().method() === "POST")).toBe(true);
    expect(responses.some((response) => new URL(response.url()).pathname.endsWith(".data"))).toBe(
      true,
    );
    for (const response of responses) expectStaffHeaders(response);
  });
});

test.describe("sessions", () => {
  test("a forged session cookie gets the sign-in page", async ({ page, baseURL }) => {
    const domain = new URL(baseURL ?? "http://localhost").hostname;
    // What @supabase/ssr stores: a session, here with an access token signed by nobody.
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const hour = Math.floor(Date.now() / 1000) + 3600;
    const unsigned = [
      encode({ alg: "HS256", typ: "JWT" }),
      encode({ sub: randomUUID(), role: "authenticated", aud: "authenticated", exp: hour }),
      encode({ signature: "none" }),
    ].join(".");
    const forgeries = {
      junk: "junk",
      "an unsigned token": `base64-${encode({
        access_token: unsigned,
        refresh_token: "forged",
        token_type: "bearer",
        expires_in: 3600,
        expires_at: hour,
        user: { id: randomUUID(), aud: "authenticated", role: "authenticated" },
      })}`,
    };
    for (const [what, value] of Object.entries(forgeries)) {
      // Set again before each request: the server may clear it.
      const forge = async () => {
        await page.context().clearCookies();
        await page
          .context()
          .addCookies([{ name: "sb-staff-auth-token", value, domain, path: "/" }]);
      };
      await test.step(what, async () => {
        await forge();
        const response = await page.goto("/staff");
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL("/staff/sign-in");
        await expect(signInHeading(page)).toBeVisible();
        await expect(inboxHeading(page)).toHaveCount(0);
        await expect(signOutButton(page)).toHaveCount(0);
        // Nor does it open an enquiry's page or post to one.
        await forge();
        await page.goto("/staff/enquiries/1");
        await expect(page).toHaveURL(/\/staff\/sign-in\?redirectTo=%2Fstaff%2Fenquiries%2F1$/);
        await forge();
        const post = await page.request.post("/staff/enquiries/1", {
          form: { intent: "handled" },
          headers: { Origin: new URL(page.url()).origin },
          maxRedirects: 0,
        });
        expect(post.status()).toBe(302);
        expect(post.headers()["location"]).toMatch(/^\/staff\/sign-in/);
      });
    }
  });
});

test.describe("axe", () => {
  /** Waits until the page is at rest: fonts in, no navigation, no toast sliding in. */
  async function settled(page: Page) {
    await waitForHydration(page);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.evaluate(async () => {
      await Promise.all(document.getAnimations().map((animation) => animation.finished));
    });
  }

  test("sign-in (also refused), the inbox and an enquiry, in the light and dark themes", async ({
    page,
    browser,
    allowConsoleErrors,
    expectNoA11yViolations,
  }, testInfo) => {
    test.slow();
    allowConsoleErrors(/status of 400/);
    const account = staffAccountFor("axe", testInfo.project.name);
    const enquiry = await sendEnquiry(browser, "Emery Castellanos");
    await page.goto("/staff/sign-in");

    for (const theme of ["light", "dark"] as const) {
      await test.step(`sign-in, ${theme}`, async () => {
        await chooseTheme(page, theme);
        await page.goto("/staff/sign-in");
        await expect(page.locator("html")).toHaveClass(theme);
        await settled(page);
        await expectNoA11yViolations();

        // Refused, with the summary showing: an address no account has.
        await fillSignIn(page, {
          email: `nobody.${randomUUID().slice(0, 8)}@example.com`,
          password: "not a password",
        });
        await signInFields(page).submit.click();
        await expect(page.getByRole("alert")).toContainText(WRONG_CREDENTIALS);
        await settled(page);
        await expectNoA11yViolations();
      });
    }

    await fillSignIn(page, account);
    await signInFields(page).submit.click();
    await expect(inboxHeading(page)).toBeVisible();

    for (const theme of ["light", "dark"] as const) {
      await test.step(`inbox and enquiry, ${theme}`, async () => {
        await chooseTheme(page, theme);
        await page.goto(`/staff?q=${enquiry.word}`);
        await expect(page.locator("html")).toHaveClass(theme);
        await expectFound(page, enquiry);
        await settled(page);
        await expectNoA11yViolations();

        await page.goto("/staff");
        await expect(inboxHeading(page)).toBeVisible();
        await settled(page);
        await expectNoA11yViolations();

        await page.goto(`/staff?q=${enquiry.word}`);
        await enquiryLink(page, enquiry).click();
        await expectEnquiryPage(page, enquiry, "Not handled");
        await settled(page);
        await expectNoA11yViolations();

        await markHandled(page).click();
        await expect(toast(page, "Marked as handled.")).toBeVisible();
        await expectEnquiryPage(page, enquiry, "Handled");
        await settled(page);
        await expectNoA11yViolations();
        await markNotHandled(page).click();
        await expectEnquiryPage(page, enquiry, "Not handled");
      });
    }
  });
});
