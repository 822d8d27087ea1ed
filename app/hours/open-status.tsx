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
 * Now, to the minute: the loader's instant while rendering (so hydration
 * matches), then the browser's clock every minute, so a page served from a
 * cache never lies for long about the hours.
 */
export function useCurrentMinute(renderedAt: string): Date {
  return new Date(useSyncExternalStore(everyMinute, thisMinute, () => Date.parse(renderedAt)));
}

/** Whether the pub is open, now (see `useCurrentMinute`). */
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
  const now = useCurrentMinute(renderedAt);
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
