import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { promisify } from "node:util";
import { fillHoles, freshValues, type Hole } from "~/server/pipeline/page-render";
import { log } from "~/platform/logger.server";
import { isLaterRevision } from "~/platform/live/revision-order";
import { isCompressible } from "./content-types";
import { negotiateEncoding, type Encoding } from "./compression";
import { type CompressedHoledBody, HoledBody, compressAroundHoles } from "./holed-body";

/** What a render gave: its response, and what it said about sharing it. */
export type PageRenderResult = {
  response: Response;
  /** The response may be served to anyone asking with the same key (its holes filled). */
  sameForEveryone: boolean;
  /** When what it shows stops being true (ms since the epoch). */
  until: number;
  /** Marks standing in for values each response gets afresh; none by default. */
  holes?: readonly Hole[];
  /**
   * The content revision its content was read at, the oldest of its reads
   * (null when one was not known; undefined when it read none). A page read
   * at an older revision than the one it is asked at (a last good copy
   * served while the database could not answer) is passed through, never
   * kept as that revision's.
   */
  contentRevision?: string | null;
};

export type PageCacheOptions = {
  /** Bodies kept, all encodings counted; the least recently served go first. */
  maxBytes?: number;
  /** A response larger than this is never kept. */
  maxPageBytes?: number;
  now?: () => number;
};

type Bytes = Uint8Array<ArrayBuffer>;

type Page = {
  key: string;
  status: number;
  /** Without Content-Length and Content-Encoding, which belong to each copy sent. */
  headers: Headers;
  until: number;
  bytes: number;
  /** Large enough to be worth compressing. */
  compressible: boolean;
} & (
  | {
      /** The same bytes for everyone: validated by ETag, compressed once per encoding. */
      holes: null;
      identity: Bytes;
      etag: string;
      encoded: Map<Encoding, Promise<Bytes>>;
    }
  | {
      /**
       * Filled in for each response: split at its holes, and compressed once per
       * encoding around them (null when it cannot be, and each response is
       * then compressed by the server as any other).
       */
      holes: readonly Hole[];
      body: HoledBody;
      encoded: Map<Encoding, Promise<CompressedHoledBody | null>>;
    }
);

/** Below this, compression costs more than it saves. */
const MIN_COMPRESSED_BYTES = 1024;

const NOT_COMPRESSED_AROUND_HOLES =
  "A kept page could not be compressed around its holes; its responses are compressed one by one";

/** Vary fields a key covers: the encoding is chosen here, cookies by the key's variant. */
const COVERED_VARY = new Set(["accept-encoding", "cookie"]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A page is compressed once for all the visitors it is served to, so it gets
 * the best settings: brotli's largest window and quality 11, gzip's level 9.
 */
async function compressOnce(encoding: Encoding, body: Uint8Array): Promise<Bytes> {
  const compressed = await (encoding === "br"
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzip(body, { level: 9 }));
  return new Uint8Array(compressed);
}

function etagOf(body: Uint8Array): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/** Whether a response varies on nothing but what the key and the encoding cover. */
function variesOnlyOnCovered(headers: Headers): boolean {
  const vary = headers.get("Vary");
  if (!vary) return true;
  return vary.split(",").every((field) => COVERED_VARY.has(field.trim().toLowerCase()));
}

function filledHeaders(headers: Headers, values: ReadonlyMap<string, string>): Headers {
  const filled = new Headers();
  for (const [name, value] of headers) filled.append(name, fillHoles(value, values));
  return filled;
}

/**
 * A response passed through (not kept) with its holes filled: headers always,
 * the body when it is text (a binary body cannot hold a mark).
 */
async function passThrough(
  response: Response,
  holes: readonly Hole[] | undefined,
): Promise<Response> {
  if (!holes?.length) return response;
  const values = freshValues(holes);
  const headers = filledHeaders(response.headers, values);
  if (!response.body || !isCompressible(headers.get("Content-Type"))) {
    return new Response(response.body, { status: response.status, headers });
  }
  const body = fillHoles(await response.text(), values);
  if (headers.has("Content-Length")) headers.set("Content-Length", String(Buffer.byteLength(body)));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Rendered pages kept in memory: one render per URL, variant and content
 * version, then served from here to everyone until the content moves on (a
 * new version drops them all) or what the page shows stops being true
 * (`until`). A page the same for everyone is compressed once per encoding
 * and has an ETag; a page with holes (a form's token, its nonce) is
 * compressed once per encoding around them, and each response's own values
 * are put in the holes of that copy as it is sent.
 *
 * Requests for a page being rendered wait for that render instead of starting
 * their own. Only text responses the render marked the same for everyone are
 * kept; everything else is passed through, its holes filled.
 */
export class PageCache {
  readonly #pages = new Map<string, Page>();
  readonly #renders = new Map<string, Promise<Page | null>>();
  readonly #maxBytes: number;
  readonly #maxPageBytes: number;
  readonly #now: () => number;
  #version: string | undefined;
  #bytes = 0;

  constructor({
    maxBytes = 32 * 1024 * 1024,
    maxPageBytes = 2 * 1024 * 1024,
    now = Date.now,
  }: PageCacheOptions = {}) {
    this.#maxBytes = maxBytes;
    this.#maxPageBytes = maxPageBytes;
    this.#now = now;
  }

  /** Bytes held, all encodings counted. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Pages held. */
  get size(): number {
    return this.#pages.size;
  }

  /**
   * The answer to a GET or HEAD for `key` at content `version`: the kept copy
   * when there is a current one (a HEAD never renders), else `render`'s.
   */
  async serve(
    request: Request,
    key: string,
    version: string,
    render: () => Promise<PageRenderResult>,
  ): Promise<Response> {
    if (version !== this.#version) {
      this.clear();
      this.#version = version;
    }
    const renderAlone = async () => {
      const { response, holes } = await render();
      return passThrough(response, holes);
    };
    const kept = this.#current(key);
    if (kept) return this.#respond(kept, request);
    if (request.method !== "GET") return renderAlone();

    const pending = this.#renders.get(key);
    if (pending) {
      const page = await pending;
      return page ? this.#respond(page, request) : renderAlone();
    }

    let passedThrough: Response | undefined;
    const rendering = render().then(async (result) => {
      const made = await this.#pageFrom(key, result);
      if (made instanceof Response) {
        passedThrough = await passThrough(made, result.holes);
        return null;
      }
      if (version === this.#version && readAtOrAfter(result.contentRevision, version)) {
        this.#keep(made);
      }
      return made;
    });
    this.#renders.set(key, rendering);
    try {
      const page = await rendering;
      return page ? this.#respond(page, request) : (passedThrough as Response);
    } finally {
      this.#renders.delete(key);
    }
  }

  /** Every page dropped. */
  clear() {
    this.#pages.clear();
    this.#bytes = 0;
  }

  #current(key: string): Page | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    this.#pages.delete(key);
    if (page.until <= this.#now()) {
      this.#bytes -= page.bytes;
      return undefined;
    }
    // Served again: the most recently used go last, the first to go are first.
    this.#pages.set(key, page);
    return page;
  }

  /** The page to keep from a render, or the response to pass through when there is none. */
  async #pageFrom(
    key: string,
    { response, sameForEveryone, until, holes = [] }: PageRenderResult,
  ): Promise<Page | Response> {
    const length = Number(response.headers.get("Content-Length") ?? Number.NaN);
    if (
      !sameForEveryone ||
      response.status !== 200 ||
      !response.body ||
      !isCompressible(response.headers.get("Content-Type")) ||
      !variesOnlyOnCovered(response.headers) ||
      response.headers.has("Content-Encoding") ||
      response.headers.has("Set-Cookie") ||
      until <= this.#now() ||
      length > this.#maxPageBytes
    ) {
      return response;
    }
    const identity = new Uint8Array(await response.arrayBuffer());
    if (identity.byteLength > this.#maxPageBytes) return new Response(identity, response);

    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    const compressible = identity.byteLength >= MIN_COMPRESSED_BYTES;
    if (compressible) headers.append("Vary", "Accept-Encoding");
    const common = { key, status: response.status, headers, until, compressible };
    const bytes = Buffer.from(identity.buffer, identity.byteOffset, identity.byteLength);
    // A hole the response does not show (a nonce taken out for hashes) needs no filling.
    const shown = holes.filter(
      ({ mark }) =>
        bytes.includes(mark) || [...headers.values()].some((value) => value.includes(mark)),
    );
    if (shown.length > 0) {
      const body = new HoledBody(
        identity,
        shown.map(({ mark }) => mark),
      );
      return {
        ...common,
        holes: shown,
        body,
        encoded: new Map(),
        bytes: body.textBytes,
      };
    }
    return {
      ...common,
      holes: null,
      identity,
      etag: etagOf(identity),
      encoded: new Map(),
      bytes: identity.byteLength,
    };
  }

  #kept(page: Page): boolean {
    return this.#pages.get(page.key) === page;
  }

  #keep(page: Page) {
    const replaced = this.#pages.get(page.key);
    if (replaced) this.#bytes -= replaced.bytes;
    this.#pages.set(page.key, page);
    this.#bytes += page.bytes;
    this.#evict();
  }

  /** The least recently served pages go until the rest fit. */
  #evict() {
    for (const [key, page] of this.#pages) {
      if (this.#bytes <= this.#maxBytes) return;
      this.#pages.delete(key);
      this.#bytes -= page.bytes;
    }
  }

  /** `make()`, once per page and encoding, its bytes counted with the page's while it is kept. */
  #once<T>(
    page: Page,
    encoded: Map<Encoding, Promise<T>>,
    encoding: Encoding,
    make: () => Promise<T>,
    size: (made: T) => number,
  ): Promise<T> {
    let made = encoded.get(encoding);
    if (!made) {
      made = make();
      encoded.set(encoding, made);
      made.then(
        (result) => {
          const bytes = size(result);
          page.bytes += bytes;
          if (this.#kept(page)) {
            this.#bytes += bytes;
            this.#evict();
          }
        },
        () => encoded.delete(encoding),
      );
    }
    return made;
  }

  /** The body in `encoding`, compressed the first time it is asked for. */
  #encoded(page: Page & { holes: null }, encoding: Encoding): Promise<Bytes> {
    return this.#once(
      page,
      page.encoded,
      encoding,
      () => compressOnce(encoding, page.identity),
      (compressed) => compressed.byteLength,
    );
  }

  /**
   * The holed body in `encoding`, compressed around its holes the first time
   * it is asked for, for values of the lengths that response's have (each
   * hole's values are all one length: a UUID's, a nonce's).
   */
  #holedEncoded(
    page: Page & { holes: readonly Hole[] },
    encoding: Encoding,
    values: readonly Uint8Array[],
  ): Promise<CompressedHoledBody | null> {
    return this.#once(
      page,
      page.encoded,
      encoding,
      async () => {
        const lengths = values.map((value) => value.byteLength);
        const fields = { key: page.key, encoding };
        try {
          const compressed = await compressAroundHoles(page.body, encoding, lengths);
          if (!compressed) log.warn(NOT_COMPRESSED_AROUND_HOLES, fields);
          return compressed;
        } catch (error) {
          log.warn(NOT_COMPRESSED_AROUND_HOLES, { ...fields, error });
          return null;
        }
      },
      (compressed) => compressed?.keptBytes ?? 0,
    );
  }

  async #respond(page: Page, request: Request): Promise<Response> {
    const init = { status: page.status };
    const encoding = page.compressible
      ? negotiateEncoding(request.headers.get("Accept-Encoding"))
      : null;
    if (page.holes) {
      const values = freshValues(page.holes);
      const headers = filledHeaders(page.headers, values);
      const bytes = page.holes.map(({ mark }) => Buffer.from(values.get(mark) ?? ""));
      const kept = encoding ? await this.#holedEncoded(page, encoding, bytes) : null;
      // Values of another length than the kept copy's go into the plain body,
      // which the server then compresses as it would any response.
      const compressed = kept?.fits(bytes) ? kept : null;
      const body = compressed ? compressed.fill(bytes) : page.body.fill(bytes);
      if (compressed) headers.set("Content-Encoding", compressed.encoding);
      headers.set("Content-Length", String(body.byteLength));
      return new Response(request.method === "HEAD" ? null : body, { ...init, headers });
    }

    const headers = new Headers(page.headers);
    headers.set("ETag", page.etag);
    const ifNoneMatch = request.headers.get("If-None-Match");
    if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag === page.etag || tag === "*")) {
      return new Response(null, { status: 304, headers });
    }
    const body = encoding ? await this.#encoded(page, encoding) : page.identity;
    if (encoding) headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(request.method === "HEAD" ? null : body, { ...init, headers });
  }
}

/** Whether content read at `read` (see `PageRenderResult`) is as new as `version`. */
function readAtOrAfter(read: string | null | undefined, version: string): boolean {
  return read === undefined || (read !== null && !isLaterRevision(version, read));
}
