/**
 * Renders the PNG app icons and favicon.ico from public/favicon.svg, so they
 * can be regenerated whenever the mark changes:
 *
 *   node tests/support/render-icons.ts
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const publicDir = path.resolve(import.meta.dirname, "../../public");
const iconsDir = path.join(publicDir, "icons");
/** The shell's black, so every icon is opaque and matches the manifest. */
const background = "#000000";

const svg = await readFile(path.join(publicDir, "favicon.svg"));

/** The mark drawn edge to edge on an opaque square. */
function renderMark(size: number): Promise<Buffer> {
  return sharp(svg, { density: (72 * size) / 64 })
    .resize(size, size)
    .flatten({ background })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A maskable icon: the mark shrunk into the central safe zone (a circle of
 * 80% of the width) so launchers can crop to any shape without cutting it.
 */
async function renderMaskable(size: number): Promise<Buffer> {
  const inner = Math.round(size * 0.8);
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .composite([{ input: await renderMark(inner), gravity: "centre" }])
    .removeAlpha()
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A 32-bit PNG, the form Windows expects inside an ICO. */
async function renderIcoImage(size: number): Promise<{ size: number; png: Buffer }> {
  return {
    size,
    png: await sharp(await renderMark(size))
      .ensureAlpha()
      .png()
      .toBuffer(),
  };
}

/**
 * An ICO file holding PNG-compressed images: a 6-byte header, one 16-byte
 * directory entry per image, then the PNG payloads.
 */
function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

await mkdir(iconsDir, { recursive: true });
const outputs: Array<[string, Buffer]> = [
  [path.join(iconsDir, "apple-touch-icon.png"), await renderMark(180)],
  [path.join(iconsDir, "icon-192.png"), await renderMark(192)],
  [path.join(iconsDir, "icon-512.png"), await renderMark(512)],
  [path.join(iconsDir, "icon-maskable-512.png"), await renderMaskable(512)],
  [
    path.join(publicDir, "favicon.ico"),
    icoOf([await renderIcoImage(32), await renderIcoImage(16)]),
  ],
];
for (const [file, data] of outputs) {
  await writeFile(file, data);
  console.log(`${path.relative(process.cwd(), file)}  ${data.length} bytes`);
}
