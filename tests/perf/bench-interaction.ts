// `npm run bench -- --interaction`: how long a phone waits for a tap made
// while the page is still waking. Each run opens a page in a fresh browser
// context (no cache, no compiled code) at 375 × 812 with touch and Chromium's
// CPU throttling at 4× (Lighthouse's phone), taps as soon as the page's
// scripts start hydrating it, and reads the tap's duration from the page's
// own Event Timing (input to the next paint, as INP counts it), then checks
// that the tap did what it asks for. Taps: the menu's "Vegetarian" choice and
// the navigation button on the home page and on the menu.
//
// Runs against an existing build (`npm run build` first); starts and stops the
// server itself. Options:
//   --runs <n>      taps per target, median reported (default 5)
//   --slowdown <n>  CPU throttling rate (default 4)
//   --build <dir>   build folder to serve (default build/, or PERF_BUILD_DIR)
// Reports the goal (every median within 200 ms) without enforcing it: timing
// is not a test. Exits non-zero when a tap is not answered. Writes
// .lighthouse/bench-interaction-results.json.
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { findTestChromium } from "../support/chromium.ts";
import {
  PHONE,
  firstInteraction,
  hydrationStart,
  type InteractionTiming,
} from "../support/during-hydration.ts";
import { formatTable, loadAverageNow, median, positiveInteger, writeResult } from "./report.ts";
import { buildDirectory, startServer } from "./server.ts";

/** The longest a tap may wait for its answer: web.dev's "good" INP. */
const GOAL_MS = 200;

type Target = {
  name: string;
  path: string;
  /** What is tapped: it may still be the page's script-free version of the control. */
  tap: (page: Page) => ReturnType<Page["locator"]>;
  /** Resolves once the tap has done what it asks for. */
  answered: (page: Page) => Promise<unknown>;
};

/** The navigation: a link to the footer's before hydration, a button opening a dialog after. */
const navigationTap = (page: Page) =>
  page.getByRole("banner").locator('a[href="#site-navigation"], button[aria-haspopup="dialog"]');

const navigationShown = (page: Page) =>
  page.waitForFunction(
    () =>
      location.hash === "#site-navigation" || document.querySelector('[role="dialog"]') !== null,
  );

const TARGETS: Target[] = [
  {
    name: "menu: Vegetarian",
    path: "/menu",
    tap: (page) => page.locator("label", { hasText: /^Vegetarian$/ }),
    answered: (page) => page.waitForURL(/[?&]diet=vegetarian\b/),
  },
  { name: "menu: navigation", path: "/menu", tap: navigationTap, answered: navigationShown },
  { name: "home: navigation", path: "/", tap: navigationTap, answered: navigationShown },
];

async function tapOnce(
  origin: string,
  target: Target,
  slowdown: number,
  executablePath: string | undefined,
): Promise<InteractionTiming> {
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const { started } = await hydrationStart(page, slowdown);
    await page.goto(`${origin}${target.path}`, { waitUntil: "commit" });
    await started;
    await target.tap(page).tap();
    await target.answered(page);
    const timing = await firstInteraction(page);
    if (!timing) throw new Error(`${target.name}: the page reported no interaction`);
    return timing;
  } finally {
    await browser.close();
  }
}

export async function benchInteraction(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: "string" },
      slowdown: { type: "string" },
      build: { type: "string" },
    },
  });
  const runs = positiveInteger("--runs", values.runs, 5);
  const slowdown = positiveInteger("--slowdown", values.slowdown, 4);
  const build = buildDirectory(values.build);
  const executablePath = findTestChromium();
  const loadAverage = loadAverageNow();
  const server = await startServer(build, { ownSiteUrl: true });
  const results: Array<{ target: Target; timings: InteractionTiming[] }> = [];
  let problems = 0;
  try {
    console.log(
      `Serving ${build} at ${server.url}; ${runs} tap(s) per target at ${slowdown}x CPU slowdown,` +
        ` each in a fresh browser. Load average before: ${loadAverage}\n`,
    );
    for (const target of TARGETS) results.push({ target, timings: [] });
    // Each round taps every target once, so a slow spell on the machine spreads over them.
    for (let run = 1; run <= runs; run += 1) {
      for (const result of results) {
        try {
          const timing = await tapOnce(server.url, result.target, slowdown, executablePath);
          result.timings.push(timing);
          console.log(
            `run ${run}/${runs}  ${result.target.name.padEnd(18)}  ${timing.durationMs} ms` +
              `  (waited ${timing.inputDelayMs.toFixed(0)} ms; ${timing.events.join(", ")})`,
          );
        } catch (error) {
          problems += 1;
          console.log(`run ${run}/${runs}  ${result.target.name}: ✗ ${String(error)}`);
        }
      }
    }
  } finally {
    await server.stop();
  }

  const rows = results.map(({ target, timings }) => {
    const durations = timings.map((timing) => timing.durationMs);
    return {
      name: target.name,
      path: target.path,
      taps: timings.length,
      medianMs: median(durations),
      slowestMs: durations.length ? Math.max(...durations) : Number.NaN,
      medianInputDelayMs: median(timings.map((timing) => timing.inputDelayMs)),
      timings,
    };
  });
  console.log(
    `\nA tap as hydration starts, ${slowdown}x CPU slowdown: Event Timing's duration (input to next paint), medians of ${runs}:\n`,
  );
  console.log(
    formatTable(
      ["tap", "taps", "median ms", "slowest ms", "waited ms", `goal ≤ ${GOAL_MS} ms`],
      rows.map((row) => [
        row.name,
        String(row.taps),
        row.medianMs.toFixed(0),
        row.slowestMs.toFixed(0),
        row.medianInputDelayMs.toFixed(0),
        row.medianMs <= GOAL_MS ? "met" : "missed",
      ]),
    ),
  );
  console.log(`\nLoad average before: ${loadAverage}; after: ${loadAverageNow()}`);
  const file = writeResult(
    "bench-interaction-results.json",
    `${JSON.stringify(
      { measuredAt: new Date().toISOString(), slowdown, runs, goalMs: GOAL_MS, rows },
      null,
      2,
    )}\n`,
  );
  console.log(`Wrote ${file}.`);
  if (problems > 0) console.log(`\n✗ ${problems} tap(s) not answered`);
  return problems > 0 ? 1 : 0;
}
