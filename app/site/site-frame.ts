import { useRouteLoaderData } from "react-router";
import { useKeptRouteLoaderData } from "~/platform/kept-loader-data";
import type { OpeningSchedule } from "~/hours/opening-hours";
import type { TorontoOffsets } from "~/platform/clock/toronto-time";
import type { SiteSettings } from "~/settings/site-settings";
import type { Picture } from "~/images/pictures";

/** What the site layout's loader sends every page: the pub's details and hours. */
export type SiteFrame = {
  settings: SiteSettings;
  /** The home page's picture, described: the pub's image in its structured data. */
  heroPicture: Picture | null;
  schedule: OpeningSchedule;
  /** When the server rendered the page, so the browser can tell how stale "open now" is. */
  renderedAt: string;
  /** Toronto's offsets from UTC around `renderedAt`, so the browser tells Toronto's time without Intl. */
  torontoOffsets: TorontoOffsets;
};

/**
 * The layout's data (settings, hours); when a later request for it failed,
 * the last the page had; undefined when the layout's loader never succeeded.
 */
export function useSiteFrame() {
  return useKeptRouteLoaderData<SiteFrame>("routes/site-layout");
}

/** The site's public origin, as the root loader resolved it. */
export function useSiteOrigin(): string | undefined {
  return useKeptRouteLoaderData<{ origin?: string }>("root")?.origin;
}

/** What names the site: its name, short name, tagline and description, from the site_settings row. */
export type SiteIdentity = Pick<SiteSettings, "name" | "shortName" | "tagline" | "description">;

/** The site's identity as the loaded frame has it: the public site's, or the staff area's. */
export function useSiteIdentity(): SiteIdentity | undefined {
  const frame = useSiteFrame();
  const staff = useRouteLoaderData<{ site?: SiteIdentity | null }>("routes/staff/layout");
  return frame?.settings ?? staff?.site ?? undefined;
}
