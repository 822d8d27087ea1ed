import type { ReactNode } from "react";
import { RouteErrorView } from "./error-view";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Header, main content and footer: the frame of every page, error pages included. */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 bg-background text-foreground outline-none">
        {children}
      </main>
      <SiteFooter />
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
