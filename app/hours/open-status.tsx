import { useSyncExternalStore } from "react";
import { cn } from "~/platform/cn";
import { describeOpenStatus, openStatusAt, type OpeningSchedule } from "./opening-hours";

const MINUTE = 60_000;

function everyMinute(notify: () => void) {
  const interval = window.setInterval(notify, MINUTE);
  return () => window.clearInterval(interval);
}

// Hours change on the minute, so the start of the current minute gives the same
// status as now, and stays the same value between checks as React requires.
const thisMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;

/**
 * Whether the pub is open, as the loader saw it when rendering (so hydration
 * matches), then by the browser's clock every minute, so a page served from a
 * cache never lies for long.
 */
export function OpenStatus({
  schedule,
  renderedAt,
  className,
}: {
  schedule: OpeningSchedule;
  /** ISO instant the loader ran at. */
  renderedAt: string;
  className?: string;
}) {
  const time = useSyncExternalStore(everyMinute, thisMinute, () => Date.parse(renderedAt));
  const now = new Date(time);
  const status = openStatusAt(now, schedule);
  const { label, detail } = describeOpenStatus(status, now);

  return (
    <p
      role="status"
      data-open={String(status.open)}
      className={cn("flex items-center gap-2", className)}
    >
      <span
        aria-hidden="true"
        className={cn("size-2.5 shrink-0 rounded-full", status.open ? "bg-primary" : "bg-zinc-400")}
      />
      <span>
        <strong>{label}</strong>
        {detail && ` · ${detail}`}
      </span>
    </p>
  );
}
