// `npm run lighthouse`: Lighthouse (mobile emulation and throttling, as
// Lighthouse defaults) on every public page of the built site, several runs
// each, checked against the site's performance budget. Reports each page's
// median score per category, its median FCP, LCP, TBT, TTI, CLS and Speed
// Index, its long tasks, and the size of its HTML and scripts.
//
// A visitor's phone seldom has the site's code compiled already, so by default
// every run starts a fresh Chromium (a new profile: no cache, no compiled
// code), and the same pages are measured again in one Chromium kept across the
// runs, for comparison; the budgets hold in both.
//
// Runs against an existing build (`npm run build` first); starts and stops the
// server itself, with SITE_URL set to its own address as in production. Options:
//   --runs <n>     runs per page, median reported (default 3, or LIGHTHOUSE_RUNS)
//   --build <dir>  build folder to serve (default build/, or PERF_BUILD_DIR)
//   --browser <b>  fresh (a new Chromium for every run), kept (one Chromium for
//                  all the runs) or both (the default)
//   --page <path>  only this page (repeatable), e.g. --page / --page /menu
//   --no-budget    report only; exit 0 even when a budget is missed
// Writes .lighthouse/summary.json and the last HTML report of each page and browser.
import { request } from "node:http";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse, { type Result, type RunnerResult } from "lighthouse";
import { findChromium } from "../support/chromium.ts";
import { scriptsNamedIn } from "../support/scripts-named.ts";
import { formatTable, loadAverageNow, median, positiveInteger, writeResult } from "./report.ts";
import { buildDirectory, startServer } from "./server.ts";

/** The public pages; an event's address is read from the sitemap (`/events/<first event>`). */
const PAGES = [
  { name: "home", path: "/" },
  { name: "menu", path: "/menu" },
  { name: "about", path: "/about" },
  { name: "venue", path: "/venue" },
  { name: "contact", path: "/contact" },
  { name: "events", path: "/events" },
  { name: "event", path: "/events/:slug" },
  { name: "accessibility", path: "/accessibility" },
  { name: "newsletter", path: "/newsletter" },
] as const;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

const BUDGET = {
  /** Lowest score, out of 100, for each category. */
  scores: { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 },
  /** Total blocking time (the main thread's time past 50 ms in each task), median, ms. */
  tbtMs: 150,
  /** Layout shift below this is measurement noise and counts as 0. */
  clsNoise: 0.001,
  /**
   * Each page's scripts as Lighthouse counts them (bytes transferred, brotli,
   * headers included), in KB of 1024 bytes: what each page loaded when the
   * budget was set, rounded up to the half KB.
   */
  scriptKB: {
    home: 123.5,
    // The kitchen's line on the menu's first screen.
    menu: 127.5,
    about: 124.5,
    venue: 139.5,
    contact: 138.5,
    events: 123.5,
    event: 122.5,
    accessibility: 125.5,
    newsletter: 133.5,
  } as Record<(typeof PAGES)[number]["name"], number>,
  /**
   * A page's HTML, uncompressed, in bytes: the menu, the largest, at half of
   * what it once was (with its kitchen line and the pictures' full descriptions).
   */
  htmlBytes: { "/menu": 148_000 } as Partial<Record<string, number>>,
} as const;

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const { values: options } = parseArgs({
  options: {
    runs: { type: "string" },
    build: { type: "string" },
    browser: { type: "string", default: "both" },
    page: { type: "string", multiple: true },
    "no-budget": { type: "boolean", default: false },
  },
});
const runs = positiveInteger("--runs", options.runs ?? process.env.LIGHTHOUSE_RUNS, 3);

/** How Chromium is started: `fresh` for every run, or one `kept` for all of them. */
type BrowserMode = "fresh" | "kept";
const BROWSER_MODES: Record<string, BrowserMode[]> = {
  fresh: ["fresh"],
  kept: ["kept"],
  both: ["fresh", "kept"],
};
const browserModes: BrowserMode[] =
  BROWSER_MODES[options.browser] ??
  (() => {
    throw new Error(`--browser must be fresh, kept or both, not "${options.browser}".`);
  })();
const pagesAsked = options.page ?? [];
for (const asked of pagesAsked) {
  if (!PAGES.some((page) => page.path === asked)) {
    throw new Error(`--page ${asked} is not one of ${PAGES.map((page) => page.path).join(", ")}.`);
  }
}

type PageRuns = {
  name: string;
  path: string;
  results: Result[];
  lastReport: string;
  html?: HtmlSize;
  scripts?: ScriptSize[];
};

type FailedAudit = {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  /** How many runs this audit fell short in; the other fields are from the median one of those. */
  failedRuns: number;
  explanation?: string;
  items: string[];
};

const score = (result: Result, category: Category) =>
  Math.round((result.categories[category]?.score ?? 0) * 100);

const metric = (result: Result, audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;

const observed = (result: Result, key: string) => {
  const details = result.audits.metrics?.details as { items?: Array<Record<string, unknown>> };
  const value = details?.items?.[0]?.[key];
  return typeof value === "number" ? value : Number.NaN;
};

const ITEMS_SHOWN = 8;
const round = (value: unknown) => (typeof value === "number" ? Math.round(value) : undefined);

/** Short lines describing an audit's details: nodes, URLs and the figures that matter. */
function describeDetails(details: unknown): string[] {
  if (typeof details !== "object" || details === null) return [];
  const entry = details as Record<string, unknown>;
  switch (entry.type) {
    case "table":
    case "list":
    case "opportunity":
    case "checklist":
      // A checklist's items are an object keyed by check, the others' an array.
      return Object.values((entry.items as object | undefined) ?? {}).flatMap(describeDetails);
    case "list-section":
      // Network dependency trees: the headline says enough; the tree is in the HTML report.
      return typeof entry.title === "string" ? [entry.title] : [];
    case "node": {
      const node = entry as { selector?: string; snippet?: string; explanation?: string };
      // axe's explanations run over several lines; the figures are on the last.
      const reason = node.explanation?.split("\n").at(-1)?.trim();
      return [[node.selector, node.snippet, reason].filter(Boolean).join("  ")];
    }
    case "text":
    case "url":
      return [String(entry.value)];
    case undefined:
      break;
    default:
      return [];
  }
  const source = entry.source as { url?: string; line?: number } | undefined;
  const parts = [
    entry.node ? describeDetails(entry.node)[0] : undefined,
    entry.url,
    source?.url ? `${source.url}:${source.line ?? "?"}` : undefined,
    entry.label ?? entry.groupLabel ?? entry.subpart,
  ].filter((part) => typeof part === "string" && part);
  const figures = [
    "duration",
    "wastedMs",
    "wastedBytes",
    "totalBytes",
    "reflowTime",
    "transferSize",
  ]
    .filter((key) => typeof entry[key] === "number")
    .map((key) => `${key} ${round(entry[key])}`);
  const line = [...parts, ...figures].join("  ");
  return line ? [line] : [JSON.stringify(entry).slice(0, 200)];
}

/**
 * Audits that pulled a category under its budget: any scored audit below 1
 * for the 100-point categories; for performance, the weighted metrics below 1
 * and anything else Lighthouse counts as failed (below 0.9). Each is shown as
 * in the median (by score) of the runs it fell short in.
 */
function failedAudits(results: Result[], category: Category): FailedAudit[] {
  const refs = results[0]?.categories[category]?.auditRefs ?? [];
  const failed: FailedAudit[] = [];
  for (const ref of refs) {
    const threshold =
      category !== "performance" || ref.group === "metrics" || ref.weight > 0 ? 1 : 0.9;
    const audits = results
      .flatMap((result) => result.audits[ref.id] ?? [])
      .flatMap((audit) => (audit.score === null ? [] : [{ ...audit, score: audit.score }]))
      .sort((a, b) => a.score - b.score);
    const failing = audits.filter((audit) => audit.score < threshold);
    const audit = failing[Math.floor((failing.length - 1) / 2)];
    if (!audit) continue;
    failed.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      displayValue: audit.displayValue,
      failedRuns: failing.length,
      explanation: audit.explanation,
      items: describeDetails(audit.details).slice(0, ITEMS_SHOWN),
    });
  }
  return failed;
}

/** Response body size over the wire for a client that accepts gzip only. */
function gzipTransferSize(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () =>
        resolve({ bytes, encoding: String(response.headers["content-encoding"] ?? "identity") }),
      );
      response.on("error", reject);
    });
    call.on("error", reject);
    call.end();
  });
}

type HtmlSize = {
  /** The document as served to a client that accepts no compression. */
  bytes: number;
  /** The same document's body gzipped, as a client that accepts gzip receives it. */
  gzipBytes: number;
};

/** A page's HTML size, fetched once outside Lighthouse (a fresh request, as a first visit). */
async function htmlSize(url: string): Promise<HtmlSize> {
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
  const bytes = (await response.arrayBuffer()).byteLength;
  const { bytes: gzipBytes } = await gzipTransferSize(url);
  return { bytes, gzipBytes };
}

type ScriptSize = {
  url: string;
  gzipBytes: number;
  encoding: string;
  lighthouseBytes: number;
  /** Named in the served HTML (`<script src>`, a module preload or the deferred hydration's list), not imported by another script. */
  inHtml: boolean;
};

/** Script paths a page's HTML has the browser load. */
async function scriptsNamedInHtml(origin: string, pagePath: string): Promise<Set<string>> {
  return new Set(scriptsNamedIn(await (await fetch(`${origin}${pagePath}`)).text(), origin));
}

/**
 * A page's scripts: every same-origin request Lighthouse's
 * `network-requests` audit classes as a Script during the page's runs,
 * each fetched again with `Accept-Encoding: gzip` and counted by its body.
 */
async function pageScripts(
  results: Result[],
  origin: string,
  pagePath: string,
): Promise<ScriptSize[]> {
  const transferred = new Map<string, number>();
  for (const result of results) {
    const details = result.audits["network-requests"]?.details as
      { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined;
    for (const item of details?.items ?? []) {
      if (item.resourceType !== "Script" || !item.url.startsWith(`${origin}/`)) continue;
      transferred.set(item.url, Math.max(transferred.get(item.url) ?? 0, item.transferSize ?? 0));
    }
  }
  if (transferred.size === 0) {
    throw new Error(`Lighthouse's network-requests audit listed no scripts for ${pagePath}.`);
  }
  const named = await scriptsNamedInHtml(origin, pagePath);
  const sizes: ScriptSize[] = [];
  for (const [url, lighthouseBytes] of transferred) {
    const { bytes, encoding } = await gzipTransferSize(url);
    const { pathname } = new URL(url);
    sizes.push({
      url: url.slice(origin.length),
      gzipBytes: bytes,
      encoding,
      lighthouseBytes,
      inHtml: named.has(pathname),
    });
  }
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Headless Chrome now and then fails to record a trace (NO_NAVSTART); such a run is tried again. */
const ATTEMPTS_PER_RUN = 3;

async function auditPage(url: string, port: number): Promise<RunnerResult> {
  let problem = "";
  for (let attempt = 1; attempt <= ATTEMPTS_PER_RUN; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: "html",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (result && !result.lhr.runtimeError) return result;
    const error = result?.lhr.runtimeError;
    problem = error ? `${error.code} ${error.message}` : "Lighthouse returned no result";
    console.log(`  attempt ${attempt} failed: ${problem}`);
  }
  throw new Error(`Lighthouse could not audit ${url}: ${problem}`);
}

/** Lighthouse needs the whole browser; the headless shell the browser tests use will not do. */
const chromePath =
  process.env.CHROME_PATH ||
  findChromium() ||
  (() => {
    throw new Error(
      "Lighthouse needs Chromium itself (not its headless shell): install Debian's `chromium`" +
        " package, or set CHROMIUM_PATH to a Chromium or Chrome.",
    );
  })();

function startChromium() {
  return launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
}

type Page = { name: string; path: string };

/**
 * Every page `runs` times in each browser mode. Each round visits every page
 * once in each mode, so a slow spell on the machine spreads over pages and
 * modes alike. A fresh Chromium (its own new profile, as chrome-launcher
 * makes one for each launch) has compiled none of the site's code; the kept
 * one has, from the runs before.
 */
async function runLighthouse(
  origin: string,
  pagesToRun: Page[],
  modes: BrowserMode[],
): Promise<Map<BrowserMode, PageRuns[]>> {
  const byMode = new Map(
    modes.map((mode) => [
      mode,
      pagesToRun.map((page): PageRuns => ({ ...page, results: [], lastReport: "" })),
    ]),
  );
  const kept = modes.includes("kept") ? await startChromium() : undefined;
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const [index, page] of pagesToRun.entries()) {
        for (const mode of modes) {
          process.stdout.write(`run ${run}/${runs}  ${mode.padEnd(5)}  ${page.path}\n`);
          const chrome = mode === "kept" ? kept! : await startChromium();
          try {
            const result = await auditPage(`${origin}${page.path}`, chrome.port);
            const runsOfPage = byMode.get(mode)![index]!;
            runsOfPage.results.push(result.lhr);
            runsOfPage.lastReport = String(result.report);
          } finally {
            if (chrome !== kept) chrome.kill();
          }
        }
      }
    }
  } finally {
    kept?.kill();
  }
  return byMode;
}

/** The first event's page, from the sitemap: the sample data's events move with the calendar. */
async function firstEventPath(origin: string): Promise<string> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  for (const [, location = ""] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const { pathname } = new URL(location);
    if (/^\/events\/[^/]+$/.test(pathname)) return pathname;
  }
  throw new Error("The sitemap names no event page.");
}

type LongTask = { url?: string; duration: number; startTime: number };

/** Main-thread tasks of 50 ms or more, as Lighthouse's `long-tasks` audit lists them (throttling applied). */
function longTasks(result: Result): LongTask[] {
  const details = result.audits["long-tasks"]?.details as { items?: LongTask[] } | undefined;
  return (details?.items ?? []).filter((task) => task.duration >= 50);
}

/** A task Lighthouse puts down to one of the site's scripts (a file under /assets/). */
const isOwnScript = (task: LongTask) => /\/assets\/[\w.-]+\.js$/.test(task.url ?? "");

/** The framework's own chunk (React, React DOM, React Router): its unused part is not ours to trim. */
const FRAMEWORK_CHUNK = /\/assets\/framework-[\w-]+\.js$/;

/** Bytes of the site's own scripts (the framework's chunk aside) that the page loaded but did not run. */
function unusedScriptBytes(result: Result): number {
  const details = result.audits["unused-javascript"]?.details as
    { items?: Array<{ url: string; wastedBytes?: number }> } | undefined;
  return (details?.items ?? [])
    .filter((item) => !FRAMEWORK_CHUNK.test(item.url))
    .reduce((sum, item) => sum + (item.wastedBytes ?? 0), 0);
}

function summarisePage(page: PageRuns) {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      median(page.results.map((result) => score(result, category))),
    ]),
  ) as Record<Category, number>;
  const cls = median(page.results.map((result) => metric(result, "cumulative-layout-shift")));
  return {
    name: page.name,
    path: page.path,
    scores,
    fcpMs: median(page.results.map((result) => metric(result, "first-contentful-paint"))),
    lcpMs: median(page.results.map((result) => metric(result, "largest-contentful-paint"))),
    tbtMs: median(page.results.map((result) => metric(result, "total-blocking-time"))),
    speedIndexMs: median(page.results.map((result) => metric(result, "speed-index"))),
    ttiMs: median(page.results.map((result) => metric(result, "interactive"))),
    longTasks: median(page.results.map((result) => longTasks(result).length)),
    longestTaskMs: median(
      page.results.map((result) => Math.max(0, ...longTasks(result).map((task) => task.duration))),
    ),
    // The page's scripts waking it, apart from the document's own parsing, style and layout.
    longestScriptTaskMs: median(
      page.results.map((result) =>
        Math.max(
          0,
          ...longTasks(result).flatMap((task) => (isOwnScript(task) ? [task.duration] : [])),
        ),
      ),
    ),
    unusedScriptBytes: median(page.results.map(unusedScriptBytes)),
    scriptBytes: (page.scripts ?? []).reduce((sum, script) => sum + script.lighthouseBytes, 0),
    scriptGzipBytes: (page.scripts ?? []).reduce((sum, script) => sum + script.gzipBytes, 0),
    scripts: page.scripts ?? [],
    cls,
    htmlBytes: page.html?.bytes ?? Number.NaN,
    htmlGzipBytes: page.html?.gzipBytes ?? Number.NaN,
    clsCounted: cls < BUDGET.clsNoise ? 0 : cls,
    perRun: page.results.map((result) => ({
      scores: Object.fromEntries(CATEGORIES.map((category) => [category, score(result, category)])),
      fcpMs: metric(result, "first-contentful-paint"),
      lcpMs: metric(result, "largest-contentful-paint"),
      tbtMs: metric(result, "total-blocking-time"),
      cls: metric(result, "cumulative-layout-shift"),
      speedIndexMs: metric(result, "speed-index"),
      ttiMs: metric(result, "interactive"),
      longTasks: longTasks(result).map((task) => ({
        url: task.url,
        durationMs: Math.round(task.duration),
        startMs: Math.round(task.startTime),
      })),
      // As the browser saw them on loopback, before Lighthouse simulates a mobile network and CPU.
      observedFcpMs: observed(result, "observedFirstContentfulPaint"),
      observedLcpMs: observed(result, "observedLargestContentfulPaint"),
    })),
    failedAudits: Object.fromEntries(
      CATEGORIES.filter((category) => scores[category] < BUDGET.scores[category]).map(
        (category) => [category, failedAudits(page.results, category)],
      ),
    ) as Partial<Record<Category, FailedAudit[]>>,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The pages asked for, the event's address filled in. */
async function pagesToAudit(origin: string): Promise<Page[]> {
  const asked = PAGES.filter((page) => pagesAsked.length === 0 || pagesAsked.includes(page.path));
  const eventPath = asked.some((page) => page.name === "event")
    ? await firstEventPath(origin)
    : undefined;
  return asked.map((page) => ({
    name: page.name,
    path: page.name === "event" ? eventPath! : page.path,
  }));
}

type Summary = ReturnType<typeof summarisePage>;

function budgetFailures(mode: BrowserMode, page: Summary): string[] {
  const failures: string[] = [];
  const where = `${page.path} (${mode})`;
  for (const category of CATEGORIES) {
    if (page.scores[category] < BUDGET.scores[category]) {
      failures.push(`${where}: ${category} ${page.scores[category]} < ${BUDGET.scores[category]}`);
    }
  }
  if (page.tbtMs > BUDGET.tbtMs) {
    failures.push(`${where}: total blocking time ${page.tbtMs.toFixed(0)} ms > ${BUDGET.tbtMs} ms`);
  }
  if (page.clsCounted > 0) failures.push(`${where}: CLS ${page.cls.toFixed(4)} > 0`);
  const htmlBudget = BUDGET.htmlBytes[page.path];
  if (htmlBudget !== undefined && page.htmlBytes > htmlBudget) {
    failures.push(`${where}: HTML ${page.htmlBytes} bytes > ${htmlBudget}`);
  }
  const scriptBudget = BUDGET.scriptKB[page.name as keyof typeof BUDGET.scriptKB];
  if (page.scriptBytes > scriptBudget * 1024) {
    failures.push(`${where}: scripts ${kb(page.scriptBytes)} KB transferred > ${scriptBudget} KB`);
  }
  return failures;
}

function printFailedAudits(mode: BrowserMode, page: Summary) {
  for (const [category, audits] of Object.entries(page.failedAudits)) {
    console.log(
      `\n${page.path} (${mode}) ${category}: audits that fell short (runs failed / ${runs})`,
    );
    if (category === "performance") {
      const fcp = median(page.perRun.map((run) => run.observedFcpMs));
      const lcp = median(page.perRun.map((run) => run.observedLcpMs));
      console.log(
        `  (observed on loopback before simulated throttling: FCP ${fcp.toFixed(0)} ms, LCP ${lcp.toFixed(0)} ms)`,
      );
    }
    for (const audit of audits ?? []) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : "";
      console.log(
        `  - ${audit.id} [${audit.failedRuns}/${runs}] score ${audit.score}${value}: ${audit.title}`,
      );
      if (audit.explanation) console.log(`      ${audit.explanation}`);
      for (const item of audit.items) console.log(`      · ${item}`);
    }
  }
}

async function main() {
  const build = buildDirectory(options.build);
  // Lighthouse's simulated throttling scales the CPU time it observes, so a busy machine lowers scores.
  const loadAverage = loadAverageNow();
  // The site's own address, as in production: canonical links and the share card name it.
  const server = await startServer(build, { ownSiteUrl: true });
  let byMode: Map<BrowserMode, PageRuns[]>;
  try {
    const pages = await pagesToAudit(server.url);
    console.log(
      `Serving ${build} at ${server.url}; ${runs} run(s) per page, mobile, ` +
        `${browserModes.map((mode) => (mode === "fresh" ? "a fresh Chromium for each run" : "one Chromium kept for all runs")).join(" and ")}.`,
    );
    console.log(`Load average before the runs: ${loadAverage}\n`);
    byMode = await runLighthouse(server.url, pages, browserModes);
    for (const [index, page] of pages.entries()) {
      const html = await htmlSize(`${server.url}${page.path}`);
      for (const runsOfPages of byMode.values()) {
        const runsOfPage = runsOfPages[index]!;
        runsOfPage.html = html;
        runsOfPage.scripts = await pageScripts(runsOfPage.results, server.url, page.path);
      }
    }
  } finally {
    await server.stop();
  }

  const loadAfter = loadAverageNow();
  const summaries = new Map(
    [...byMode].map(([mode, pages]) => [mode, pages.map(summarisePage)] as const),
  );
  for (const [mode, pages] of byMode) {
    for (const page of pages) writeResult(`${page.name}.${mode}.report.html`, page.lastReport);
  }
  const failures = [...summaries].flatMap(([mode, pages]) =>
    pages.flatMap((page) => budgetFailures(mode, page)),
  );

  for (const [mode, pages] of summaries) {
    console.log(
      `\n${mode === "fresh" ? "A fresh Chromium for each run" : "One Chromium kept for all runs"}:` +
        ` medians of ${runs} run(s) per page (scores out of 100; CLS below ${BUDGET.clsNoise} counts as 0)\n`,
    );
    console.log(
      formatTable(
        [
          "page",
          "perf",
          "a11y",
          "best-pr",
          "seo",
          "FCP ms",
          "LCP ms",
          "TBT ms",
          "TTI ms",
          "CLS",
          "SI ms",
          "long tasks",
          "longest ms",
          "script ms",
          "unused KB",
        ],
        pages.map((page) => [
          page.path,
          ...CATEGORIES.map((category) => String(page.scores[category])),
          page.fcpMs.toFixed(0),
          page.lcpMs.toFixed(0),
          page.tbtMs.toFixed(0),
          page.ttiMs.toFixed(0),
          page.cls.toFixed(4),
          page.speedIndexMs.toFixed(0),
          String(page.longTasks),
          page.longestTaskMs.toFixed(0),
          page.longestScriptTaskMs ? page.longestScriptTaskMs.toFixed(0) : "<50",
          kb(page.unusedScriptBytes),
        ]),
      ),
    );
  }
  console.log(
    "\nMetrics are Lighthouse's simulated mobile figures (slow 4G, 4x CPU slowdown). Long tasks:" +
      " main-thread tasks of 50 ms or more, and the longest; script ms: the longest of them" +
      " Lighthouse puts down to the site's scripts (waking the page), not to the document. Unused KB: the site's own scripts" +
      " (the framework's chunk aside) loaded but not run, as the unused-javascript audit counts them.",
  );

  const firstMode = [...summaries.values()][0]!;
  console.log(
    "\nWhat each page sends (HTML B: the document uncompressed; HTML gz B: its gzip body;" +
      " scripts: the same-origin Script requests in Lighthouse's network-requests audit, as" +
      " transferred (brotli, headers included), beside the most the page may load and the same" +
      " files fetched again with Accept-Encoding: gzip, bodies only):\n",
  );
  console.log(
    formatTable(
      ["page", "HTML B", "HTML gz B", "scripts KB", "budget KB", "gzip KB", "files"],
      firstMode.map((page) => [
        page.path,
        String(page.htmlBytes),
        String(page.htmlGzipBytes),
        kb(page.scriptBytes),
        String(BUDGET.scriptKB[page.name as keyof typeof BUDGET.scriptKB]),
        kb(page.scriptGzipBytes),
        String(page.scripts.length),
      ]),
    ),
  );

  const home = firstMode.find((page) => page.path === "/");
  if (home) {
    console.log(
      `\nHome page scripts ("lighthouse" is the transfer size Lighthouse saw, headers included;` +
        ` "in HTML" says whether the served HTML names it or it was loaded later):\n`,
    );
    console.log(
      formatTable(
        ["script", "gzip KB", "encoding", "lighthouse KB", "in HTML"],
        [
          ...home.scripts.map((script) => [
            script.url,
            kb(script.gzipBytes),
            script.encoding,
            kb(script.lighthouseBytes),
            script.inHtml ? "yes" : "no",
          ]),
          [
            `total (${home.scripts.length} files)`,
            kb(home.scriptGzipBytes),
            "",
            kb(home.scripts.reduce((sum, script) => sum + script.lighthouseBytes, 0)),
            "",
          ],
        ],
      ),
    );
  }

  const fresh = summaries.get("fresh");
  const kept = summaries.get("kept");
  if (fresh && kept) {
    console.log("\nFresh against kept Chromium (medians):\n");
    console.log(
      formatTable(
        ["page", "perf fresh", "perf kept", "TBT fresh", "TBT kept", "TTI fresh", "TTI kept"],
        fresh.map((page, index) => {
          const other = kept[index]!;
          return [
            page.path,
            String(page.scores.performance),
            String(other.scores.performance),
            page.tbtMs.toFixed(0),
            other.tbtMs.toFixed(0),
            page.ttiMs.toFixed(0),
            other.ttiMs.toFixed(0),
          ];
        }),
      ),
    );
  }

  const allResults = [...byMode.values()].flatMap((pages) => pages.flatMap((page) => page.results));
  const benchmarkIndex = median(allResults.map((result) => result.environment.benchmarkIndex));
  console.log(
    `\nLighthouse CPU benchmark index (median): ${benchmarkIndex.toFixed(0)}; load average before: ${loadAverage}; after: ${loadAfter}`,
  );

  const warnings = [...new Set(allResults.flatMap((result) => result.runWarnings))];
  if (warnings.length) {
    console.log(`\nLighthouse warnings:\n${warnings.map((w) => `  - ${w}`).join("\n")}`);
  }

  const first = allResults[0]!;
  const summaryFile = writeResult(
    "summary.json",
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        lighthouseVersion: first.lighthouseVersion,
        formFactor: first.configSettings.formFactor,
        throttlingMethod: first.configSettings.throttlingMethod,
        runsPerPage: runs,
        benchmarkIndex,
        loadAverageBefore: loadAverage,
        loadAverageAfter: loadAfter,
        budget: BUDGET,
        scriptsMethod:
          "Same-origin Script requests from Lighthouse's network-requests audit: transfer sizes summed (scriptBytes), and each fetched again with Accept-Encoding: gzip, body bytes summed (scriptGzipBytes).",
        browsers: Object.fromEntries(summaries),
        warnings,
        failures,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `\nWrote ${summaryFile} and .lighthouse/<page>.<fresh|kept>.report.html (last run of each page).`,
  );

  if (failures.length === 0) {
    console.log("\nAll budgets met.");
    return;
  }
  console.log(`\nBudget missed:\n${failures.map((failure) => `  ✗ ${failure}`).join("\n")}`);
  for (const [mode, pages] of summaries) {
    for (const page of pages) printFailedAudits(mode, page);
  }
  if (!options["no-budget"]) process.exitCode = 1;
}

await main();
