// Taps made while a page is still waking: the browser test that such a tap is
// answered and the benchmark that times the answer share these.
// Node runs this file directly too (from the benchmark): erasable TypeScript only.
import type { CDPSession, Page } from "@playwright/test";

/** Lighthouse's mobile profile slows the CPU four times; so do these. */
export const PHONE_CPU_SLOWDOWN = 4;

/** A phone's viewport, with touch, for a tap. */
export const PHONE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

/** One interaction as the page's Event Timing saw it: input to the next paint. */
export type InteractionTiming = {
  /** From the input to the paint after its handlers ran, ms (Event Timing rounds to 8 ms). */
  durationMs: number;
  /** How long the input waited for the main thread before its first handler ran, ms. */
  inputDelayMs: number;
  /** The events that made it (pointerdown, pointerup, click…). */
  events: string[];
};

declare global {
  interface Window {
    /** Set by the page hook: Event Timing's entries, as they arrive. */
    __eventTimings?: Array<{
      name: string;
      duration: number;
      interactionId: number;
      startTime: number;
      processingStart: number;
    }>;
    /** The binding the page hook calls as hydration starts. */
    __hydrationStarts?: () => void;
  }
}

/**
 * Slows the page's CPU as Lighthouse's phone does, and resolves, once the page
 * has been opened, at the moment its scripts hand React Router the route
 * modules: what runs next is the entry, which hydrates the page. Call before
 * `page.goto`.
 */
export async function hydrationStart(
  page: Page,
  slowdown = PHONE_CPU_SLOWDOWN,
): Promise<{ started: Promise<void>; cdp: CDPSession }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  let resolve!: () => void;
  const started = new Promise<void>((done) => (resolve = done));
  await page.exposeBinding("__hydrationStarts", () => resolve());
  await page.addInitScript(() => {
    window.__eventTimings = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        window.__eventTimings?.push({
          name: entry.name,
          duration: entry.duration,
          interactionId: entry.interactionId,
          startTime: entry.startTime,
          processingStart: entry.processingStart,
        });
      }
      // The smallest threshold Event Timing takes; "first-input" reports the first tap whatever its length.
    }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        window.__eventTimings?.push({
          name: `first-input:${entry.name}`,
          duration: entry.duration,
          interactionId: entry.interactionId,
          startTime: entry.startTime,
          processingStart: entry.processingStart,
        });
      }
    }).observe({ type: "first-input", buffered: true });
    // React Router's module script sets the route modules, then imports the entry.
    let modules: unknown;
    Object.defineProperty(window, "__reactRouterRouteModules", {
      configurable: true,
      get: () => modules,
      set: (value: unknown) => {
        modules = value;
        window.__hydrationStarts?.();
      },
    });
  });
  return { started, cdp };
}

/**
 * The page's first interaction, once its paint has been reported: the
 * longest of its events, as INP counts an interaction. Undefined if the
 * page saw none.
 */
export async function firstInteraction(page: Page): Promise<InteractionTiming | undefined> {
  // Event Timing reports an interaction after the paint that follows it.
  await page.waitForFunction(() =>
    (window.__eventTimings ?? []).some((entry) => entry.name.startsWith("first-input:")),
  );
  const entries = await page.evaluate(() => window.__eventTimings ?? []);
  const first = entries.find((entry) => entry.name.startsWith("first-input:"));
  if (!first) return undefined;
  const sameTap = entries.filter(
    (entry) => entry.interactionId === first.interactionId || entry === first,
  );
  return {
    durationMs: Math.max(...sameTap.map((entry) => entry.duration)),
    inputDelayMs: first.processingStart - first.startTime,
    events: [...new Set(sameTap.map((entry) => entry.name.replace("first-input:", "")))],
  };
}
