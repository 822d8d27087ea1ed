import { afterEach, describe, expect, vi } from "vitest";
import { startSmtpFake, unusedPort, type SmtpFake } from "../../../tests/support/smtp-fake";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import { openPostgres, type Database } from "../database/database.server";
import { log } from "../logger.server";
import { CLAIM_MS, startMailSender, type MailSender, type SendOutcome } from "./mail-sender.server";
import {
  claimDueMail,
  enqueueMail,
  mailQueued,
  sendAgainNow,
  type MailMessage,
} from "./outbox.server";
import { smtpTransport } from "./smtp-transport.server";

/**
 * The outbox and its sender against a mail server on loopback. Every sender
 * here sleeps an hour when idle, so a mail that arrives promptly was sent
 * because queuing it woke the sender, not because it polled.
 */

const FROM = { name: "The Pub", address: "site@pub.example" };
const AN_HOUR = 3_600_000;

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: ["manager@pub.example"],
  replyTo: { name: "Sam Okafor", address: "sam@example.com" },
  subject: "New enquiry: Venue booking from Sam Okafor",
  text: "Sam would like the back room.\n\nSecond line.",
  html: "<p>Sam would like the back room.</p>",
  ...overrides,
});

/** Queues `mail` in a transaction of its own and wakes this instance's senders, as an enquiry does. */
async function queue(db: Database, mail: MailMessage = message()): Promise<number> {
  const id = await db.transaction((tx) => enqueueMail(tx, mail));
  mailQueued();
  return id;
}

type Row = {
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  loggedAt: string | null;
};

async function row(db: Database, id: number): Promise<Row> {
  const [found] = await db.query<Row>(
    `select status, attempts, last_error as "lastError", sent_at::text as "sentAt",
       logged_at::text as "loggedAt"
     from public.outbox where id = $1::bigint`,
    [id],
  );
  if (!found) throw new Error(`No outbox row ${id}`);
  return found;
}

/** The outcomes a sender reports, with a way to wait for one. */
function outcomes() {
  const seen: SendOutcome[] = [];
  const waiters: { match: (outcome: SendOutcome) => boolean; resolve: (o: SendOutcome) => void }[] =
    [];
  return {
    seen,
    report(outcome: SendOutcome) {
      seen.push(outcome);
      for (const waiter of [...waiters]) {
        if (waiter.match(outcome)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(outcome);
        }
      }
    },
    next(match: (outcome: SendOutcome) => boolean): Promise<SendOutcome> {
      const already = seen.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

describe.each(drivers)("the outbox's sender on %s", (driver) => {
  test.override({ driver });
  let smtp: SmtpFake | undefined;
  const senders: MailSender[] = [];

  test.beforeEach(async ({ db }) => {
    await db.query("delete from public.outbox");
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await smtp?.close();
    smtp = undefined;
  });

  function sender(
    database: Database,
    url: string | null,
    options: Partial<Parameters<typeof startMailSender>[0]> = {},
    reported = outcomes(),
  ) {
    const started = startMailSender({
      database: async () => database,
      transport: url ? smtpTransport({ url, from: FROM }) : null,
      idleCheckMs: AN_HOUR,
      onOutcome: reported.report,
      ...options,
    });
    senders.push(started);
    return reported;
  }

  test("a queued mail is sent at once, From, To, Reply-To, subject and both parts as queued", async ({
    db,
  }) => {
    smtp = await startSmtpFake();
    const reported = sender(db, smtp.url);
    const id = await queue(db);

    const { parsed, envelope } = await smtp.message(1);
    expect(parsed.from?.value).toEqual([{ name: "The Pub", address: "site@pub.example" }]);
    expect(parsed.to).toMatchObject({ value: [{ address: "manager@pub.example", name: "" }] });
    expect(parsed.replyTo?.value).toEqual([{ name: "Sam Okafor", address: "sam@example.com" }]);
    expect(parsed.subject).toBe("New enquiry: Venue booking from Sam Okafor");
    expect(parsed.text?.trim()).toBe("Sam would like the back room.\n\nSecond line.");
    expect(parsed.html).toContain("<p>Sam would like the back room.</p>");
    expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
    expect(envelope).toEqual({ from: "site@pub.example", to: ["manager@pub.example"] });

    await reported.next((o) => o.id === id && o.outcome === "sent");
    expect(await row(db, id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  test("a mail handed over twice (its sender died before marking it sent) has one Message-ID, and another mail its own", async ({
    db,
  }) => {
    smtp = await startSmtpFake();
    const reported = sender(db, smtp.url);
    const id = await queue(db);
    await reported.next((o) => o.id === id && o.outcome === "sent");
    // As a sender killed after the server took the mail leaves it: claimed,
    // not marked sent, due again once its claim has run out.
    await db.query(
      `update public.outbox set status = 'waiting', sent_at = null,
         claimed_until = now() - interval '1 second', next_attempt_at = now()
       where id = $1::bigint`,
      [id],
    );
    mailQueued();
    await reported.next((o) => o.id === id && o.outcome === "sent" && reported.seen.length > 1);
    const other = await queue(db, message({ subject: "Another enquiry" }));
    await reported.next((o) => o.id === other && o.outcome === "sent");

    const [first, second, third] = await Promise.all([1, 2, 3].map((n) => smtp!.message(n)));
    const messageId = first!.parsed.messageId;
    expect(messageId).toMatch(new RegExp(`^<outbox\\.${id}\\.\\d+@pub\\.example>$`));
    expect(second!.parsed.messageId).toBe(messageId);
    expect(third!.parsed.messageId).not.toBe(messageId);
  });

  test("a claim on a mail lasts under a minute, and outlasts the longest send", async ({ db }) => {
    expect(CLAIM_MS).toBeLessThan(60_000);
    await queue(db);
    const [claimed] = await claimDueMail(db, { limit: 1, leaseMs: CLAIM_MS });
    expect(claimed).toBeDefined();
    const [{ seconds }] = (await db.query<{ seconds: number }>(
      "select extract(epoch from claimed_until - now())::float8 as seconds from public.outbox where id = $1::bigint",
      [claimed!.id],
    )) as [{ seconds: number }];
    expect(seconds).toBeGreaterThan(40);
    expect(seconds).toBeLessThanOrEqual(CLAIM_MS / 1000);
  });

  test("the user name and password in SMTP_URL are given to a server that asks", async ({ db }) => {
    smtp = await startSmtpFake({ auth: { user: "site@pub.example", pass: "p@ss:word/1" } });
    expect(smtp.url).toContain("site%40pub.example:p%40ss%3Aword%2F1@");
    sender(db, smtp.url);
    await queue(db);
    expect((await smtp.message(1)).parsed.subject).toContain("New enquiry");
  });

  test("wrong credentials are a failed try in plain words, tried again later", async ({ db }) => {
    smtp = await startSmtpFake({ auth: { user: "site", pass: "right" } });
    const reported = sender(db, smtp.url.replace("site:right@", "site:wrong@"));
    const id = await queue(db);
    const outcome = await reported.next((o) => o.id === id);
    expect(outcome).toMatchObject({ outcome: "retry" });
    expect((await row(db, id)).lastError).toMatch(
      /did not accept the user name and password in SMTP_URL/,
    );
    expect(smtp.received).toEqual([]);
  });

  test("a server that is down delays the mail: it is retried with back-off and sent once the server answers", async ({
    db,
  }) => {
    const port = await unusedPort();
    const reported = sender(db, `smtp://127.0.0.1:${port}`, { retryDelaysMs: [20, 40] });
    const id = await queue(db);

    const failed = await reported.next((o) => o.id === id && o.outcome === "retry");
    expect(failed).toMatchObject({
      outcome: "retry",
      error: `The mail server at 127.0.0.1:${port} refused the connection.`,
    });
    const waiting = await row(db, id);
    expect(waiting).toMatchObject({ status: "waiting", sentAt: null });
    expect(waiting.lastError).toContain("refused the connection");

    smtp = await startSmtpFake({ port });
    expect((await smtp.message(1)).parsed.subject).toContain("New enquiry");
    await reported.next((o) => o.id === id && o.outcome === "sent");
    const sent = await row(db, id);
    expect(sent).toMatchObject({ status: "sent", lastError: null });
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.received).toHaveLength(1);
  });

  test("a mail still not sent a day after its first try is given up on, with the last error", async ({
    db,
  }) => {
    const port = await unusedPort();
    // The day shortened to nothing: the first failure is past it.
    const reported = sender(db, `smtp://127.0.0.1:${port}`, { giveUpAfterMs: 0 });
    const id = await queue(db);
    expect(await reported.next((o) => o.id === id)).toMatchObject({ outcome: "failed" });
    expect(await row(db, id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: `The mail server at 127.0.0.1:${port} refused the connection.`,
    });
  });

  test("a mail the server refuses for good fails at once; sent again, it goes", async ({ db }) => {
    let refusing = true;
    smtp = await startSmtpFake({
      refuseRecipient: () =>
        refusing ? { code: 550, message: "Mailbox unavailable: manager@pub.example" } : null,
    });
    const reported = sender(db, smtp.url);
    const id = await queue(db);
    expect(await reported.next((o) => o.id === id)).toMatchObject({ outcome: "failed" });
    const failed = await row(db, id);
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/refused this mail\. It said: 550 Mailbox unavailable/);

    refusing = false;
    expect(await sendAgainNow(db, id)).toBe("queued");
    expect((await smtp.message(1)).parsed.subject).toContain("New enquiry");
    await reported.next((o) => o.id === id && o.outcome === "sent");
    expect(await row(db, id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(await sendAgainNow(db, id)).toBe("sent");
    expect(await sendAgainNow(db, 999_999_999)).toBe("missing");
  });

  test("a server that refuses for now (4xx) gets the mail again later", async ({ db }) => {
    let refusals = 1;
    smtp = await startSmtpFake({
      refuseRecipient: () => (refusals-- > 0 ? { code: 451, message: "Try again later" } : null),
    });
    const reported = sender(db, smtp.url, { retryDelaysMs: [10] });
    const id = await queue(db);
    expect(await reported.next((o) => o.id === id)).toMatchObject({ outcome: "retry" });
    expect((await smtp.message(1)).parsed.subject).toContain("New enquiry");
    await reported.next((o) => o.id === id && o.outcome === "sent");
  });

  test("without a mail server, mail waits, printed to the log once", async ({ db }) => {
    const warn = vi.spyOn(log, "warn");
    const reported = sender(db, null);
    const id = await queue(db, message({ text: "Please call Sam back about Friday." }));
    await reported.next((o) => o.id === id);
    expect(warn).toHaveBeenCalledWith(
      "Mail waiting in the outbox: no mail server is configured (SMTP_URL)",
      expect.objectContaining({
        id,
        to: "manager@pub.example",
        subject: "New enquiry: Venue booking from Sam Okafor",
        text: "Please call Sam back about Friday.",
      }),
    );
    // Woken by another mail, it logs that one, not the first again.
    const second = await queue(db, message({ subject: "Second" }));
    await reported.next((o) => o.id === second);
    expect(reported.seen.filter((o) => o.id === id)).toHaveLength(1);
    expect(warn.mock.calls.filter(([, fields]) => fields?.id === id)).toHaveLength(1);
    expect(await row(db, id)).toMatchObject({ status: "waiting", attempts: 0 });
    expect((await row(db, id)).loggedAt).not.toBeNull();

    // A mail server configured later sends what waited.
    smtp = await startSmtpFake();
    sender(db, smtp.url);
    mailQueued();
    const subjects = [
      (await smtp.message(1)).parsed.subject,
      (await smtp.message(2)).parsed.subject,
    ];
    expect(subjects.sort()).toEqual(["New enquiry: Venue booking from Sam Okafor", "Second"]);
  });

  test.runIf(driver === "postgres")(
    "two senders on one PostgreSQL database send each mail once",
    async ({ db }) => {
      smtp = await startSmtpFake();
      const first = openPostgres(db.url!);
      const second = openPostgres(db.url!);
      try {
        const ids = await db.transaction(async (tx) => {
          const queued: number[] = [];
          for (let index = 0; index < 40; index++) {
            queued.push(await enqueueMail(tx, message({ subject: `Mail ${index}` })));
          }
          return queued;
        });
        const reported = outcomes();
        const sentBy = { first: 0, second: 0 };
        for (const [name, database] of [
          ["first", first],
          ["second", second],
        ] as const) {
          sender(
            database,
            smtp.url,
            { batchSize: 3 },
            {
              ...reported,
              report(outcome) {
                if (outcome.outcome === "sent") sentBy[name]++;
                reported.report(outcome);
              },
            },
          );
        }
        mailQueued();
        await smtp.message(40);
        // Each mail is marked sent once it has gone; the last one marked, every one has.
        await Promise.all(
          ids.map((id) => reported.next((o) => o.id === id && o.outcome === "sent")),
        );
        const subjects = smtp.received.map((mail) => mail.parsed.subject);
        expect(subjects).toHaveLength(40);
        expect(new Set(subjects).size).toBe(40);
        expect(sentBy.first + sentBy.second).toBe(40);
        const [counted] = await db.query<{ sent: number }>(
          "select count(*)::int as sent from public.outbox where status = 'sent'",
        );
        expect(counted?.sent).toBe(40);
        expect(ids).toHaveLength(40);
      } finally {
        await Promise.all(senders.splice(0).map((running) => running.stop()));
        await first.close();
        await second.close();
      }
    },
  );
});
