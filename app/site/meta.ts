import type { MetaDescriptor } from "react-router";
import { SHARE_IMAGE } from "~/images/images";
import type { SiteFrame } from "./site-frame";
import { SHARE_CARD, shareCardAlt, shareCardPath, type ShareCardText } from "./share-card";

/**
 * Before the settings are known (an error page): the card's drawing without
 * words, rendered by the image optimiser as a 1200 × 630 JPEG.
 */
const SHARE_CARD_ARTWORK = `/img/social/share-card.svg?w=${SHARE_IMAGE.width}&h=${SHARE_IMAGE.height}&fm=${SHARE_IMAGE.format}`;

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

export type PageMetaInput = {
  /** The page's own title; the site name is added after it. */
  title: string;
  description: string;
  /** The page's path, for its canonical URL. */
  path: string;
  /** The meta function's matches: the site's origin (root) and name (site layout) come from them. */
  matches: readonly MatchWithData[];
  /** Open Graph's type: a page of the site ("website"), or one dated thing on it ("article"). */
  type?: "website" | "article";
  /** The page's own 1200 × 630 JPEG card and its description; the site's share card when left out. */
  card?: { path: string; alt: string };
};

/**
 * A page's title with the site's name after it; the title as it is when it
 * begins with the name already (the home page's), or while the name is not known.
 */
export function documentTitle(title: string, siteName: string | undefined): string {
  if (!siteName || title === siteName || title.startsWith(`${siteName} | `)) return title;
  return `${title} | ${siteName}`;
}

/**
 * The home page's title: the pub's name and its city, "The Squire Pub & Grill
 * | London, ON", as people search for a pub in a place.
 */
export function homeTitle(settings: { name: string; locality: string; region: string }): string {
  const place = [settings.locality, settings.region].filter(Boolean).join(", ");
  return place ? `${settings.name} | ${place}` : settings.name;
}

/** Title, description, canonical URL and Open Graph tags of a page. */
export function pageMeta({
  title,
  description,
  path,
  matches,
  type = "website",
  card,
}: PageMetaInput): MetaDescriptor[] {
  const origin = originFromMatches(matches);
  const siteName = siteFrameFromMatches(matches)?.settings.name;
  const fullTitle = documentTitle(title, siteName);
  const url = origin ? new URL(path, origin).href : undefined;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url } as const] : []),
    ...(siteName ? [{ property: "og:site_name", content: siteName }] : []),
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    ...(origin
      ? shareImageMeta(origin, card ?? siteCard(siteFrameFromMatches(matches)?.settings))
      : []),
    { property: "og:locale", content: "en_CA" },
  ];
}

/**
 * The `meta` export of a page with a fixed title and path, described by its
 * loader's `description` (the line under its heading, which search results
 * show too, is the pub's words on most pages).
 */
export function describedPageMeta(title: string, path: string) {
  return ({
    loaderData,
    matches,
  }: Pick<PageMetaInput, "matches"> & { loaderData?: { description: string } }) =>
    loaderData ? pageMeta({ title, description: loaderData.description, path, matches }) : [];
}

/**
 * The site's share card: the card drawn from the settings (the pub's name
 * and tagline), or, before the settings are known, the drawing without words.
 */
function siteCard(settings: ShareCardText | undefined): { path: string; alt: string } {
  return settings
    ? { path: shareCardPath(settings), alt: shareCardAlt(settings) }
    : { path: SHARE_CARD_ARTWORK, alt: "The pub's shield over the taproom at dusk" };
}

/** A 1200 × 630 JPEG card for Open Graph and X (Twitter), with its type, size and description. */
function shareImageMeta(origin: string, card: { path: string; alt: string }): MetaDescriptor[] {
  const url = new URL(card.path, origin).href;
  const { alt } = card;
  return [
    { property: "og:image", content: url },
    { property: "og:image:type", content: SHARE_CARD.type },
    { property: "og:image:width", content: String(SHARE_CARD.width) },
    { property: "og:image:height", content: String(SHARE_CARD.height) },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: alt },
  ];
}

/** The site's public origin, as the root loader resolved it. */
export function originFromMatches(matches: readonly MatchWithData[]): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (typeof root === "object" && root !== null && "origin" in root) {
    return typeof root.origin === "string" ? root.origin : undefined;
  }
  return undefined;
}

/** The site layout's data (the site's settings among it), when its loader answered. */
export function siteFrameFromMatches(matches: readonly MatchWithData[]): SiteFrame | undefined {
  const frame = matches.find((match) => match?.id === "routes/site-layout")?.loaderData;
  if (typeof frame === "object" && frame !== null && "settings" in frame) {
    return frame as SiteFrame;
  }
  return undefined;
}
