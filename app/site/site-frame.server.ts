import type { RouterContextProvider } from "react-router";
import type { SiteFrame, SiteIdentity } from "./site-frame";
import { siteContent } from "./site-content.server";
import { torontoOffsetsAround } from "~/platform/clock/toronto-time";
import { pictureFor } from "~/images/pictures.server";

/**
 * What every page's frame shows: the pub's details and hours for the footer,
 * the status line and the pub's structured data (with the home page's
 * picture), read through the content cache.
 */
export async function loadSiteFrame(context: Readonly<RouterContextProvider>): Promise<SiteFrame> {
  const content = siteContent(context);
  const now = new Date();
  const [settings, schedule] = await Promise.all([content.settings(), content.schedule(now)]);
  return {
    settings,
    heroPicture: await pictureFor(context, settings.heroImage),
    schedule,
    renderedAt: now.toISOString(),
    torontoOffsets: torontoOffsetsAround(now),
  };
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
