import { randomUUID } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { formPost, routeArgs } from "../../tests/support/route-args";
import { startSmtpFake, unusedPort, type SmtpFake } from "../../tests/support/smtp-fake";
import {
  visitorContext,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { action as contactAction } from "./contact";
import { action as venueAction } from "./venue";
import { action as unsubscribeAction } from "./newsletter-unsubscribe";
import { storeEnquiry } from "~/enquiries/enquiry-store.server";
import { contactEnquiry } from "~/enquiries/enquiry.test-support";
import { hoursOn } from "~/hours/opening-hours";
import { torontoDate } from "~/platform/clock/toronto-time";
import type { Database } from "~/platform/database/database.server";
import {
  startMailSender,
  type MailSender,
  type SendOutcome,
} from "~/platform/mail/mail-sender.server";
import { smtpTransport } from "~/platform/mail/smtp-transport.server";
import { toastCookie } from "~/platform/toast.server";
import { siteContent } from "~/site/site-content.server";

// The site's public origin and the pub's addresses, as an operator sets them;
// read when the environment is, before the modules above load.
vi.hoisted(() => {
  process.env.SITE_URL = "https://pub.example";
  process.env.ENQUIRY_NOTIFY_TO = "manager@pub.example, owner@pub.example";
});

/**
 * Every enquiry tells the pub by mail, through the outbox: queued with the
 * enquiry, in its transaction, then sent by the sender to a mail server on
 * loopback, where the message is parsed as a mail client would.
 */

const FROM = { name: "The Squire", address: "site@pub.example" };

describe.each(drivers)("the notification of an enquiry on %s", (driver) => {
  let db: TestDatabase;
  let smtp: SmtpFake | undefined;
  let sender: MailSender | undefined;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });
  beforeEach(async () => {
    await db.query("delete from public.outbox");
  });
  afterEach(async () => {
    await sender?.stop();
    sender = undefined;
    await smtp?.close();
    smtp = undefined;
  });

  const contextFor = (database: Database = db): RouterContextProvider => visitorContext(database);

  /** Starts this instance's sender against `url`; its outcomes, to wait on. */
  function startSender(url: string, retryDelaysMs?: number[]) {
    const outcomes: SendOutcome[] = [];
    const listeners = new Set<() => void>();
    sender = startMailSender({
      database: async () => db,
      transport: smtpTransport({ url, from: FROM }),
      // Idle for an hour: what arrives promptly was sent because an enquiry woke it.
      idleCheckMs: 3_600_000,
      ...(retryDelaysMs ? { retryDelaysMs } : {}),
      onOutcome(outcome) {
        outcomes.push(outcome);
        for (const listener of listeners) listener();
      },
    });
    return {
      outcomes,
      /** Resolves when an outcome matching `match` has been reported. */
      until(match: (outcome: SendOutcome) => boolean): Promise<SendOutcome> {
        return new Promise((resolve) => {
          const check = () => {
            const found = outcomes.find(match);
            if (!found) return;
            listeners.delete(check);
            resolve(found);
          };
          listeners.add(check);
          check();
        });
      },
    };
  }

  const contactForm = (fields: Record<string, string> = {}) => ({
    submission: randomUUID(),
    name: "Sam Okafor",
    email: `sam-${randomUUID().slice(0, 8)}@example.com`,
    phone: "",
    topic: "lost-and-found",
    message: "I left a green scarf on the patio on Friday night.",
    consent: "on",
    ...fields,
  });

  async function postContact(fields: Record<string, string>) {
    return contactAction(routeArgs(formPost("/contact", fields), { context: contextFor() }));
  }

  /** The outbox rows of the enquiry a form token stored. */
  function mailFor(token: string) {
    return db.query<{ id: number; status: string; to: string; subject: string; text: string }>(
      `select o.id::int as id, o.status, o.to_address as "to", o.subject, o.text_body as text
       from public.outbox o join public.enquiries e on e.id = o.enquiry_id
       where e.submission_token = $1::uuid`,
      [token],
    );
  }

  async function enquiryId(token: string): Promise<number | undefined> {
    const [row] = await db.query<{ id: number }>(
      "select id::int as id from public.enquiries where submission_token = $1::uuid",
      [token],
    );
    return row?.id;
  }

  test("an enquiry queues one notification with it; the same post again queues no second", async () => {
    const fields = contactForm();
    expect(await postContact(fields)).toHaveRedirect("/contact#enquiry-sent");
    const queued = await mailFor(fields.submission);
    expect(queued).toEqual([
      expect.objectContaining({
        status: "waiting",
        to: "manager@pub.example, owner@pub.example",
        subject: "New enquiry: Lost and found from Sam Okafor",
      }),
    ]);

    expect(await postContact(fields)).toHaveRedirect("/contact#enquiry-sent");
    expect(await mailFor(fields.submission)).toHaveLength(1);
  });

  test("a post that is refused queues nothing", async () => {
    const [before] = await db.query<{ count: number }>(
      "select count(*)::int as count from public.outbox",
    );
    const fields = contactForm({ message: "short" });
    const refused = await postContact(fields);
    expect(refused).not.toBeInstanceOf(Response);
    const [after] = await db.query<{ count: number }>(
      "select count(*)::int as count from public.outbox",
    );
    expect(after?.count).toBe(before?.count);
  });

  test("an enquiry whose mail cannot be queued is not stored either: one transaction", async () => {
    const token = randomUUID();
    const enquiry = contactEnquiry({ submissionToken: token, fingerprint: "d".repeat(64) });
    // An empty recipient breaks the outbox's check: the enquiry goes with it.
    await expect(storeEnquiry(db, enquiry, { to: [""], siteUrl: undefined })).rejects.toThrow(
      /check/,
    );
    expect(await enquiryId(token)).toBeUndefined();
  });

  test("the sender delivers it: From, To, Reply-To, subject, body and the link to it", async () => {
    smtp = await startSmtpFake();
    const sending = startSender(smtp.url);
    const schedule = await siteContent(contextFor()).schedule(new Date());
    let date = "";
    let time = "";
    for (let day = 30; day < 44 && !date; day++) {
      const candidate = torontoDate(new Date(Date.now() + day * 86_400_000));
      const hours = hoursOn(candidate, schedule);
      if (!("closed" in hours)) [date, time] = [candidate, hours.opensAt];
    }
    const fields = {
      submission: randomUUID(),
      space: "the-snug",
      date,
      startTime: time,
      partySize: "12",
      name: "Zoë Okafor-Ó Dálaigh",
      email: `zoe-${randomUUID().slice(0, 8)}@example.com`,
      phone: "519 555 0123",
      message: "A fortieth birthday: drinks and sharing plates for about twelve.\nSecond line.",
      consent: "on",
    };
    expect(
      await venueAction(routeArgs(formPost("/venue", fields), { context: contextFor() })),
    ).toHaveRedirect("/venue#enquiry-sent");
    const id = await enquiryId(fields.submission);

    const { parsed, envelope, raw } = await smtp.message(1);
    expect(parsed.subject).toBe("New enquiry: Venue booking from Zoë Okafor-Ó Dálaigh");
    // Non-ASCII travels encoded: the header itself is ASCII.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(parsed.from?.value).toEqual([FROM]);
    expect(parsed.to).toMatchObject({
      value: [
        { address: "manager@pub.example", name: "" },
        { address: "owner@pub.example", name: "" },
      ],
    });
    expect(parsed.replyTo?.value).toEqual([
      { name: "Zoë Okafor-Ó Dálaigh", address: fields.email },
    ]);
    expect(envelope.to).toEqual(["manager@pub.example", "owner@pub.example"]);
    expect(parsed.text).toContain("Space: The Snug");
    expect(parsed.text).toContain("Guests: 12");
    expect(parsed.text).toContain("Phone: (519) 555-0123");
    expect(parsed.text).toContain(
      "A fortieth birthday: drinks and sharing plates for about twelve.\nSecond line.",
    );
    expect(parsed.text).toContain(`https://pub.example/staff/enquiries/${id}`);
    expect(parsed.html).toContain(`href="https://pub.example/staff/enquiries/${id}"`);

    const [mail] = await mailFor(fields.submission);
    await sending.until((outcome) => outcome.id === mail!.id && outcome.outcome === "sent");
    expect((await mailFor(fields.submission))[0]?.status).toBe("sent");
  });

  test("a hostile name through the form cannot add a header or a recipient", async () => {
    smtp = await startSmtpFake();
    startSender(smtp.url);
    // Bidirectional overrides and isolates get through the form's rules; the subject drops them.
    const fields = contactForm({
      name: `Sam\u202E\u2066 Bcc: victim@evil.example ${"b".repeat(60)}`,
    });
    expect(await postContact(fields)).toHaveRedirect("/contact#enquiry-sent");

    const { parsed, envelope, raw } = await smtp.message(1);
    expect(envelope.to).toEqual(["manager@pub.example", "owner@pub.example"]);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.subject).not.toMatch(/[\r\n\u202E\u2066]/);
    expect([...parsed.subject!].length).toBeLessThanOrEqual(
      "New enquiry: Lost and found from ".length + 60,
    );
    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).not.toMatch(/^X-Injected:/im);
    expect(parsed.replyTo?.value[0]?.address).toBe(fields.email);
    expect(parsed.replyTo?.value[0]?.name).not.toMatch(/[\r\n\u202E\u2066]/);
  });

  test("a name written as MIME encoded words reaches the subject and Reply-To as typed, not decoded", async () => {
    smtp = await startSmtpFake();
    startSender(smtp.url);
    const hidden = Buffer.from("\r\nBcc: victim@evil.example\u202E").toString("base64");
    // Short enough to be sent whole, and plain ASCII, as an attacker would make it.
    const fields = contactForm({ name: `=?UTF-8?B?${hidden}?=` });
    expect(await postContact(fields)).toHaveRedirect("/contact#enquiry-sent");

    const { parsed, envelope, raw } = await smtp.message(1);
    expect(envelope.to).toEqual(["manager@pub.example", "owner@pub.example"]);
    expect(parsed.bcc).toBeUndefined();
    const replyName = parsed.replyTo?.value[0]?.name ?? "";
    for (const shown of [parsed.subject ?? "", replyName]) {
      expect(shown).not.toMatch(/[\r\n\u202E]|Bcc: victim|X-Injected: yes/);
      // The visitor's characters are all there, as they typed them.
      expect(shown).toContain(hidden);
    }
    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^(Bcc|X-Injected):/im);
  });

  test("a hostile name stored past the form's rules still gives a one-line subject", async () => {
    smtp = await startSmtpFake();
    startSender(smtp.url);
    const token = randomUUID();
    await storeEnquiry(
      db,
      contactEnquiry({
        submissionToken: token,
        fingerprint: "f".repeat(64),
        name: "Sam\r\nBcc: victim@evil.example\r\nX-Injected: yes\u202Ex",
        message: "Hello\r\nBcc: victim@evil.example\r\n\r\nA body that looks like headers.",
      }),
      { to: ["manager@pub.example"], siteUrl: "https://pub.example" },
    );
    const { parsed, envelope, raw } = await smtp.message(1);
    expect(envelope.to).toEqual(["manager@pub.example"]);
    expect(parsed.subject).toBe(
      "New enquiry: A general question from Sam Bcc: victim@evil.example X-Injected: yesx",
    );
    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).not.toMatch(/^X-Injected:/im);
    expect(parsed.text).toContain(
      "Hello\nBcc: victim@evil.example\n\nA body that looks like headers.",
    );
  });

  test("with the mail server down the enquiry is stored and the visitor told it was sent; the mail goes once the server is back", async () => {
    const port = await unusedPort();
    const sending = startSender(`smtp://127.0.0.1:${port}`, [25, 50]);
    const fields = contactForm();

    const response = (await postContact(fields)) as Response;
    expect(response).toHaveRedirect("/contact#enquiry-sent");
    const toast = await toastCookie.parse(
      response.headers.getSetCookie().find((cookie) => cookie.startsWith("toast=")) ?? null,
    );
    expect(toast).toMatchObject({ type: "success", title: "Your message is sent." });
    expect(await enquiryId(fields.submission)).toBeDefined();

    const [mail] = await mailFor(fields.submission);
    const failed = await sending.until((o) => o.id === mail!.id && o.outcome === "retry");
    expect(failed).toMatchObject({ error: expect.stringContaining("refused the connection") });

    smtp = await startSmtpFake({ port });
    const { parsed } = await smtp.message(1);
    expect(parsed.subject).toBe("New enquiry: Lost and found from Sam Okafor");
    await sending.until((o) => o.id === mail!.id && o.outcome === "sent");
    expect((await mailFor(fields.submission))[0]?.status).toBe("sent");
  });

  test("a ticked newsletter box mails the visitor a confirmation naming the pub, its postal address and both unsubscribe headers; one click on them unsubscribes", async () => {
    smtp = await startSmtpFake();
    startSender(smtp.url);
    const fields = contactForm({ newsletter: "on" });
    expect(await postContact(fields)).toHaveRedirect("/contact#enquiry-sent");

    const received = await Promise.all([smtp.message(1), smtp.message(2)]);
    const confirmation = received.find((mail) => mail.envelope.to.includes(fields.email));
    expect(confirmation).toBeDefined();
    const { parsed, raw } = confirmation!;
    const settings = await siteContent(contextFor()).settings();
    expect(parsed.subject).toBe(`Confirm your subscription to ${settings.name}'s newsletter`);
    expect(parsed.text).toContain(settings.name);
    expect(parsed.text).toContain(settings.streetAddress);
    expect(parsed.text).toContain(`${settings.region} ${settings.postalCode}`);
    expect(parsed.text).toMatch(/https:\/\/pub\.example\/newsletter\/confirm\?token=[\w-]{43}/);

    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n\s+/g, " ");
    const listUnsubscribe = /^List-Unsubscribe: <(https:\/\/[^>]+)>$/m.exec(headerBlock)?.[1];
    expect(listUnsubscribe).toMatch(
      /^https:\/\/pub\.example\/newsletter\/unsubscribe\?token=\d+\.[\w-]{43}$/,
    );
    expect(headerBlock).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // The visible link is the same address.
    expect(parsed.text).toContain(`Unsubscribe: ${listUnsubscribe}`);

    // As a mail program's server posts it: no cookie, no sign-in, no Origin.
    const oneClick = await unsubscribeAction(
      routeArgs(
        new Request(listUnsubscribe!, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        { context: contextFor() },
      ),
    );
    expect((oneClick as { init: { status: number } | null }).init?.status ?? 200).toBe(200);
    const [row] = await db.query<{ state: string; by: string }>(
      `select state, unsubscribed_by as by from public.newsletter_subscribers where email = $1`,
      [fields.email],
    );
    expect(row).toEqual({ state: "unsubscribed", by: "one-click" });
  });
});
