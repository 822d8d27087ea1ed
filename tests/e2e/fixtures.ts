import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type Browser,
  type BrowserContextOptions,
  type Cookie,
  type Locator,
  type Page,
} from "@playwright/test";

type ConsoleGuard = { errors: string[]; allowed: RegExp[] };

type Options = {
  /**
   * Whether the test's browser comes from an address of its own (in
   * CLIENT_IP_HEADER, which the test server trusts), so the sign-in and form
   * limits, counted by address, never refuse it. Off unless a spec says so.
   */
  ownAddress: boolean;
  /** What the spec's tests sign in for: their account is the purpose's in their project. */
  staffPurpose: StaffPurpose | null;
  /**
   * Whether `signIn` may start from the session an earlier test of the worker
   * made for the same account, instead of signing in again: for specs whose
   * tests neither sign out nor end sessions. Off unless a spec says so.
   */
  reuseSignIn: boolean;
};

type Fixtures = {
  consoleGuard: ConsoleGuard;
  /** Declares console errors this test expects, so they do not fail it. */
  allowConsoleErrors: (pattern: RegExp) => void;
  /** Runs axe on the page as it is now and expects no violations at all. */
  expectNoA11yViolations: (page?: Page) => Promise<void>;
  /** The account the test signs in as (`staffPurpose`'s, in the test's project). */
  account: StaffAccount;
  /**
   * Signs `page` in as `account`, or as `purpose`'s account in the test's
   * project (see `signedInAt`), and opens `to`; with JavaScript, waits until
   * it has hydrated. With `fromSignInPage`, it first opens `to` signed out
   * and expects to be sent to the sign-in page.
   */
  signIn: (
    to?: string,
    options?: { fromSignInPage?: boolean; purpose?: StaffPurpose },
  ) => Promise<void>;
};

type WorkerFixtures = {
  /** The session cookies each account signed in with, in this worker (see `reuseSignIn`). */
  staffSessions: Map<string, Cookie[]>;
};

export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  ownAddress: [false, { option: true }],
  staffPurpose: [null, { option: true }],
  reuseSignIn: [false, { option: true }],

  extraHTTPHeaders: async ({ extraHTTPHeaders, ownAddress }, use) => {
    await use(
      ownAddress ? { ...extraHTTPHeaders, [CLIENT_IP_HEADER]: uniqueAddress() } : extraHTTPHeaders,
    );
  },

  // Every test fails on console errors it did not declare: CSP violations,
  // hydration mismatches and uncaught errors all show up there.
  consoleGuard: [
    async ({ page }, use) => {
      const guard: ConsoleGuard = { errors: [], allowed: [] };
      page.on("console", (message) => {
        if (message.type() === "error") guard.errors.push(message.text());
      });
      page.on("pageerror", (error) => guard.errors.push(`pageerror: ${error.message}`));
      await use(guard);
      const unexpected = guard.errors.filter((text) => !guard.allowed.some((p) => p.test(text)));
      expect(unexpected, "console errors").toEqual([]);
    },
    { auto: true },
  ],

  allowConsoleErrors: async ({ consoleGuard }, use) => {
    await use((pattern) => consoleGuard.allowed.push(pattern));
  },
  expectNoA11yViolations: async ({ page }, use) => {
    await use(async (target = page) => {
      // The page as it rests: not mid-navigation, with the progress bar still along the top.
      await expect(target.getByRole("progressbar", { name: "Loading page" })).toHaveCount(0);
      // And still: a toast or a panel part-way through its entrance is half
      // transparent, and its words fail contrast until it lands. Waits for the
      // animations and transitions running now to end (not for endless ones).
      await target.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
      );
      // Only violations are asserted: axe still runs every rule on every
      // element, but describes (selector, HTML, ancestry) only the elements
      // that fail, and one element of each other result instead of all.
      // (`options` replaces what `withTags` sets, so it comes first.)
      const builder = new AxeBuilder({ page: target })
        .options({ resultTypes: ["violations"] })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]);
      // A page without frames is checked in the page itself: the same rules
      // and results, without the blank page axe otherwise opens to combine
      // the frames' findings (two fifths of its time, and another copy of it).
      // A page with frames gets that, so each frame is checked too.
      if (target.frames().length === 1) builder.setLegacyMode();
      const results = await builder.analyze();
      const summary = results.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
      );
      expect(summary, "axe violations").toEqual([]);
    });
  },

  account: async ({ staffPurpose }, use, testInfo) => {
    if (!staffPurpose) throw new Error("This spec signs in: give it a purpose with test.use");
    await use(staffAccountFor(staffPurpose, testInfo.project.name));
  },

  staffSessions: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(new Map());
    },
    { scope: "worker" },
  ],

  signIn: async (
    { page, staffPurpose, javaScriptEnabled, reuseSignIn, staffSessions },
    use,
    testInfo,
  ) => {
    await use(async (to = "/staff", { fromSignInPage = false, purpose = staffPurpose } = {}) => {
      if (!purpose) throw new Error("This spec signs in: give it a purpose with test.use");
      const account = staffAccountFor(purpose, testInfo.project.name);
      if (fromSignInPage) {
        await page.goto(to);
        await expect(page).toHaveURL(/\/staff\/sign-in/);
      }
      const kept = reuseSignIn ? staffSessions.get(account.email) : undefined;
      if (kept) {
        await page.context().addCookies(kept);
        await page.goto(to);
      } else {
        await signedInAt(page, account, to);
        const { cookies } = await page.context().storageState();
        staffSessions.set(
          account.email,
          cookies.filter((cookie) => cookie.name.startsWith(STAFF_SESSION_COOKIE)),
        );
      }
      if (javaScriptEnabled !== false) await waitForHydration(page);
    });
  },
});
export { expect };

/** The pages of the site, with their document titles and headings. */
export const pages = [
  {
    path: "/",
    name: "Home",
    title: "The Squire Pub & Grill | London, ON",
    heading: "The Squire Pub & Grill",
  },
  { path: "/menu", name: "Menu", title: "Menu | The Squire Pub & Grill", heading: "Menu" },
  {
    path: "/about",
    name: "About",
    title: "About | The Squire Pub & Grill",
    heading: "About the pub",
  },
  {
    path: "/venue",
    name: "Venue",
    title: "Venue | The Squire Pub & Grill",
    heading: "Book the room",
  },
  {
    path: "/contact",
    name: "Contact",
    title: "Contact | The Squire Pub & Grill",
    heading: "Contact and hours",
  },
] as const;

/**
 * Nothing on the page is wider than its viewport: the page never scrolls
 * sideways (a phone would zoom out). On failure, names what sticks out.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const viewport = page.viewportSize()!.width;
  const { scrollWidth, wider } = await page.evaluate((width) => {
    const wider = [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scrollWidth: document.scrollingElement?.scrollWidth ?? Infinity, wider };
  }, viewport);
  expect(scrollWidth, `wider than the screen: ${wider.join(", ")}`).toBeLessThanOrEqual(viewport);
}

/**
 * Stores the theme with the site's own form, as the footer's switch does
 * without JavaScript; its toast, which belongs to the public page it would
 * have gone back to, is dropped.
 */
export async function chooseTheme(page: Page, theme: "light" | "dark") {
  const response = await page.request.post("/theme", {
    form: { theme, redirectTo: "/" },
    maxRedirects: 0,
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(303);
  await page.context().clearCookies({ name: "toast" });
}

/**
 * Opens the public menu as a visitor, in a browser of their own, until the
 * entry of the dish `name` passes `check` (whose expectations each wait half a
 * second at most), within the five seconds a visitor may wait for a change.
 */
export async function expectMenuEntry(
  browser: Browser,
  name: string,
  check: (entry: Locator) => Promise<void>,
) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await expect(async () => {
    await visitor.goto("/menu");
    await check(
      visitor
        .getByRole("listitem")
        .filter({ has: visitor.getByRole("heading", { level: 3, name }) }),
    );
  }).toPass({ timeout: 5_000 });
  await context.close();
}

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Opens `path` and waits until React has hydrated it, so clicks reach its handlers. */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** A staff member's sign-in, as the e2e server is started with it. */
export type StaffAccount = { email: string; password: string };

/** Every e2e staff account's password, handed to `staff-add` on standard input. */
export const E2E_STAFF_PASSWORD = "e2e staff password, not a secret";

/** The owner the e2e server adds before it starts (see playwright.config.ts). */
export const staffAccount: StaffAccount = {
  email: "owner@staff.example.com",
  password: E2E_STAFF_PASSWORD,
};

/**
 * What each staff test signs in for. Sign-in allows 5 attempts per email in 15
 * minutes, successful ones included, so a test that signs in does so as an
 * account of its own in each project: a run repeated three times stays within it.
 */
const staffPurposes = [
  "journey",
  "wrong-password",
  "no-javascript",
  "keyboard",
  "axe",
  "menu",
  "menu-no-javascript",
  "menu-import",
  "menu-import-no-javascript",
  "menu-prices",
  "menu-prices-no-javascript",
  "settings",
  "settings-refused",
  "settings-no-javascript",
  "hours-tonight",
  "hours-form",
  "specials",
  "events",
  "venue",
  "questions",
  "pages",
  "pages-no-javascript",
  "reorder",
  "closing-offer",
  "people",
  "people-no-javascript",
  "outbox",
  "booking-links",
  "phone-menu",
  "phone-reorder",
  "phone-limits",
  "phone-no-javascript",
  "first-run",
  "first-run-no-javascript",
  "changes",
  "recovery",
  "recovery-no-javascript",
  "people-links",
  "people-links-no-javascript",
  "live-menu",
  "live-hours",
  "live-specials",
  "live-contact",
  "live-polling",
  "newsletter-sign-up",
  "newsletter-sign-up-no-javascript",
  "newsletter-subscribers",
  "newsletter-subscribers-no-javascript",
] as const;
const staffProjects = ["desktop", "phone"] as const;

export type StaffPurpose = (typeof staffPurposes)[number];

/** The account a test signs in as: one per purpose and project (the projects' names). */
export function staffAccountFor(purpose: StaffPurpose, project: string): StaffAccount {
  if (!(staffProjects as readonly string[]).includes(project)) {
    throw new Error(`No e2e staff account for the project "${project}"`);
  }
  return { email: `${purpose}.${project}@staff.example.com`, password: E2E_STAFF_PASSWORD };
}

/** Everyone the e2e server puts on the staff list, as owners, before it starts. */
export const staffAccounts: readonly StaffAccount[] = [
  staffAccount,
  ...staffPurposes.flatMap((purpose) =>
    staffProjects.map((project) => staffAccountFor(purpose, project)),
  ),
];

/** The header the test server takes a client's address from (as Fly's proxy sets it). */
export const CLIENT_IP_HEADER = "Fly-Client-IP";

/** The staff session's cookie, or the first of its chunks (`.0`, `.1`, ...). */
const STAFF_SESSION_COOKIE = "sb-staff-auth-token";

/** A random IPv6 address in the private fd00::/8 range, new for each call. */
export function uniqueAddress(): string {
  const groups = crypto.randomUUID().replace(/-/g, "").match(/.{4}/g) ?? [];
  return ["fd00", ...groups.slice(0, 7)].join(":");
}

/** A browser of its own: a new context, from an address of its own, with `options`. */
export function browserOfItsOwn(browser: Browser, options: BrowserContextOptions = {}) {
  return browser.newContext({
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, [CLIENT_IP_HEADER]: uniqueAddress() },
  });
}

/** An enquiry sent through the contact form: its message holds a word no other has. */
export type SentEnquiry = { name: string; email: string; message: string; word: string };

/**
 * Sends a message through the public contact form, as a visitor would, from a
 * browser of its own (its own address, no JavaScript: the plain form). Its
 * message holds a word no other enquiry has, to search for.
 */
export async function sendEnquiry(
  browser: Browser,
  name = `Morgan ${crypto.randomUUID().slice(0, 6)}`,
): Promise<SentEnquiry> {
  const word = `zephyr${crypto.randomUUID().slice(0, 8)}`;
  const sent: SentEnquiry = {
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@example.com`,
    message: `Could you keep a table by the fire for us on Friday? Reference ${word}.`,
    word,
  };
  const context = await browserOfItsOwn(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const form = page.locator("form#contact-form");
  await form.getByRole("textbox", { name: "Your name" }).fill(sent.name);
  await form.getByRole("textbox", { name: "Email" }).fill(sent.email);
  await form
    .getByRole("combobox", { name: "What is it about?" })
    .selectOption({ label: "A general question" });
  await form.getByRole("textbox", { name: "Your message" }).fill(sent.message);
  await form.getByRole("checkbox", { name: /^I agree/ }).check();
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Your message is with us" })).toBeVisible();
  await context.close();
  return sent;
}

/** The sign-in form's fields and button. */
export function signInFields(page: Page) {
  const form = page.getByRole("form", { name: "Sign in" });
  return {
    email: form.getByRole("textbox", { name: "Email" }),
    password: form.getByLabel("Password", { exact: true }),
    submit: form.getByRole("button", { name: "Sign in" }),
  };
}

/** Types `account`'s email and password into the sign-in form on `page`. */
export async function fillSignIn(page: Page, { email, password }: StaffAccount) {
  const fields = signInFields(page);
  await fields.email.fill(email);
  await fields.password.fill(password);
}

/** Signs in with the sign-in form on `page`, as a person types it. */
export async function submitSignIn(page: Page, account: StaffAccount) {
  await fillSignIn(page, account);
  await signInFields(page).submit.click();
}

/**
 * Signs `page`'s browser in as `account` by posting the sign-in form as the
 * browser would (the form itself, its toast and its refusals are what
 * staff.spec.ts tries), from an address of its own, and opens `to`. For tests
 * about what staff do once signed in: it spares each of them the sign-in page
 * and the wait for its toast to go. The answer's redirect is followed by the
 * same request, so the "Signed in." toast is spent before `to` opens.
 */
export async function signedInAt(page: Page, account: StaffAccount, to = "/staff") {
  const address = uniqueAddress();
  await page.setExtraHTTPHeaders({ [CLIENT_IP_HEADER]: address });
  const response = await page.request.post(`/staff/sign-in?redirectTo=${encodeURIComponent(to)}`, {
    form: { email: account.email, password: account.password, redirectTo: to },
    headers: { [CLIENT_IP_HEADER]: address, "Sec-Fetch-Site": "same-origin" },
  });
  expect(response.status(), `signing in as ${account.email}`).toBe(200);
  expect(new URL(response.url()).pathname).toBe(new URL(to, response.url()).pathname);
  await page.goto(to);
}

/**
 * Signs `page` in as `account` (see `signedInAt`) on the staff home and, with
 * JavaScript, waits until it has hydrated, so the test's first tap is handled.
 */
export async function signInAsStaff(
  page: Page,
  account: StaffAccount,
  { javaScript = true }: { javaScript?: boolean } = {},
) {
  await signedInAt(page, account, "/staff");
  if (javaScript) await waitForHydration(page);
}
