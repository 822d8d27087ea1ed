import { createReadStream } from "node:fs";
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { cacheControl } from "~/lib/cache-control";
import { negotiateEncoding, type Encoding } from "./compression";
import { contentTypeFor } from "./content-types";

type StaticFile = {
  type: string;
  size: number;
  etag: string;
  lastModified: string;
  cacheControl: string;
  /** The bytes, for files small enough to keep in memory. */
  body?: Buffer;
  /** Where to stream a larger file from. */
  filePath: string;
  /** Precompressed copies written by the build. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

/** Files above this size are streamed from disk instead of held in memory. */
const IN_MEMORY_LIMIT = 512 * 1024;

async function* walk(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* walk(entryPath);
    else if (entry.isFile()) yield entryPath;
  }
}

async function readIfExists(filePath: string): Promise<Buffer | undefined> {
  try {
    return await readFile(filePath);
  } catch {
    return undefined;
  }
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
      const inMemory = stats.size <= IN_MEMORY_LIMIT;
      const [body, br, gzip] = await Promise.all([
        inMemory ? readFile(filePath) : undefined,
        inMemory ? readIfExists(`${filePath}.br`) : undefined,
        inMemory ? readIfExists(`${filePath}.gz`) : undefined,
      ]);
      files.set(urlPath, {
        type: contentTypeFor(filePath),
        size: stats.size,
        etag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
        lastModified: stats.mtime.toUTCString(),
        cacheControl: urlPath.startsWith("/assets/")
          ? cacheControl.immutable
          : cacheControl.publicFile,
        body,
        filePath,
        encoded: { ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) },
      });
    }
    return new StaticFiles(files);
  }

  get size(): number {
    return this.files.size;
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
    const encodings = Object.keys(file.encoded);
    if (encodings.length > 0) headers.set("Vary", "Accept-Encoding");

    if (
      request.headers
        .get("If-None-Match")
        ?.split(/\s*,\s*/)
        .includes(file.etag)
    ) {
      return new Response(null, { status: 304, headers });
    }

    const encoding = negotiateEncoding(request.headers.get("Accept-Encoding"));
    const encoded = encoding ? file.encoded[encoding] : undefined;
    if (encoding && encoded) headers.set("Content-Encoding", encoding);
    const body = encoded ?? file.body;
    headers.set("Content-Length", String(body?.byteLength ?? file.size));

    if (request.method === "HEAD") return new Response(null, { headers });
    if (body) return new Response(new Uint8Array(body), { headers });
    return new Response(
      Readable.toWeb(createReadStream(file.filePath)) as ReadableStream<Uint8Array>,
      { headers },
    );
  }
}
