import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { LIVE_REVISION_PATH } from "./live-paths";
import {
  CHANGE_MARGIN_MS,
  LONGEST_TIMER_MS,
  LiveChannel,
  PAST_CHANGE_RETRIES,
  PAST_CHANGE_RETRY_MS,
  POLL_INTERVAL_MS,
  RECONNECT_BACKOFF_MS,
  REVALIDATE_RETRIES,
  REVALIDATE_RETRY_MS,
  STREAM_RETRY_WHILE_POLLING_MS,
  TIME_OUT_MS,
  type LiveEnvironment,
  type StreamHandlers,
} from "./live-channel";

/** A stand-in for EventSource: the test opens, feeds and fails it. */
class FakeStream {
  closed = false;
  constructor(readonly handlers: StreamHandlers) {}
  close() {
    this.closed = true;
  }
  open() {
    this.handlers.open();
  }
  revision(revision: string) {
    this.handlers.revision(revision);
  }
  fail({ closed = false } = {}) {
    this.handlers.error(closed);
  }
}

type Poll = { url: string; ifNoneMatch: string | null };

function setUp({
  revision = "10",
  visible = true,
  answer = () => revisionAnswer("10"),
  eventSource = true,
}: {
  revision?: string | null;
  visible?: boolean;
  eventSource?: boolean;
  answer?: () => Response | Promise<Response>;
} = {}) {
  const streams: FakeStream[] = [];
  const polls: Poll[] = [];
  const state = { visible, answer, announcements: 0, revalidations: 0 };
  const revalidate = vi.fn(async () => {
    state.revalidations += 1;
  });
  const env: LiveEnvironment = {
    openStream(handlers) {
      if (!eventSource) throw new ReferenceError("EventSource is not defined");
      const stream = new FakeStream(handlers);
      streams.push(stream);
      return stream;
    },
    async fetch(url, init) {
      const headers = new Headers(init.headers);
      polls.push({ url, ifNoneMatch: headers.get("If-None-Match") });
      // As fetch does, an abort ends the wait for an answer.
      return Promise.race([
        state.answer(),
        new Promise<never>((_, reject) =>
          init.signal?.addEventListener("abort", () =>
            reject(new DOMException("The operation was aborted.", "AbortError")),
          ),
        ),
      ]);
    },
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    visible: () => state.visible,
    revalidate,
    announce: () => void (state.announcements += 1),
  };
  const channel = new LiveChannel(env, revision);
  const latestStream = () => streams.at(-1)!;
  return { channel, streams, polls, state, revalidate, latestStream };
}

function revisionAnswer(revision: string, status = 200): Response {
  if (status === 304)
    return new Response(null, { status: 304, headers: { ETag: `"${revision}"` } });
  return new Response(JSON.stringify({ revision }), {
    status,
    headers: { "Content-Type": "application/json", ETag: `"${revision}"` },
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-27T02:59:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("following the revision", () => {
  test("opens the stream at start and does nothing while the revision is the page's", async () => {
    const { channel, streams, revalidate } = setUp();
    channel.start();
    expect(streams).toHaveLength(1);
    streams[0]!.open();
    streams[0]!.revision("10");
    await vi.runAllTimersAsync();
    expect(revalidate).not.toHaveBeenCalled();
  });

  test("a new revision revalidates, and is announced once the page shows it", async () => {
    const { channel, latestStream, revalidate, state } = setUp();
    channel.start();
    latestStream().open();
    latestStream().revision("11");
    expect(revalidate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.announcements).toBe(0);
    channel.pageShows("11");
    expect(state.announcements).toBe(1);
    // Nothing more: the page is up to date.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  test("revalidates again, a second later, while the page still shows an older revision", async () => {
    const { channel, latestStream, revalidate, state } = setUp();
    channel.start();
    latestStream().revision("11");
    await vi.advanceTimersByTimeAsync(0);
    // The server had not seen the move yet: the page came back at 10.
    expect(revalidate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REVALIDATE_RETRY_MS);
    expect(revalidate).toHaveBeenCalledTimes(2);
    channel.pageShows("11");
    expect(state.announcements).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  test("backs off while the page stays behind (a server on its last good copy), and gives up after ten tries until the next revision", async () => {
    const { channel, latestStream, revalidate } = setUp();
    channel.start();
    latestStream().open();
    latestStream().revision("11");
    await vi.advanceTimersByTimeAsync(0);
    // Tried again after 1, 2, 4, 8 and 16 s, then every 30 s.
    const calls: number[] = [];
    for (const wait of [1, 2, 4, 8, 16, 30, 30, 30, 30, 30]) {
      await vi.advanceTimersByTimeAsync(wait * 1000 - 1);
      calls.push(revalidate.mock.calls.length);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(calls).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(revalidate).toHaveBeenCalledTimes(REVALIDATE_RETRIES + 1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(revalidate).toHaveBeenCalledTimes(REVALIDATE_RETRIES + 1);
    // A new revision starts again, and the server answering at last brings it.
    latestStream().revision("12");
    expect(revalidate).toHaveBeenCalledTimes(REVALIDATE_RETRIES + 2);
    channel.pageShows("12");
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(revalidate).toHaveBeenCalledTimes(REVALIDATE_RETRIES + 2);
  });

  test("a newer revision heard while a revalidation runs starts it again at once; the same one does not", async () => {
    const { channel, latestStream, revalidate, state } = setUp();
    let finish = () => {};
    // As the router does: a revalidation started again settles once, for both.
    const running = new Promise<void>((resolve) => (finish = resolve));
    revalidate.mockImplementation(() => running);
    channel.start();
    latestStream().revision("11");
    latestStream().revision("11");
    expect(revalidate).toHaveBeenCalledTimes(1);
    latestStream().revision("12");
    expect(revalidate).toHaveBeenCalledTimes(2);
    finish();
    channel.pageShows("12");
    await vi.advanceTimersByTimeAsync(60_000);
    expect(revalidate).toHaveBeenCalledTimes(2);
    expect(state.announcements).toBe(1);
  });

  test("a revision heard while the clock's revalidation runs starts it again", async () => {
    const { channel, latestStream, revalidate } = setUp();
    revalidate.mockImplementation(() => new Promise<void>(() => {}));
    channel.start();
    latestStream().open();
    channel.changesAt(Date.now());
    await vi.advanceTimersByTimeAsync(CHANGE_MARGIN_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
    latestStream().revision("11");
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  test("a page whose revision the server could not tell catches up on the first event", () => {
    const { channel, latestStream, revalidate } = setUp({ revision: null });
    channel.start();
    latestStream().revision("10");
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});

describe("reconnecting", () => {
  test("backs off 1, 2, 5 and 10 s, then falls back to polling", async () => {
    const { channel, streams, polls } = setUp();
    channel.start();
    const waits: number[] = [];
    for (let failure = 0; failure < RECONNECT_BACKOFF_MS.length; failure += 1) {
      const before = streams.length;
      streams.at(-1)!.fail();
      expect(streams.at(-1)!.closed).toBe(true);
      const started = Date.now();
      while (streams.length === before) await vi.advanceTimersByTimeAsync(100);
      waits.push(Date.now() - started);
    }
    expect(waits).toEqual([1000, 2000, 5000, 10_000]);
    expect(channel.mode).toBe("stream");
    streams.at(-1)!.fail();
    expect(streams.at(-1)!.closed).toBe(true);
    expect(channel.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toHaveLength(1);
    expect(polls[0]!.url).toBe(LIVE_REVISION_PATH);
  });

  test("an open stream that ends is left to the browser's own reconnection (Last-Event-ID)", async () => {
    const { channel, streams } = setUp();
    channel.start();
    streams[0]!.open();
    streams[0]!.revision("10");
    streams[0]!.fail();
    expect(streams[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[0]);
    expect(streams).toHaveLength(1);
    expect(streams[0]!.closed).toBe(false);
    // The browser's reconnection fails too: the back-off takes over at its second step.
    streams[0]!.fail();
    expect(streams[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[1] - 1);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
  });

  test("a stream that opens again starts the back-off afresh", async () => {
    const { channel, streams } = setUp();
    channel.start();
    streams[0]!.fail();
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[0]);
    streams[1]!.fail();
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[1]);
    streams[2]!.open();
    streams[2]!.revision("10");
    streams[2]!.fail();
    streams[2]!.fail();
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[1]);
    expect(streams).toHaveLength(4);
    expect(channel.mode).toBe("stream");
  });

  test("a stream not open within the time-out (10 s) has failed, and is tried again after the back-off", async () => {
    const { channel, streams } = setUp();
    channel.start();
    await vi.advanceTimersByTimeAsync(TIME_OUT_MS - 1);
    expect(streams[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[0]);
    expect(streams).toHaveLength(2);
    // This one opens in time: no more failures counted.
    streams[1]!.open();
    await vi.advanceTimersByTimeAsync(10 * TIME_OUT_MS);
    expect(streams[1]!.closed).toBe(false);
    expect(streams).toHaveLength(2);
  });

  test("the browser's own reconnection is given the time-out too", async () => {
    const { channel, streams } = setUp();
    channel.start();
    streams[0]!.open();
    streams[0]!.fail();
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[0] + TIME_OUT_MS);
    expect(streams[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_BACKOFF_MS[1]);
    expect(streams).toHaveLength(2);
  });

  test("a stream refused at open (503 past the server's limit) falls back to polling at once", async () => {
    const { channel, streams, polls } = setUp();
    channel.start();
    streams[0]!.fail({ closed: true });
    expect(streams[0]!.closed).toBe(true);
    expect(channel.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toHaveLength(1);
  });

  test("a browser without EventSource polls", async () => {
    const { channel, streams, polls } = setUp({ eventSource: false });
    channel.start();
    expect(streams).toHaveLength(0);
    expect(channel.mode).toBe("polling");
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toHaveLength(1);
  });
});

describe("polling", () => {
  async function polling(options: Parameters<typeof setUp>[0] = {}) {
    const setup = setUp(options);
    setup.channel.start();
    setup.latestStream().fail({ closed: true });
    await vi.advanceTimersByTimeAsync(0);
    return setup;
  }

  test("asks every few seconds, sending the last ETag, and a 304 changes nothing", async () => {
    let next = revisionAnswer("10");
    const { polls, revalidate, state } = await polling({ answer: () => next });
    expect(polls[0]!.ifNoneMatch).toBeNull();
    next = revisionAnswer("10", 304);
    state.answer = () => next;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls).toHaveLength(2);
    expect(polls[1]!.ifNoneMatch).toBe('"10"');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls).toHaveLength(3);
    expect(revalidate).not.toHaveBeenCalled();
  });

  test("a new revision in a poll revalidates and the ETag moves on", async () => {
    const { polls, revalidate, state, channel } = await polling();
    state.answer = () => revisionAnswer("11");
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
    channel.pageShows("11");
    expect(state.announcements).toBe(1);
    state.answer = () => revisionAnswer("11", 304);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls.at(-1)!.ifNoneMatch).toBe('"11"');
  });

  test("a failed poll is tried again at the next interval", async () => {
    const { polls, state } = await polling();
    state.answer = () => Promise.reject(new TypeError("Failed to fetch"));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls).toHaveLength(3);
  });

  test("a poll not answered within the time-out is given up, and the next one asked", async () => {
    const { polls, state } = await polling();
    state.answer = () => new Promise<never>(() => {});
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(polls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(TIME_OUT_MS + POLL_INTERVAL_MS);
    expect(polls).toHaveLength(3);
  });

  test("tries the stream again after a minute, and polls again when it fails", async () => {
    const { channel, streams, polls } = await polling();
    await vi.advanceTimersByTimeAsync(STREAM_RETRY_WHILE_POLLING_MS);
    expect(streams).toHaveLength(2);
    expect(channel.mode).toBe("stream");
    const asked = polls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + 1);
    expect(polls).toHaveLength(asked);
    streams[1]!.fail();
    expect(channel.mode).toBe("polling");
  });
});

describe("a hidden tab", () => {
  test("closes the stream, stops every timer, and on return reconnects at once", async () => {
    const { channel, streams, state, polls } = setUp();
    channel.start();
    streams[0]!.open();
    state.visible = false;
    channel.visibilityChanged();
    expect(streams[0]!.closed).toBe(true);
    expect(channel.mode).toBe("paused");
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(streams).toHaveLength(1);
    expect(polls).toHaveLength(0);
    state.visible = true;
    channel.visibilityChanged();
    expect(streams).toHaveLength(2);
    expect(channel.mode).toBe("stream");
  });

  test("stops polling while hidden, and tries the stream first on return", async () => {
    const { channel, streams, state, polls } = setUp();
    channel.start();
    streams[0]!.fail({ closed: true });
    await vi.advanceTimersByTimeAsync(0);
    state.visible = false;
    channel.visibilityChanged();
    const asked = polls.length;
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(polls).toHaveLength(asked);
    state.visible = true;
    channel.visibilityChanged();
    expect(streams).toHaveLength(2);
    expect(channel.mode).toBe("stream");
  });

  test("a page opened in a hidden tab waits until it is shown", () => {
    const { channel, streams, state } = setUp({ visible: false });
    channel.start();
    expect(streams).toHaveLength(0);
    state.visible = true;
    channel.visibilityChanged();
    expect(streams).toHaveLength(1);
  });

  test("stop closes everything for good", async () => {
    const { channel, streams, revalidate } = setUp();
    channel.start();
    channel.changesAt(Date.now() + 60_000);
    channel.stop();
    expect(streams[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    channel.visibilityChanged();
    expect(streams).toHaveLength(1);
    expect(revalidate).not.toHaveBeenCalled();
  });
});

describe("the clock", () => {
  test("revalidates just after the next change, without announcing it", async () => {
    const { channel, revalidate, state, latestStream } = setUp();
    channel.start();
    latestStream().open();
    const kitchenCloses = Date.now() + 60_000;
    channel.changesAt(kitchenCloses);
    await vi.advanceTimersByTimeAsync(60_000 + CHANGE_MARGIN_MS - 1);
    expect(revalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(state.announcements).toBe(0);
    // The new data names the next moment: the timer is armed for it.
    channel.changesAt(kitchenCloses + 60 * 60_000);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  test("a moment past the longest timer is waited for in steps, not fired at once", async () => {
    const { channel, revalidate, latestStream } = setUp();
    channel.start();
    latestStream().open();
    const farOff = Date.now() + 40 * 24 * 60 * 60 * 1000;
    channel.changesAt(farOff);
    await vi.advanceTimersByTimeAsync(LONGEST_TIMER_MS);
    expect(revalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(farOff + CHANGE_MARGIN_MS - Date.now());
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  test("a timer the browser ran early (after sleep, say) is armed again", async () => {
    const { channel, revalidate, latestStream } = setUp();
    channel.start();
    latestStream().open();
    const moment = Date.now() + 10 * 60_000;
    channel.changesAt(moment);
    // The clock jumps back (the machine slept through a time change): the timer fires early.
    vi.setSystemTime(Date.now() - 5 * 60_000);
    await vi.advanceTimersByTimeAsync(10 * 60_000 + CHANGE_MARGIN_MS);
    expect(revalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  test("a moment that passed while the tab was hidden revalidates as soon as it is shown", async () => {
    const { channel, revalidate, state, latestStream } = setUp();
    channel.start();
    latestStream().open();
    channel.changesAt(Date.now() + 60_000);
    state.visible = false;
    channel.visibilityChanged();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(revalidate).not.toHaveBeenCalled();
    state.visible = true;
    channel.visibilityChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  test("a server still naming a past moment (its clock behind) is asked again, a few times", async () => {
    const { channel, revalidate, latestStream } = setUp();
    channel.start();
    latestStream().open();
    const moment = Date.now() - 1000;
    channel.changesAt(moment);
    await vi.advanceTimersByTimeAsync(0);
    expect(revalidate).toHaveBeenCalledTimes(1);
    channel.changesAt(moment);
    await vi.advanceTimersByTimeAsync(PAST_CHANGE_RETRY_MS - 1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(revalidate).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(PAST_CHANGE_RETRY_MS * 2 * PAST_CHANGE_RETRIES);
    expect(revalidate).toHaveBeenCalledTimes(PAST_CHANGE_RETRIES);
  });

  test("offline, the clock does not revalidate (the error view would replace the page); it asks again later", async () => {
    const { channel, revalidate, state, polls, latestStream } = setUp();
    channel.start();
    latestStream().open();
    state.answer = () => Promise.reject(new TypeError("Failed to fetch"));
    channel.changesAt(Date.now() + 60_000);
    await vi.advanceTimersByTimeAsync(60_000 + CHANGE_MARGIN_MS);
    expect(polls).toHaveLength(1);
    expect(revalidate).not.toHaveBeenCalled();
    // A server answering an error is no better.
    state.answer = () => new Response("Service unavailable", { status: 503 });
    await vi.advanceTimersByTimeAsync(PAST_CHANGE_RETRY_MS);
    expect(polls).toHaveLength(2);
    expect(revalidate).not.toHaveBeenCalled();
    state.answer = () => revisionAnswer("10");
    await vi.advanceTimersByTimeAsync(PAST_CHANGE_RETRY_MS);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  test("no moment, no timer", async () => {
    const { channel, revalidate, latestStream } = setUp();
    channel.start();
    latestStream().open();
    channel.changesAt(null);
    await vi.advanceTimersByTimeAsync(LONGEST_TIMER_MS);
    expect(revalidate).not.toHaveBeenCalled();
  });
});
