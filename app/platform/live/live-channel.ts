import { LIVE_REVISION_PATH, LIVE_STREAM_PATH } from "./live-paths";

export { LIVE_STREAM_PATH };
/**
 * How an open page keeps up with the site, as a state
 * machine with no browser in it: the stream, its reconnection, the polling
 * fallback, the page's revision and the clock are all handed in, so every
 * path is tested with fakes and fake timers (`live-channel.test.ts`).
 *
 * The protocol: `GET /live` streams a `revision` event at once and again each
 * time the content revision moves; `GET /live/revision` answers the same
 * revision with an ETag (304 when `If-None-Match` matches). When the revision
 * heard differs from the one the page was rendered from, the page
 * revalidates its data (and says so once it shows the new revision). The page
 * also revalidates at the next moment its text changes by the clock.
 */

/** Seed constants: waits before each reconnection after a failure in a row. */
export const RECONNECT_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;
/** Seed constant: a stream not open, or a poll not answered, within this is a failure. */
export const TIME_OUT_MS = 10_000;
/** While polling, how often the revision is asked for. */
export const POLL_INTERVAL_MS = 5000;
/** While polling, how long until the stream is tried again. */
export const STREAM_RETRY_WHILE_POLLING_MS = 60_000;
/**
 * A revalidation that still shows an older revision (a server a second
 * behind, or one serving its last good copy while its database cannot
 * answer) is tried again after this, then twice as long each time up to
 * `REVALIDATE_RETRY_MAX_MS`, `REVALIDATE_RETRIES` times in all (about three
 * minutes), until the next revision heard.
 */
export const REVALIDATE_RETRY_MS = 1000;
export const REVALIDATE_RETRY_MAX_MS = 30_000;
export const REVALIDATE_RETRIES = 10;
/** The clock's revalidation comes this long after the moment, so the server is past it too. */
export const CHANGE_MARGIN_MS = 1000;
/** A server answering with a moment already past (a clock behind the browser's) is asked again after this. */
export const PAST_CHANGE_RETRY_MS = 30_000;
export const PAST_CHANGE_RETRIES = 10;
/** The longest delay setTimeout takes (about 24.8 days); longer ones fire at once. */
export const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** Where the stream and the polling fallback are. */

export type StreamHandlers = {
  /** The stream is open (the first time, or again after the browser reconnected). */
  open(): void;
  revision(revision: string): void;
  /**
   * The stream failed. `closed`: the browser gave it up (an answer other
   * than a stream, such as a 503 past the server's limit); otherwise the
   * browser is about to reconnect by itself.
   */
  error(closed: boolean): void;
};

export type LiveStream = { close(): void };

export type Timer = unknown;

export type LiveEnvironment = {
  /** Opens `GET /live`; throws when the browser has no EventSource. */
  openStream(handlers: StreamHandlers): LiveStream;
  fetch(url: string, init: RequestInit): Promise<Response>;
  setTimeout(run: () => void, ms: number): Timer;
  clearTimeout(timer: Timer): void;
  now(): number;
  visible(): boolean;
  /** Reloads the page's data; resolves once it is in. */
  revalidate(): Promise<void>;
  /** Tells the visitor the page was just updated. */
  announce(): void;
};

type Mode = "stopped" | "stream" | "polling" | "paused";

type TimerName = "reconnect" | "openTimeOut" | "poll" | "streamRetry" | "retry" | "clock";

export class LiveChannel {
  readonly #env: LiveEnvironment;
  #mode: Mode = "stopped";
  #stream: LiveStream | null = null;
  /** The current stream has been open (an error then is the stream ending, not a refused attempt). */
  #streamWasOpen = false;
  #failures = 0;
  #etag: string | null = null;
  /** Each start of polling counts up, so an answer from an earlier round is dropped. */
  #pollRound = 0;
  readonly #timers = new Map<TimerName, Timer>();

  /** The revision the page shows, and the newest heard. */
  #shown: string | null;
  #latest: string | null = null;
  /** A revalidation runs, started when this was the newest revision heard. */
  #revalidating: { for: string | null } | null = null;
  #announceWhenShown = false;
  #retries = 0;

  #changeAt: number | null = null;
  #firedFor: number | null = null;
  #firedCount = 0;

  constructor(env: LiveEnvironment, pageRevision: string | null) {
    this.#env = env;
    this.#shown = pageRevision;
  }

  /** The state, for tests and debugging. */
  get mode(): Mode {
    return this.#mode;
  }

  start(): void {
    if (this.#mode !== "stopped") return;
    this.#mode = "paused";
    if (this.#env.visible()) this.#resume();
  }

  stop(): void {
    this.#pause();
    this.#clear("clock");
    this.#clear("retry");
    this.#mode = "stopped";
  }

  /** The tab was hidden or shown again. */
  visibilityChanged(): void {
    if (this.#mode === "stopped") return;
    if (!this.#env.visible()) {
      this.#pause();
      this.#clear("clock");
    } else if (this.#mode === "paused") {
      this.#resume();
    }
  }

  /** The page now shows data rendered from `revision`. */
  pageShows(revision: string | null): void {
    if (revision === this.#shown) return;
    this.#shown = revision;
    if (revision !== null && revision === this.#latest) {
      this.#clear("retry");
      this.#retries = 0;
      if (this.#announceWhenShown) {
        this.#announceWhenShown = false;
        this.#env.announce();
      }
    }
  }

  /** The page's text next changes by the clock at `moment` (ms since the epoch), or never. */
  changesAt(moment: number | null): void {
    if (moment !== this.#changeAt) this.#firedCount = 0;
    this.#changeAt = moment;
    this.#armClock();
  }

  // The stream and the polling fallback.

  #resume() {
    this.#mode = "paused";
    this.#failures = 0;
    this.#connect();
    this.#armClock();
  }

  #pause() {
    this.#pollRound += 1;
    this.#closeStream();
    for (const name of ["reconnect", "openTimeOut", "poll", "streamRetry"] as const) {
      this.#clear(name);
    }
    if (this.#mode !== "stopped") this.#mode = "paused";
  }

  #connect() {
    this.#pause();
    this.#mode = "stream";
    this.#streamWasOpen = false;
    this.#expectOpen(TIME_OUT_MS);
    try {
      this.#stream = this.#env.openStream({
        open: () => {
          this.#clear("openTimeOut");
          this.#failures = 0;
          this.#streamWasOpen = true;
        },
        revision: (revision) => {
          this.#failures = 0;
          this.#heard(revision);
        },
        error: (closed) => this.#streamFailed(closed),
      });
    } catch {
      this.#startPolling();
    }
  }

  /** A stream not open within the time-out (a proxy holding it back, say) has failed. */
  #expectOpen(ms: number) {
    this.#set("openTimeOut", ms, () => this.#streamFailed(false));
  }

  #streamFailed(closed: boolean) {
    if (this.#mode !== "stream") return;
    this.#failures += 1;
    if (closed || this.#failures > RECONNECT_BACKOFF_MS.length) {
      this.#closeStream();
      this.#clear("openTimeOut");
      this.#startPolling();
      return;
    }
    if (this.#streamWasOpen && this.#failures === 1) {
      // An open stream ended (the server restarting, a proxy's idle cut): the
      // browser reconnects by itself after the server's `retry: 1000`, the
      // first wait, sending Last-Event-ID.
      this.#streamWasOpen = false;
      this.#expectOpen(RECONNECT_BACKOFF_MS[0] + TIME_OUT_MS);
      return;
    }
    this.#closeStream();
    this.#clear("openTimeOut");
    this.#set("reconnect", RECONNECT_BACKOFF_MS[this.#failures - 1]!, () => this.#connect());
  }

  #closeStream() {
    this.#stream?.close();
    this.#stream = null;
  }

  #startPolling() {
    this.#mode = "polling";
    this.#set("streamRetry", STREAM_RETRY_WHILE_POLLING_MS, () => {
      // One more try: a failure goes straight back to polling.
      this.#connect();
      this.#failures = RECONNECT_BACKOFF_MS.length;
    });
    this.#pollRound += 1;
    void this.#poll(this.#pollRound);
  }

  async #poll(round: number) {
    const current = () => this.#mode === "polling" && round === this.#pollRound;
    if (!current()) return;
    const headers: Record<string, string> = {};
    if (this.#etag) headers["If-None-Match"] = this.#etag;
    try {
      // The browser's cache is bypassed: the ETag goes in by hand.
      const response = await this.#ask({ headers, cache: "no-store" });
      if (response.status === 200) {
        const body: unknown = await response.json();
        const revision = (body as { revision?: unknown } | null)?.revision;
        if (typeof revision === "string") {
          this.#etag = response.headers.get("ETag");
          if (current()) this.#heard(revision);
        }
      }
    } catch {
      // Offline, or the server is restarting: the next poll will tell.
    }
    if (current()) this.#set("poll", POLL_INTERVAL_MS, () => void this.#poll(round));
  }

  /** `GET /live/revision`, given up after the time-out. */
  async #ask(init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const timer = this.#env.setTimeout(() => controller.abort(), TIME_OUT_MS);
    try {
      return await this.#env.fetch(LIVE_REVISION_PATH, { ...init, signal: controller.signal });
    } finally {
      this.#env.clearTimeout(timer);
    }
  }

  // Following the revision.

  #heard(revision: string) {
    if (revision !== this.#latest) this.#retries = 0;
    this.#latest = revision;
    this.#catchUp();
  }

  #catchUp() {
    if (this.#latest === null || this.#latest === this.#shown) return;
    // One running for this revision will bring it; one started before it was
    // heard is started again (the router drops the older loads).
    if (this.#revalidating?.for === this.#latest) return;
    this.#announceWhenShown = true;
    this.#revalidate();
  }

  #revalidate() {
    const run = { for: this.#latest };
    this.#revalidating = run;
    const settled = () => {
      if (this.#revalidating !== run) return;
      this.#revalidating = null;
      if (this.#latest === null || this.#latest === this.#shown) return;
      // Still behind: the page shows the new data a moment after the router
      // resolves, or the server had not seen the revision move yet.
      if (this.#retries >= REVALIDATE_RETRIES || this.#timers.has("retry")) return;
      const delay = Math.min(REVALIDATE_RETRY_MS * 2 ** this.#retries, REVALIDATE_RETRY_MAX_MS);
      this.#retries += 1;
      this.#set("retry", delay, () => this.#catchUp());
    };
    this.#env.revalidate().then(settled, settled);
  }

  // The clock.

  #armClock() {
    this.#clear("clock");
    if (this.#changeAt === null || this.#mode === "stopped" || !this.#env.visible()) return;
    const due = this.#changeAt + CHANGE_MARGIN_MS;
    let wait = due - this.#env.now();
    if (this.#firedFor === this.#changeAt) {
      // Revalidated for this moment and the page still names it: the server's
      // clock is behind the browser's. Ask again a little later, a few times.
      if (this.#firedCount >= PAST_CHANGE_RETRIES) return;
      wait = Math.max(wait, PAST_CHANGE_RETRY_MS);
    }
    this.#set("clock", Math.min(Math.max(wait, 0), LONGEST_TIMER_MS), () => {
      // Early (a clamped wait, or a timer run before its time): wait on.
      if (this.#env.now() < due) {
        this.#armClock();
        return;
      }
      this.#firedFor = this.#changeAt;
      this.#firedCount += 1;
      // Armed again first: the ask in 30 s stands until new data names the next moment.
      this.#armClock();
      void this.#revalidateIfReachable();
    });
  }

  /**
   * A revalidation that cannot reach the server (a phone offline, or waking
   * before its network) would put the error view in place of the page: the
   * clock's is made only once a request to the site gets through.
   */
  async #revalidateIfReachable() {
    try {
      const response = await this.#ask({ cache: "no-store" });
      if (!response.ok) return;
    } catch {
      return;
    }
    if (this.#mode === "stopped" || this.#revalidating) return;
    this.#revalidate();
  }

  #set(name: TimerName, ms: number, run: () => void) {
    this.#clear(name);
    this.#timers.set(
      name,
      this.#env.setTimeout(() => {
        this.#timers.delete(name);
        run();
      }, ms),
    );
  }

  #clear(name: TimerName) {
    const timer = this.#timers.get(name);
    if (timer === undefined) return;
    this.#env.clearTimeout(timer);
    this.#timers.delete(name);
  }
}
