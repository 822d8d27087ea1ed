import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Encoding } from "./compression";

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * A kept body with holes: the bytes between the places where each response
 * puts its own values (a form's token, a nonce), split once when the page is
 * kept, so a response is a few copies rather than a search and a re-encoding.
 */
export class HoledBody {
  /** The bytes before, between and after the holes: one more than `gaps`. */
  readonly texts: readonly Bytes[];
  /** For each hole in the body, in order, which mark's value goes there. */
  readonly gaps: readonly number[];
  /** The bytes of `texts`, all together. */
  readonly textBytes: number;

  /**
   * @param identity The body as rendered, with marks where the values go.
   * @param marks What stands in for each value; where two overlap (one is a
   *   prefix of another), the longer is the one meant.
   */
  constructor(identity: Uint8Array, marks: readonly string[]) {
    const source = Buffer.from(identity.buffer, identity.byteOffset, identity.byteLength);
    const found: Array<{ start: number; end: number; mark: number }> = [];
    marks.forEach((mark, index) => {
      const bytes = Buffer.from(mark);
      if (bytes.byteLength === 0) return;
      for (let at = source.indexOf(bytes); at !== -1; at = source.indexOf(bytes, at + 1)) {
        found.push({ start: at, end: at + bytes.byteLength, mark: index });
      }
    });
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    const texts: Bytes[] = [];
    const gaps: number[] = [];
    let at = 0;
    for (const { start, end, mark } of found) {
      if (start < at) continue;
      texts.push(copy(source.subarray(at, start)));
      gaps.push(mark);
      at = end;
    }
    texts.push(copy(source.subarray(at)));
    this.texts = texts;
    this.gaps = gaps;
    this.textBytes = texts.reduce((sum, text) => sum + text.byteLength, 0);
  }

  /** The body with `values` (one per mark, of any length) in its holes. */
  fill(values: readonly Uint8Array[]): Bytes {
    let length = this.textBytes;
    for (const mark of this.gaps) length += valueOf(values, mark).byteLength;
    const body = new Uint8Array(length);
    let at = 0;
    this.texts.forEach((text, index) => {
      body.set(text, at);
      at += text.byteLength;
      const mark = this.gaps[index];
      if (mark === undefined) return;
      const value = valueOf(values, mark);
      body.set(value, at);
      at += value.byteLength;
    });
    return body;
  }
}

/** A piece of a compressed body: bytes made once, or the index of the mark whose value goes there. */
type Part = Bytes | number;

/**
 * A holed body compressed once: the text between the holes as the
 * compressor left it, with room between for each response's values, which
 * go in uncompressed (a brotli meta-block or deflate block that is stored,
 * not compressed). Made by `compressAroundHoles`.
 */
export class CompressedHoledBody {
  readonly encoding: Encoding;
  /** The length in bytes of every value of each mark: the only values it takes. */
  readonly lengths: readonly number[];
  /** The bytes kept: everything but the values. */
  readonly keptBytes: number;
  readonly #body: HoledBody;
  readonly #parts: readonly Part[];

  constructor(
    body: HoledBody,
    encoding: Encoding,
    lengths: readonly number[],
    parts: readonly Part[],
  ) {
    this.#body = body;
    this.encoding = encoding;
    this.lengths = lengths;
    this.#parts = parts;
    this.keptBytes = parts.reduce<number>(
      (sum, part) => sum + (typeof part === "number" ? 0 : part.byteLength),
      0,
    );
  }

  /** Whether `values` (one per mark) have the lengths this copy was made for. */
  fits(values: readonly Uint8Array[]): boolean {
    return this.lengths.every((length, mark) => values[mark]?.byteLength === length);
  }

  /**
   * The compressed body with `values` (one per mark) in its holes. Each value
   * must have its mark's length (`fits`): the compressed text around it
   * counts on where each byte is.
   */
  fill(values: readonly Uint8Array[]): Bytes {
    if (!this.fits(values)) {
      throw new Error("A value does not have the length its hole was compressed for.");
    }
    let length = this.keptBytes + (this.encoding === "gzip" ? GZIP_TRAILER_BYTES : 0);
    for (const part of this.#parts) {
      if (typeof part === "number") length += valueOf(values, part).byteLength;
    }
    const body = new Uint8Array(length);
    let at = 0;
    for (const part of this.#parts) {
      const bytes = typeof part === "number" ? valueOf(values, part) : part;
      body.set(bytes, at);
      at += bytes.byteLength;
    }
    if (this.encoding === "gzip") {
      // The trailer holds the checksum and length of what the visitor gets, values included.
      const texts = this.#body.texts;
      let crc = zlib.crc32(texts[0] ?? EMPTY);
      this.#body.gaps.forEach((mark, index) => {
        crc = zlib.crc32(valueOf(values, mark), crc);
        crc = zlib.crc32(texts[index + 1] ?? EMPTY, crc);
      });
      const size =
        this.#body.textBytes +
        this.#body.gaps.reduce((sum, mark) => sum + (this.lengths[mark] ?? 0), 0);
      const trailer = new DataView(body.buffer, at, GZIP_TRAILER_BYTES);
      trailer.setUint32(0, crc, true);
      trailer.setUint32(4, size % 2 ** 32, true);
    }
    return body;
  }
}

/**
 * Makes the compressed copy of a holed body in `encoding`, once, for every
 * response after whose values have `lengths` (one per mark, in bytes; a
 * UUID's, a nonce's): brotli at its best quality, gzip at level 9.
 *
 * The text is compressed as one stream, flushed at the start and end of
 * each hole, so the compressed text after a hole still refers back to all
 * the text before it. While it is compressed, each hole holds filler of its
 * values' length made of bytes that are nowhere else in the body (bytes no
 * UTF-8 holds, control characters the page does not use), arranged so that
 * no two of its neighbouring bytes appear together anywhere else. No match
 * the compressor finds can then take bytes from a hole or put any into one,
 * and what it made of the filler is replaced by each response's values,
 * stored. The output then depends on nothing the values change:
 *
 * - positions: each value has the length of its filler;
 * - back references: none reaches into a hole;
 * - brotli's last four distances: a stored block changes none, and the
 *   filler's own compressed block had none to change (it cannot hold a match);
 * - brotli's literal context (the two bytes before): literal context modelling
 *   is turned off, which costs about 1% of the compressed size.
 *
 * Before it is used, the copy is decompressed with two sets of values and
 * compared with the body they make. Null when the body leaves no bytes for
 * filler, a value is longer than a stored block holds, or that check fails:
 * such a body is compressed for each response instead.
 */
export async function compressAroundHoles(
  body: HoledBody,
  encoding: Encoding,
  lengths: readonly number[],
): Promise<CompressedHoledBody | null> {
  if (lengths.some((length) => length > MAX_STORED_BYTES)) return null;
  const fillers = fillersFor(body, lengths);
  if (!fillers) return null;

  const chunks: Uint8Array[] = [];
  body.texts.forEach((text, index) => {
    chunks.push(text);
    const filler = fillers[index];
    if (index < fillers.length && filler) chunks.push(filler);
  });
  const size = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const pieces = await compressWithFlushes(encoding, chunks, size);

  const parts: Part[] = encoding === "gzip" ? [GZIP_HEADER] : [];
  body.texts.forEach((_, index) => {
    const compressed = pieces[index * 2];
    if (compressed?.byteLength) parts.push(compressed);
    const mark = body.gaps[index];
    if (mark === undefined) return;
    const length = lengths[mark] ?? 0;
    if (length === 0) return;
    parts.push(encoding === "br" ? storedMetaBlockHeader(length) : storedBlockHeader(length), mark);
  });
  const compressed = new CompressedHoledBody(body, encoding, [...lengths], parts);
  return (await decompressesToBody(compressed, body)) ? compressed : null;
}

const EMPTY = new Uint8Array(0);

/** A stored deflate block holds at most 65,535 bytes; values are far shorter. */
const MAX_STORED_BYTES = 0xffff;

/** ID1, ID2, deflate, no flags, no time, best compression, Unix. */
const GZIP_HEADER = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x02, 0x03]);
/** CRC-32 and length, little-endian. */
const GZIP_TRAILER_BYTES = 8;

/**
 * Filler bytes, in the order they are tried: those no UTF-8 text holds
 * (C0, C1, F5–FF, which no word of brotli's dictionary holds either), then
 * control characters other than tab, line feed and carriage return.
 */
const FILLER_BYTES = [
  0xc0,
  0xc1,
  ...range(0xf5, 0xff),
  ...range(0x01, 0x08),
  0x0b,
  0x0c,
  ...range(0x0e, 0x1f),
  0x7f,
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

function copy(bytes: Uint8Array): Bytes {
  return new Uint8Array(bytes);
}

function valueOf(values: readonly Uint8Array[], mark: number): Uint8Array {
  const value = values[mark];
  if (!value) throw new Error(`No value for hole ${mark}.`);
  return value;
}

/**
 * Filler for each hole, of its values' length: bytes the body's text does not
 * hold, each pair of neighbours (with the text's bytes on either side)
 * appearing once in the whole body. Each next byte is the one that has begun
 * the fewest pairs so far, which walks through nearly every pair before it
 * runs out. Null when the bytes run out.
 */
function fillersFor(body: HoledBody, lengths: readonly number[]): Uint8Array[] | null {
  const present = new Uint8Array(256);
  for (const text of body.texts) for (const byte of text) present[byte] = 1;
  const alphabet = FILLER_BYTES.filter((byte) => !present[byte]);
  const usedPairs = new Set<number>();
  const pairsBegun = new Uint16Array(256);
  const fillers: Uint8Array[] = [];
  let before = body.texts[0]?.at(-1);
  for (const [index, mark] of body.gaps.entries()) {
    const filler = new Uint8Array(lengths[mark] ?? 0);
    const text = body.texts[index + 1] ?? EMPTY;
    // The byte after this hole, when it is text; filler next is handled as its own hole's first byte.
    const after = text.byteLength > 0 ? text[0] : undefined;
    for (let at = 0; at < filler.byteLength; at++) {
      const last = at === filler.byteLength - 1;
      let byte: number | undefined;
      for (const candidate of alphabet) {
        if (before !== undefined && usedPairs.has(before * 256 + candidate)) continue;
        if (last && after !== undefined && usedPairs.has(candidate * 256 + after)) continue;
        if (byte === undefined || (pairsBegun[candidate] ?? 0) < (pairsBegun[byte] ?? 0)) {
          byte = candidate;
        }
      }
      if (byte === undefined) return null;
      if (before !== undefined) {
        usedPairs.add(before * 256 + byte);
        pairsBegun[before] = (pairsBegun[before] ?? 0) + 1;
      }
      if (last && after !== undefined) usedPairs.add(byte * 256 + after);
      filler[at] = byte;
      before = byte;
    }
    fillers.push(filler);
    if (text.byteLength > 0) before = text.at(-1);
  }
  return fillers;
}

/**
 * A brotli meta-block header for `length` (1 to 65,536) stored bytes, starting
 * on a byte boundary: ISLAST 0, MNIBBLES 4, MLEN - 1 in 16 bits,
 * ISUNCOMPRESSED 1, then zero bits to the next byte (RFC 7932, 9.2).
 */
function storedMetaBlockHeader(length: number): Bytes {
  const bits = ((length - 1) << 3) | (1 << 19);
  return new Uint8Array([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
}

/**
 * A deflate block header for `length` (0 to 65,535) stored bytes, starting on
 * a byte boundary: BFINAL 0, BTYPE 00, then LEN and its complement (RFC 1951, 3.2.4).
 */
function storedBlockHeader(length: number): Bytes {
  const complement = ~length & 0xffff;
  return new Uint8Array([0x00, length & 0xff, length >> 8, complement & 0xff, complement >> 8]);
}

/**
 * `chunks` compressed as one stream, flushed to a byte boundary after each
 * chunk but the last, which ends it: one piece of output per chunk.
 */
function compressWithFlushes(
  encoding: Encoding,
  chunks: readonly Uint8Array[],
  size: number,
): Promise<Bytes[]> {
  return new Promise((resolve, reject) => {
    const stream =
      encoding === "br"
        ? zlib.createBrotliCompress({
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
              [zlib.constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
            },
          })
        : zlib.createDeflateRaw({ level: 9 });
    const flush =
      encoding === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
    const pieces: Bytes[] = [];
    let output: Buffer[] = [];
    const piece = () => {
      pieces.push(new Uint8Array(Buffer.concat(output)));
      output = [];
    };
    // A flowing stream hands over each flush's output before the flush's callback runs.
    stream.on("data", (chunk: Buffer) => output.push(chunk));
    stream.once("error", reject);
    stream.once("end", () => {
      piece();
      resolve(pieces);
    });
    const write = (index: number) => {
      const chunk = chunks[index] ?? EMPTY;
      if (index >= chunks.length - 1) {
        stream.end(chunk);
        return;
      }
      if (chunk.byteLength > 0) stream.write(chunk);
      stream.flush(flush, () => {
        piece();
        write(index + 1);
      });
    };
    write(0);
  });
}

const brotliDecompress = promisify(zlib.brotliDecompress);
const gunzip = promisify(zlib.gunzip);

/** Values of each mark's length that differ from each other at every byte: one set per `variant`. */
function sampleValues(lengths: readonly number[], variant: 0 | 1): Bytes[] {
  const first = variant === 0 ? 0x61 : 0x41; // a… or A…
  return lengths.map((length, mark) =>
    Uint8Array.from({ length }, (_, at) => first + ((at + mark * 7 + variant * 13) % 26)),
  );
}

/** Whether the compressed copy, filled with two sets of values, decompresses to the body they make. */
async function decompressesToBody(
  compressed: CompressedHoledBody,
  body: HoledBody,
): Promise<boolean> {
  for (const variant of [0, 1] as const) {
    const values = sampleValues(compressed.lengths, variant);
    try {
      const filled = compressed.fill(values);
      const decompressed =
        compressed.encoding === "br" ? await brotliDecompress(filled) : await gunzip(filled);
      if (!decompressed.equals(body.fill(values))) return false;
    } catch {
      return false;
    }
  }
  return true;
}
