import { Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { RouteErrorView } from "~/components/error-view";
import { SiteChrome } from "~/components/site-chrome";
import { JsonLd } from "~/components/json-ld";
import { siteContent } from "~/data/site-content.server";
import { originFromMatches } from "~/lib/meta";
import { torontoDate } from "~/lib/opening-hours";
import { restaurantJsonLd } from "~/lib/structured-data";

/**
 * What every page's frame shows: the pub's details and hours for the footer
 * and the status line, read through the content cache.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const content = siteContent(context);
  const now = new Date();
  const [settings, schedule] = await Promise.all([content.settings(), content.schedule(now)]);
  return { settings, schedule, renderedAt: now.toISOString() };
}

export default function SiteLayout({ loaderData, matches }: Route.ComponentProps) {
  const origin = originFromMatches(matches);
  return (
    <SiteChrome>
      {origin ? (
        <JsonLd
          data={restaurantJsonLd({
            settings: loaderData.settings,
            schedule: loaderData.schedule,
            origin,
            today: torontoDate(new Date(loaderData.renderedAt)),
          })}
        />
      ) : null}
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
