import { useEffect, useRef, useState } from "react";
import { useLocation, useMatches, useNavigation, useRevalidator } from "react-router";
import { nextHoursChange, type OpeningSchedule } from "~/hours/opening-hours";
import type { LiveChannel, LiveEnvironment, LiveStream } from "./live-channel";

/** What the live region says once the page shows what staff just saved. */
export function updatedMessage(pathname: string): string {
  return pathname === "/menu" ? "The menu was just updated." : "This page was just updated.";
}

/** The soonest `nextChangeAt` (an ISO instant) any loader of the page returned, in ms; null for none. */
export function soonestChange(loaderData: readonly unknown[]): number | null {
  let soonest: number | null = null;
  for (const data of loaderData) {
    const moment = (data as { nextChangeAt?: unknown } | null | undefined)?.nextChangeAt;
    if (typeof moment !== "string") continue;
    const time = Date.parse(moment);
    if (!Number.isNaN(time) && (soonest === null || time < soonest)) soonest = time;
  }
  return soonest;
}

/**
 * The page's revalidations, never in the middle of a navigation: the router
 * would start that navigation's loads again, and a form's post would lose the
 * page its redirect was loading (an enquiry's confirmation, which the server
 * gives once). Asked for meanwhile, one runs as soon as the router is idle.
 */
export class RevalidationGate {
  readonly #run: () => Promise<void>;
  #navigating = false;
  #waiting: Promise<void> | null = null;
  #resume: (() => void) | null = null;

  constructor(run: () => Promise<void>) {
    this.#run = run;
  }

  /** What the router is doing: a navigation (or a form's post) under way, or idle. */
  navigating(underWay: boolean) {
    this.#navigating = underWay;
    if (underWay || !this.#resume) return;
    const resume = this.#resume;
    this.#resume = null;
    resume();
  }

  revalidate(): Promise<void> {
    if (!this.#navigating) return this.#run();
    this.#waiting ??= new Promise<void>((resolve) => (this.#resume = resolve)).then(() => {
      this.#waiting = null;
      return this.#run();
    });
    return this.#waiting;
  }
}

function openEventSource(
  path: string,
  handlers: Parameters<LiveEnvironment["openStream"]>[0],
): LiveStream {
  const source = new EventSource(path);
  source.onopen = () => handlers.open();
  source.addEventListener("revision", (event) => {
    let revision: unknown = event.lastEventId;
    try {
      revision = (JSON.parse(event.data as string) as { revision?: unknown }).revision;
    } catch {
      // The event's id says the same.
    }
    if (typeof revision === "string" && revision !== "") handlers.revision(revision);
  });
  source.onerror = () => handlers.error(source.readyState === EventSource.CLOSED);
  return source;
}

/**
 * Keeps an open public page true: follows the content revision over
 * `/live` (or by polling `/live/revision`) and revalidates the page's data
 * when staff save something, and again at the next moment its text changes
 * by the clock (the pub closing, a special ending). Scroll, focus and typed
 * text stay, as a revalidation is no navigation; the change is announced
 * politely. Nothing of it runs without JavaScript.
 */
export function LiveUpdates({
  revision,
  schedule,
}: {
  /** The content revision the page was rendered from; null when the server could not say. */
  revision: string | null;
  /** The pub's hours, so the browser knows the next opening or closing by its own clock too. */
  schedule: OpeningSchedule;
}) {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const matches = useMatches();
  // What was said, and on which page: a message is about the page it was said on.
  const [message, setMessage] = useState({ text: "", pathname });
  const channel = useRef<LiveChannel | null>(null);
  const latest = useRef({ revalidate, pathname });

  useEffect(() => {
    latest.current = { revalidate, pathname };
  });
  const gate = useRef<RevalidationGate | null>(null);
  gate.current ??= new RevalidationGate(() => latest.current.revalidate());
  useEffect(() => gate.current?.navigating(navigation.state !== "idle"), [navigation.state]);

  // What the page shows now, for a channel that opens after it was rendered.
  const fromLoaders = soonestChange(matches.map((match) => match.loaderData));
  const shown = useRef({ revision, fromLoaders, schedule });
  useEffect(() => {
    shown.current = { revision, fromLoaders, schedule };
  });
  const nextChange = () => {
    const fromHours = nextHoursChange(new Date(), shown.current.schedule).getTime();
    const loaders = shown.current.fromLoaders;
    return loaders === null ? fromHours : Math.min(loaders, fromHours);
  };

  useEffect(() => {
    let announcement: number | undefined;
    let ended = false;
    const onVisibility = () => channel.current?.visibilityChanged();
    // Loaded once the page is up: nothing of it is needed to show the page,
    // so it stays out of the scripts every page loads first.
    void import("./live-channel").then(({ LiveChannel, LIVE_STREAM_PATH }) => {
      if (ended) return;
      const live = new LiveChannel(
        {
          openStream: (handlers) => openEventSource(LIVE_STREAM_PATH, handlers),
          fetch: (url, init) => window.fetch(url, init),
          setTimeout: (run, ms) => window.setTimeout(run, ms),
          clearTimeout: (timer) => window.clearTimeout(timer as number),
          now: () => Date.now(),
          visible: () => document.visibilityState === "visible",
          revalidate: () => gate.current!.revalidate(),
          announce() {
            // Emptied first, so the same sentence twice is heard twice.
            const { pathname: path } = latest.current;
            setMessage({ text: "", pathname: path });
            window.clearTimeout(announcement);
            announcement = window.setTimeout(
              () => setMessage({ text: updatedMessage(path), pathname: path }),
              100,
            );
          },
        },
        shown.current.revision,
      );
      channel.current = live;
      document.addEventListener("visibilitychange", onVisibility);
      live.start();
      live.changesAt(nextChange());
    });
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", onVisibility);
      window.clearTimeout(announcement);
      channel.current?.stop();
      channel.current = null;
    };
    // One channel for the page's life; what the page shows is told below.
  }, []);

  useEffect(() => channel.current?.pageShows(revision), [revision]);

  // The soonest change any loader named, or the hours' next change by this browser's clock.
  useEffect(() => {
    channel.current?.changesAt(nextChange());
  }, [fromLoaders, schedule]);

  return (
    <div role="status" aria-live="polite" className="sr-only">
      {message.pathname === pathname ? message.text : ""}
    </div>
  );
}
