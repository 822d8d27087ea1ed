import { useContext, useEffect, useRef, useState } from "react";
import { whenIdle } from "~/platform/when-idle";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useLocation,
  useMatches,
} from "react-router";
import type { LiveChannel, LiveEnvironment, LiveStream } from "./live-channel";
import { oldestRevision } from "./revision-order";

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
 * The content revision the page shows: the oldest `contentRevision` any of
 * its loaders returned (one that had to show a last good copy while the
 * revision had moved returns that copy's), null when one did not know or
 * none said.
 */
export function shownRevision(loaderData: readonly unknown[]): string | null {
  const said = loaderData.map((data) => {
    const revision = (data as { contentRevision?: unknown } | null | undefined)?.contentRevision;
    return typeof revision === "string" || revision === null ? revision : undefined;
  });
  return oldestRevision(said) ?? null;
}

/** What the gate reads of the router: its navigation now, and each change of it. */
export interface NavigationSource {
  readonly state: { readonly navigation: { readonly state: string } };
  subscribe(
    listener: (state: { readonly navigation: { readonly state: string } }) => void,
  ): () => void;
}

/**
 * The page's revalidations, never in the middle of a navigation: the router
 * would start that navigation's loads again, without what it was asked with
 * (a filter's kept scroll position), and a form's post would lose the page its
 * redirect was loading (an enquiry's confirmation, which the server gives
 * once). Asked for meanwhile, one runs as soon as the router is idle.
 *
 * It reads the router's own state, not `useNavigation()`: React shows a
 * navigation a moment after the router has started it, and a revision heard
 * in that moment would interrupt it.
 */
export class RevalidationGate {
  readonly #run: () => Promise<void>;
  readonly #router: NavigationSource;
  #waiting: Promise<void> | null = null;
  #unsubscribe: (() => void) | null = null;

  constructor(router: NavigationSource, run: () => Promise<void>) {
    this.#router = router;
    this.#run = run;
  }

  #navigating(): boolean {
    return this.#router.state.navigation.state !== "idle";
  }

  revalidate(): Promise<void> {
    if (this.#waiting) return this.#waiting;
    if (!this.#navigating()) return this.#run();
    this.#waiting = new Promise<void>((resolve) => {
      this.#unsubscribe = this.#router.subscribe((state) => {
        if (state.navigation.state === "idle") resolve();
      });
    }).then(() => {
      this.#stop();
      // The router tells its listeners from inside its own update: the
      // revalidation starts once that update is done, if no other began.
      return this.revalidate();
    });
    return this.#waiting;
  }

  /** Stops waiting (the page is leaving); an ask still waiting is dropped. */
  close() {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  #stop() {
    this.close();
    this.#waiting = null;
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
  clockChangeAfter,
}: {
  /**
   * The next moment after an instant that the page's text changes by the
   * clock whatever its loaders said (the pub opening or closing), worked out
   * by the browser's own clock too.
   */
  clockChangeAfter: (now: Date) => Date;
}) {
  // The router itself: the gate reads its navigation state as it changes
  // (see RevalidationGate), and it revalidates the page.
  const router = useContext(DataRouterContext)!.router;
  const { pathname } = useLocation();
  const matches = useMatches();
  // What was said, and on which page: a message is about the page it was said on.
  const [message, setMessage] = useState({ text: "", pathname });
  const channel = useRef<LiveChannel | null>(null);
  // The page shown now, for an announcement made after a navigation.
  const shownPath = useRef(pathname);
  useEffect(() => {
    shownPath.current = pathname;
  });

  // What the page shows now, for a channel that opens after it was rendered.
  const loaderData = matches.map((match) => match.loaderData);
  const fromLoaders = soonestChange(loaderData);
  const revision = shownRevision(loaderData);
  const shown = useRef({ revision, fromLoaders, clockChangeAfter });
  useEffect(() => {
    shown.current = { revision, fromLoaders, clockChangeAfter };
  });
  const nextChange = () => {
    const fromHours = shown.current.clockChangeAfter(new Date()).getTime();
    const loaders = shown.current.fromLoaders;
    return loaders === null ? fromHours : Math.min(loaders, fromHours);
  };

  useEffect(() => {
    let announcement: number | undefined;
    let ended = false;
    const gate = new RevalidationGate(router, () => router.revalidate());
    const onVisibility = () => channel.current?.visibilityChanged();
    // Loaded once the page is up and has woken: nothing of it is needed to
    // show the page, so it stays out of the scripts every page loads first
    // and out of the way of the page's first taps.
    const cancelStart = whenIdle(
      () =>
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
              revalidate: () => gate.revalidate(),
              announce() {
                // Emptied first, so the same sentence twice is heard twice.
                const path = shownPath.current;
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
        }),
    );
    return () => {
      ended = true;
      cancelStart();
      document.removeEventListener("visibilitychange", onVisibility);
      window.clearTimeout(announcement);
      gate.close();
      channel.current?.stop();
      channel.current = null;
    };
    // One channel for the page's life (the app has one router); what the page
    // shows is told below.
  }, [router]);

  useEffect(() => channel.current?.pageShows(revision), [revision]);

  // The soonest change any loader named, or the hours' next change by this browser's clock.
  useEffect(() => {
    channel.current?.changesAt(nextChange());
  }, [fromLoaders, clockChangeAfter]);

  return (
    <div role="status" aria-live="polite" className="sr-only">
      {message.pathname === pathname ? message.text : ""}
    </div>
  );
}
