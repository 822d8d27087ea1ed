import { CopyIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "~/platform/ui/button";
import { useHydrated } from "~/platform/use-hydrated";
import { formatReceived } from "~/staff/inbox/enquiry-views";
import { EmailAddress } from "./email-address";
import type { PeopleActionData } from "./people-page.server";

/**
 * The one time an invitation's link is shown: to copy and pass on. Someone
 * with an account already gets no link: they sign in as they always have.
 */
export function InvitationLink({ invited }: { invited: NonNullable<PeopleActionData["invited"]> }) {
  if (!invited.link || !invited.expiresAt) {
    return (
      <LinkPanel
        title={
          <>
            <EmailAddress email={invited.email} /> is on the staff list as an {invited.role}
          </>
        }
        link={null}
      >
        They already have an account here, so there is no link to pass on: they sign in with the
        password they have.
      </LinkPanel>
    );
  }
  return (
    <LinkPanel
      title={
        <>
          <EmailAddress email={invited.email} /> is invited as an {invited.role}
        </>
      }
      link={invited.link}
    >
      {invited.emailed
        ? "The link is on its way to them by email; you can also copy it and pass it on."
        : "Copy this link and pass it on to them."}{" "}
      With it they set their own password. It works once, until {formatReceived(invited.expiresAt)},
      and is shown only now.
    </LinkPanel>
  );
}

/** A fresh link made for a member on the list. */
export function MemberLinkPanel({ made }: { made: NonNullable<PeopleActionData["memberLink"]> }) {
  return (
    <LinkPanel
      title={
        <>
          {made.purpose === "invitation" ? "A new invitation for " : "A reset link for "}
          <EmailAddress email={made.email} />
        </>
      }
      link={made.link}
    >
      {made.emailed
        ? "It is on its way to them by email; you can also copy it and pass it on."
        : "Copy this link and pass it on to them."}{" "}
      {made.purpose === "invitation"
        ? "With it they set their own password and join."
        : "With it they set a new password; their current one works until then, and setting it signs them out everywhere else."}{" "}
      It works once, until {formatReceived(made.expiresAt)}, and is shown only now. Any earlier link
      of theirs no longer works.
    </LinkPanel>
  );
}

/** A one-time link, shown once: to select and copy (none: only the words). */
function LinkPanel({
  title,
  link,
  children,
}: {
  title: ReactNode;
  link: string | null;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="invited-title"
      className="mt-6 border-l-4 border-primary bg-primary/10 p-5"
      data-testid="invitation"
    >
      <h2 id="invited-title" className="text-2xl break-words">
        {title}
      </h2>
      <p className="mt-2 max-w-prose">{children}</p>
      {link ? <LinkToCopy link={link} /> : null}
    </section>
  );
}

function LinkToCopy({ link }: { link: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <>
      <label htmlFor="invitation-link" className="mt-4 block font-semibold">
        Their link
      </label>
      <div className="mt-2 flex flex-wrap gap-3">
        {/* All of it in sight, over several lines on a phone, to check and to select. */}
        <textarea
          id="invitation-link"
          readOnly
          value={link}
          rows={3}
          spellCheck={false}
          // Shown once, after the form that made it: the page goes to it, selected to copy
          // (the attribute does it without scripts too).
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the one thing to do next
          autoFocus
          onFocus={(event) => event.currentTarget.select()}
          className="field-sizing-content min-h-11 min-w-0 flex-1 basis-64 resize-none border-2 border-input bg-card px-3 py-2 font-mono text-sm break-all text-card-foreground"
        />
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="min-h-11"
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(() => setCopied(true));
            }}
          >
            <CopyIcon aria-hidden="true" />
            {copied ? "Copied" : "Copy link"}
          </Button>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {copied ? "The link is copied." : ""}
      </p>
    </>
  );
}
