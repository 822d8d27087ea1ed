import sharp, { type OverlayOptions } from "sharp";
import { CARD } from "~/platform/cards";
import {
  BRASS_RULE,
  TEXT_LEFT,
  cardGround,
  cardJpeg,
  stacked,
  textBlock,
} from "~/platform/card-drawing.server";
import { eventCardAlt, type EventCardText } from "./event-card";

/** The picture's place: the card's right side, above the brass rule. */
const PICTURE = {
  left: 640,
  width: CARD.width - 640,
  height: CARD.height - BRASS_RULE,
};
/** The words' column: from the left edge to the picture, with a margin. */
const WORDS_WIDTH = PICTURE.left - TEXT_LEFT - 40;

/** The picture's left edge fading into the green, so the words' side stays calm. */
const FADE = `<defs><linearGradient id="fade" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#0c3a1f" stop-opacity="1"/>
  <stop offset="1" stop-color="#0c3a1f" stop-opacity="0"/>
</linearGradient></defs>
<rect x="${PICTURE.left}" y="0" width="140" height="${PICTURE.height}" fill="url(#fade)"/>`;

/**
 * Draws an event's card, a 1200 × 630 JPEG: its change of plan, name, date
 * and time, and the pub's name down the left in the site's heading face;
 * `picture` (the event's picture, any size) cropped down the right. The card's
 * words are also its JPEG's description (EXIF ImageDescription).
 */
export async function renderEventCard(
  text: EventCardText,
  picture: Buffer | null,
): Promise<Buffer> {
  const width = picture ? WORDS_WIDTH : CARD.width - TEXT_LEFT * 2;
  const blocks = [
    text.plan
      ? await textBlock(text.plan.toUpperCase(), "tagline", 26, "#fca5a5", 80, width)
      : null,
    await textBlock(text.title, "name", 60, "#ffffff", 260, width),
    await textBlock(text.when, "tagline", 32, "#fcd34d", 120, width),
    text.venue ? await textBlock(text.venue, "tagline", 28, "#d1fae5", 80, width) : null,
  ].filter((block) => block !== null);
  const layers: OverlayOptions[] = [];
  if (picture) {
    const placed = await sharp(picture)
      .resize(PICTURE.width, PICTURE.height, { fit: "cover" })
      .toBuffer();
    layers.push({ input: placed, left: PICTURE.left, top: 0 });
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}">${FADE}</svg>`,
      ),
      left: 0,
      top: 0,
    });
  }
  layers.push(...stacked(blocks, 20));
  return cardJpeg(cardGround(), layers, eventCardAlt(text));
}
