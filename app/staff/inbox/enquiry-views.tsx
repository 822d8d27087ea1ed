import { CheckCircle2Icon, CircleDotIcon, CircleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { contactTopicLabels, type ContactTopic } from "~/enquiries/enquiry-fields";
import { formatLongDate, torontoDateTime } from "~/platform/clock/time-words";
import { hadHiddenCharacters, neutraliseText } from "~/staff/display-text";
import type { EnquirySummary } from "./enquiry-inbox.server";
import type { BadgeState } from "~/platform/ui/state-badge";

/** Visitor text, neutralised and isolated, so it cannot reorder what is around it. */
export function VisitorText({ text, className }: { text: string; className?: string }) {
  return (
    <bdi dir="auto" className={className}>
      {neutraliseText(text)}
    </bdi>
  );
}

/** A note beside text that held invisible or reordering characters. */
export function HiddenCharacterNote({ texts }: { texts: readonly (string | null)[] }) {
  if (!texts.some((text) => text && hadHiddenCharacters(text))) return null;
  return (
    <p className="mt-2 text-sm text-muted-foreground">
      Some characters that would be invisible, or would change the order of the text, are shown as
      &ldquo;&#xFFFD;&rdquo;.
    </p>
  );
}

/** "Mon, Nov 23 at 7:30 pm" in the pub's time zone. */
export function formatReceived(iso: string): string {
  const { date, time } = torontoDateTime(iso);
  return `${formatLongDate(date)} at ${time}`;
}

/** What an enquiry is about, in a few words: the topic, or the space, date and party. */
export function enquirySubject(enquiry: EnquirySummary): string {
  if (enquiry.kind === "contact") {
    const label = contactTopicLabels[enquiry.topic as ContactTopic] as string | undefined;
    return `Contact · ${label ?? enquiry.topic ?? "message"}`;
  }
  const parts = [
    enquiry.spaceName ?? "Venue",
    enquiry.eventDate ? formatLongDate(enquiry.eventDate) : null,
    enquiry.partySize ? `${enquiry.partySize} guests` : null,
  ].filter(Boolean);
  return `Venue · ${parts.join(", ")}`;
}

/** An enquiry's states, as its badge shows them. */
const ENQUIRY_STATES = {
  handled: { tone: "done", icon: CheckCircle2Icon, label: "Handled" },
  unread: { tone: "new", icon: CircleDotIcon, label: "Unread" },
  open: { tone: "waiting", icon: CircleIcon, label: "Not handled" },
} as const satisfies Record<string, BadgeState>;

/**
 * Where an enquiry stands: unread (nobody at the pub has opened it), not
 * handled, or handled.
 */
export function enquiryState({
  handledAt,
  readAt,
}: Pick<EnquirySummary, "handledAt" | "readAt">): BadgeState {
  return ENQUIRY_STATES[handledAt ? "handled" : readAt ? "open" : "unread"];
}

export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-semibold text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-pretty break-words">{children}</dd>
    </div>
  );
}
