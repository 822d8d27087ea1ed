import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import sharp, { type OverlayOptions } from "sharp";
import { CARD } from "./cards";
import frauncesSemiBold from "@fontsource/fraunces/files/fraunces-latin-600-normal.woff?inline";
import frauncesRegular from "@fontsource/fraunces/files/fraunces-latin-400-normal.woff?inline";

/**
 * Draws the cards a shared link shows (the site's share card, an event's): a
 * 1200 × 630 JPEG of words in the site's heading face (Fraunces) over the
 * pub's colours.
 *
 * The text is laid out by sharp's text renderer (Pango), which finds fonts
 * through fontconfig: a server image has few fonts or none, and fontconfig
 * reads no WOFF, so the site's own font, bundled into the server as WOFF,
 * is written out once as a plain OpenType file and handed over by path.
 */

/** A WOFF 1.0 file as the plain sfnt (TrueType/OpenType) it wraps: each table inflated, in order. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF 1.0 font");
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  let power = 1;
  let log = 0;
  while (power * 2 <= count) {
    power *= 2;
    log += 1;
  }
  const headerLength = 12 + count * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const sfnt = Buffer.alloc(
    tables.reduce((total, t) => total + padded(t.data.length), headerLength),
  );
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(log, 8);
  sfnt.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const at = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, at);
    sfnt.writeUInt32BE(table.checksum, at + 4);
    sfnt.writeUInt32BE(offset, at + 8);
    sfnt.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

function fromDataUrl(url: string): Buffer {
  return Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
}

/** The two faces as font files on disk, written once per process; the family names Pango knows. */
const FACES = {
  name: { family: "Fraunces SemiBold,", woff: frauncesSemiBold, file: "fraunces-600.ttf" },
  tagline: { family: "Fraunces,", woff: frauncesRegular, file: "fraunces-400.ttf" },
} as const;
export type Face = keyof typeof FACES;

let fontFiles: Promise<Record<Face, string>> | undefined;

function fontPaths(): Promise<Record<Face, string>> {
  fontFiles ??= (async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "share-card-fonts-"));
    const entries = await Promise.all(
      (Object.keys(FACES) as Face[]).map(async (face) => {
        const file = path.join(directory, FACES[face].file);
        await writeFile(file, woffToSfnt(fromDataUrl(FACES[face].woff)));
        return [face, file] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<Face, string>;
  })();
  fontFiles.catch(() => {
    fontFiles = undefined;
  });
  return fontFiles;
}

/** Text for Pango's markup: its three special characters escaped. */
function markup(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Where a card's words start, from its left edge. */
export const TEXT_LEFT = 80;
const TEXT_WIDTH = 700;

/** A block of words drawn for a card, to lay over its ground. */
export type TextBlock = { data: Buffer; width: number; height: number };

/** One block of text, wrapped to `width` (the card's text column) and shrunk to fit `maxHeight`. */
export async function textBlock(
  text: string,
  face: Face,
  size: number,
  colour: string,
  maxHeight: number,
  width = TEXT_WIDTH,
): Promise<TextBlock> {
  const fontfile = (await fontPaths())[face];
  const render = (height?: number) =>
    sharp({
      text: {
        text: `<span foreground="${colour}">${markup(text)}</span>`,
        font: `${FACES[face].family} ${size}`,
        fontfile,
        width,
        ...(height ? { height } : {}),
        rgba: true,
        wrap: "word-char",
        spacing: Math.round(size * 0.15),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
  let block = await render();
  // Too long for the space: the renderer picks the size that fits the box.
  if (block.info.height > maxHeight) block = await render(maxHeight);
  return { data: block.data, width: block.info.width, height: block.info.height };
}

/** The pub's greens and the brass rule along the foot, to draw a card on. */
const GROUND_DEFS = `<defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0c3a1f"/>
      <stop offset="1" stop-color="#14532d"/>
    </linearGradient>
    <linearGradient id="brass" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#b45309"/>
      <stop offset="0.45" stop-color="#fbbf24"/>
      <stop offset="1" stop-color="#92400e"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fde68a" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#f59e0b" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#wall)"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <rect x="0" y="598" width="1200" height="32" fill="url(#brass)"/>`;

/** The height of the brass rule along a card's foot. */
export const BRASS_RULE = 32;

/** A card's ground with `more` drawn over it, as an SVG to render. */
export function cardGround(more = ""): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}">${GROUND_DEFS}${more}</svg>`,
  );
}

/**
 * Blocks of words one under the other, `gap` apart, centred in the card's
 * height above the brass rule, at `left`: the layers to lay over a ground.
 */
export function stacked(
  blocks: readonly TextBlock[],
  gap: number,
  left = TEXT_LEFT,
): OverlayOptions[] {
  const total = blocks.reduce((sum, block) => sum + block.height, 0) + gap * (blocks.length - 1);
  let top = Math.max(40, Math.round((CARD.height - BRASS_RULE - total) / 2));
  return blocks.map((block) => {
    const layer = { input: block.data, left, top };
    top += block.height + gap;
    return layer;
  });
}

/** Text as EXIF's ASCII fields hold it: accents dropped, dashes and quotes plain, anything else left out. */
export function exifAscii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s/g, " ")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\x20-\x7e]/g, "");
}

/**
 * The ground and its layers as a card: a 1200 × 630 baseline JPEG, with
 * `description` (what it shows) as its EXIF ImageDescription when given.
 */
export function cardJpeg(
  ground: Buffer,
  layers: OverlayOptions[],
  description?: string,
): Promise<Buffer> {
  const card = sharp(ground)
    .resize(CARD.width, CARD.height)
    .composite(layers)
    .flatten({ background: "#0c3a1f" });
  if (description) card.withExif({ IFD0: { ImageDescription: exifAscii(description) } });
  return card.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}
