import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { startServer, stopAllServers, type RunningServer } from "../support/built-server";
import { drivers, openTestDatabase, type TestDatabase } from "../support/test-database";
import { CLAIM_MS } from "~/platform/mail/mail-sender.server";
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

describe.runIf(drivers.includes("postgres"))(
  "an instance killed while it hands a mail over",
  () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      await database?.[Symbol.asyncDispose]();
      database = undefined;
    });

    test("the other instance sends it again only once the claim has run out, within a minute, with the same Message-ID", async () => {
      // The first copy is taken by the mail server, which never says so: the
      // instance sending it is killed meanwhile.
      smtp = await startSmtpFake({
        holdAnswer: (count) => (count === 1 ? new Promise(() => {}) : null),
      });
      database = await openTestDatabase("postgres");
      const env = {
        DATABASE_URL: database.url!,
        SMTP_URL: smtp.url,
        MAIL_FROM: "The Squire <site@pub.example>",
        ENQUIRY_NOTIFY_TO: "manager@pub.example",
      };
      const a = await startServer(env);
      const response = await sendEnquiry(a, "Sam Okafor");
      expect(response.status).toBe(303);

      const first = await smtp.message(1);
      const epochMs = async (sql: string) =>
        Number((await database!.query<{ ms: number }>(sql))[0]?.ms ?? Number.NaN);
      const claimedUntil = await epochMs(
        "select extract(epoch from claimed_until)::float8 * 1000 as ms from public.outbox where status = 'waiting'",
      );
      const claimedAt = await epochMs("select extract(epoch from now())::float8 * 1000 as ms");
      expect(claimedUntil, "the mail is claimed, not marked sent").toBeGreaterThan(claimedAt);
      expect(claimedUntil - claimedAt).toBeLessThanOrEqual(CLAIM_MS);
      expect(CLAIM_MS).toBeLessThan(60_000);
      a.process.kill("SIGKILL");
      await a.exited;

      // Another instance (or the same machine started again) sends it once the claim is over.
      const b = await startServer(env);
      const second = await smtp.message(2);
      const sentAt = await epochMs("select extract(epoch from now())::float8 * 1000 as ms");
      expect(sentAt, "not before the claim ended").toBeGreaterThanOrEqual(claimedUntil);
      expect(second.parsed.messageId).toMatch(/^<outbox\.\d+\.\d+@pub\.example>$/);
      expect(second.parsed.messageId).toBe(first.parsed.messageId);
      expect(second.parsed.subject).toBe(first.parsed.subject);
      await b.waitForOutput("info Mail sent");
      const rows = await database.query<{ status: string }>("select status from public.outbox");
      expect(rows).toEqual([{ status: "sent" }]);
    }, 120_000);
  },
);
