import { Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { RouteErrorView } from "~/components/error-view";
import { SiteChrome } from "~/components/site-chrome";
import { JsonLd } from "~/components/json-ld";
import { siteContent } from "~/data/site-content.server";
import { torontoDate } from "~/lib/opening-hours";
import { siteOrigin } from "~/lib/site-origin.server";
import { restaurantJsonLd, serializeJsonLd } from "~/lib/structured-data";

/**
 * What every page's frame shows: the pub's details and hours for the footer
 * and the status line, read through the content cache.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const [settings, schedule] = await Promise.all([content.settings(), content.schedule(now)]);
  const restaurant = restaurantJsonLd({
    settings,
    schedule,
    origin: siteOrigin(request),
    today: torontoDate(now),
  });
  return { settings, schedule, renderedAt: now.toISOString(), jsonLd: serializeJsonLd(restaurant) };
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
