import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { progressState } from "~/platform/progress";

/** Seed constant: navigations quicker than this show no progress at all. */
export const NAVIGATION_PROGRESS_DELAY_MS = 100;
const FADE_OUT_MS = 300;

type Phase = "hidden" | "loading" | "complete";

/** A thin bar along the top of the window while a slow navigation loads. */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("hidden");

  useEffect(() => {
    if (busy) {
      const show = setTimeout(() => setPhase("loading"), NAVIGATION_PROGRESS_DELAY_MS);
      return () => clearTimeout(show);
    }
    // Finished: a bar that was showing runs to the end, then fades away.
    const finish = setTimeout(() => setPhase((p) => (p === "loading" ? "complete" : p)), 0);
    const hide = setTimeout(() => setPhase("hidden"), FADE_OUT_MS);
    return () => {
      clearTimeout(finish);
      clearTimeout(hide);
    };
  }, [busy]);

  if (phase === "hidden") return null;
  const progress = progressState(phase === "complete" ? 100 : undefined);
  // In a landmark of its own while it shows, as every part of a page is
  // (it sits above the page's own header and landmarks).
  return (
    <section
      aria-label="Page loading"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1"
    >
      <div
        role="progressbar"
        aria-label="Loading page"
        aria-valuemin={0}
        aria-valuemax={progress.max}
        aria-valuenow={progress.state === "indeterminate" ? undefined : progress.value}
        data-state={progress.state}
        className="h-full"
      >
        <div
          className={
            progress.state === "complete"
              ? "h-full origin-left scale-x-100 bg-green-500 opacity-0 transition-[transform,opacity] duration-300"
              : "h-full origin-left animate-[navigation-progress_8s_cubic-bezier(0.1,0.7,0.3,1)_forwards] bg-green-500"
          }
        />
      </div>
    </section>
  );
}
