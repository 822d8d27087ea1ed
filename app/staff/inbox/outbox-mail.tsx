import { CheckCircle2Icon, ClockIcon, SendIcon, XCircleIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { VisitorText, formatReceived } from "./enquiry-views";
import type { OutboxMail } from "./outbox.server";
import { StateLine, type BadgeState } from "~/platform/ui/state-badge";

/** A mail's states, as its badge shows them. */
const MAIL_STATES = {
  sent: { tone: "done", icon: CheckCircle2Icon, label: "Sent" },
  failed: { tone: "failed", icon: XCircleIcon, label: "Not sent" },
  waiting: { tone: "waiting", icon: ClockIcon, label: "Waiting" },
} as const satisfies Record<OutboxMail["status"], BadgeState>;

const tries = (count: number) => `${count} ${count === 1 ? "try" : "tries"}`;

/** Where a mail stands, in a sentence. */
function mailState(mail: OutboxMail, mailServer: boolean): string {
  if (mail.status === "sent" && mail.sentAt) return `Sent ${formatReceived(mail.sentAt)}.`;
  if (mail.status === "failed") {
    return `Not sent: given up after ${tries(mail.attempts)}${mail.failedAt ? `, ${formatReceived(mail.failedAt)}` : ""}. The last error: ${mail.lastError ?? "none recorded"}`;
  }
  if (mail.sending) return "Being sent now.";
  if (!mailServer) return "Waiting: no mail server is set up, so it stays here.";
  if (mail.attempts === 0) return "Waiting to be sent.";
  return `Waiting: ${tries(mail.attempts)} failed so far. Next try ${formatReceived(mail.nextAttemptAt)}. The last error: ${mail.lastError ?? "none recorded"}`;
}

/** One mail in the outbox: its state, whom it is to, its text, and the way to send it again. */
export function OutboxItem({ mail, mailServer }: { mail: OutboxMail; mailServer: boolean }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("id") === String(mail.id);
  return (
    <li className="py-4">
      <StateLine
        state={MAIL_STATES[mail.status]}
        when={`Queued ${formatReceived(mail.createdAt)}`}
      />
      <h2 className="mt-2 text-lg font-semibold break-words">
        <VisitorText text={mail.subject} />
      </h2>
      <dl className="mt-1 grid gap-x-2 text-muted-foreground sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">To</dt>
        <dd className="min-w-0 break-words">{mail.to}</dd>
        {mail.replyTo ? (
          <>
            <dt className="font-semibold">Replies go to</dt>
            <dd className="min-w-0 break-words">
              <VisitorText text={mail.replyTo} />
            </dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2 max-w-prose text-pretty break-words">{mailState(mail, mailServer)}</p>
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary underline-offset-4 hover:underline">
          Read the mail
        </summary>
        <p className="mt-2 max-w-prose border-l-4 border-border pl-3 break-words whitespace-pre-wrap">
          <VisitorText text={mail.text} />
        </p>
      </details>
      {/* Stacked the width of a phone, in a row from the small breakpoint up. */}
      <div className="mt-3 grid gap-3 sm:flex sm:flex-wrap">
        {mail.enquiryId ? (
          // Not fetched ahead on hover: opening an enquiry marks it read.
          <Link
            to={`/staff/enquiries/${mail.enquiryId}`}
            prefetch="none"
            className={buttonVariants({ variant: "outline" })}
          >
            Open enquiry #{mail.enquiryId}
          </Link>
        ) : null}
        {/* Failed: sent again with a fresh day of retries; waiting after a failed
            try: tried now rather than at its next try. */}
        {!mail.sending &&
        (mail.status === "failed" ||
          (mail.status === "waiting" && mailServer && mail.attempts > 0)) ? (
          <Form
            method="post"
            onSubmit={(event) => {
              if (pending) event.preventDefault();
            }}
          >
            <input type="hidden" name="id" value={mail.id} />
            <Button
              type="submit"
              name="intent"
              value="send-again"
              variant={mail.status === "failed" ? "default" : "secondary"}
              aria-disabled={pending || undefined}
              className="w-full aria-disabled:opacity-50 sm:w-auto"
            >
              <SendIcon aria-hidden="true" />
              {mail.status === "failed" ? "Send again now" : "Try now"}
            </Button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}
