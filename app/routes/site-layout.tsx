import { useMemo } from "react";
import { Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { FramedErrorView, SiteChrome } from "~/components/site-chrome";
import { SiteJsonLd } from "~/components/json-ld";
import { searchImageUrls } from "~/images/pictures";
import { torontoDate } from "~/platform/clock/toronto-time";
import type { SiteFrame } from "~/site/site-frame";
import { loadSiteFrame } from "~/site/site-frame.server";
import { LiveUpdates } from "~/platform/live/live-updates";
import { pageFreshness } from "~/platform/context";
import { nextHoursChange } from "~/hours/opening-hours";
import type { RouteHandle } from "~/platform/route-needs";

/**
 * A post to a public page that takes none (a stale or hand-made form) gets
 * that page's 405 view in the site's header and footer, not a bare error.
 */
export const handle = { transport: { refusesPostsInFrame: true } } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { ...(await loadSiteFrame(context)), ...pageFreshness(context) };
}

/** The pub as schema.org data, built from the details and hours the frame already has. */
function RestaurantStructuredData({ settings, heroPicture, schedule, renderedAt }: SiteFrame) {
  const today = torontoDate(new Date(renderedAt));
  const imageUrls = heroPicture ? searchImageUrls(heroPicture) : [];
  return (
    <SiteJsonLd
      of={(build, origin) =>
        build.restaurantJsonLd({ settings, schedule, origin, today, imageUrls })
      }
    />
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { schedule } = loaderData;
  const hoursChangeAfter = useMemo(() => (now: Date) => nextHoursChange(now, schedule), [schedule]);
  return (
    <>
      <SiteChrome>
        <RestaurantStructuredData {...loaderData} />
        <Outlet />
      </SiteChrome>
      <LiveUpdates clockChangeAfter={hoursChangeAfter} />
    </>
  );
}

/** A page that fails still shows the header and footer, so the visitor can move on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FramedErrorView error={error} />;
}
