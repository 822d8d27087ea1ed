import { devices, type Browser } from "@playwright/test";
import { startSmtpFake, type SmtpFake } from "../support/smtp-fake";
import { browserOfItsOwn, expect, signInAsStaff, test, waitForHydration } from "./fixtures";
import { startOwnServer, type OwnServer } from "./own-server";
import { expectToastClearOf } from "./phone";

// The newsletter, as an owner on a phone's screen and a desktop's, with
// JavaScript and without: write a draft, drop today's specials into it,
// preview it at phone width, send a test to oneself (read from the loopback
// mail server the spec's own server sends through), send it to the
// confirmed subscribers, see each copy's state, and stop it halfway. One
// copy a minute, so the first goes at once and the second waits to be stopped.
// A server of its own: sending changes what other specs would read.

test.describe.configure({ mode: "serial", timeout: 180_000 });

let server: OwnServer;
let smtp: SmtpFake;

test.beforeAll(async () => {
  test.info().setTimeout(240_000);
  smtp = await startSmtpFake();
  server = await startOwnServer(`newsletter-${test.info().project.name}`, {
    SMTP_URL: smtp.url,
    MAIL_FROM: "The Pub <site@pub.example>",
    NEWSLETTER_MAILS_PER_MINUTE: "1",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The next mail to `address` the loopback server takes, from the `after`th on. */
async function mailTo(address: string, after: number) {
  for (let count = after + 1; ; count++) {
    const mail = await smtp.message(count);
    if (mail.envelope.to.includes(address)) return { mail, count };
  }
}

/** A subscriber who asked on the contact form and confirmed by the mailed link. */
async function confirmedSubscriber(browser: Browser, email: string) {
  const context = await browserOfItsOwn(browser, { baseURL: server.url, javaScriptEnabled: false });
  const page = await context.newPage();
  const before = smtp.received.length;
  await page.goto("/contact");
  const form = page.locator("form#contact-form");
  await form.getByRole("textbox", { name: "Your name" }).fill("Sam Okafor");
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByRole("combobox", { name: "What is it about?" }).selectOption({ index: 1 });
  await form
    .getByRole("textbox", { name: "Your message" })
    .fill("Please add me to the newsletter.");
  await form.getByRole("checkbox", { name: /^I agree/ }).check();
  await form.getByRole("checkbox", { name: /newsletter/ }).check();
  await form.getByRole("button", { name: "Send message" }).click();
  const { mail } = await mailTo(email, before);
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(mail.parsed.text ?? "")![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole("button", { name: /Confirm/ }).click();
  await expect(page.getByText(/confirmed|subscribed/i).first()).toBeVisible();
  await context.close();
}

for (const javaScriptEnabled of [true, false]) {
  test(`an owner writes, previews, tests, sends and stops a newsletter${javaScriptEnabled ? "" : ", without JavaScript"}`, async ({
    browser,
    allowConsoleErrors,
  }, testInfo) => {
    allowConsoleErrors(/status of (400|409)/);
    const phone = testInfo.project.name === "phone";
    const tag = `${javaScriptEnabled ? "js" : "nojs"}-${crypto.randomUUID().slice(0, 6)}`;
    const subscribers = [`first.${tag}@example.com`, `second.${tag}@example.com`];
    for (const email of subscribers) await confirmedSubscriber(browser, email);

    const context = await browserOfItsOwn(browser, {
      ...devices[phone ? "Pixel 7" : "Desktop Chrome"],
      viewport: phone ? { width: 375, height: 740 } : { width: 1280, height: 800 },
      baseURL: server.url,
      javaScriptEnabled,
    });
    const page = await context.newPage();
    await signInAsStaff(page, server.owner, { javaScript: javaScriptEnabled });

    await page.goto("/staff/newsletter");
    await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Write a newsletter" }).click();
    if (javaScriptEnabled) await waitForHydration(page);
    const subject = `Autumn ${tag}`;
    await page.getByRole("textbox", { name: "Subject" }).fill(subject);
    await page.getByRole("textbox", { name: "Text" }).fill("Hello from the pub!");
    await page.getByRole("button", { name: "Add the next events" }).click();
    const text = page.getByRole("textbox", { name: "Text" });
    await expect(text).toHaveValue(/^Hello from the pub!\n\n(Coming up:|)/);
    await expect(page.getByRole("textbox", { name: "Subject" })).toHaveValue(subject);
    await page.getByRole("button", { name: "Save the draft" }).click();

    const preview = page.getByTestId("newsletter-preview");
    await expect(preview).toContainText("Hello from the pub!");
    await expect(preview).toContainText("Unsubscribe:");
    expect((await preview.boundingBox())!.width).toBeLessThanOrEqual(375);

    const before = smtp.received.length;
    // The toast keeps clear of the next step's buttons, on a phone too; then closed.
    const sendTest = page.getByRole("button", { name: "Send me a test" });
    const sendAll = page.getByRole("link", { name: "Send to subscribers…" });
    if (javaScriptEnabled) await expectToastClearOf(page, "Draft saved.", [sendTest]);
    await sendTest.click();
    const { mail: test } = await mailTo(server.owner.email, before);
    expect(test.parsed.subject).toBe(`[Test] ${subject}`);
    if (javaScriptEnabled) await expectToastClearOf(page, "A test copy is on its way", [sendAll]);
    await sendAll.click();
    const confirmed = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("main");
    await expect(
      confirmed.getByRole("heading", { name: /^Send to \d+ subscribers?\?$/ }),
    ).toBeVisible();
    const sentBefore = smtp.received.length;
    await confirmed.getByRole("button", { name: "Yes, send it" }).click();
    await expect(page.getByRole("list", { name: "Copies" })).toBeVisible();
    // The first copy goes at once; the rest wait a minute each.
    await smtp.message(sentBefore + 1);
    await page.goto(page.url());
    await expect(page.getByRole("list", { name: "Copies" }).getByText("Sent")).toHaveCount(1);
    await page.getByRole("button", { name: "Stop sending" }).click();
    await expect(page.getByText("Stopped", { exact: true }).first()).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Copies" }).getByText("Not sent: stopped").first(),
    ).toBeVisible();
    await context.close();
  });
}
