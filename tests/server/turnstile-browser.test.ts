import { chromium, type Browser } from "@playwright/test";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { rmSync } from "node:fs";
import {
  freshDataDirectory,
  startServer,
  stopAllServers,
  type RunningServer,
} from "../support/built-server";
import { addStaffWithCommand } from "../support/server-test";
import { SIGN_IN_LIMITS } from "~/staff/accounts/sign-in.server";
import { CHROMIUM_ARGS, findTestChromium } from "../support/chromium";
import { startSiteverifyFake, type SiteverifyFake } from "../support/siteverify-fake";

/**
 * The Turnstile widget in a real browser against the production build with
 * its keys set. Cloudflare cannot be reached from the tests, so its script and
 * challenge frame are answered by stand-ins that do what the real ones do for
 * the page: render into the container, add the response field with a token
 * (one the loopback siteverify issued) and embed a frame from Cloudflare's
 * origin. What is real: the page's CSP, the script loading, the form post and
 * the server's verification.
 */

const CLOUDFLARE = "https://challenges.cloudflare.com";
/**
 * How long a condition may take to come true before the test fails: a
 * ceiling, not a wait (each wait ends as soon as its condition holds), set
 * for a busy machine where a page and its scripts can take seconds.
 */
const UNTIL = { timeout: 30_000 };

let siteverify: SiteverifyFake;
let server: RunningServer;
let browser: Browser;
let dataDirectory: string;
const OWNER_EMAIL = "owner.widget@example.com";
let ownerPassword: string;

beforeAll(async () => {
  siteverify = await startSiteverifyFake();
  dataDirectory = freshDataDirectory();
  const env = {
    DATA_DIR: dataDirectory,
    TURNSTILE_SITE_KEY: "0x4AAAAAAAbrowsertest",
    TURNSTILE_SECRET_KEY: siteverify.secret,
    TURNSTILE_VERIFY_URL: siteverify.url,
  };
  ownerPassword = await addStaffWithCommand(env, OWNER_EMAIL, "owner");
  server = await startServer(env);
  const executablePath = findTestChromium();
  browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  stopAllServers();
  await siteverify?.close();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

afterEach(() => {
  siteverify.failNext(0);
});

/** Cloudflare's api.js as far as the page sees it: a widget that yields `token`. */
function fakeApi(token: string): string {
  return `
    window.turnstile = {
      render(container, options) {
        const frame = document.createElement("iframe");
        frame.src = "${CLOUDFLARE}/cdn-cgi/challenge-platform/widget";
        frame.title = "Widget containing a Cloudflare security challenge";
        frame.width = "300";
        frame.height = "65";
        const field = document.createElement("input");
        field.type = "hidden";
        field.name = options["response-field-name"];
        field.value = ${JSON.stringify(token)};
        container.dataset.sitekey = options.sitekey;
        container.dataset.action = options.action;
        container.append(frame, field);
        return "widget-1";
      },
      reset() {},
      remove() {},
    };`;
}

async function openPage(token: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const cloudflareRequests: string[] = [];
  await page.route(`${CLOUDFLARE}/**`, async (route) => {
    const url = route.request().url();
    cloudflareRequests.push(url);
    await route.fulfill(
      url.includes("/turnstile/v0/api.js")
        ? { contentType: "text/javascript", body: fakeApi(token) }
        : { contentType: "text/html", body: "<!doctype html><title>Challenge</title><p>Verified" },
    );
  });
  return { page, context, problems, cloudflareRequests };
}

test("the widget loads on the contact form only, within the CSP, and its token is verified", async () => {
  const token = siteverify.issue({ action: "contact", hostname: "127.0.0.1" });
  const { page, context, problems, cloudflareRequests } = await openPage(token);
  try {
    await page.goto(`${server.url}/`);
    await page.waitForLoadState("networkidle");
    expect(cloudflareRequests, "no Turnstile script on the home page").toEqual([]);

    await page.goto(`${server.url}/contact`);
    const widget = page.locator('[data-slot="turnstile-widget"]');
    await expect.poll(() => widget.getAttribute("data-action"), UNTIL).toBe("contact");
    expect(await widget.getAttribute("data-sitekey")).toBe("0x4AAAAAAAbrowsertest");
    expect(cloudflareRequests.some((url) => url.includes("/turnstile/v0/api.js"))).toBe(true);
    // The frame was allowed in: its document loaded.
    await expect
      .poll(() => page.frames().some((frame) => frame.url().startsWith(CLOUDFLARE)), UNTIL)
      .toBe(true);

    await page.getByLabel("Your name").fill("Sam Okafor");
    await page.getByLabel("Email").fill("sam.widget@example.com");
    await page.getByLabel("What is it about?").selectOption("feedback");
    await page.getByLabel("Your message").fill("The new patio heaters are a great idea.");
    await page.getByLabel(/I agree/).check();
    await page.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL(/\/contact#enquiry-sent$/, UNTIL);
    await expect
      .poll(() => page.getByRole("heading", { name: "Your message is with us" }).isVisible(), UNTIL)
      .toBe(true);

    expect(siteverify.requests.at(-1)).toMatchObject({
      secret: siteverify.secret,
      response: token,
    });
    expect(problems, "console errors (CSP violations among them)").toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

test("when siteverify is down, the visitor is told nothing was sent and keeps the message", async () => {
  const token = siteverify.issue({ action: "contact", hostname: "127.0.0.1" });
  const { page, context } = await openPage(token);
  try {
    await page.goto(`${server.url}/contact`);
    await expect
      .poll(() => page.locator('[data-slot="turnstile-widget"]').getAttribute("data-action"), UNTIL)
      .toBe("contact");
    await page.getByLabel("Your name").fill("Sam Okafor");
    await page.getByLabel("Email").fill("sam.outage@example.com");
    await page.getByLabel("What is it about?").selectOption("general");
    await page.getByLabel("Your message").fill("Are dogs allowed on the patio in summer?");
    await page.getByLabel(/I agree/).check();
    siteverify.failNext(10, 503);
    await page.getByRole("button", { name: "Send message" }).click();
    const summary = page.getByTestId("error-summary");
    await expect.poll(() => summary.textContent(), UNTIL).toMatch(/519-555-0134/);
    expect(await page.getByLabel("Your message").inputValue()).toBe(
      "Are dogs allowed on the patio in summer?",
    );
    expect(page.url()).not.toContain("enquiry-sent");
  } finally {
    await context.close();
  }
}, 60_000);

test("past the site's ceiling of sign-in checks, the owner is shown the check, passes it and is in", async () => {
  // Others guess at accounts that do not exist until the site's ceiling of
  // password checks is reached.
  let refused = false;
  for (let n = 0; n <= SIGN_IN_LIMITS.perSite.max && !refused; n += 1) {
    const guess = await fetch(`${server.url}/staff/sign-in`, {
      method: "POST",
      headers: { Origin: server.url, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ email: `nobody-${n}@example.com`, password: "guess" }),
      redirect: "manual",
    });
    refused = guess.status === 429;
  }
  expect(refused, "the site's ceiling was reached").toBe(true);

  const token = siteverify.issue({ action: "sign-in", hostname: "127.0.0.1" });
  const { page, context, problems, cloudflareRequests } = await openPage(token);
  try {
    await page.goto(`${server.url}/staff/sign-in`);
    await page.waitForLoadState("networkidle");
    expect(cloudflareRequests, "no Turnstile script before it is needed").toEqual([]);
    await page.getByLabel("Email").fill(OWNER_EMAIL);
    await page.getByLabel("Password").fill(ownerPassword);
    await page.getByRole("button", { name: "Sign in" }).click();

    // Told to wait or take the check, which is drawn beside the form.
    await expect
      .poll(() => page.getByTestId("error-summary").textContent(), UNTIL)
      .toMatch(/complete the check below and sign in now/);
    const widget = page.locator('[data-slot="turnstile-widget"]');
    await expect.poll(() => widget.getAttribute("data-action"), UNTIL).toBe("sign-in");
    expect(await page.getByLabel("Email").inputValue()).toBe(OWNER_EMAIL);

    await page.getByLabel("Password").fill(ownerPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/staff`, UNTIL);
    expect(siteverify.requests.at(-1)).toMatchObject({ response: token });
    // The browser notes the refusal's 429 itself; nothing else may be said.
    const refusal = "Failed to load resource: the server responded with a status of 429 ()";
    expect(problems, "console errors (CSP violations among them)").toEqual([refusal]);
  } finally {
    await context.close();
  }
}, 90_000);
