// `npm run bench`: load on the built server over loopback with autocannon, in
// one run: every public page, a cached image variant and a hashed static
// script, and, as the yardstick for the ratios, the hello page of the smallest
// React Router app served by react-router-serve (tests/perf/minimal-app.ts).
// One more target asks for the menu with a new `utm_source` each request, as
// campaign links and cache-busters do: its goal is at most 3 times the kept
// menu's mean time in the same round, since the page does not read the key.
//
// Runs against an existing build (`npm run build` first); starts and stops the
// servers itself. Options:
//   --duration <s>     measured seconds per target (default 10)
//   --connections <n>  concurrent connections (default 50)
//   --runs <n>         rounds over all targets, medians reported (default 3)
//   --build <dir>      build folder to serve (default build/, or PERF_BUILD_DIR)
// Reports the goals (pages the same for everyone at 1.5 times the hello page
// or better with p99 under 50 ms, the form pages at least as fast as it with
// p99 under 100 ms) without enforcing them: timing is not a test. Exits
// non-zero when any response is not a 200 or a request fails. Writes
// .lighthouse/bench-results.json.
//
// `npm run bench -- --memory` measures the server's memory instead (see
// bench-memory.ts for its options), `npm run bench -- --staff-menu` the
// staff menu page's server time (see bench-staff-menu.ts), and
// `npm run bench -- --live` what 1,000 open live streams cost (see bench-live.ts),
// `npm run bench -- --pictures` whether strangers asking for large
// pictures slow a visitor's small ones (see bench-pictures.ts), and
// `npm run bench -- --interaction` how long a phone waits for a tap made
// while the page hydrates (see bench-interaction.ts).
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { formatTable, loadAverageNow, median, positiveInteger, writeResult } from "./report.ts";
import { startMinimalApp } from "./minimal-app.ts";
import { buildDirectory, startServer } from "./server.ts";

const WARM_UP_SECONDS = 2;

/** What a browser sends, so the server picks the encodings and image format it would in production. */
const BROWSER_HEADERS = {
  "Accept-Encoding": "br, gzip",
  "Accept-Language": "en-CA,en;q=0.9",
  "User-Agent": "Mozilla/5.0 (pub-site bench) AppleWebKit/537.36 (KHTML, like Gecko)",
};
const ACCEPT = {
  page: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  image: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8",
  script: "*/*",
};

// autocannon ships no types: the options and result fields this script uses.
type AutocannonRequest = { path: string; method?: string };
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests?: Array<{ setupRequest: (request: AutocannonRequest) => AutocannonRequest }>;
};
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  throughput: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

function throughputOptions() {
  const { values: options } = parseArgs({
    options: {
      duration: { type: "string" },
      connections: { type: "string" },
      runs: { type: "string" },
      build: { type: "string" },
    },
  });
  return {
    build: options.build,
    duration: positiveInteger("--duration", options.duration, 10),
    connections: positiveInteger("--connections", options.connections, 50),
    runs: positiveInteger("--runs", options.runs, 3),
  };
}

type Target = {
  name: string;
  /** The origin to load: the site's, or the minimal app's for the yardstick. */
  origin: string;
  path: string;
  headers: Record<string, string>;
  /** The goal as a multiple of the hello page's requests per second, and a p99 bound. */
  goal?: { ratio: number; p99Ms?: number };
  /** A query key given a new random value for every request (`?utm_source=<new>`). */
  freshKey?: string;
  /** The goal as a bound on the mean time, in multiples of another target's in the same round. */
  timeGoal?: { of: string; atMost: number };
};

type Measurement = {
  requestsPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerSecond: number;
  requests: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
};

/**
 * The targets: the yardstick, every public page (an event's page is the first
 * the home page links to), and, read from the home page itself, a versioned
 * (immutable) image variant from a srcset and the hashed framework script it
 * preloads.
 */
async function findTargets(origin: string, yardstick: string): Promise<Target[]> {
  const response = await fetch(`${origin}/`, { headers: BROWSER_HEADERS });
  if (response.status !== 200) throw new Error(`/ answered ${response.status}`);
  const html = (await response.text()).replaceAll("&amp;", "&");
  const images = [...html.matchAll(/\/img\/[^\s"',]+[?&]v=[^\s"',]+/g)].map(([url]) => url);
  const image = images.find((url) => /[?&]w=640\b/.test(url)) ?? images[0];
  if (!image) throw new Error("The home page names no versioned /img/ URL.");
  const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([url]) => url);
  // The framework chunk: the largest file every page loads.
  const script = scripts.find((url) => url.includes("/framework-")) ?? scripts[0];
  if (!script) throw new Error("The home page names no /assets/*.js file.");
  const eventPage = /href="(\/events\/[\w-]+)"/.exec(html)?.[1];
  if (!eventPage) throw new Error("The home page links to no event's page.");
  const page = { ...BROWSER_HEADERS, Accept: ACCEPT.page };
  const shared = { ratio: 1.5, p99Ms: 50 };
  const form = { ratio: 1, p99Ms: 100 };
  return [
    { name: "hello", origin: yardstick, path: "/", headers: page },
    { name: "home", origin, path: "/", headers: page, goal: shared },
    { name: "menu", origin, path: "/menu", headers: page, goal: shared },
    {
      name: "menu-utm",
      origin,
      path: "/menu",
      freshKey: "utm_source",
      headers: page,
      timeGoal: { of: "menu", atMost: 3 },
    },
    { name: "about", origin, path: "/about", headers: page, goal: shared },
    { name: "accessibility", origin, path: "/accessibility", headers: page, goal: shared },
    { name: "contact", origin, path: "/contact", headers: page, goal: form },
    { name: "venue", origin, path: "/venue", headers: page, goal: form },
    { name: "events", origin, path: "/events", headers: page, goal: shared },
    { name: "event", origin, path: eventPage, headers: page, goal: shared },
    { name: "image", origin, path: image, headers: { ...BROWSER_HEADERS, Accept: ACCEPT.image } },
    {
      name: "static",
      origin,
      path: script,
      headers: { ...BROWSER_HEADERS, Accept: ACCEPT.script },
    },
  ];
}

/** Requests each target once, so the image variant is rendered and on disk before it is measured. */
async function prime(targets: Target[]): Promise<void> {
  for (const target of targets) {
    const response = await fetch(`${target.origin}${targetPath(target)}`, {
      headers: target.headers,
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
    const type = response.headers.get("content-type") ?? "?";
    const encoding = response.headers.get("content-encoding") ?? "identity";
    const cache = response.headers.get("cache-control") ?? "?";
    console.log(
      `  ${target.name.padEnd(6)} ${shownPath(target)}  (${type}; ${encoding}; ${cache})`,
    );
  }
}

/** The path a target asks for, with its fresh key's new value when it has one. */
function targetPath(target: Target): string {
  return target.freshKey ? `${target.path}?${target.freshKey}=${randomUUID()}` : target.path;
}

/** The path as the report shows it. */
function shownPath(target: Target): string {
  return target.freshKey ? `${target.path}?${target.freshKey}=<new>` : target.path;
}

async function load(target: Target, seconds: number, connections: number): Promise<Measurement> {
  const fresh = target.freshKey
    ? {
        requests: [
          {
            setupRequest: (request: AutocannonRequest) => ({
              ...request,
              path: targetPath(target),
            }),
          },
        ],
      }
    : {};
  const result = await autocannon({
    url: `${target.origin}${target.path}`,
    connections,
    duration: seconds,
    headers: target.headers,
    ...fresh,
  });
  return {
    requestsPerSecond: result.requests.average,
    meanMs: result.latency.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bytesPerSecond: result.throughput.average,
    requests: result.requests.total,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
    ),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Responses other than 200, and requests that failed or timed out. */
function problems(measurement: Measurement): number {
  const other = Object.entries(measurement.statusCodes)
    .filter(([code]) => code !== "200")
    .reduce((sum, [, count]) => sum + count, 0);
  return other + measurement.errors + measurement.timeouts;
}

async function main() {
  const { duration, connections, runs, ...options } = throughputOptions();
  const build = buildDirectory(options.build);
  const loadAverage = loadAverageNow();
  const server = await startServer(build);
  const measured = new Map<string, Measurement[]>();
  const warmUps: Array<{ target: string; measurement: Measurement }> = [];
  let targets: Target[];
  try {
    const yardstick = await startMinimalApp();
    try {
      console.log(
        `Serving ${build} at ${server.url}, the minimal app at ${yardstick.url}; ${runs} round(s) of` +
          ` ${WARM_UP_SECONDS} s warm-up + ${duration} s per target, ${connections} connections.` +
          ` Load average before: ${loadAverage}\n`,
      );
      targets = await findTargets(server.url, yardstick.url);
      await prime(targets);
      for (let run = 1; run <= runs; run += 1) {
        for (const target of targets) {
          const warmUp = await load(target, WARM_UP_SECONDS, connections);
          warmUps.push({ target: target.name, measurement: warmUp });
          const measurement = await load(target, duration, connections);
          measured.set(target.name, [...(measured.get(target.name) ?? []), measurement]);
          console.log(
            `round ${run}/${runs}  ${target.name.padEnd(7)} ${measurement.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
              `  p99 ${measurement.p99Ms} ms  ${JSON.stringify(measurement.statusCodes)}`,
          );
        }
      }
    } finally {
      await yardstick.stop();
    }
  } finally {
    await server.stop();
  }

  // Ratios per round, then their median: targets in one round ran close together in time.
  const helloRuns = measured.get("hello") ?? [];
  const rows = targets.map((target) => {
    const runsOf = measured.get(target.name) ?? [];
    const ratios = runsOf.map(
      (measurement, round) =>
        measurement.requestsPerSecond / (helloRuns[round]?.requestsPerSecond ?? Number.NaN),
    );
    const p99Ms = median(runsOf.map((m) => m.p99Ms));
    const ratioToHello = median(ratios);
    const goal = target.goal;
    const timeGoal = target.timeGoal;
    const comparedRuns = timeGoal ? (measured.get(timeGoal.of) ?? []) : [];
    const timesCompared = median(
      runsOf.map((m, round) => m.meanMs / (comparedRuns[round]?.meanMs ?? Number.NaN)),
    );
    return {
      name: target.name,
      path: shownPath(target),
      meanMs: median(runsOf.map((m) => m.meanMs)),
      timeGoal,
      timesCompared: timeGoal ? timesCompared : undefined,
      requestsPerSecond: median(runsOf.map((m) => m.requestsPerSecond)),
      p50Ms: median(runsOf.map((m) => m.p50Ms)),
      p99Ms,
      kbPerSecond: median(runsOf.map((m) => m.bytesPerSecond)) / 1024,
      ratioToHello,
      goal,
      goalMet: goal
        ? ratioToHello >= goal.ratio && (goal.p99Ms === undefined || p99Ms < goal.p99Ms)
        : timeGoal
          ? timesCompared <= timeGoal.atMost
          : undefined,
      requests: runsOf.reduce((sum, m) => sum + m.requests, 0),
      problems: runsOf.reduce((sum, m) => sum + problems(m), 0),
      perRun: runsOf,
    };
  });

  console.log(
    `\nMedians of ${runs} round(s); ratio = target req/s ÷ the minimal app's hello page req/s` +
      " in the same round, median:\n",
  );
  console.log(
    formatTable(
      [
        "target",
        "req/s",
        "mean ms",
        "p50 ms",
        "p99 ms",
        "KB/s",
        "× hello",
        "goal",
        "requests",
        "non-200/err",
      ],
      rows.map((row) => [
        `${row.name} ${row.path}`,
        row.requestsPerSecond.toFixed(0),
        row.meanMs.toFixed(1),
        row.p50Ms.toFixed(0),
        row.p99Ms.toFixed(0),
        row.kbPerSecond.toFixed(0),
        row.ratioToHello.toFixed(2),
        row.goal
          ? `${row.goalMet ? "✓" : "✗"} ≥${row.goal.ratio}×${row.goal.p99Ms ? `, p99 <${row.goal.p99Ms}` : ""}`
          : row.timeGoal
            ? `${row.goalMet ? "✓" : "✗"} ${row.timesCompared?.toFixed(2)}× ${row.timeGoal.of}'s time, ≤${row.timeGoal.atMost}×`
            : "",
        String(row.requests),
        String(row.problems),
      ]),
    ),
  );

  const warmUpProblems = warmUps.reduce((sum, { measurement }) => sum + problems(measurement), 0);
  const file = writeResult(
    "bench-results.json",
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        loadAverageBefore: loadAverage,
        settings: { durationSeconds: duration, warmUpSeconds: WARM_UP_SECONDS, connections, runs },
        headers: BROWSER_HEADERS,
        targets: rows,
        warmUps,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${file}.`);

  const failed = rows.filter((row) => row.problems > 0);
  if (failed.length || warmUpProblems) {
    for (const row of failed) {
      const codes = row.perRun.map((m) => JSON.stringify(m.statusCodes)).join(" ");
      console.log(`✗ ${row.path}: ${row.problems} non-200 responses or errors (${codes})`);
    }
    if (warmUpProblems) console.log(`✗ warm-ups: ${warmUpProblems} non-200 responses or errors`);
    process.exitCode = 1;
  }
}

const argv = process.argv.slice(2);
// `npm run bench -- --sign-in`: the owner's sign-in and the rest of the site
// during a burst of sign-in guesses (see bench-sign-in.ts).
if (argv.includes("--sign-in")) {
  const { benchSignIn } = await import("./bench-sign-in.ts");
  process.exitCode = await benchSignIn(argv.filter((arg) => arg !== "--sign-in"));
} else if (argv.includes("--staff-menu")) {
  const { benchStaffMenu } = await import("./bench-staff-menu.ts");
  process.exitCode = await benchStaffMenu(argv.filter((arg) => arg !== "--staff-menu"));
} else if (argv.includes("--live")) {
  const { benchLive } = await import("./bench-live.ts");
  process.exitCode = await benchLive(argv.filter((arg) => arg !== "--live"));
} else if (argv.includes("--interaction")) {
  const { benchInteraction } = await import("./bench-interaction.ts");
  process.exitCode = await benchInteraction(argv.filter((arg) => arg !== "--interaction"));
} else if (argv.includes("--pictures")) {
  const { benchPictures } = await import("./bench-pictures.ts");
  process.exitCode = await benchPictures(argv.filter((arg) => arg !== "--pictures"));
} else if (argv.includes("--memory")) {
  const { benchMemory } = await import("./bench-memory.ts");
  process.exitCode = await benchMemory(argv.filter((arg) => arg !== "--memory"));
} else {
  await main();
}
