import { cardGround, cardJpeg, stacked, textBlock } from "~/platform/card-drawing.server";
import { cardTagline, type ShareCardText } from "./share-card";

/** The pub's shield, to the right of the words. */
const SHIELD = `<g transform="translate(890 175) scale(4.4)">
    <circle cx="32" cy="32" r="31" fill="none" stroke="url(#brass)" stroke-width="3"/>
    <path d="M32 6 54 14v18c0 13-9 22-22 26C19 54 10 45 10 32V14z" fill="#15803d" stroke="#fbbf24" stroke-width="1.5"/>
    <path d="M24 24h16v14a8 8 0 0 1-16 0z" fill="#fbbf24"/>
    <path d="M40 27h4a4 4 0 0 1 0 8h-4" fill="none" stroke="#fbbf24" stroke-width="2"/>
    <rect x="24" y="21" width="16" height="4" rx="2" fill="#fef3c7"/>
  </g>`;

/** The card for these words, as a 1200 × 630 baseline JPEG (a tagline the name says already is left off). */
export async function renderShareCard(text: ShareCardText): Promise<Buffer> {
  const name = text.name.trim();
  const tagline = cardTagline(text);
  const blocks = [
    name ? await textBlock(name, "name", 64, "#ffffff", 330) : null,
    tagline ? await textBlock(tagline, "tagline", 32, "#fcd34d", 150) : null,
  ].filter((block) => block !== null);
  return cardJpeg(cardGround(SHIELD), stacked(blocks, 28));
}
