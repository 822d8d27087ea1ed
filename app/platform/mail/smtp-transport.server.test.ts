import { describe, expect, test } from "vitest";
import { MailSendError } from "./smtp-transport.server";

/**
 * A mail server's refusal, as nodemailer reports it: refused for good (a
 * 5xx) or for now, and a bounce only when the recipient's address itself
 * was refused. A refusal of the site's sender or of the text would refuse
 * every mail alike, and marks no reader's address.
 */
const refusal = (command: string, responseCode: number, code = "EENVELOPE") =>
  Object.assign(new Error("Can't send mail"), {
    code,
    command,
    responseCode,
    response: `${responseCode} refused`,
  });

describe("a mail server's refusal", () => {
  test.for([
    ["the recipient, for good", refusal("RCPT TO", 550), true, true],
    ["the recipient, for now", refusal("RCPT TO", 450), false, false],
    ["the site's sender, for good", refusal("MAIL FROM", 550), true, false],
    ["the text, for good", refusal("DATA", 554, "EMESSAGE"), true, false],
  ] as const)("of %s: permanent %s, a bounce %s", ([, cause, permanent, bounce]) => {
    const failure = new MailSendError(cause, "smtp.example.com:465");
    expect(failure.permanent).toBe(permanent);
    expect(failure.recipientRefused).toBe(bounce);
    expect(failure.message).toMatch(/smtp\.example\.com:465 refused this mail/);
  });

  test("a connection that fails is neither", () => {
    const failure = new MailSendError(
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ESOCKET" }),
      "smtp.example.com:465",
    );
    expect([failure.permanent, failure.recipientRefused]).toEqual([false, false]);
  });
});
