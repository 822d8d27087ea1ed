import { cn } from "~/platform/cn";
import { describeKitchenStatus } from "./kitchen-hours";
import { openStatusAt, type OpeningSchedule } from "./opening-hours";
import { useCurrentMinute } from "./open-status";

/**
 * Whether the kitchen is serving, now: "Kitchen open · until 10 pm". Not a
 * live region: the page's own status line is the menu's, and the hour
 * turning is nothing to interrupt a reader with.
 */
export function KitchenStatus({
  schedule,
  renderedAt,
  className,
}: {
  schedule: OpeningSchedule;
  /** ISO instant the loader ran at. */
  renderedAt: string;
  className?: string;
}) {
  const now = useCurrentMinute(renderedAt);
  const { open, label, detail } = describeKitchenStatus(openStatusAt(now, schedule), now);
  return (
    <p data-open={String(open)} className={className}>
      {/* In the line, so it stays beside the first word when the line wraps. */}
      <span
        aria-hidden="true"
        className={cn(
          "mr-2 inline-block size-2.5 rounded-full align-middle",
          open ? "bg-primary" : "bg-zinc-400",
        )}
      />
      <strong>{label}</strong>
      {detail ? (
        <>
          {/* A line of its own below the widest screens, where the line shares
              its row with the page's title and words. */}
          <span className="max-xl:hidden"> · </span>
          <span className="max-xl:block">{detail}</span>
        </>
      ) : null}
    </p>
  );
}
