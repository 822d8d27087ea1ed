import {
  CheckCircle2Icon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ClockIcon,
  MailIcon,
  SendIcon,
  XCircleIcon,
} from "lucide-react";
import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/outbox";
import { Button, buttonVariants } from "~/platform/ui/button";
import { Link } from "~/platform/ui/link";
import { databaseContext } from "~/platform/context";
import { env } from "~/platform/env.server";
import { redirectWithToast } from "~/platform/toast.server";
import { VisitorText, formatReceived } from "~/staff/inbox/enquiry-views";
import { OUTBOX_PATH, OWNERS_ONLY_OUTBOX } from "~/staff/inbox/outbox";
import {
  listOutbox,
  sendAgainForm,
  sendMailAgain,
  type OutboxMail,
} from "~/staff/inbox/outbox.server";
import { checkPost } from "~/platform/forms/form-post.server";
import { staffAction } from "~/staff/editor/staff-action.server";
import { confirmSession, staffClaims, staffPageHeaders } from "~/staff/accounts/session.server";
import { inboxQuerySchema } from "~/staff/inbox/inbox-query.server";
import { staffMeta } from "~/staff/staff-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page } = inboxQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = await context.get(databaseContext)();
  const outbox = await listOutbox(db, staffClaims(context), { page });
  if (!outbox) return data({ outbox: null, mailServer: false }, { status: 403 });
  return { outbox, mailServer: Boolean(env.SMTP_URL) };
}

/** What a post to the outbox answers when it does not go back to the list. */
export type OutboxActionData = { formError: string };

const refuse = (status: number, formError: string) =>
  data<OutboxActionData>({ formError }, { status });

export const action = staffAction<Route.ActionArgs>([{ form: sendAgainForm, handle: sendAgain }], {
  notThisPage: () =>
    refuse(400, "Nothing was done: the only thing this page does is send a mail again."),
});

async function sendAgain(post: FormData, { context }: Route.ActionArgs) {
  const checked = await checkPost(post, sendAgainForm, undefined);
  if (!checked.ok) {
    return refuse(400, "Nothing was sent: choose a mail from the list to send again.");
  }
  await confirmSession(context);
  const db = await context.get(databaseContext)();
  const outcome = await sendMailAgain(db, staffClaims(context), checked.data.id);
  switch (outcome) {
    case "not-owner":
      return refuse(403, `Nothing was sent. ${OWNERS_ONLY_OUTBOX}`);
    case "missing":
      return refuse(
        404,
        "That mail is no longer in the outbox (mail goes when the enquiry it tells of is deleted), so nothing was sent.",
      );
    case "sent":
      return refuse(409, "That mail was sent already, so it was not sent again.");
    case "sending":
      return refuse(409, "That mail is being sent this moment: reload the page in a minute.");
    case "queued":
      return redirectWithToast(OUTBOX_PATH, {
        type: "success",
        title: env.SMTP_URL ? "Sending it again now." : "Back in the queue.",
        description: env.SMTP_URL
          ? "Reload the page in a minute to see whether it went."
          : "No mail server is set up, so it waits here until one is.",
      });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => staffMeta("Outbox", matches);

export const headers: Route.HeadersFunction = staffPageHeaders;

function pageLink(page: number) {
  return page > 1 ? `${OUTBOX_PATH}?page=${page}` : OUTBOX_PATH;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export default function OutboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { outbox, mailServer } = loaderData;
  const formError = (actionData as OutboxActionData | undefined)?.formError;

  return (
    <>
      <h1 className="flex items-center gap-3 text-4xl tracking-tight">
        <MailIcon aria-hidden="true" className="size-8" />
        Outbox
      </h1>
      {!outbox ? (
        <p className="mt-4 max-w-prose text-lg">{OWNERS_ONLY_OUTBOX}</p>
      ) : (
        <>
          <p className="mt-2 max-w-prose text-lg text-muted-foreground">
            The mail the site sends the pub, one for each enquiry, newest first.
          </p>
          {mailServer ? null : (
            <div className="mt-6 max-w-prose border-l-4 border-primary bg-muted p-4">
              <p className="font-semibold">No mail server is set up, so nothing is emailed.</p>
              <p className="mt-1">
                Each mail waits here, and you can read it below. Whoever runs the site can set one
                up (SMTP_URL and MAIL_FROM); the waiting mail is then sent.
              </p>
            </div>
          )}
          {formError ? (
            <div role="alert" className="mt-6 border-l-4 border-destructive bg-destructive/10 p-4">
              <p className="font-semibold">{formError}</p>
            </div>
          ) : null}

          <p className="mt-6 font-semibold" role="status">
            {outbox.counts.waiting + outbox.counts.sent + outbox.counts.failed === 0
              ? "No mail yet."
              : `${plural(outbox.counts.waiting, "mail", "mails")} waiting, ${outbox.counts.failed} not sent, ${outbox.counts.sent} sent${
                  outbox.pageCount > 1 ? `; page ${outbox.page} of ${outbox.pageCount}` : ""
                }.`}
          </p>

          {outbox.mails.length > 0 ? (
            <ul className="mt-4 divide-y divide-border border-y border-border">
              {outbox.mails.map((mail) => (
                <OutboxItem key={mail.id} mail={mail} mailServer={mailServer} />
              ))}
            </ul>
          ) : null}

          {outbox.pageCount > 1 ? (
            <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
              {outbox.page > 1 ? (
                <Link
                  to={pageLink(outbox.page - 1)}
                  className={buttonVariants({ variant: "outline" })}
                >
                  <ChevronLeftIcon aria-hidden="true" />
                  Newer
                </Link>
              ) : (
                <span />
              )}
              {outbox.page < outbox.pageCount ? (
                <Link
                  to={pageLink(outbox.page + 1)}
                  className={buttonVariants({ variant: "outline" })}
                >
                  Older
                  <ChevronRightIcon aria-hidden="true" />
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </>
  );
}

/** Where a mail stands, in a sentence. */
function mailState(mail: OutboxMail, mailServer: boolean): string {
  if (mail.status === "sent" && mail.sentAt) return `Sent ${formatReceived(mail.sentAt)}.`;
  const tries = plural(mail.attempts, "try", "tries");
  if (mail.status === "failed") {
    return `Not sent: given up after ${tries}${mail.failedAt ? `, ${formatReceived(mail.failedAt)}` : ""}. The last error: ${mail.lastError ?? "none recorded"}`;
  }
  if (mail.sending) return "Being sent now.";
  if (!mailServer) return "Waiting: no mail server is set up, so it stays here.";
  if (mail.attempts === 0) return "Waiting to be sent.";
  return `Waiting: ${tries} failed so far. Next try ${formatReceived(mail.nextAttemptAt)}. The last error: ${mail.lastError ?? "none recorded"}`;
}

function StatusBadge({ status }: { status: OutboxMail["status"] }) {
  if (status === "sent") {
    return (
      <span className="inline-flex items-center gap-1.5 border border-border px-2 py-0.5 text-sm font-semibold text-muted-foreground">
        <CheckCircle2Icon aria-hidden="true" className="size-4" />
        Sent
      </span>
    );
  }
  if (status === "failed") {
    return (
      <span className="inline-flex items-center gap-1.5 border border-destructive bg-destructive/15 px-2 py-0.5 text-sm font-semibold text-destructive">
        <XCircleIcon aria-hidden="true" className="size-4" />
        Not sent
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5 border border-primary px-2 py-0.5 text-sm font-semibold text-primary">
      <ClockIcon aria-hidden="true" className="size-4" />
      Waiting
    </span>
  );
}

function OutboxItem({ mail, mailServer }: { mail: OutboxMail; mailServer: boolean }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("id") === String(mail.id);
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StatusBadge status={mail.status} />
        <span className="text-sm text-muted-foreground">
          Queued {formatReceived(mail.createdAt)}
        </span>
      </div>
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
