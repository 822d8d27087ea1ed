import { randomUUID } from "node:crypto";
import { afterEach, expect, test, vi } from "vitest";
import { startServer, stopAllServers, type RunningServer } from "../support/built-server";
import { contactForm, postContact } from "../support/server-test";
import { startSmtpFake, type SmtpFake } from "../support/smtp-fake";

/**
 * The production build's mail, end to end: an enquiry posted to the server
 * reaches a mail server on loopback through SMTP_URL; without one, the mail
 * waits and the log shows it.
 */

let smtp: SmtpFake | undefined;
afterEach(async () => {
  stopAllServers();
  await smtp?.close();
  smtp = undefined;
});
// A server start apiece: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

/** Sends an enquiry from `name` through the server's contact form. */
function sendEnquiry(server: RunningServer, name: string) {
  return postContact(
    server,
    contactForm({
      name,
      email: `guest-${randomUUID().slice(0, 8)}@example.com`,
      phone: "",
      message: "Do you show the hockey games on Saturday nights?",
    }),
  );
}

test("with SMTP_URL, an enquiry's notification reaches the mail server", async () => {
  smtp = await startSmtpFake();
  const server = await startServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "The Squire <site@pub.example>",
    ENQUIRY_NOTIFY_TO: "manager@pub.example",
  });
  await server.waitForOutput(`Mail is sent through 127.0.0.1:${smtp.port} from site@pub.example`);

  const response = await sendEnquiry(server, "Sam Okafor");
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/contact#enquiry-sent");

  const { parsed, envelope } = await smtp.message(1);
  expect(parsed.subject).toBe("New enquiry: A general question from Sam Okafor");
  expect(parsed.from?.value).toEqual([{ name: "The Squire", address: "site@pub.example" }]);
  expect(envelope.to).toEqual(["manager@pub.example"]);
  expect(parsed.text).toContain("Do you show the hockey games on Saturday nights?");
  await server.waitForOutput("info Mail sent");
});

test("without SMTP_URL, the mail waits in the outbox and the log shows it", async () => {
  const server = await startServer();
  await server.waitForOutput("No mail server is configured (SMTP_URL)");

  const response = await sendEnquiry(server, "Ana Souza");
  expect(response.status).toBe(303);
  await server.waitForOutput("warn Mail waiting in the outbox: no mail server is configured");
  expect(server.output()).toContain('"subject":"New enquiry: A general question from Ana Souza"');
});
