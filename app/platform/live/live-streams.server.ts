import { cacheControl } from "../cache-control";
import type { LiveMode, RevisionFeed } from "./revision-feed.server";

/** A comment on every open stream this often, so no proxy takes it for idle (the seed's heartbeat). */
export const HEARTBEAT_MS = 25_000;

/** A stream more than this many events behind is ended (the seed's push buffer). */
export const PUSH_BUFFER_EVENTS = 100;

/** How long a browser waits before reconnecting a stream that ended (the `retry:` field). */
export const RECONNECT_MS = 1_000;

/** When the streams are full, how long the page is asked to wait (it polls /live/revision meanwhile). */
export const FULL_RETRY_AFTER_SECONDS = 60;

const encoder = new TextEncoder();
const RETRY = encoder.encode(`retry: ${RECONNECT_MS}\n\n`);
const HEARTBEAT = encoder.encode(": heartbeat\n\n");

/** One revision as a Server-Sent Event. */
export function revisionEvent(revision: string): string {
  return `id: ${revision}\nevent: revision\ndata: ${JSON.stringify({ revision })}\n\n`;
}

/** A stream ended because its client fell more than PUSH_BUFFER_EVENTS behind. */
export class StreamFellBehindError extends Error {
  override name = "StreamFellBehindError";
}

const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  // nginx and proxies like it pass each event on as it comes instead of buffering.
  "X-Accel-Buffering": "no",
} as const;

export type LiveStatus = { mode: LiveMode; streams: number };

export type LiveStreamsOptions = {
  feed: RevisionFeed;
  /** At most this many streams open at once (LIVE_MAX_STREAMS); more are refused with 503. */
  maxStreams: number;
  heartbeatMs?: number;
  bufferEvents?: number;
};

type Stream = ReadableStreamDefaultController<Uint8Array>;

/**
 * The open `/live` streams of this process, fed by one subscription to the
 * revision feed (taken while any stream is open) and one heartbeat timer.
 * Each new revision is encoded once and queued on every stream; a stream
 * whose client reads too slowly to keep its queue under `bufferEvents` is
 * ended, so a stuck client costs at most that much.
 */
export class LiveStreams {
  readonly #feed: RevisionFeed;
  readonly #maxStreams: number;
  readonly #heartbeatMs: number;
  readonly #bufferEvents: number;
  readonly #streams = new Set<Stream>();
  #unsubscribe: (() => void) | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #closing = false;

  constructor({
    feed,
    maxStreams,
    heartbeatMs = HEARTBEAT_MS,
    bufferEvents = PUSH_BUFFER_EVENTS,
  }: LiveStreamsOptions) {
    this.#feed = feed;
    this.#maxStreams = maxStreams;
    this.#heartbeatMs = heartbeatMs;
    this.#bufferEvents = bufferEvents;
  }

  /** For /healthz: how changes are learnt, and how many streams are open. */
  status(): LiveStatus {
    return { mode: this.#feed.mode, streams: this.#streams.size };
  }

  /** The current revision, for /live/revision; undefined when it cannot be read. */
  revision(): Promise<string | undefined> {
    return this.#feed.current();
  }

  /**
   * The answer to `GET /live`: a stream that says `retry:`, then the current
   * revision, then each new one, with a heartbeat comment between; 503 with
   * `Retry-After` when `maxStreams` are open. While shutting down, a stream
   * that only says `retry:` and ends, so the browser reconnects elsewhere.
   * A HEAD gets the stream's headers alone.
   */
  async open(request: Request): Promise<Response> {
    if (request.method === "HEAD") return new Response(null, { headers: STREAM_HEADERS });
    if (this.#closing) return new Response(RETRY, { headers: STREAM_HEADERS });
    if (this.#streams.size >= this.#maxStreams) return full();
    // Known at once while listening; otherwise read (one read a second, shared: RevisionFeed.current).
    await this.#feed.current();
    if (this.#closing) return new Response(RETRY, { headers: STREAM_HEADERS });
    if (this.#streams.size >= this.#maxStreams) return full();

    let stream: Stream | undefined;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          stream = controller;
          controller.enqueue(RETRY);
          // Read in the same turn as the stream joins: no revision falls between.
          const latest = this.#feed.latest;
          if (latest !== undefined) controller.enqueue(encoder.encode(revisionEvent(latest)));
          this.#add(controller);
        },
        cancel: () => {
          if (stream) this.#remove(stream);
        },
      },
      new CountQueuingStrategy({ highWaterMark: this.#bufferEvents }),
    );
    return new Response(body, { headers: STREAM_HEADERS });
  }

  /**
   * Ends every open stream (on SIGTERM), and from now on answers a new one
   * with `retry:` alone: browsers reconnect, through the proxy, to a server
   * that is staying. Returns how many were open.
   */
  closeAll(): number {
    this.#closing = true;
    const open = this.#streams.size;
    for (const stream of [...this.#streams]) {
      this.#remove(stream);
      try {
        stream.close();
      } catch {
        // Already closed by its client.
      }
    }
    return open;
  }

  #add(stream: Stream) {
    this.#streams.add(stream);
    this.#unsubscribe ??= this.#feed.subscribe((revision) =>
      this.#pushAll(encoder.encode(revisionEvent(revision))),
    );
    if (!this.#heartbeat) {
      this.#heartbeat = setInterval(() => this.#pushAll(HEARTBEAT), this.#heartbeatMs);
      this.#heartbeat.unref();
    }
  }

  #remove(stream: Stream) {
    if (!this.#streams.delete(stream) || this.#streams.size > 0) return;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  /** Queues `chunk` on every stream; one already `bufferEvents` behind is ended instead. */
  #pushAll(chunk: Uint8Array) {
    for (const stream of [...this.#streams]) {
      if ((stream.desiredSize ?? 0) <= 0) {
        this.#remove(stream);
        // Drops what it had queued; the response is cut.
        stream.error(
          new StreamFellBehindError(
            `A live stream fell more than ${this.#bufferEvents} events behind and was ended`,
          ),
        );
      } else {
        try {
          stream.enqueue(chunk);
        } catch {
          // Closed by its client a moment ago; its cancel lets it go, or this does.
          this.#remove(stream);
        }
      }
    }
  }
}

function full(): Response {
  return Response.json(
    {
      error: "Too many live connections just now: check /live/revision instead.",
      retryAfterSeconds: FULL_RETRY_AFTER_SECONDS,
    },
    {
      status: 503,
      headers: {
        "Cache-Control": cacheControl.noStore,
        "Retry-After": String(FULL_RETRY_AFTER_SECONDS),
      },
    },
  );
}
