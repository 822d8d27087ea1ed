import { Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { RouteErrorView } from "~/components/error-view";
import { SiteChrome } from "~/components/site-chrome";
import { JsonLd } from "~/components/json-ld";
import { loadSiteFrame } from "~/site/site-frame.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSiteFrame(request, context);
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteChrome>
      <JsonLd json={loaderData.jsonLd} />
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
