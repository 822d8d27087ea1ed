import { MenuIcon } from "lucide-react";
import { Suspense, lazy, useRef, useState } from "react";
import { LoadFailureBoundary } from "~/platform/ui/load-failure-boundary";
import { FOOTER_NAVIGATION_ID } from "./site-footer";
import { useHydrated } from "~/platform/use-hydrated";
import { chunkLoader } from "~/platform/chunk-reload";
import { cn } from "~/platform/cn";

// The dialog's code (Radix Dialog, focus trap, scroll lock) loads when a
// visitor reaches for the button, not with every page.
const loadSheet = chunkLoader(() => import("./navigation-sheet"));
const NavigationSheet = lazy(() =>
  loadSheet().then(({ NavigationSheet }) => ({ default: NavigationSheet })),
);

const triggerClass =
  "inline-flex size-11 items-center justify-center text-shell-foreground hover:bg-white/10";

/**
 * The navigation on small screens, in a dialog. Before the page is
 * interactive, without JavaScript, or if the dialog's code cannot be loaded,
 * the button is a link to the footer's navigation instead.
 */
export function MobileNavigation({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const [failed, setFailed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  if (!hydrated || failed) {
    return (
      <a href={`#${FOOTER_NAVIGATION_ID}`} className={cn(triggerClass, className)}>
        <MenuIcon aria-hidden="true" className="size-6" />
        <span className="sr-only">Site navigation</span>
      </a>
    );
  }

  // A failure here is reported when the dialog itself tries to load.
  const preload = () => void loadSheet().catch(() => {});
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open site navigation"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={cn(triggerClass, className)}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" className="size-6" />
      </button>
      {requested ? (
        <LoadFailureBoundary
          what="The navigation dialog"
          onError={() => {
            setFailed(true);
            window.location.hash = FOOTER_NAVIGATION_ID;
          }}
        >
          <Suspense fallback={null}>
            <NavigationSheet open={open} onOpenChange={setOpen} returnFocusTo={trigger} />
          </Suspense>
        </LoadFailureBoundary>
      ) : null}
    </>
  );
}
