import { Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { RouteErrorView } from "~/components/error-view";
import { SiteChrome } from "~/components/site-chrome";

export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** A page that fails still shows the header and footer, so the visitor can move on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <RouteErrorView error={error} />
    </SiteChrome>
  );
}
