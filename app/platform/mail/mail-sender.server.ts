import type { Database } from "../database/database.server";
import { log } from "../logger.server";
import {
  claimDueMail,
  claimUnloggedMail,
  markMailFailedTry,
  markMailSent,
  msUntilNextDue,
  onMailQueued,
  type QueuedMail,
} from "./outbox.server";
import { LONGEST_SEND_MS, MailSendError, type MailTransport } from "./smtp-transport.server";

const MINUTE = 60_000;

/** After a failed try, the wait before the next: 1, 5, 15 and 60 minutes, then hourly. */
export const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE] as const;
/** A mail still not sent a day after its first try is given up on, as failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE;

/**
 * How long a sender's claim on a mail lasts: the longest a send can take and
 * a margin (50 s). A sender that dies mid-send leaves the mail to another
 * instance when it runs out.
 */
export const CLAIM_MS = LONGEST_SEND_MS + 10_000;

export type MailSenderOptions = {
  database: () => Promise<Database>;
  /** The mail server; null when none is configured (mail then waits, printed to the log once). */
  transport: MailTransport | null;
  retryDelaysMs?: readonly number[];
  giveUpAfterMs?: number;
  /**
   * The longest the sender sleeps with nothing due: mail queued by another
   * instance, or due there, is picked up within this at the latest.
   */
  idleCheckMs?: number;
  /** How long a claim on a mail lasts: longer than any send can take (`CLAIM_MS`). */
  leaseMs?: number;
  /** Mails logged at a time when no mail server is configured (sent mail is claimed one at a time). */
  batchSize?: number;
  /** Told of each try's outcome (for tests and the log). */
  onOutcome?: (outcome: SendOutcome) => void;
};

export type SendOutcome =
  | { id: number; outcome: "sent" }
  | { id: number; outcome: "retry" | "failed"; error: string }
  | { id: number; outcome: "logged" };

export type MailSender = {
  /** Stops claiming mail; resolves once the try under way (if any) has finished. */
  stop(): Promise<void>;
};

/**
 * The sender loop of one server process. It sends what is due, then sleeps
 * until the next waiting mail is due (at most `idleCheckMs`), and wakes at
 * once when mail is queued on this instance. With several instances each
 * runs one; claims keep them from sending a mail twice. A database that
 * cannot be reached is tried again after a pause, longer each time.
 */
export function startMailSender({
  database,
  transport,
  retryDelaysMs = RETRY_DELAYS_MS,
  giveUpAfterMs = GIVE_UP_AFTER_MS,
  idleCheckMs = MINUTE,
  leaseMs = CLAIM_MS,
  batchSize = 10,
  onOutcome,
}: MailSenderOptions): MailSender {
  let stopped = false;
  let woken = false;
  let wake: (() => void) | null = null;
  const stopListening = onMailQueued(() => {
    woken = true;
    wake?.();
  });

  /** Sleeps for `ms`, or until mail is queued or the sender stops. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const retryDelay = (attempts: number) =>
    retryDelaysMs[Math.min(Math.max(attempts, 1), retryDelaysMs.length) - 1] ?? MINUTE;

  async function deliver(db: Database, mail: QueuedMail, mailer: MailTransport) {
    try {
      await mailer.send(mail);
    } catch (error) {
      const failure =
        error instanceof MailSendError ? error : new MailSendError(error, mailer.description);
      const outcome = await markMailFailedTry(db, mail.id, {
        error: failure.message,
        retryInMs: retryDelay(mail.attempts),
        giveUpAfterMs,
        permanent: failure.permanent,
        recipientRefused: failure.recipientRefused,
      });
      if (outcome === "failed") {
        log.error("A mail could not be sent and was given up on", {
          id: mail.id,
          attempts: mail.attempts,
          error: failure.message,
        });
      } else {
        log.warn("A mail could not be sent; it will be tried again", {
          id: mail.id,
          attempts: mail.attempts,
          error: failure.message,
        });
      }
      onOutcome?.({ id: mail.id, outcome, error: failure.message });
      return;
    }
    await markMailSent(db, mail.id);
    log.info("Mail sent", { id: mail.id, attempts: mail.attempts });
    onOutcome?.({ id: mail.id, outcome: "sent" });
  }

  /** One round: what is due sent (or, without a server, logged); how long to sleep after. */
  async function round(): Promise<number> {
    const db = await database();
    if (!transport) {
      for (;;) {
        const unlogged = await claimUnloggedMail(db, batchSize);
        for (const mail of unlogged) {
          log.warn("Mail waiting in the outbox: no mail server is configured (SMTP_URL)", {
            id: mail.id,
            to: mail.to,
            replyTo: mail.replyToAddress,
            subject: mail.subject,
            text: mail.text,
          });
          onOutcome?.({ id: mail.id, outcome: "logged" });
        }
        if (unlogged.length < batchSize || stopped) return idleCheckMs;
      }
    }
    // One at a time: a claim lasts as long as one send can take (`leaseMs`),
    // so it must cover only the mail being sent. Claimed ten at once, the
    // last of a slow server's ten could outlive its claim and be sent again
    // by another instance.
    while (!stopped) {
      const [mail] = await claimDueMail(db, { limit: 1, leaseMs });
      if (!mail) break;
      await deliver(db, mail, transport);
    }
    const next = await msUntilNextDue(db);
    return next === null ? idleCheckMs : Math.min(Math.ceil(next), idleCheckMs);
  }

  const running = (async () => {
    let failures = 0;
    while (!stopped) {
      woken = false;
      let pause: number;
      try {
        pause = await round();
        failures = 0;
      } catch (error) {
        failures++;
        pause = Math.min(MINUTE, 5_000 * 2 ** (failures - 1));
        if (failures === 1) {
          log.warn("The outbox could not be read; mail is sent once it can be", { error });
        }
      }
      await sleep(pause);
    }
  })();

  return {
    async stop() {
      stopped = true;
      stopListening();
      wake?.();
      await running;
      transport?.close();
    },
  };
}
