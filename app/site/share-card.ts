import { SHARE_IMAGE } from "~/images/images";
import { fingerprint } from "~/platform/cards";
import type { SiteSettings } from "~/settings/site-settings";

/**
 * The share card: the picture a link to the site shows in chats and feeds
 * (og:image, twitter:image), the pub's name and tagline drawn from the
 * settings. Its address carries a fingerprint of what it shows, so it can be
 * kept for a year and changes when the name or tagline does. Safe for the
 * browser: the meta functions build the address on either side.
 */

/** Moves when the card's drawing changes, so every kept copy is asked for again. */
export const SHARE_CARD_DESIGN = 2;

export const SHARE_CARD = { ...SHARE_IMAGE, type: "image/jpeg", path: "/share-card.jpg" } as const;

/** What the card shows. */
export type ShareCardText = Pick<SiteSettings, "name" | "tagline">;

/** The fingerprint of a card: its words and its design. */
export function shareCardVersion({ name, tagline }: ShareCardText): string {
  return fingerprint(`${SHARE_CARD_DESIGN}\n${name}\n${tagline}`);
}

/** "/share-card.jpg?v=1a2b3c4d" */
export function shareCardPath(text: ShareCardText): string {
  return `${SHARE_CARD.path}?v=${shareCardVersion(text)}`;
}

/**
 * The tagline as the card shows it under the name: none when the name
 * already says it ("The Squire Pub & Grill" over "Pub & Grill").
 */
export function cardTagline({ name, tagline }: ShareCardText): string {
  const words = tagline.trim();
  return name.toLowerCase().includes(words.toLowerCase()) ? "" : words;
}

/** The card's words, as its description: what it shows. */
export function shareCardAlt(text: ShareCardText): string {
  const tagline = cardTagline(text);
  return tagline ? `${text.name}: ${tagline}` : text.name;
}
