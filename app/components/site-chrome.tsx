import type { ReactNode } from "react";
import { HydrateApart } from "~/platform/hydrate-apart";
import { RouteErrorView } from "./error-view";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * Header, main content and footer: the frame of every page, error pages
 * included. Each wakes apart (HydrateApart), so a tap on the header's
 * navigation need not wait for the rest of the page.
 */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <HydrateApart>
        <SiteHeader />
      </HydrateApart>
      <main id="main" tabIndex={-1} className="flex-1 bg-background text-foreground outline-none">
        <HydrateApart>{children}</HydrateApart>
      </main>
      <HydrateApart>
        <SiteFooter />
      </HydrateApart>
    </div>
  );
}

/** What an error boundary shows in the site's frame: the error, with the header and footer to move on. */
export function FramedErrorView({ error }: { error: unknown }) {
  return (
    <SiteChrome>
      <RouteErrorView error={error} />
    </SiteChrome>
  );
}
