import { createReadStream } from "node:fs";
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { cacheControl } from "~/platform/cache-control";
import { ENCODINGS, negotiateEncoding, type Encoding } from "./compression";
import { contentTypeFor } from "./content-types";

/** One stored form of a file: as built, or a precompressed copy. */
type Variant = {
  size: number;
  filePath: string;
  /** The bytes, for variants small enough to keep in memory. */
  body?: Buffer;
};

type StaticFile = {
  type: string;
  etag: string;
  lastModified: string;
  cacheControl: string;
  identity: Variant;
  /** Brotli and gzip copies written by the build. */
  encoded: Partial<Record<Encoding, Variant>>;
};

/** Variants above this size are streamed from disk instead of held in memory. */
const IN_MEMORY_LIMIT = 512 * 1024;

async function* walk(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(entryPath);
    else if (entry.isFile()) yield entryPath;
  }
}

async function loadVariant(filePath: string): Promise<Variant | undefined> {
  const stats = await stat(filePath).catch(() => undefined);
  if (!stats?.isFile()) return undefined;
  const body = stats.size <= IN_MEMORY_LIMIT ? await readFile(filePath) : undefined;
  return { size: stats.size, filePath, body };
}

function bodyOf(variant: Variant): ReadableStream<Uint8Array> {
  if (!variant.body) {
    return Readable.toWeb(createReadStream(variant.filePath)) as ReadableStream<Uint8Array>;
  }
  // One chunk over the stored bytes: handing Response a buffer would copy it.
  const bytes = new Uint8Array(
    variant.body.buffer,
    variant.body.byteOffset,
    variant.body.byteLength,
  );
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * The build's client files (hashed assets and the copies of public/), indexed
 * once at start. A request can only ever reach a file in this index: there is
 * no path from a URL to the file system, so no traversal to guard against.
 */
export class StaticFiles {
  private constructor(private readonly files: ReadonlyMap<string, StaticFile>) {}

  static async load(root: string): Promise<StaticFiles> {
    const files = new Map<string, StaticFile>();
    for await (const filePath of walk(root)) {
      if (filePath.endsWith(".br") || filePath.endsWith(".gz")) continue;
      const urlPath = `/${path.relative(root, filePath).split(path.sep).join("/")}`;
      const stats = await stat(filePath);
      const [identity, br, gzip] = await Promise.all([
        loadVariant(filePath),
        loadVariant(`${filePath}.br`),
        loadVariant(`${filePath}.gz`),
      ]);
      if (!identity) continue;
      files.set(urlPath, {
        type: contentTypeFor(filePath),
        etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
        lastModified: stats.mtime.toUTCString(),
        cacheControl: urlPath.startsWith("/assets/")
          ? cacheControl.immutable
          : cacheControl.publicFile,
        identity,
        encoded: { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
      });
    }
    return new StaticFiles(files);
  }

  /** The file's response, or null when the request is not for a static file. */
  serve(request: Request): Response | null {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return null;
    }
    const file = this.files.get(pathname);
    if (!file) return null;

    const headers = new Headers({
      "Content-Type": file.type,
      "Cache-Control": file.cacheControl,
      ETag: file.etag,
      "Last-Modified": file.lastModified,
    });
    const available = ENCODINGS.filter((encoding) => file.encoded[encoding]);
    if (available.length > 0) headers.set("Vary", "Accept-Encoding");

    if (
      request.headers
        .get("If-None-Match")
        ?.split(/\s*,\s*/)
        .includes(file.etag)
    ) {
      return new Response(null, { status: 304, headers });
    }

    const encoding = negotiateEncoding(request.headers.get("Accept-Encoding"), available);
    const variant = (encoding && file.encoded[encoding]) || file.identity;
    if (encoding) headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(variant.size));
    if (request.method === "HEAD") return new Response(null, { headers });
    return new Response(bodyOf(variant), { headers });
  }
}
