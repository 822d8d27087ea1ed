import {
  CalendarPlusIcon,
  CopyIcon,
  OctagonXIcon,
  SaveIcon,
  SendIcon,
  TestTubeIcon,
  Trash2Icon,
  UtensilsIcon,
} from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { CheckedForm } from "~/platform/forms/checked-form";
import { TextAreaField, TextField } from "~/platform/forms/form-fields";
import { Button, buttonVariants } from "~/platform/ui/button";
import { BackLink, EditorHeading, StatusBadge } from "~/platform/ui/editor-parts";
import { Link } from "~/platform/ui/link";
import { RefusedNotice } from "~/platform/ui/refused-notice";
import { useHydrated } from "~/platform/use-hydrated";
import { Confirmation } from "~/platform/ui/confirmation";
import type { StaffPageProps } from "~/staff/staff-page-props";
import {
  BODY_MAX,
  COPY,
  DELETE,
  INSERT_EVENTS,
  INSERT_SPECIALS,
  SEND,
  SEND_TEST,
  STOP,
  SUBJECT_MAX,
  draftForm,
} from "./newsletter-forms";
import type { NewsletterActionData, NewsletterPageData } from "./newsletter-pages.server";
import { NEWSLETTER_PATH, OWNERS_ONLY_NEWSLETTER, newsletterPath } from "./newsletter-paths";
import {
  DELIVERY_STATE_WORDS,
  NEWSLETTER_STATE_WORDS,
  countsInWords,
  whenInWords,
} from "./newsletter-words";

/** How often a page follows a send under way, with scripts (without: "Check again"). */
const FOLLOW_SEND_MS = 5_000;

/** A newsletter: its draft form (owners), its preview at phone width, its test, send and copies. */
export function NewsletterPage({ loaderData, actionData }: StaffPageProps<NewsletterPageData>) {
  const {
    newsletter,
    deliveries,
    preview,
    confirmed,
    confirmingSend,
    confirmingDelete,
    mailServer,
    isOwner,
  } = loaderData;
  const formError = (actionData as Partial<NewsletterActionData> | undefined)?.formError;
  const answerOfButtons =
    actionData && typeof actionData === "object" && !("values" in actionData)
      ? formError
      : undefined;
  const inserted = (actionData as { inserted?: string } | undefined)?.inserted;
  const path = newsletterPath(newsletter?.id ?? "new");
  const draft = !newsletter || newsletter.state === "draft";
  useFollowSend(newsletter?.state === "sending");

  return (
    <>
      <BackLink to={NEWSLETTER_PATH}>Newsletter</BackLink>
      <div className="mt-4">
        <EditorHeading
          title={newsletter ? newsletter.subject : "Write a newsletter"}
          titleId="newsletter-heading"
          intro={
            newsletter ? (
              <span className="flex flex-wrap items-center gap-2">
                <StatusBadge tone={newsletter.state === "stopped" ? "warning" : "muted"}>
                  {NEWSLETTER_STATE_WORDS[newsletter.state]}
                </StatusBadge>
                {newsletter.sentAt
                  ? `Sent ${whenInWords(newsletter.sentAt)}${newsletter.sentBy ? ` by ${newsletter.sentBy}` : ""} to ${newsletter.recipientCount ?? 0}`
                  : newsletter.writtenBy
                    ? `Written by ${newsletter.writtenBy}`
                    : null}
              </span>
            ) : (
              "Plain text: web addresses become links. The pub's name, postal address and an unsubscribe link are added under it."
            )
          }
        />
      </div>
      {answerOfButtons ? <RefusedNotice message={answerOfButtons} /> : null}

      {!isOwner ? <p className="mt-6 max-w-prose text-lg">{OWNERS_ONLY_NEWSLETTER}</p> : null}

      {isOwner && draft ? (
        <CheckedForm
          key={inserted ?? "draft"}
          form={draftForm}
          titleId="newsletter-heading"
          actionData={actionData}
          action={path}
          initialValues={newsletter ? { subject: newsletter.subject, body: newsletter.body } : {}}
          refocus="body"
          submitLabel={newsletter ? "Save and preview" : "Save the draft"}
          submitIcon={<SaveIcon aria-hidden="true" />}
          pendingLabel="Saving…"
          className="mt-6 max-w-2xl space-y-6"
        >
          {(field) => (
            <>
              <TextField
                {...field("subject")}
                label="Subject"
                hint="The line people see in their inbox."
                limit={SUBJECT_MAX}
              />
              <TextAreaField
                {...field("body")}
                label="Text"
                hint="Leave a blank line between paragraphs. Web addresses (https://…) become links."
                limit={BODY_MAX}
                rows={14}
              />
              <div className="flex flex-wrap gap-3">
                <Button
                  type="submit"
                  name="intent"
                  value={INSERT_SPECIALS}
                  variant="outline"
                  formNoValidate
                  className="w-full sm:w-auto"
                >
                  <UtensilsIcon aria-hidden="true" />
                  Add today&apos;s specials
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value={INSERT_EVENTS}
                  variant="outline"
                  formNoValidate
                  className="w-full sm:w-auto"
                >
                  <CalendarPlusIcon aria-hidden="true" />
                  Add the next events
                </Button>
              </div>
            </>
          )}
        </CheckedForm>
      ) : null}

      {preview ? (
        <section aria-labelledby="preview-heading" className="mt-10">
          <h2 id="preview-heading" className="text-2xl tracking-tight">
            {draft ? "Preview" : "What was sent"}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {draft
              ? "The saved text as a subscriber's phone shows it, with the footer every copy gets."
              : "The text, with the footer every copy got."}
          </p>
          <div
            data-testid="newsletter-preview"
            className="mt-4 w-full max-w-[375px] border border-border bg-background p-4 shadow-sm"
          >
            <p className="border-b border-border pb-2 font-semibold break-words">
              {newsletter?.subject}
            </p>
            <p className="mt-3 text-base leading-relaxed break-words whitespace-pre-wrap">
              {preview}
            </p>
          </div>
        </section>
      ) : null}

      {isOwner && newsletter && draft ? (
        <section aria-labelledby="send-heading" className="mt-10 max-w-2xl">
          <h2 id="send-heading" className="text-2xl tracking-tight">
            Test and send
          </h2>
          <p className="mt-1 text-muted-foreground">
            Save first: the test and the send take the saved text.{" "}
            {mailServer ? null : "No mail server is set up, so mail waits in the outbox."}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <ActionButton id={newsletter.id} intent={SEND_TEST} path={path} variant="outline">
              <TestTubeIcon aria-hidden="true" />
              Send me a test
            </ActionButton>
            <Link
              to={`${path}?send`}
              preventScrollReset
              className={buttonVariants({ className: "w-full sm:w-auto" })}
            >
              <SendIcon aria-hidden="true" />
              Send to subscribers…
            </Link>
          </div>
          {confirmingSend ? (
            <Confirmation
              question={`Send to ${confirmed.toLocaleString("en-CA")} ${confirmed === 1 ? "subscriber" : "subscribers"}?`}
              titleId="confirm-send-heading"
              tone="primary"
              className="mt-6"
              page={path}
              intent={SEND}
              fields={{ id: newsletter.id, saved: newsletter.updatedAt }}
              icon={<SendIcon aria-hidden="true" />}
              yesLabel="Yes, send it"
              pendingLabel="Sending…"
              keepLabel="Not yet"
            >
              <p className="mt-2">
                Everyone confirmed now gets one copy, spread out over time so the mail server is not
                flooded. It cannot be changed once sent; you can stop it halfway.
              </p>
            </Confirmation>
          ) : null}
          <Link
            to={`${path}?delete`}
            preventScrollReset
            className={buttonVariants({ variant: "ghost", size: "action", className: "mt-6" })}
          >
            <Trash2Icon aria-hidden="true" />
            Delete this draft…
          </Link>
          {confirmingDelete ? (
            <Confirmation
              question="Delete this draft?"
              titleId="confirm-delete-heading"
              tone="destructive"
              className="mt-4"
              page={path}
              intent={DELETE}
              fields={{ id: newsletter.id }}
              icon={<Trash2Icon aria-hidden="true" />}
              yesLabel="Yes, delete it"
              pendingLabel="Deleting…"
              keepLabel="Keep it"
            >
              <p className="mt-2">
                “{newsletter.subject}” and its text go for good. Nothing has been sent from it.
              </p>
            </Confirmation>
          ) : null}
        </section>
      ) : null}

      {newsletter && !draft ? (
        <section aria-labelledby="copies-heading" className="mt-10 max-w-2xl">
          <h2 id="copies-heading" className="text-2xl tracking-tight">
            Copies
          </h2>
          {/* Not a live region: the page follows a send every few seconds, and would say it each time. */}
          <p className="mt-1 font-semibold">{countsInWords(newsletter.counts)}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            {newsletter.state === "sending" ? (
              <Link
                to={path}
                className={buttonVariants({ variant: "outline", className: "w-full sm:w-auto" })}
              >
                Check again
              </Link>
            ) : null}
            {isOwner && newsletter.state === "sending" ? (
              <ActionButton id={newsletter.id} intent={STOP} path={path} variant="default">
                <OctagonXIcon aria-hidden="true" />
                Stop sending
              </ActionButton>
            ) : null}
            {isOwner ? (
              <ActionButton id={newsletter.id} intent={COPY} path={path} variant="outline">
                <CopyIcon aria-hidden="true" />
                Copy into a new draft
              </ActionButton>
            ) : null}
          </div>
          {deliveries.length > 0 ? (
            <ul aria-label="Copies" className="mt-4 divide-y divide-border border-y border-border">
              {deliveries.map((delivery) => (
                <li
                  key={delivery.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span className="min-w-0 break-all">
                    {delivery.email ??
                      (isOwner ? "Removed address" : "Address shown to owners only")}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    <StatusBadge
                      tone={
                        delivery.state === "failed" || delivery.state === "bounced"
                          ? "warning"
                          : "muted"
                      }
                    >
                      {DELIVERY_STATE_WORDS[delivery.state]}
                    </StatusBadge>
                    {delivery.bounced && delivery.state !== "bounced" ? (
                      <StatusBadge tone="warning">Address bounced</StatusBadge>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** One of the page's buttons (test, stop, copy): its own post, saying so while it is under way. */
function ActionButton({
  id,
  intent,
  path,
  variant,
  children,
}: {
  id: number;
  intent: string;
  path: string;
  variant: "outline" | "default";
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={path} className="w-full sm:w-auto">
      <input type="hidden" name="id" value={id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={variant}
        aria-disabled={pending || undefined}
        onClick={(event) => {
          if (pending) event.preventDefault();
        }}
        className="w-full sm:w-auto"
      >
        {children}
      </Button>
    </Form>
  );
}

/** While copies are going out, the page reads them again now and then (with scripts). */
function useFollowSend(sending: boolean) {
  const hydrated = useHydrated();
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!hydrated || !sending || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), FOLLOW_SEND_MS);
    return () => clearTimeout(timer);
  }, [hydrated, sending, state, revalidate]);
}
