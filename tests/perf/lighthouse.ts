// `npm run lighthouse`: Lighthouse (mobile emulation and throttling, as
// Lighthouse defaults) on every page of the built site, several runs each,
// checked against the site's performance budget. Reports each page's median
// score per category, its median FCP, LCP, TBT, CLS and Speed Index, and the
// size of its HTML.
//
// Runs against an existing build (`npm run build` first); starts and stops the
// server itself. Options:
//   --runs <n>     runs per page, median reported (default 3, or LIGHTHOUSE_RUNS)
//   --build <dir>  build folder to serve (default build/, or PERF_BUILD_DIR)
//   --no-budget    report only; exit 0 even when a budget is missed
// Writes .lighthouse/summary.json and the last HTML report of each page.
import { request } from "node:http";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse, { type Result, type RunnerResult } from "lighthouse";
import { findChromium } from "../support/chromium.ts";
import { scriptsNamedIn } from "../support/scripts-named.ts";
import { formatTable, loadAverageNow, median, positiveInteger, writeResult } from "./report.ts";
import { buildDirectory, startServer } from "./server.ts";

const PAGES = [
  { name: "home", path: "/" },
  { name: "menu", path: "/menu" },
  { name: "about", path: "/about" },
  { name: "venue", path: "/venue" },
  { name: "contact", path: "/contact" },
  { name: "accessibility", path: "/accessibility" },
] as const;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

const BUDGET = {
  /** Lowest score, out of 100, for each category. */
  scores: { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 },
  /** Layout shift below this is measurement noise and counts as 0. */
  clsNoise: 0.001,
  /** Home page scripts, gzip transfer size; KB as Lighthouse counts them (1024 bytes). */
  homeScriptKB: 135,
  /** A page's HTML, uncompressed, in bytes: the menu, the largest, at half of what it once was. */
  htmlBytes: { "/menu": 147_000 } as Partial<Record<string, number>>,
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
    "no-budget": { type: "boolean", default: false },
  },
});
const runs = positiveInteger("--runs", options.runs ?? process.env.LIGHTHOUSE_RUNS, 3);

type PageRuns = {
  name: string;
  path: string;
  results: Result[];
  lastReport: string;
  html?: HtmlSize;
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

/** Script paths the home page's HTML has the browser load. */
async function scriptsNamedInHtml(origin: string): Promise<Set<string>> {
  return new Set(scriptsNamedIn(await (await fetch(`${origin}/`)).text(), origin));
}

/**
 * The home page's scripts: every same-origin request Lighthouse's
 * `network-requests` audit classes as a Script during the home page runs,
 * each fetched again with `Accept-Encoding: gzip` and counted by its body.
 */
async function homeScripts(results: Result[], origin: string): Promise<ScriptSize[]> {
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
    throw new Error("Lighthouse's network-requests audit listed no scripts for the home page.");
  }
  const named = await scriptsNamedInHtml(origin);
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

async function runLighthouse(origin: string): Promise<PageRuns[]> {
  const pages: PageRuns[] = PAGES.map((page) => ({ ...page, results: [], lastReport: "" }));
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH || findChromium() || "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  try {
    // Each round visits every page once, so a slow spell on the machine spreads over pages.
    for (let run = 1; run <= runs; run += 1) {
      for (const page of pages) {
        process.stdout.write(`run ${run}/${runs}  ${page.path}\n`);
        const result = await auditPage(`${origin}${page.path}`, chrome.port);
        page.results.push(result.lhr);
        page.lastReport = String(result.report);
      }
    }
  } finally {
    chrome.kill();
  }
  return pages;
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

async function main() {
  const build = buildDirectory(options.build);
  // Lighthouse's simulated throttling scales the CPU time it observes, so a busy machine lowers scores.
  const loadAverage = loadAverageNow();
  const server = await startServer(build);
  let pages: PageRuns[];
  let scripts: ScriptSize[];
  try {
    console.log(`Serving ${build} at ${server.url}; ${runs} run(s) per page, mobile.`);
    console.log(`Load average before the runs: ${loadAverage}\n`);
    pages = await runLighthouse(server.url);
    for (const page of pages) page.html = await htmlSize(`${server.url}${page.path}`);
    scripts = await homeScripts(pages[0]!.results, server.url);
  } finally {
    await server.stop();
  }

  const loadAfter = loadAverageNow();
  const summaries = pages.map(summarisePage);
  for (const page of pages) writeResult(`${page.name}.report.html`, page.lastReport);
  const homeGzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

  const failures: string[] = [];
  for (const page of summaries) {
    for (const category of CATEGORIES) {
      if (page.scores[category] < BUDGET.scores[category]) {
        failures.push(
          `${page.path}: ${category} ${page.scores[category]} < ${BUDGET.scores[category]}`,
        );
      }
    }
    if (page.clsCounted > 0) failures.push(`${page.path}: CLS ${page.cls.toFixed(4)} > 0`);
    const htmlBudget = BUDGET.htmlBytes[page.path];
    if (htmlBudget !== undefined && page.htmlBytes > htmlBudget) {
      failures.push(`${page.path}: HTML ${page.htmlBytes} bytes > ${htmlBudget}`);
    }
  }
  if (homeGzipBytes > BUDGET.homeScriptKB * 1024) {
    failures.push(`/: JavaScript ${kb(homeGzipBytes)} KB gzipped > ${BUDGET.homeScriptKB} KB`);
  }

  console.log(
    `\nMedians of ${runs} run(s) per page (scores out of 100; CLS below ${BUDGET.clsNoise} counts as 0):\n`,
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
        "CLS",
        "SI ms",
        "HTML B",
        "HTML gz B",
      ],
      summaries.map((page) => [
        page.path,
        ...CATEGORIES.map((category) => String(page.scores[category])),
        page.fcpMs.toFixed(0),
        page.lcpMs.toFixed(0),
        page.tbtMs.toFixed(0),
        page.cls.toFixed(4),
        page.speedIndexMs.toFixed(0),
        String(page.htmlBytes),
        String(page.htmlGzipBytes),
      ]),
    ),
  );
  console.log(
    "\nHTML B: the document uncompressed; HTML gz B: its gzip body. Metrics are Lighthouse's" +
      " simulated mobile figures (slow 4G, 4x CPU slowdown).",
  );

  console.log(
    `\nHome page scripts (same-origin Script requests in Lighthouse's network-requests audit;` +
      ` "gzip" is the body size fetched again with Accept-Encoding: gzip;` +
      ` "lighthouse" is the transfer size Lighthouse saw, headers included;` +
      ` "in HTML" says whether the served HTML names it or it was loaded later):\n`,
  );
  console.log(
    formatTable(
      ["script", "gzip KB", "encoding", "lighthouse KB", "in HTML"],
      [
        ...scripts.map((script) => [
          script.url,
          kb(script.gzipBytes),
          script.encoding,
          kb(script.lighthouseBytes),
          script.inHtml ? "yes" : "no",
        ]),
        [
          `total (${scripts.length} files)`,
          kb(homeGzipBytes),
          "",
          kb(scripts.reduce((sum, script) => sum + script.lighthouseBytes, 0)),
          "",
        ],
      ],
    ),
  );

  const benchmarkIndex = median(
    pages.flatMap((page) => page.results.map((result) => result.environment.benchmarkIndex)),
  );
  console.log(
    `\nLighthouse CPU benchmark index (median): ${benchmarkIndex.toFixed(0)}; load average before: ${loadAverage}; after: ${loadAfter}`,
  );

  const warnings = [
    ...new Set(pages.flatMap((page) => page.results.flatMap((r) => r.runWarnings))),
  ];
  if (warnings.length) {
    console.log(`\nLighthouse warnings:\n${warnings.map((w) => `  - ${w}`).join("\n")}`);
  }

  const summaryFile = writeResult(
    "summary.json",
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        lighthouseVersion: pages[0]!.results[0]!.lighthouseVersion,
        formFactor: pages[0]!.results[0]!.configSettings.formFactor,
        throttlingMethod: pages[0]!.results[0]!.configSettings.throttlingMethod,
        runsPerPage: runs,
        benchmarkIndex,
        loadAverageBefore: loadAverage,
        loadAverageAfter: loadAfter,
        budget: BUDGET,
        pages: summaries,
        homeScripts: {
          method:
            "Same-origin Script requests from Lighthouse's network-requests audit on /, each fetched again with Accept-Encoding: gzip; body bytes summed.",
          totalGzipBytes: homeGzipBytes,
          files: scripts,
        },
        warnings,
        failures,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${summaryFile} and .lighthouse/<page>.report.html (last run of each page).`);

  if (failures.length === 0) {
    console.log("\nAll budgets met.");
    return;
  }
  console.log(`\nBudget missed:\n${failures.map((failure) => `  ✗ ${failure}`).join("\n")}`);
  for (const page of summaries) {
    for (const [category, audits] of Object.entries(page.failedAudits)) {
      console.log(`\n${page.path} ${category}: audits that fell short (runs failed / ${runs})`);
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
  if (!options["no-budget"]) process.exitCode = 1;
}

await main();
