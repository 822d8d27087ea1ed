import type { Transporter } from "nodemailer";
import type { MailAddress, QueuedMail } from "./outbox.server";

/** How the sender hands a mail to a mail server. */
export type MailTransport = {
  /** Where mail goes, without credentials: "smtp.example.com:465 (TLS)". */
  readonly description: string;
  /** Resolves once the server has accepted the mail; rejects with why it did not. */
  send(mail: QueuedMail): Promise<void>;
  close(): void;
};

/**
 * How long each step with the mail server may take before the try counts as
 * failed: a connection, the server's greeting, and any wait for its answer
 * (a mail server answers each command within seconds; one that does not is
 * tried again later).
 */
const TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

/**
 * The longest a send can take before a timeout ends it (40 s): a claim on a
 * mail outlasts it, so a second sender never takes a mail while the first
 * may still be handing it over.
 */
export const LONGEST_SEND_MS =
  TIMEOUTS.connectionTimeout + TIMEOUTS.greetingTimeout + TIMEOUTS.socketTimeout * 2;

/**
 * The mail's Message-ID: the same on every try of one outbox row, so in the
 * rare case a mail is handed over twice (a sender killed after the server
 * took it, before it was marked sent), a mail program shows one.
 */
export function messageIdOf(mail: Pick<QueuedMail, "id" | "queuedAt">, from: MailAddress): string {
  const domain = from.address.slice(from.address.lastIndexOf("@") + 1) || "localhost";
  return `<outbox.${mail.id}.${mail.queuedAt}@${domain}>`;
}

/** The parts of SMTP_URL nodemailer needs: `smtps://` is TLS from the start (465), `smtp://` STARTTLS when offered (587). */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const user = decodeURIComponent(url.username);
  return {
    host,
    port,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    ...TIMEOUTS,
    // The site never attaches files or fetches URLs into a mail.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Mail through the SMTP server at `url`, from `from`. */
export function smtpTransport({ url, from }: { url: string; from: MailAddress }): MailTransport {
  const options = smtpOptions(url);
  // nodemailer loads with the first mail, not with the server.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import("nodemailer").then(({ createTransport }) => createTransport(options)));
  const where = `${options.host}:${options.port}`;
  return {
    description: `${where}${options.secure ? " (TLS)" : ""}`,
    async send(mail) {
      try {
        const transport = await connect();
        await transport.sendMail({
          from: from.name ? { name: from.name, address: from.address } : from.address,
          to: mail.to,
          ...(mail.replyToAddress
            ? {
                replyTo: mail.replyToName
                  ? { name: mail.replyToName, address: mail.replyToAddress }
                  : mail.replyToAddress,
              }
            : {}),
          subject: mail.subject,
          messageId: messageIdOf(mail, from),
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          headers: {
            // A notification, not a person writing: no out-of-office replies to it.
            "Auto-Submitted": "auto-generated",
            // A subscriber's mail: their mail program offers to unsubscribe in one click.
            ...(mail.listUnsubscribe
              ? {
                  "List-Unsubscribe": `<${mail.listUnsubscribe}>`,
                  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                }
              : {}),
          },
        });
      } catch (error) {
        throw new MailSendError(error, where);
      }
    },
    // A transport that could not be made has nothing to close (each send said why).
    close: () =>
      void transporter?.then(
        (opened) => opened.close(),
        () => {},
      ),
  };
}

/** A try that failed, with why in words an owner can act on. */
export class MailSendError extends Error {
  override name = "MailSendError";
  /** The server refused this mail for good (a 5xx answer to its sender, recipients or content). */
  readonly permanent: boolean;
  /**
   * The refusal was of the recipient's address itself (a 5xx answer to RCPT
   * TO): a bounce. Not a refusal of the site's sender or of the text, which
   * would refuse every mail alike.
   */
  readonly recipientRefused: boolean;

  constructor(cause: unknown, where: string) {
    const { message, permanent } = describeFailure(cause, where);
    super(message, { cause });
    this.permanent = permanent;
    this.recipientRefused = permanent && recipientRefused(cause);
  }
}

/** Whether the server refused the recipient's address (its answer to RCPT TO). */
function recipientRefused(cause: unknown): boolean {
  const error = (cause ?? {}) as NodemailerError;
  return error.code === "EENVELOPE" && error.command === "RCPT TO";
}

type NodemailerError = {
  code?: unknown;
  /** The SMTP command answered: "MAIL FROM", "RCPT TO", "DATA". */
  command?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
};

/** What went wrong, said plainly; whether trying again could help. */
export function describeFailure(
  cause: unknown,
  where: string,
): { message: string; permanent: boolean } {
  const error = (cause ?? {}) as NodemailerError;
  const code = typeof error.code === "string" ? error.code : "";
  const responseCode = typeof error.responseCode === "number" ? error.responseCode : null;
  const response =
    typeof error.response === "string" ? error.response.replace(/\s+/g, " ").slice(0, 300) : "";
  const detail = typeof error.message === "string" ? error.message.slice(0, 300) : String(cause);
  const said = response ? ` It said: ${response}` : "";

  if (code === "EAUTH") {
    return {
      message: `The mail server at ${where} did not accept the user name and password in SMTP_URL.${said}`,
      permanent: false,
    };
  }
  if ((code === "EENVELOPE" || code === "EMESSAGE") && responseCode !== null) {
    return {
      message: `The mail server at ${where} refused this mail.${said}`,
      // 5xx: it will refuse it again; 4xx: for now.
      permanent: responseCode >= 500,
    };
  }
  if (code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(detail)) {
    return {
      message: `The mail server's name in SMTP_URL (${where}) could not be found.`,
      permanent: false,
    };
  }
  if (/ECONNREFUSED/.test(detail) || code === "ECONNREFUSED") {
    return { message: `The mail server at ${where} refused the connection.`, permanent: false };
  }
  if (code === "ETIMEDOUT" || /timeout|timed out/i.test(detail)) {
    return { message: `The mail server at ${where} did not answer in time.`, permanent: false };
  }
  if (code === "ETLS" || /certificate|TLS|SSL/i.test(detail)) {
    return {
      message: `A secure connection to the mail server at ${where} could not be made (${detail}).`,
      permanent: false,
    };
  }
  if (code === "ECONNECTION" || code === "ESOCKET") {
    return {
      message: `The connection to the mail server at ${where} failed (${detail}).`,
      permanent: false,
    };
  }
  if (responseCode !== null) {
    return {
      message: `The mail server at ${where} answered with an error.${said}`,
      permanent: false,
    };
  }
  return { message: `The mail could not be sent (${detail}).`, permanent: false };
}
