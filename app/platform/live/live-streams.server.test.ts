import { afterEach, describe, expect, test, vi } from "vitest";
import { stubDatabase } from "../database/database.test-support";
import {
  FULL_RETRY_AFTER_SECONDS,
  HEARTBEAT_MS,
  LiveStreams,
  PUSH_BUFFER_EVENTS,
  StreamFellBehindError,
} from "./live-streams.server";
import { ContentRevision } from "./content-revision.server";
import { RevisionFeed } from "./revision-feed.server";

const noDatabase = stubDatabase();

/** A feed whose revision the test moves with `publish`; it reads `revision.now` when asked. */
function testFeed(start = "41") {
  const revision = { now: start };
  const feed = new RevisionFeed({
    database: async () => noDatabase,
    revision: new ContentRevision({ read: async () => revision.now }),
    log: { info() {}, warn() {} },
  });
  return { feed, revision };
}

const decoder = new TextDecoder();
const request = (init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request("http://localhost/live", init);

/** Reads the next chunk of a stream as text. */
async function next(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value, done } = await reader.read();
  return done ? "<end>" : decoder.decode(value);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /live", () => {
  test("an event stream, not stored, not buffered: retry first, then the current revision", async () => {
    const { feed } = testFeed("41");
    const live = new LiveStreams({ feed, maxStreams: 10 });
    const response = await live.open(request());
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    expect(response.headers.has("Content-Encoding")).toBe(false);
    const reader = response.body!.getReader();
    expect(await next(reader)).toBe("retry: 1000\n\n");
    expect(await next(reader)).toBe('id: 41\nevent: revision\ndata: {"revision":"41"}\n\n');
    expect(live.status()).toEqual({ mode: "poll", streams: 1 });

    feed.publish("42");
    expect(await next(reader)).toBe('id: 42\nevent: revision\ndata: {"revision":"42"}\n\n');
    await reader.cancel();
    expect(live.status().streams).toBe(0);
  });

  test("one event reaches every open stream; a stream closed by its client is let go", async () => {
    const { feed } = testFeed("7");
    const live = new LiveStreams({ feed, maxStreams: 10 });
    const readers = await Promise.all(
      [1, 2, 3].map(async () => (await live.open(request())).body!.getReader()),
    );
    for (const reader of readers) {
      await next(reader);
      await next(reader);
    }
    await readers[0]!.cancel();
    expect(live.status().streams).toBe(2);
    feed.publish("8");
    for (const reader of readers.slice(1)) expect(await next(reader)).toMatch(/^id: 8\n/);
    for (const reader of readers.slice(1)) await reader.cancel();
    expect(live.status().streams).toBe(0);
  });

  test("a heartbeat comment every 25 s", async () => {
    vi.useFakeTimers();
    const { feed } = testFeed();
    const live = new LiveStreams({ feed, maxStreams: 10 });
    const reader = (await live.open(request())).body!.getReader();
    await next(reader);
    await next(reader);
    let chunk: string | undefined;
    void next(reader).then((text) => (chunk = text));
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - 1);
    expect(chunk).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(chunk).toBe(": heartbeat\n\n");
    void next(reader).then((text) => (chunk = text));
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(chunk).toBe(": heartbeat\n\n");
    await reader.cancel();
    // With no stream open, no timer is left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  test("a client more than 100 events behind is ended; the others go on", async () => {
    const { feed } = testFeed("1");
    const live = new LiveStreams({ feed, maxStreams: 10 });
    const slow = (await live.open(request())).body!.getReader();
    const quick = (await live.open(request())).body!.getReader();
    await next(quick);
    await next(quick);
    // The slow one reads nothing at all: with retry and the first event, 100 are queued…
    for (let revision = 2; revision < PUSH_BUFFER_EVENTS; revision++) {
      feed.publish(String(revision));
      await next(quick);
    }
    expect(live.status().streams).toBe(2);
    // …and one more is one too many.
    feed.publish(String(PUSH_BUFFER_EVENTS));
    expect(live.status().streams).toBe(1);
    await expect(slow.read()).rejects.toBeInstanceOf(StreamFellBehindError);
    expect(await next(quick)).toMatch(new RegExp(`^id: ${PUSH_BUFFER_EVENTS}\\n`));
    await quick.cancel();
  });

  test("past the maximum, 503 with Retry-After and a JSON body; a place freed is taken again", async () => {
    const { feed } = testFeed();
    const live = new LiveStreams({ feed, maxStreams: 2 });
    const open = [await live.open(request()), await live.open(request())];
    const refused = await live.open(request());
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe(String(FULL_RETRY_AFTER_SECONDS));
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await refused.json()).toMatchObject({
      error: expect.stringMatching(/\/live\/revision/),
    });
    await open[0]!.body!.cancel();
    const again = await live.open(request());
    expect(again.status).toBe(200);
    await again.body!.cancel();
    await open[1]!.body!.cancel();
  });

  test("LIVE_MAX_STREAMS=0 refuses every stream", async () => {
    const live = new LiveStreams({ feed: testFeed().feed, maxStreams: 0 });
    expect((await live.open(request())).status).toBe(503);
  });

  test("on shutdown every stream ends cleanly; a new one is told to retry and ends", async () => {
    const { feed } = testFeed("5");
    const live = new LiveStreams({ feed, maxStreams: 10 });
    const readers = await Promise.all(
      [1, 2].map(async () => (await live.open(request())).body!.getReader()),
    );
    expect(live.closeAll()).toBe(2);
    for (const reader of readers) {
      expect(await next(reader)).toBe("retry: 1000\n\n");
      expect(await next(reader)).toMatch(/^id: 5\n/);
      expect(await next(reader)).toBe("<end>");
    }
    expect(live.status().streams).toBe(0);
    const late = await live.open(request());
    expect(late.status).toBe(200);
    expect(await late.text()).toBe("retry: 1000\n\n");
  });

  test("HEAD: the stream's headers, no stream kept open", async () => {
    const live = new LiveStreams({ feed: testFeed().feed, maxStreams: 10 });
    const response = await live.open(request({ method: "HEAD" }));
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.body).toBeNull();
    expect(live.status().streams).toBe(0);
  });

  test("while the revision cannot be read the stream opens with retry alone, and the revision follows", async () => {
    const failing = new RevisionFeed({
      database: async () => noDatabase,
      revision: new ContentRevision({ read: () => Promise.reject(new Error("database down")) }),
      log: { info() {}, warn() {} },
    });
    const live = new LiveStreams({ feed: failing, maxStreams: 10 });
    const reader = (await live.open(request())).body!.getReader();
    expect(await next(reader)).toBe("retry: 1000\n\n");
    failing.publish("9");
    expect(await next(reader)).toMatch(/^id: 9\n/);
    await reader.cancel();
  });
});
