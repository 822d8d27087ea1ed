import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { expect, openHydrated, test, waitForHydration } from "./fixtures";

// The contact and venue enquiry forms, with and without JavaScript. The server
// limits enquiries per client address and per email, so each test comes from
// an address of its own (the Fly-Client-IP header the test server trusts) and
// writes from an email of its own.

const CLIENT_IP_HEADER = "Fly-Client-IP";

/** A random IPv6 address in the private fd00::/8 range, new for each call. */
function uniqueAddress(): string {
  const groups = randomUUID().replace(/-/g, "").match(/.{4}/g) ?? [];
  return ["fd00", ...groups.slice(0, 7)].join(":");
}

const uniqueEmail = (who = "sam") => `${who}.${randomUUID().slice(0, 8)}@example.com`;

/** Headers of a post the browser makes from the site's own page. */
const sameOrigin = (baseURL: string | undefined, address: string) => ({
  "Sec-Fetch-Site": "same-origin",
  Origin: new URL(baseURL ?? "http://localhost").origin,
  [CLIENT_IP_HEADER]: address,
});

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ [CLIENT_IP_HEADER]: uniqueAddress() });
});

/** "YYYY-MM-DD" in the pub's time zone. */
const torontoToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(new Date());

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A date three weeks or so ahead on an ordinary day: the days around Christmas
 * and New Year have their own hours in the seed, so they are stepped over.
 */
function eventDate(): string {
  let date = addDays(torontoToday(), 21);
  while (/-12-(2\d|3[01])$|-01-0[1-3]$/.test(date)) date = addDays(date, 7);
  return date;
}

/** "Sunday, December 13, 2026", as the confirmation writes a date. */
const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

// What the forms say, from app/enquiries/enquiry-forms.ts and the seed's spaces.
const EMAIL_ERROR = "Enter an email address such as name@example.com.";
const PHONE_ERROR = "Enter a 10-digit phone number such as 519-555-0199, or leave it empty.";
const MESSAGE_SHORT_ERROR = "Write at least 10 characters, so we know how to help.";
const SNUG_TOO_SMALL = "The Snug holds up to 35 guests. Choose a smaller party or a larger space.";

type ContactDetails = {
  name: string;
  email: string;
  phone?: string;
  topic?: string;
  message: string;
  consent?: boolean;
};

const contactForm = (page: Page) => page.locator("form#contact-form");
const venueForm = (page: Page) => page.locator("form#venue-form");

function contactFields(page: Page) {
  const form = contactForm(page);
  return {
    name: form.getByRole("textbox", { name: "Your name" }),
    email: form.getByRole("textbox", { name: "Email" }),
    phone: form.getByRole("textbox", { name: "Phone" }),
    topic: form.getByRole("combobox", { name: "What is it about?" }),
    message: form.getByRole("textbox", { name: "Your message" }),
    consent: form.getByRole("checkbox", { name: /^I agree/ }),
    newsletter: form.getByRole("checkbox", { name: /newsletter/ }),
    send: form.getByRole("button", { name: "Send message" }),
  };
}

async function fillContact(page: Page, details: ContactDetails) {
  const fields = contactFields(page);
  await fields.name.fill(details.name);
  await fields.email.fill(details.email);
  await fields.phone.fill(details.phone ?? "");
  await fields.topic.selectOption({ label: details.topic ?? "A general question" });
  await fields.message.fill(details.message);
  await fields.consent.setChecked(details.consent ?? true);
}

type VenueDetails = {
  space: string;
  date: string;
  startTime: string;
  partySize: string;
  name: string;
  email: string;
  message: string;
};

function venueFields(page: Page) {
  const form = venueForm(page);
  return {
    space: form.getByRole("combobox", { name: "Which space?" }),
    date: form.getByLabel("Date", { exact: true }),
    startTime: form.getByLabel("Start time"),
    partySize: form.getByRole("spinbutton", { name: "Guests" }),
    name: form.getByRole("textbox", { name: "Your name" }),
    email: form.getByRole("textbox", { name: "Email" }),
    message: form.getByRole("textbox", { name: "Tell us about it" }),
    consent: form.getByRole("checkbox", { name: /^I agree/ }),
    send: form.getByRole("button", { name: "Send enquiry" }),
  };
}

async function fillVenue(page: Page, details: VenueDetails) {
  const fields = venueFields(page);
  await fields.space.selectOption({ label: details.space });
  await fields.date.fill(details.date);
  await fields.startTime.fill(details.startTime);
  await fields.partySize.fill(details.partySize);
  await fields.name.fill(details.name);
  await fields.email.fill(details.email);
  await fields.message.fill(details.message);
  await fields.consent.check();
}

/** A party for the Snug, which holds 35, on an ordinary evening. */
const snugParty = (email: string, partySize: string): VenueDetails => ({
  space: "The Snug (up to 35 guests)",
  date: eventDate(),
  startTime: "19:00",
  partySize,
  name: "Jordan Patel",
  email,
  message: "A fortieth birthday with a buffet and a cake.",
});

/** The label and value of each row the confirmation repeats back. */
async function receiptRows(page: Page): Promise<string[][]> {
  return page
    .locator("#enquiry-sent dl > div")
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll("dt, dd")].map((cell) => cell.textContent?.trim() ?? ""),
      ),
    );
}

/** The error shown under a field, found through the field's aria-describedby. */
async function describedError(field: Locator): Promise<string> {
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  const errorId = ids.split(" ").find((id) => id.endsWith("-error"));
  expect(errorId, "the field names its error").toBeTruthy();
  return (await field.page().locator(`[id="${errorId}"]`).textContent()) ?? "";
}

/** Waits for the answer to the next post of a page's form, as the browser navigates. */
const nextPost = (page: Page, path: string) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === path,
  );

/**
 * Focuses a field and waits for the form's rules, which load on a form's first
 * focus: until then a Send goes to the server unchecked.
 */
async function loadRules(page: Page, field: Locator) {
  await field.focus();
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .some((entry) => /\/enquiry-forms-[^/]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
  // A frame for the module to run once it has arrived.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
}

/** A toast on the page, by what it says. */
const toastSaying = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/**
 * Waits until the page is at rest: no navigation, so no progress bar over the
 * page, and every toast in place (axe would read a toast fading in as text
 * too faint to read).
 */
async function settled(page: Page) {
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]:not([data-mounted="true"])')).toHaveCount(0);
  await page.evaluate(async () => {
    await Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/** Switches the theme with the footer's form, as a visitor would. */
async function chooseTheme(page: Page, theme: "light" | "dark") {
  await page
    .getByRole("contentinfo")
    .getByRole("button", { name: theme === "dark" ? "Dark" : "Light", exact: true })
    .click();
  await expect(page.locator("html")).toHaveClass(theme);
  // With JavaScript the class changes at once; the toast says the choice is stored.
  if ((await page.locator("html[data-hydrated]").count()) > 0) {
    const label = theme === "dark" ? "Dark" : "Light";
    await expect(
      page.getByRole("listitem").filter({ hasText: `${label} theme on.` }),
    ).toBeVisible();
  }
}

/**
 * Runs axe on what a page shows without JavaScript. Axe needs the page's
 * timers, which do not run with JavaScript off, so it checks the same HTML
 * served again to a page of its own with every script left out: nothing
 * hydrates, exactly as without JavaScript.
 */
async function expectNoViolationsWithoutScripts(
  browser: Browser,
  noScriptPage: Page,
  expectNoA11yViolations: (page?: Page) => Promise<void>,
) {
  const html = (await noScriptPage.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
  // A context made in a test starts from the test's options (device, colour
  // scheme, JavaScript off): only JavaScript is turned back on.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const copy = await context.newPage();
  const url = new URL(noScriptPage.url());
  url.hash = "";
  url.searchParams.set("copy-without-scripts", "");
  await copy.route(url.href, (route) =>
    route.fulfill({ contentType: "text/html; charset=utf-8", body: html }),
  );
  await copy.goto(url.href);
  // Web fonts can arrive after the load event; their swap must not land mid-scan.
  await copy.evaluate(() => document.fonts.ready.then(() => undefined));
  await expectNoA11yViolations(copy);
  await context.close();
}

test.describe("contact form with JavaScript", () => {
  test("sends a message and repeats it back once", async ({ page }) => {
    const email = uniqueEmail();
    await openHydrated(page, "/contact");
    // The form is a landmark, named by its heading.
    await expect(page.getByRole("form", { name: "Send a message" })).toBeVisible();
    await fillContact(page, {
      name: "Sam Rivera",
      email,
      phone: "519 555 0199",
      topic: "Lost and found",
      message: "I left a green scarf on the coat hooks by the door on Friday night.",
    });
    const fields = contactFields(page);
    await expect(fields.newsletter).not.toBeChecked();
    await fields.send.click();

    await expect(page).toHaveURL(/\/contact#enquiry-sent$/);
    const toast = page.getByRole("listitem").filter({ hasText: "Your message is sent." });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Thanks, Sam: we'll reply by email");

    const confirmation = page.locator("#enquiry-sent");
    const heading = confirmation.getByRole("heading", { name: "Your message is with us" });
    await expect(heading).toBeVisible();
    // Focused as it appears, so a screen reader starts there.
    await expect(heading).toBeFocused();
    expect(await receiptRows(page)).toEqual([
      ["Name", "Sam Rivera"],
      ["Email", email],
      ["Phone", "(519) 555-0199"],
      ["About", "Lost and found"],
      ["Newsletter", "No"],
    ]);
    await expect(confirmation).toContainText(
      "I left a green scarf on the coat hooks by the door on Friday night.",
    );
    await expect(page.getByRole("link", { name: "Send another message" })).toBeVisible();

    // Shown once: a reload brings back the empty form.
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator("#enquiry-sent")).toHaveCount(0);
    await expect(fields.name).toHaveValue("");
    await expect(fields.email).toHaveValue("");
    await expect(fields.message).toHaveValue("");
    await expect(fields.consent).not.toBeChecked();
  });

  test("checks a field when it is left, and clears the error once fixed", async ({ page }) => {
    await openHydrated(page, "/contact");
    const { email, name } = contactFields(page);

    await email.fill("sam@");
    await email.blur();
    const error = page.locator("#contact-form-email-error");
    await expect(error).toHaveText(EMAIL_ERROR);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAttribute("aria-describedby", "contact-form-email-error");
    expect(await describedError(email)).toBe(EMAIL_ERROR);
    // Only the field that was left is marked; the others are not yet mistakes.
    await expect(name).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("alert")).toHaveCount(0);

    // The error goes as soon as the address is right, before leaving the field.
    await email.fill("sam@example.com");
    await expect(error).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(email).not.toHaveAttribute("aria-describedby");
  });

  test("Send with empty fields lists each problem, focuses the first and sends nothing", async ({
    page,
  }) => {
    await openHydrated(page, "/contact");
    const fields = contactFields(page);
    // Visiting a field loads the form's rules, as it does for anyone who starts on it.
    await loadRules(page, fields.name);

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") posts.push(request.url());
    });
    await fields.send.click();

    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Please check 5 answers and send again.");
    const links = summary.getByRole("link");
    await expect(links).toHaveText([
      "Name: Enter your name.",
      "Email: Enter your email address, so we can reply.",
      "Topic: Choose what your message is about.",
      "Message: Write your message.",
      "Agreement: Tick the box to let us keep these details to answer you; we can't reply otherwise.",
    ]);
    await expect(fields.name).toBeFocused();
    for (const field of [fields.name, fields.email, fields.topic, fields.message, fields.consent]) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
    }
    await expect(fields.phone).not.toHaveAttribute("aria-invalid");

    // Each link in the summary takes the visitor to its field.
    await summary.getByRole("link", { name: /^Topic:/ }).click();
    await expect(fields.topic).toBeFocused();

    // A moment for anything that would go out; nothing does.
    await page.waitForTimeout(500);
    expect(posts).toEqual([]);
    await expect(page).toHaveURL(/\/contact#contact-form-topic$/);

    // Fixing a field clears its own error at once; the summary, an alert, is
    // not read out again with every change and is brought up to date by the
    // next Send.
    await fields.topic.selectOption({ label: "Feedback on a visit" });
    await expect(fields.topic).not.toHaveAttribute("aria-invalid");
    await expect(links).toHaveCount(5);
    await fields.send.click();
    await expect(links).toHaveCount(4);
    await expect(summary).toContainText("Please check 4 answers and send again.");
    expect(posts).toEqual([]);
  });

  test("Send on an untouched form shows the same summary and focuses the first field", async ({
    page,
    allowConsoleErrors,
  }) => {
    // The rules load when a field is first visited; a Send before that is
    // checked by the server instead, whose 400 Chromium logs.
    allowConsoleErrors(/status of 400/);
    await openHydrated(page, "/contact");
    const fields = contactFields(page);
    await fields.send.click();
    await expect(page.getByRole("alert")).toContainText("Please check 5 answers and send again.");
    await expect(fields.name).toBeFocused();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("a double-click sends one message", async ({ page }) => {
    await openHydrated(page, "/contact");
    await fillContact(page, {
      name: "Alex Chen",
      email: uniqueEmail("alex"),
      message: "Do you show the football on Sunday mornings?",
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await contactFields(page).send.dblclick();

    await expect(page).toHaveURL(/\/contact#enquiry-sent$/);
    await expect(page.getByRole("heading", { name: "Your message is with us" })).toBeVisible();
    await expect(
      page.getByRole("listitem").filter({ hasText: "Your message is sent." }),
    ).toHaveCount(1);
    await page.waitForTimeout(500);
    await expect(page.locator("#enquiry-sent")).toHaveCount(1);
    expect(posts).toHaveLength(1);
  });

  test("while sending, the button says so and further presses send nothing", async ({ page }) => {
    await openHydrated(page, "/contact");
    await fillContact(page, {
      name: "Alex Chen",
      email: uniqueEmail("alex"),
      message: "Is the patio open this weekend if the weather holds?",
    });
    // The post is held at the network until the test lets it through.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const posts: string[] = [];
    await page.route(/\/contact\.data(\?|$)/, async (route) => {
      if (route.request().method() === "POST") {
        posts.push(route.request().url());
        await released;
      }
      await route.continue();
    });

    const send = contactForm(page).getByRole("button", { name: /Send message|Sending…/ });
    await send.click();
    await expect(send).toHaveText("Sending…");
    await expect(send).toHaveAttribute("aria-disabled", "true");
    // Pressed again by mouse (forced: Playwright waits for an aria-disabled button) and by key.
    await send.click({ force: true });
    await send.press("Enter");
    await contactFields(page).name.press("Enter");
    await page.waitForTimeout(300);
    expect(posts).toHaveLength(1);

    release();
    await expect(page).toHaveURL(/\/contact#enquiry-sent$/);
    await expect(page.locator("#enquiry-sent")).toHaveCount(1);
    expect(posts).toHaveLength(1);
  });
});

test.describe("posts straight to the server", () => {
  test.skip(({ isMobile }) => isMobile, "the server's answer does not depend on the device");

  test("stores one enquiry: each replay is confirmed and not counted again", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/contact");
    const token = await page.locator('input[name="submission"]').inputValue();
    const address = uniqueAddress();
    const email = uniqueEmail();
    const form = {
      submission: token,
      website: "",
      name: "Sam Rivera",
      email,
      phone: "",
      topic: "general",
      message: "Are dogs welcome on the patio?",
      consent: "on",
    };
    const post = (body: Record<string, string>) =>
      page.request.post("/contact", {
        form: body,
        maxRedirects: 0,
        headers: sameOrigin(baseURL, address),
      });

    // Five posts of one form: a browser's retry, a double submit, a reload.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await post(form);
      expect(response.status(), `post ${attempt}`).toBe(303);
      expect(response.headers()["location"]).toBe("/contact#enquiry-sent");
    }

    // Three enquiries an hour per email: had the replays each been stored,
    // the first new form would already be refused. Two more fit, a third does not.
    for (const attempt of [1, 2]) {
      const response = await post({ ...form, submission: randomUUID() });
      expect(response.status(), `new form ${attempt}`).toBe(303);
    }
    const refused = await post({ ...form, submission: randomUUID() });
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("You've sent several messages in a short time");
  });

  test("a post over 64 KB is refused with 413", async ({ page, baseURL }) => {
    await page.goto("/contact");
    const token = await page.locator('input[name="submission"]').inputValue();
    const response = await page.request.post("/contact", {
      form: {
        submission: token,
        name: "Sam Rivera",
        email: uniqueEmail(),
        topic: "general",
        message: "x".repeat(70 * 1024),
        consent: "on",
      },
      maxRedirects: 0,
      headers: sameOrigin(baseURL, uniqueAddress()),
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("64 KB");
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused post comes back with the reasons, as typed; fixed, it is sent", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/);
    await page.goto("/contact");
    const fields = contactFields(page);
    // What the browser's own checks let through and the server's rules do not.
    await fillContact(page, {
      name: "Sam Rivera",
      email: "sam@example",
      phone: "555-0199",
      topic: "Accessibility",
      message: "Hi there",
    });
    const refused = nextPost(page, "/contact");
    await fields.send.click();
    expect((await refused).status()).toBe(400);
    await page.waitForLoadState();

    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Please check 3 answers and send again.");
    await expect(summary.getByRole("link")).toHaveText([
      `Email: ${EMAIL_ERROR}`,
      `Phone: ${PHONE_ERROR}`,
      `Message: ${MESSAGE_SHORT_ERROR}`,
    ]);
    await expect(page.locator("#contact-form-email-error")).toHaveText(EMAIL_ERROR);
    await expect(page.locator("#contact-form-phone-error")).toHaveText(PHONE_ERROR);
    await expect(page.locator("#contact-form-message-error")).toHaveText(MESSAGE_SHORT_ERROR);
    expect(await describedError(fields.phone)).toBe(PHONE_ERROR);
    await expect(fields.email).toHaveAttribute("aria-invalid", "true");
    await expect(fields.name).not.toHaveAttribute("aria-invalid");

    // Everything as typed, and the first problem focused by the page itself.
    await expect(fields.name).toHaveValue("Sam Rivera");
    await expect(fields.email).toHaveValue("sam@example");
    await expect(fields.phone).toHaveValue("555-0199");
    await expect(fields.topic).toHaveValue("accessibility");
    await expect(fields.message).toHaveValue("Hi there");
    await expect(fields.consent).toBeChecked();
    await expect(fields.email).toBeFocused();

    const email = uniqueEmail();
    await fields.email.fill(email);
    await fields.phone.fill("(519) 555-0199");
    await fields.message.fill("Hi there, is the ramp at the side door open in the evenings?");
    const sent = nextPost(page, "/contact");
    await fields.send.click();
    expect((await sent).status()).toBe(303);

    await expect(page).toHaveURL(/\/contact#enquiry-sent$/);
    await expect(page.getByRole("heading", { name: "Your message is with us" })).toBeVisible();
    await expect(page.locator("#enquiry-sent")).toBeInViewport();
    expect(await receiptRows(page)).toEqual([
      ["Name", "Sam Rivera"],
      ["Email", email],
      ["Phone", "(519) 555-0199"],
      ["About", "Accessibility"],
      ["Newsletter", "No"],
    ]);
    await expect(page.locator("#enquiry-sent")).toContainText(
      "Hi there, is the ramp at the side door open in the evenings?",
    );

    // Another message: the page loads afresh with an empty form.
    await page.getByRole("link", { name: "Send another message" }).click();
    await expect(page.locator("#enquiry-sent")).toHaveCount(0);
    await expect(fields.name).toHaveValue("");
    await expect(fields.message).toHaveValue("");
    await expect(fields.consent).not.toBeChecked();
  });

  test("two visitors at once get the compressed page with a form of their own, and both are sent", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      extraHTTPHeaders: { [CLIENT_IP_HEADER]: uniqueAddress() },
    });
    const visitors = [page, await other.newPage()];
    const arrivals = await Promise.all(visitors.map((visitor) => visitor.goto("/contact")));
    // The copy the server compressed once, with each visitor's token put in.
    for (const arrival of arrivals) expect(arrival?.headers()["content-encoding"]).toBe("br");
    const tokens = await Promise.all(
      visitors.map((visitor) => visitor.locator('input[name="submission"]').inputValue()),
    );
    expect(new Set(tokens).size).toBe(2);

    for (const visitor of visitors) {
      const email = uniqueEmail();
      await fillContact(visitor, {
        name: "Sam Rivera",
        email,
        message: "Is the patio open for lunch on weekdays?",
      });
      const sent = nextPost(visitor, "/contact");
      await contactFields(visitor).send.click();
      expect((await sent).status()).toBe(303);
      await expect(visitor.getByRole("heading", { name: "Your message is with us" })).toBeVisible();
      expect(await receiptRows(visitor)).toContainEqual(["Email", email]);
    }
    await other.close();
  });
});

test.describe("venue form", () => {
  test("with JavaScript: a party too big for the space is caught, a fitting one is sent", async ({
    page,
  }) => {
    await openHydrated(page, "/venue");
    const details = snugParty(uniqueEmail("jordan"), "50");
    await fillVenue(page, details);
    const fields = venueFields(page);
    // Guests was left after typing, so its error already shows.
    await expect(page.locator("#venue-form-partySize-error")).toHaveText(SNUG_TOO_SMALL);

    await fields.send.click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Please check 1 answer and send again.");
    await expect(summary.getByRole("link")).toHaveText([`Guests: ${SNUG_TOO_SMALL}`]);
    await expect(fields.partySize).toBeFocused();
    await expect(fields.partySize).toHaveAttribute("aria-invalid", "true");

    await fields.partySize.fill("30");
    await expect(page.locator("#venue-form-partySize-error")).toHaveCount(0);
    await fields.send.click();

    await expect(page).toHaveURL(/\/venue#enquiry-sent$/);
    await expect(
      page.getByRole("listitem").filter({ hasText: "Your venue enquiry is sent." }),
    ).toBeVisible();
    const heading = page.getByRole("heading", { name: "Your enquiry is with us" });
    await expect(heading).toBeFocused();
    expect(await receiptRows(page)).toEqual([
      ["Name", "Jordan Patel"],
      ["Email", details.email],
      ["Space", "The Snug"],
      ["Date", longDate(details.date)],
      ["Start time", "7\u00a0pm"],
      ["Guests", "30"],
      ["Newsletter", "No"],
    ]);
    await expect(page.locator("#enquiry-sent")).toContainText(details.message);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server names the space's capacity, and takes a party that fits", async ({
      page,
      allowConsoleErrors,
    }) => {
      allowConsoleErrors(/status of 400/);
      await page.goto("/venue");
      const details = snugParty(uniqueEmail("jordan"), "50");
      await fillVenue(page, details);
      const fields = venueFields(page);
      const refused = nextPost(page, "/venue");
      await fields.send.click();
      expect((await refused).status()).toBe(400);
      await page.waitForLoadState();

      await expect(page.getByRole("alert").getByRole("link")).toHaveText([
        `Guests: ${SNUG_TOO_SMALL}`,
      ]);
      await expect(page.locator("#venue-form-partySize-error")).toHaveText(SNUG_TOO_SMALL);
      await expect(fields.partySize).toBeFocused();
      await expect(fields.space).toHaveValue("the-snug");
      await expect(fields.date).toHaveValue(details.date);
      await expect(fields.startTime).toHaveValue("19:00");
      await expect(fields.partySize).toHaveValue("50");
      await expect(fields.message).toHaveValue(details.message);

      await fields.partySize.fill("24");
      const sent = nextPost(page, "/venue");
      await fields.send.click();
      expect((await sent).status()).toBe(303);
      await expect(page).toHaveURL(/\/venue#enquiry-sent$/);
      await expect(page.getByRole("heading", { name: "Your enquiry is with us" })).toBeVisible();
      expect(await receiptRows(page)).toEqual([
        ["Name", "Jordan Patel"],
        ["Email", details.email],
        ["Space", "The Snug"],
        ["Date", longDate(details.date)],
        ["Start time", "7\u00a0pm"],
        ["Guests", "24"],
        ["Newsletter", "No"],
      ]);
    });
  });
});

test.describe("keyboard only", () => {
  test.skip(({ isMobile }) => isMobile, "keyboard use is checked on the desktop project");

  /** The focused element, described: its id, or its name, or its text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return "body";
      return (
        element.id ||
        element.getAttribute("name") ||
        element.textContent?.trim().slice(0, 40) ||
        element.tagName
      );
    });

  test("the contact form is filled in and sent from the skip link on", async ({ page }) => {
    await openHydrated(page, "/contact");
    const fields = contactFields(page);
    const visited: string[] = [];
    const tab = async (key = "Tab") => {
      await page.keyboard.press(key);
      visited.push(await focused(page));
    };

    await tab();
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    for (let presses = 0; presses < 30 && !visited.includes("contact-form-name"); presses++) {
      await tab();
    }
    await expect(fields.name).toBeFocused();
    // The field before the form is the link to the venue form, not the hidden trap.
    await tab("Shift+Tab");
    await expect(page.getByRole("link", { name: "venue enquiry form" })).toBeFocused();
    await tab();
    await expect(fields.name).toBeFocused();

    await page.keyboard.type("Riley Ng");
    await tab();
    await expect(fields.email).toBeFocused();
    const email = uniqueEmail("riley");
    await page.keyboard.type(email);
    await tab();
    await expect(fields.phone).toBeFocused();
    await page.keyboard.type("226-555-0143");
    await tab();
    await expect(fields.topic).toBeFocused();
    // Typing picks the option that starts so, as in any select.
    await page.keyboard.type("Media");
    await expect(fields.topic).toHaveValue("media");
    await tab();
    await expect(fields.message).toBeFocused();
    await page.keyboard.type("Could we film a short piece about trivia night next month?");
    await tab();
    await expect(fields.consent).toBeFocused();
    await page.keyboard.press("Space");
    await expect(fields.consent).toBeChecked();
    await tab();
    await expect(fields.newsletter).toBeFocused();
    await tab("Shift+Tab");
    await expect(fields.consent).toBeFocused();
    await tab();
    await tab();
    await expect(fields.send).toBeFocused();
    await expect(fields.newsletter).not.toBeChecked();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/contact#enquiry-sent$/);
    await expect(page.getByRole("heading", { name: "Your message is with us" })).toBeFocused();
    expect(await receiptRows(page)).toEqual([
      ["Name", "Riley Ng"],
      ["Email", email],
      ["Phone", "(226) 555-0143"],
      ["About", "Media and press"],
      ["Newsletter", "No"],
    ]);
    expect(visited).not.toContain("website");
  });

  test("Tab never reaches the hidden spam trap, forwards or back", async ({ page }) => {
    // The trap sits between each form's start and its first field.
    const forms = [
      {
        path: "/contact",
        before: page.getByRole("link", { name: "venue enquiry form" }),
        first: contactFields(page).name,
      },
      {
        path: "/venue",
        before: page.getByRole("link", { name: /^Or call/ }),
        first: venueFields(page).space,
      },
    ];
    for (const { path, before, first } of forms) {
      await openHydrated(page, path);
      await before.focus();
      await page.keyboard.press("Tab");
      await expect(first, path).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(before, path).toBeFocused();
      // The form's trap, and the footer sign-up's.
      const traps = page.locator('input[name="website"]');
      await expect(traps).toHaveCount(2);
      for (const trap of await traps.all()) await expect(trap).toHaveAttribute("tabindex", "-1");
      await expect(page.getByRole("textbox", { name: /Leave this empty/ })).toHaveCount(0);
    }
  });
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`axe in the ${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("the contact form, with errors and sent, with JavaScript", async ({
      page,
      expectNoA11yViolations,
    }) => {
      await openHydrated(page, "/contact");
      await chooseTheme(page, theme);
      await fillContact(page, {
        name: "Sam Rivera",
        email: "sam@",
        phone: "555",
        message: "Hi",
        consent: false,
      });
      await contactFields(page).send.click();
      await expect(page.getByRole("alert")).toContainText("Please check 4 answers");
      await expectNoA11yViolations();

      await fillContact(page, {
        name: "Sam Rivera",
        email: uniqueEmail(),
        phone: "519-555-0199",
        message: "Do you have a high chair for a toddler?",
      });
      await contactFields(page).send.click();
      await expect(page.getByRole("heading", { name: "Your message is with us" })).toBeVisible();
      await expect(toastSaying(page, "Your message is sent.")).toBeVisible();
      await settled(page);
      await expectNoA11yViolations();
    });

    test("the venue form, with errors and sent, with JavaScript", async ({
      page,
      expectNoA11yViolations,
    }) => {
      await openHydrated(page, "/venue");
      await chooseTheme(page, theme);
      const fields = venueFields(page);
      await loadRules(page, fields.space);
      await fields.send.click();
      await expect(page.getByRole("alert")).toContainText("Please check 8 answers");
      await expectNoA11yViolations();

      await fillVenue(page, {
        space: "Upstairs Hall (up to 120 guests)",
        date: eventDate(),
        startTime: "18:30",
        partySize: "90",
        name: "Jordan Patel",
        email: uniqueEmail("jordan"),
        message: "A fundraiser with a silent auction and speeches.",
      });
      await fields.send.click();
      await expect(page.getByRole("heading", { name: "Your enquiry is with us" })).toBeVisible();
      await expect(toastSaying(page, "Your venue enquiry is sent.")).toBeVisible();
      await settled(page);
      await expectNoA11yViolations();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the contact form, with errors and sent", async ({
        page,
        browser,
        allowConsoleErrors,
        expectNoA11yViolations,
      }) => {
        allowConsoleErrors(/status of 400/);
        await page.goto("/contact");
        await chooseTheme(page, theme);
        await fillContact(page, {
          name: "Sam Rivera",
          email: "sam@example",
          phone: "555-0199",
          message: "Hi",
        });
        await contactFields(page).send.click();
        await expect(page.getByRole("alert")).toContainText("Please check 3 answers");
        await expect(page.locator("html")).toHaveClass(theme);
        await expectNoViolationsWithoutScripts(browser, page, expectNoA11yViolations);

        await fillContact(page, {
          name: "Sam Rivera",
          email: uniqueEmail(),
          message: "Do you have a high chair for a toddler?",
        });
        await contactFields(page).send.click();
        await expect(page.getByRole("heading", { name: "Your message is with us" })).toBeVisible();
        await expectNoViolationsWithoutScripts(browser, page, expectNoA11yViolations);
      });

      test("the venue form, with errors and sent", async ({
        page,
        browser,
        allowConsoleErrors,
        expectNoA11yViolations,
      }) => {
        allowConsoleErrors(/status of 400/);
        await page.goto("/venue");
        await chooseTheme(page, theme);
        await fillVenue(page, snugParty(uniqueEmail("jordan"), "50"));
        await venueFields(page).send.click();
        await expect(page.getByRole("alert")).toContainText("Please check 1 answer");
        await expect(page.locator("html")).toHaveClass(theme);
        await expectNoViolationsWithoutScripts(browser, page, expectNoA11yViolations);

        await venueFields(page).partySize.fill("20");
        await venueFields(page).send.click();
        await expect(page.getByRole("heading", { name: "Your enquiry is with us" })).toBeVisible();
        await expectNoViolationsWithoutScripts(browser, page, expectNoA11yViolations);
      });
    });
  });
}

// Problems the forms once had, kept from coming back.
test.describe("regressions", () => {
  test("the confirmation fits a phone's width with an ordinary email address", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "measured at the phone's 375 px");
    await openHydrated(page, "/contact");
    await fillContact(page, {
      name: "Sam Rivera",
      email: `sam.rivera.${randomUUID().slice(0, 4)}@example.com`,
      message: "Do you have a high chair for a toddler?",
    });
    await contactFields(page).send.click();
    await expect(page.getByRole("heading", { name: "Your message is with us" })).toBeVisible();
    const width = page.viewportSize()?.width ?? 375;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  });

  test("a click on the consent box just after leaving a field with a mistake ticks it", async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, "a mouse click, checked on the desktop project");
    await openHydrated(page, "/contact");
    const { message, consent } = contactFields(page);
    await message.fill("Hi");
    // A person's click: the button is held for a tenth of a second.
    await consent.click({ delay: 100 });
    await expect(page.locator("#contact-form-message-error")).toBeVisible();
    expect(await consent.isChecked()).toBe(true);
  });

  test("Send pressed before any field was focused checks the form in the browser first", async ({
    page,
  }) => {
    await openHydrated(page, "/contact");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await contactFields(page).send.click();
    await expect(page.getByTestId("error-summary")).toBeVisible();
    await expect(contactFields(page).name).toBeFocused();
    expect(posts).toEqual([]);
  });

  test("the venue form is named by its heading", async ({ page, isMobile }) => {
    test.skip(isMobile, "markup does not depend on the device");
    await page.goto("/venue");
    const labelledBy = (await venueForm(page).getAttribute("aria-labelledby")) ?? "";
    expect(await page.locator(`[id="${labelledBy}"]`).count()).toBe(1);
  });
});

test("the phone fields are telephone fields the browser can fill with a whole number", async ({
  page,
}) => {
  for (const [path, form] of [
    ["/contact", contactForm],
    ["/venue", venueForm],
  ] as const) {
    await page.goto(path);
    const phone = form(page).locator('input[name="phone"]');
    await expect(phone, path).toHaveAttribute("type", "tel");
    // "tel": what HTML allows on a telephone field ("tel-national" is for text fields).
    await expect(phone, path).toHaveAttribute("autocomplete", "tel");
  }
});
