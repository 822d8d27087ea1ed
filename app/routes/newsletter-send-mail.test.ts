import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { insertSubscriber } from "../../tests/support/newsletter";
import { routeArgs } from "../../tests/support/route-args";
import { startSmtpFake, type SmtpFake } from "../../tests/support/smtp-fake";
import {
  contextWithDatabase,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from "../../tests/support/test-database";
import { action as unsubscribeAction } from "./newsletter-unsubscribe";
import { createDraft, getNewsletter, sendNewsletter } from "~/newsletter/newsletters.server";
import {
  startMailSender,
  type MailSender,
  type SendOutcome,
} from "~/platform/mail/mail-sender.server";
import { smtpTransport } from "~/platform/mail/smtp-transport.server";

/**
 * A newsletter on its way through the outbox to a mail server on loopback:
 * what each copy carries, who gets one, the one-click unsubscribe its
 * headers offer, and no copy twice when the sender is restarted halfway or
 * two senders share the database.
 */

const PUB = {
  name: "The Squire Pub & Grill",
  postalAddress: "180 Main Street, London, ON N6A 1A1",
};
const FROM = { name: "The Pub", address: "site@pub.example" };
const AN_HOUR = 3_600_000;

describe.each(drivers)("the newsletter's mail on %s", (driver) => {
  let db: TestDatabase;
  let smtp: SmtpFake;
  const senders: MailSender[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });
  beforeEach(async () => {
    smtp = await startSmtpFake();
    await db.query("delete from public.newsletters");
    await db.query("delete from public.outbox");
    await db.query("delete from public.newsletter_subscribers");
  });
  afterEach(async () => {
    for (const sender of senders.splice(0)) await sender.stop();
    await smtp.close();
  });

  /** A sender to the loopback server; `onOutcome` hears each try. */
  function sender(onOutcome?: (outcome: SendOutcome) => void, batchSize = 10) {
    const started = startMailSender({
      database: async () => db,
      transport: smtpTransport({ url: smtp.url, from: FROM }),
      idleCheckMs: AN_HOUR,
      batchSize,
      ...(onOutcome ? { onOutcome } : {}),
    });
    senders.push(started);
    return started;
  }

  /** Sends a new newsletter to the confirmed subscribers, every copy due at once. */
  async function send(subject = "Autumn at the pub") {
    const id = await createDraft(
      db,
      { subject, body: "Hello!\n\nMenu: https://pub.example/menu" },
      null,
    );
    const outcome = await sendNewsletter(db, id, {
      origin: "https://pub.example",
      pub: PUB,
      perMinute: 60_000_000,
      sentBy: "owner@pub.example",
      savedAt: (await getNewsletter(db, id))!.updatedAt,
    });
    return { id, outcome };
  }

  /** Resolves once `count` copies have been sent (or failed), counting from now. */
  async function delivered(id: number, count: number) {
    const row = async () =>
      (
        await db.query<{ done: number }>(
          `select count(*)::int as done from public.newsletter_deliveries
           where newsletter_id = $1::bigint and state <> 'waiting'`,
          [id],
        )
      )[0]!.done;
    await smtp.message(count);
    // Marked in the database after the server took it.
    await expect.poll(row).toBe(count);
  }

  /** The header block of a raw mail, unfolded, and its List-Unsubscribe address. */
  function unsubscribeHeader(raw: string) {
    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n\s+/g, " ");
    const url = /^List-Unsubscribe: <(https:\/\/[^>]+)>$/m.exec(headerBlock)?.[1] ?? "";
    return { url, headerBlock };
  }

  const emails = () => smtp.received.map((mail) => mail.envelope.to.join(","));

  test("each copy names the pub and its postal address and carries both unsubscribe headers; only the confirmed get one", async () => {
    const confirmed = [
      `a.${randomUUID().slice(0, 6)}@example.com`,
      `b.${randomUUID().slice(0, 6)}@example.com`,
    ];
    for (const email of confirmed) await insertSubscriber(db, email);
    await insertSubscriber(db, "waiting@example.com", "waiting");
    await insertSubscriber(db, "left@example.com", "unsubscribed");
    sender();
    const { id, outcome } = await send();
    expect(outcome).toEqual({ status: "sending", recipients: 2 });
    await delivered(id, 2);

    expect(emails().sort()).toEqual([...confirmed].sort());
    const { parsed } = smtp.received[0]!;
    expect(parsed.subject).toBe("Autumn at the pub");
    expect(parsed.text).toContain("Hello!");
    expect(parsed.text).toContain(PUB.name);
    expect(parsed.text).toContain(PUB.postalAddress);
    expect(parsed.html).toContain(
      '<a href="https://pub.example/menu">https://pub.example/menu</a>',
    );
    expect(parsed.html).toContain("The Squire Pub &amp; Grill");
    const { url, headerBlock } = unsubscribeHeader(smtp.received[0]!.raw);
    expect(url).toMatch(/^https:\/\/pub\.example\/newsletter\/unsubscribe\?token=\d+\./);
    expect(headerBlock).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(parsed.text).toContain(`Unsubscribe: ${url}`);
  });

  test("a one-click POST to the header's address, without a cookie, takes the address off before the next send", async () => {
    const [leaving, staying] = [
      `l.${randomUUID().slice(0, 6)}@example.com`,
      `s.${randomUUID().slice(0, 6)}@example.com`,
    ];
    await insertSubscriber(db, leaving);
    await insertSubscriber(db, staying);
    sender();
    const first = await send("First");
    await delivered(first.id, 2);
    const mail = smtp.received.find((received) => received.envelope.to[0] === leaving)!;
    const { url } = unsubscribeHeader(mail.raw);

    // As a mail program's server posts it: no cookie, no sign-in, no Origin.
    const answer = await unsubscribeAction(
      routeArgs(
        new Request(url, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        { context: contextWithDatabase(db) },
      ),
    );
    expect((answer as { init?: { status?: number } | null }).init?.status ?? 200).toBe(200);

    const second = await send("Second");
    expect(second.outcome).toEqual({ status: "sending", recipients: 1 });
    await delivered(second.id, 1);
    expect(smtp.received.at(-1)?.envelope.to).toEqual([staying]);
  });

  test("a sender stopped halfway and a new one started send every copy once", async () => {
    const addresses = Array.from(
      { length: 6 },
      (_, n) => `r${n}.${randomUUID().slice(0, 6)}@example.com`,
    );
    for (const email of addresses) await insertSubscriber(db, email);
    let sent = 0;
    let halfway!: () => void;
    const reachedHalfway = new Promise<void>((resolve) => (halfway = resolve));
    const first = sender((outcome) => {
      if (outcome.outcome === "sent" && ++sent === 3) halfway();
    }, 1);
    const { id } = await send();
    await reachedHalfway;
    await first.stop();
    senders.splice(senders.indexOf(first), 1);
    sender();
    await delivered(id, 6);
    expect(emails().sort()).toEqual([...addresses].sort());
  });

  test("two senders on one database send every copy once", async () => {
    const addresses = Array.from(
      { length: 8 },
      (_, n) => `t${n}.${randomUUID().slice(0, 6)}@example.com`,
    );
    for (const email of addresses) await insertSubscriber(db, email);
    sender(undefined, 1);
    sender(undefined, 1);
    const { id } = await send();
    await delivered(id, 8);
    expect(emails().sort()).toEqual([...addresses].sort());
    const [row] = await db.query<{ state: string }>(
      "select state from public.newsletters where id = $1::bigint",
      [id],
    );
    expect(row?.state).toBe("sent");
  });
});
