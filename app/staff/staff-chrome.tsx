import { CircleCheckIcon, ExternalLinkIcon, InfoIcon, LogOutIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, useLocation, useRouteLoaderData } from "react-router";
import { Button } from "~/platform/ui/button";
import { Link, NavLink } from "~/platform/ui/link";
import { cn } from "~/platform/cn";
import type { Toast } from "~/platform/toast";
import { useHydrated } from "~/platform/use-hydrated";
import { useSiteIdentity } from "~/site/site-frame";
import { STAFF_AREA_ROUTE, staffNavigation, type StaffAreaData } from "./staff-navigation";

/**
 * The staff area's frame: plainer than the public site's, with who is signed
 * in and the way out always in view.
 */
export function StaffChrome({
  signedInAs,
  children,
}: {
  signedInAs: string | null;
  children: ReactNode;
}) {
  const main = useRef<HTMLElement>(null);
  const site = useSiteIdentity();
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  // A new page without a page load: the link or button that led here is gone,
  // so the keyboard starts again from the new page's content, as the skip link
  // would take it. A new search or a changed enquiry stays where it was.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus();
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main"
        className="sr-only z-50 bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-b border-shell-border bg-shell text-shell-foreground">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2 sm:px-6 sm:py-3">
          <Link
            to="/staff"
            className="mr-auto leading-tight text-shell-foreground hover:text-white"
          >
            {site ? <span className="block font-display text-xl">{site.shortName}</span> : null}
            <span className="block text-xs font-semibold tracking-[0.25em] text-shell-accent uppercase">
              Staff
            </span>
          </Link>
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-2 text-shell-foreground/80 underline-offset-4 hover:text-white hover:underline"
          >
            View the site
            <ExternalLinkIcon aria-hidden="true" className="size-4" />
          </Link>
          {signedInAs ? (
            // One line on a phone too: the address gives way (truncated), not the button.
            <div className="flex w-full min-w-0 items-center justify-between gap-x-4 sm:w-auto sm:justify-start">
              <p className="min-w-0 truncate text-sm text-shell-foreground/80 sm:max-w-sm">
                Signed in as <span className="font-semibold text-white">{signedInAs}</span>
              </p>
              <Form method="post" action="/staff/sign-out">
                <Button type="submit" variant="shell" size="sm">
                  <LogOutIcon aria-hidden="true" />
                  Sign out
                </Button>
              </Form>
            </div>
          ) : null}
        </div>
        {signedInAs ? <StaffNavigation /> : null}
      </header>
      <main
        ref={main}
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6"
      >
        <SavedMessage />
        {children}
      </main>
    </div>
  );
}

/**
 * The staff sections: one row that scrolls sideways on a phone rather than
 * wrapping into a tall header; the current one is marked for every reader.
 * Enquiries shows how many nobody has opened yet; the owners' sections show
 * to owners only.
 */
function StaffNavigation() {
  const area = useRouteLoaderData<StaffAreaData>(STAFF_AREA_ROUTE);
  const unread = area?.unreadEnquiries ?? 0;
  const sections = staffNavigation.filter(({ ownersOnly }) => !ownersOnly || area?.isOwner);
  return (
    <nav aria-label="Staff sections" className="border-t border-shell-border/60">
      <ul className="mx-auto flex max-w-5xl gap-1 overflow-x-auto px-2 sm:px-4 lg:flex-wrap">
        {sections.map(({ to, label, end }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 items-center border-b-3 px-3 text-sm font-semibold underline-offset-4 hover:text-white hover:underline",
                  isActive
                    ? "border-shell-accent text-white forced-colors:border-[CanvasText]"
                    : "border-transparent text-shell-foreground/80 forced-colors:border-[Canvas]",
                )
              }
            >
              {label}
              {to === "/staff" && unread > 0 ? (
                <span className="ml-2 inline-flex min-w-6 items-center justify-center rounded-full bg-shell-accent px-1.5 py-0.5 text-xs leading-none font-bold text-shell forced-colors:border forced-colors:border-[CanvasText]">
                  {unread}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * What a save said (the flash toast the root loader read), written at the top
 * of the page until scripts take over and show it as a toast: without
 * JavaScript this is the only place staff learn that their change was saved.
 */
function SavedMessage() {
  const root = useRouteLoaderData<{ toast: Toast | null }>("root");
  const hydrated = useHydrated();
  const toast = root?.toast;
  if (hydrated || !toast) return null;
  const Icon = toast.type === "success" ? CircleCheckIcon : InfoIcon;
  return (
    <div
      role="status"
      data-testid="saved-message"
      className={cn(
        "mb-6 flex items-start gap-3 border-l-4 p-4",
        toast.type === "error"
          ? "border-destructive bg-destructive/10"
          : "border-primary bg-primary/10",
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {/* A long address in the words wraps rather than widen a phone's page. */}
      <div className="min-w-0 break-words">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1">{toast.description}</p> : null}
      </div>
    </div>
  );
}
