import type { MetaDescriptor } from "react-router";
import { site } from "./site";

/** Sharing previews need a bitmap: the share card, rendered by the image optimiser. */
const SHARE_CARD = "/img/social/share-card.svg?w=1200&h=630&fm=jpeg";

export type PageMetaInput = {
  /** The page's own title; the site name is added after it. */
  title: string;
  description: string;
  /** The page's path, for its canonical URL. */
  path: string;
  /** The site's public origin, from the root loader. */
  origin: string | undefined;
};

export function documentTitle(title: string): string {
  return title === site.name ? site.name : `${title} | ${site.name}`;
}

/** Title, description, canonical URL and Open Graph tags of a page. */
export function pageMeta({ title, description, path, origin }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = documentTitle(title);
  const url = origin ? new URL(path, origin).href : undefined;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url } as const] : []),
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    ...(origin
      ? [
          { property: "og:image", content: new URL(SHARE_CARD, origin).href },
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
          { property: "og:image:alt", content: `${site.name}: the taproom at dusk` },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : []),
    { property: "og:locale", content: "en_CA" },
  ];
}

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site's public origin, as the root loader resolved it. */
export function originFromMatches(matches: readonly MatchWithData[]): string | undefined {
  const root = matches.find((match) => match?.id === "root")?.loaderData;
  if (typeof root === "object" && root !== null && "origin" in root) {
    return typeof root.origin === "string" ? root.origin : undefined;
  }
  return undefined;
}
