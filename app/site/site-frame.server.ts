import type { RouterContextProvider } from "react-router";
import { torontoDate } from "~/hours/opening-hours";
import { siteOrigin } from "~/platform/site-origin.server";
import type { SiteFrame } from "./site-frame";
import { siteContent } from "./site-content.server";
import { restaurantJsonLd, serializeJsonLd } from "./structured-data";

/**
 * What every page's frame shows: the pub's details and hours for the footer
 * and the status line, read through the content cache, and the pub's
 * structured data.
 */
export async function loadSiteFrame(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SiteFrame> {
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
