import { useEffect, useRef, useState } from "react";
import { useLocation, useMatches, useRevalidator } from "react-router";
import { nextHoursChange, type OpeningSchedule } from "~/hours/opening-hours";
import {
  LIVE_STREAM_PATH,
  LiveChannel,
  type LiveEnvironment,
  type LiveStream,
} from "./live-channel";

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

function openEventSource(handlers: Parameters<LiveEnvironment["openStream"]>[0]): LiveStream {
  const source = new EventSource(LIVE_STREAM_PATH);
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
  const { pathname } = useLocation();
  const matches = useMatches();
  // What was said, and on which page: a message is about the page it was said on.
  const [message, setMessage] = useState({ text: "", pathname });
  const channel = useRef<LiveChannel | null>(null);
  const latest = useRef({ revalidate, pathname });

  useEffect(() => {
    latest.current = { revalidate, pathname };
  });

  useEffect(() => {
    let announcement: number | undefined;
    const live = new LiveChannel(
      {
        openStream: openEventSource,
        fetch: (url, init) => window.fetch(url, init),
        setTimeout: (run, ms) => window.setTimeout(run, ms),
        clearTimeout: (timer) => window.clearTimeout(timer as number),
        now: () => Date.now(),
        visible: () => document.visibilityState === "visible",
        revalidate: () => latest.current.revalidate(),
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
      revision,
    );
    channel.current = live;
    const onVisibility = () => live.visibilityChanged();
    document.addEventListener("visibilitychange", onVisibility);
    live.start();
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.clearTimeout(announcement);
      live.stop();
      channel.current = null;
    };
    // One channel for the page's life; the revision it shows is told below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => channel.current?.pageShows(revision), [revision]);

  // The soonest change any loader named, or the hours' next change by this browser's clock.
  const fromLoaders = soonestChange(matches.map((match) => match.loaderData));
  useEffect(() => {
    const fromHours = nextHoursChange(new Date(), schedule).getTime();
    channel.current?.changesAt(fromLoaders === null ? fromHours : Math.min(fromLoaders, fromHours));
  }, [fromLoaders, schedule]);

  return (
    <div role="status" aria-live="polite" className="sr-only">
      {message.pathname === pathname ? message.text : ""}
    </div>
  );
}
