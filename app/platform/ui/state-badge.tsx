import type { LucideIcon } from "lucide-react";

/** How each state looks: done and set aside, waiting on the pub, new, gone wrong. */
const TONES = {
  done: "border border-border text-muted-foreground",
  waiting: "border border-primary text-primary",
  new: "bg-primary text-primary-foreground",
  failed: "border border-destructive bg-destructive/15 text-destructive",
} as const;

/** A state as its badge shows it. */
export type BadgeState = { tone: keyof typeof TONES; icon: LucideIcon; label: string };

/** Where an enquiry or a mail stands, in a word and an icon, beside it in a list. */
export function StateBadge({ tone, icon: Icon, label }: BadgeState) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 ${TONES[tone]} px-2 py-0.5 text-sm font-semibold`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </span>
  );
}

/**
 * The line over an enquiry or a mail: its badge, and when it came in; in a
 * list, or larger, on the enquiry's own page.
 */
export function StateLine({
  state,
  when,
  large = false,
}: {
  state: BadgeState;
  when: string;
  large?: boolean;
}) {
  return (
    <div
      className={
        large
          ? "mt-4 flex flex-wrap items-center gap-3"
          : "flex flex-wrap items-center gap-x-3 gap-y-1"
      }
    >
      <StateBadge {...state} />
      {/* An address in it (who removed a subscriber) wraps rather than widen a phone's page. */}
      <span
        className={
          large
            ? "min-w-0 text-pretty break-words text-muted-foreground"
            : "min-w-0 text-sm break-words text-muted-foreground"
        }
      >
        {when}
      </span>
    </div>
  );
}
