import type { RouterContextProvider } from "react-router";
import { torontoDate } from "~/hours/opening-hours";
import { siteOrigin } from "~/platform/site-origin.server";
import type { SiteFrame, SiteIdentity } from "./site-frame";
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

/**
 * The site's name, short name, tagline and description, for frames other
 * than the public site's (the staff area); null while they cannot be read
 * (the content reader has logged why), so the frame still shows.
 */
export async function loadSiteIdentity(
  context: Readonly<RouterContextProvider>,
): Promise<SiteIdentity | null> {
  try {
    const { name, shortName, tagline, description } = await siteContent(context).settings();
    return { name, shortName, tagline, description };
  } catch {
    return null;
  }
}
