import { Link } from "~/platform/ui/link";
import {
  EditorHeading,
  EditorList,
  EditorListItem,
  EditorSection,
  StatusBadge,
} from "~/platform/ui/editor-parts";
import type { StaffPageProps } from "~/staff/staff-page-props";
import { SUBSCRIBERS_PATH, newsletterPath } from "./newsletter-paths";
import type { NewsletterHubData } from "./newsletter-pages.server";
import { NEWSLETTER_STATE_WORDS, countsInWords, whenInWords } from "./newsletter-words";

/** The newsletter's hub: who is subscribed, the drafts, and what was sent. */
export function NewsletterHub({ loaderData }: StaffPageProps<NewsletterHubData>) {
  const { subscribers, newsletters, isOwner } = loaderData;
  const drafts = newsletters.filter((newsletter) => newsletter.state === "draft");
  const sent = newsletters.filter((newsletter) => newsletter.state !== "draft");
  return (
    <>
      <EditorHeading
        title="Newsletter"
        intro="Write the pub's newsletter and send it to the people who subscribed and confirmed."
        {...(isOwner ? { addTo: newsletterPath("new"), addLabel: "Write a newsletter" } : {})}
      />
      <section aria-labelledby="subscribers-heading" className="mt-8 border border-border p-4">
        <h2 id="subscribers-heading" className="text-2xl tracking-tight">
          Subscribers
        </h2>
        <p className="mt-1 text-lg">
          <strong>{subscribers.confirmed}</strong> confirmed
          {" · "}
          <strong>{subscribers.waiting}</strong> waiting to confirm
          {subscribers.bounced > 0 ? (
            <>
              {" · "}
              <strong>{subscribers.bounced}</strong> bounced (skipped)
            </>
          ) : null}
        </p>
        <Link
          to={SUBSCRIBERS_PATH}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
        >
          Subscribers
        </Link>
      </section>

      <EditorSection
        id="drafts"
        title="Drafts"
        intro={
          isOwner
            ? "Not sent yet: open one to change it, preview it, test it and send it."
            : "Not sent yet. Only owners write and send the newsletter."
        }
      >
        {drafts.length === 0 ? (
          <p className="mt-4">No drafts.</p>
        ) : (
          <EditorList label="Drafts">
            {drafts.map((draft) => (
              <EditorListItem
                key={draft.id}
                to={newsletterPath(draft.id)}
                title={draft.subject}
                details={`Last saved ${whenInWords(draft.updatedAt)}`}
              />
            ))}
          </EditorList>
        )}
      </EditorSection>

      <EditorSection
        id="sent"
        title="Sent"
        intro="Kept with their text and what became of each copy."
      >
        {sent.length === 0 ? (
          <p className="mt-4">Nothing sent yet.</p>
        ) : (
          <EditorList label="Sent newsletters">
            {sent.map((newsletter) => (
              <EditorListItem
                key={newsletter.id}
                to={newsletterPath(newsletter.id)}
                title={newsletter.subject}
                details={`${newsletter.sentAt ? `${whenInWords(newsletter.sentAt)}, to ${newsletter.recipientCount ?? 0}: ` : ""}${countsInWords(newsletter.counts)}`}
                badges={
                  <StatusBadge tone={newsletter.state === "stopped" ? "warning" : "muted"}>
                    {NEWSLETTER_STATE_WORDS[newsletter.state]}
                  </StatusBadge>
                }
              />
            ))}
          </EditorList>
        )}
      </EditorSection>
    </>
  );
}
