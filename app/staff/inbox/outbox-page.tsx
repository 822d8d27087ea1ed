import { MailIcon } from "lucide-react";
import { RefusedNotice } from "~/platform/ui/refused-notice";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { NewerOlder } from "~/platform/ui/newer-older";
import { OUTBOX_PATH, OWNERS_ONLY_OUTBOX } from "./outbox";
import { OutboxItem } from "./outbox-mail";
import type { OutboxActionData, OutboxPageData } from "./outbox-page.server";

const pageLink = (page: number) => (page > 1 ? `${OUTBOX_PATH}?page=${page}` : OUTBOX_PATH);

const mails = (count: number) => `${count} ${count === 1 ? "mail" : "mails"}`;

/** The mail the site sends the pub, a page at a time, for owners; anyone else is told why not. */
export function OutboxPage({ loaderData, actionData }: StaffPageProps<OutboxPageData>) {
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
          {formError ? <RefusedNotice message={formError} /> : null}

          <p className="mt-6 font-semibold" role="status">
            {outbox.counts.waiting + outbox.counts.sent + outbox.counts.failed === 0
              ? "No mail yet."
              : `${mails(outbox.counts.waiting)} waiting, ${outbox.counts.failed} not sent, ${outbox.counts.sent} sent${
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

          <NewerOlder page={outbox.page} pageCount={outbox.pageCount} pageLink={pageLink} />
        </>
      )}
    </>
  );
}
