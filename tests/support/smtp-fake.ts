import { createServer } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/**
 * A mail server on loopback (smtp-server), for the site's own SMTP code to
 * talk to as it would to a real one: every message it accepts is parsed
 * (mailparser) and kept, and tests wait for the next one to arrive.
 */

export type ReceivedMail = {
  /** The envelope: MAIL FROM and RCPT TO, as the client sent them. */
  envelope: { from: string | null; to: string[] };
  /** The message as it arrived, headers and all. */
  raw: string;
  parsed: ParsedMail;
};

export type SmtpFakeOptions = {
  /** The port to listen on (0, the default: a free one). */
  port?: number;
  /** The user name and password it asks for; none asked without. */
  auth?: { user: string; pass: string };
  /** An SMTP error (code and text) to refuse a recipient with, or null to take it. */
  refuseRecipient?: (address: string) => { code: number; message: string } | null;
  /**
   * For the `count`th message (1-based): a promise to hold the answer to its
   * DATA until (the message is kept, and waiters told, at once), or null to
   * answer at once. A mail server that took a mail and has not said so yet.
   */
  holdAnswer?: (count: number) => Promise<void> | null;
};

export type SmtpFake = {
  port: number;
  /** `smtp://127.0.0.1:<port>` (with the credentials, when it asks for some). */
  url: string;
  /** Everything accepted so far, in order. */
  received: ReceivedMail[];
  /** Resolves with the `count`th message accepted (1-based), now or when it arrives. */
  message(count: number): Promise<ReceivedMail>;
  /** Recipients refused so far. */
  refused: string[];
  close(): Promise<void>;
};

export async function startSmtpFake({
  port = 0,
  auth,
  refuseRecipient,
  holdAnswer,
}: SmtpFakeOptions = {}): Promise<SmtpFake> {
  const received: ReceivedMail[] = [];
  const refused: string[] = [];
  const waiting: { count: number; resolve: (mail: ReceivedMail) => void }[] = [];

  const options: SMTPServerOptions = {
    logger: false,
    // Plain SMTP on loopback: no STARTTLS offered, so the client needs no certificate.
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !auth,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    onAuth(authentication, _session, callback) {
      if (authentication.username === auth?.user && authentication.password === auth?.pass) {
        callback(null, { user: authentication.username });
      } else {
        callback(new Error("Invalid user name or password"));
      }
    },
    onRcptTo(address, _session, callback) {
      const refusal = refuseRecipient?.(address.address);
      if (!refusal) return callback();
      refused.push(address.address);
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const mail: ReceivedMail = {
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
              },
              raw: raw.toString("utf8"),
              parsed,
            };
            received.push(mail);
            const held = holdAnswer?.(received.length);
            if (held) void held.then(() => callback());
            else callback();
            for (const waiter of waiting.splice(0)) {
              if (received.length >= waiter.count) waiter.resolve(received[waiter.count - 1]!);
              else waiting.push(waiter);
            }
          },
          (error: Error) => callback(error),
        );
      });
    },
  };
  const server = new SMTPServer(options);
  const listening = await new Promise<number>((resolve, reject) => {
    server.on("error", reject);
    const net = server.listen(port, "127.0.0.1", () => {
      const address = net.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
  const credentials = auth
    ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@`
    : "";
  return {
    port: listening,
    url: `smtp://${credentials}127.0.0.1:${listening}`,
    received,
    refused,
    message(count) {
      const mail = received[count - 1];
      if (mail) return Promise.resolve(mail);
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on (taken and let go), for a mail server that is down. */
export async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("No port");
  return address.port;
}
