import { Readable, pipeline } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { isCompressible } from "./content-types";

/** In order of preference. */
export const ENCODINGS = ["br", "gzip"] as const;

export type Encoding = (typeof ENCODINGS)[number];

/**
 * The best of `available` the client accepts (brotli before gzip),
 * honouring q=0 refusals.
 */
export function negotiateEncoding(
  acceptEncoding: string | null,
  available: readonly Encoding[] = ["br", "gzip"],
): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.trim().split(";");
    const q = parameters
      .map((parameter) => parameter.trim())
      .find((parameter) => parameter.startsWith("q="));
    accepted.set(name.trim(), q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get("*") ?? 0;
  return ENCODINGS.find((name) => available.includes(name) && quality(name) > 0) ?? null;
}

/** Below this, compression costs more than it saves. */
const MIN_BYTES = 1024;
/** Bodies of known length up to this size are compressed in one go, keeping a Content-Length. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Brotli's quality for a response made for one request: a page not kept (a
 * search's results, a page for one visitor's cookies), a page's data. On
 * the shared two-core machine, 142 KB of the site's text takes 2.2 ms at
 * quality 4 (48 KB), 3.2 ms at 5 (45 KB) and 170 to 185 ms at 11; gzip's
 * default level 6 takes 2.8 ms. Quality 4 also compresses the venue page
 * (65 KB) in half the time of 5. Pages kept for everyone get quality 11,
 * once.
 */
export const ONE_REQUEST_BROTLI_QUALITY = 4;

const brotliParams = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: ONE_REQUEST_BROTLI_QUALITY,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  // A 1 MB window covers every body compressed in one go, with less memory than the default 4 MB.
  [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
};

export const compress = {
  br: promisify(zlib.brotliCompress),
  gzip: promisify(zlib.gzip),
};

/**
 * Streamed bodies (responses of unknown length, such as client navigation
 * data; pages come whole) get a 64 KB window: brotli then uses its small hash
 * table, so each open stream holds about half the memory and takes less CPU,
 * for the same output on bodies up to 64 KB. With a hundred responses in
 * flight, that is the difference between about 80 and 160 MB.
 */
const streamedBrotliParams = {
  ...brotliParams,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
};

function compressStream(encoding: Encoding) {
  // Flush after every chunk, so streamed HTML reaches the browser as it is rendered.
  return encoding === "br"
    ? zlib.createBrotliCompress({
        params: streamedBrotliParams,
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      })
    : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
}

function varies(headers: Headers, name: string): boolean {
  const lower = name.toLowerCase();
  return (headers.get("Vary") ?? "")
    .split(",")
    .some((field) => field.trim().toLowerCase() === lower);
}

/** A whole body made for one request, compressed at the cheap levels. */
export function compressForOneRequest(encoding: Encoding, body: Buffer): Promise<Buffer> {
  return encoding === "br"
    ? compress.br(body, {
        params: { ...brotliParams, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
      })
    : compress.gzip(body);
}

/** The response compressed for this request, or unchanged when that would not help. */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const headers = response.headers;
  if (
    !response.body ||
    request.method === "HEAD" ||
    response.status === 204 ||
    response.status === 304 ||
    headers.has("Content-Encoding") ||
    headers.get("Cache-Control")?.includes("no-transform") ||
    !isCompressible(headers.get("Content-Type"))
  ) {
    return response;
  }
  const length = headers.has("Content-Length") ? Number(headers.get("Content-Length")) : null;
  if (length !== null && length < MIN_BYTES) return response;

  const encoding = negotiateEncoding(request.headers.get("Accept-Encoding"));
  if (!varies(headers, "Accept-Encoding")) headers.append("Vary", "Accept-Encoding");
  if (!encoding) return response;

  const compressedHeaders = new Headers(headers);
  compressedHeaders.set("Content-Encoding", encoding);
  compressedHeaders.delete("Content-Length");
  const init = { status: response.status, statusText: response.statusText };

  if (length !== null && length <= MAX_BUFFERED_BYTES) {
    const body = await compressForOneRequest(encoding, Buffer.from(await response.arrayBuffer()));
    compressedHeaders.set("Content-Length", String(body.byteLength));
    return new Response(new Uint8Array(body), { ...init, headers: compressedHeaders });
  }

  const compressed = compressStream(encoding);
  // pipeline destroys both ends if either fails, so a render that aborts
  // ends the compressed stream with the same error.
  pipeline(
    // The DOM and Node typings of the same web stream differ only in name.
    Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>),
    compressed,
    () => {},
  );
  return new Response(Readable.toWeb(compressed) as ReadableStream<Uint8Array>, {
    ...init,
    headers: compressedHeaders,
  });
}
