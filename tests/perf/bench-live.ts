// `npm run bench -- --live`: what open live streams cost. Each round starts a
// server (the embedded database), measures the page load alone, then opens
// 1,000 idle `/live` streams (each on a connection of its own, as 1,000 open
// pages are) and measures the same page load with them open: the server's
// RSS when quiet, and the pages' p99 and requests per second, with and
// without the streams. Goals (reported, not enforced: timing is not a test):
// the streams cost under 50 MB more RSS, and the pages' p99 does not suffer.
//
// Runs against an existing build (`npm run build` first); starts and stops the
// server itself. Options:
//   --streams <n>          idle streams to open (default 1000)
//   --runs <n>             rounds, medians reported (default 3)
//   --duration <s>         measured seconds of page load, each way (default 10)
//   --connections <n>      concurrent page connections (default 50)
//   --machine-memory <MB>  the V8 heap as on a machine with this much memory
//                          (default 512, as deployed; 0: this machine's)
//   --build <dir>          build folder to serve (default build/, or PERF_BUILD_DIR)
//   --cycles <n>           instead: one server, the streams opened and closed n
//                          times, the RSS before, with and after each time
// Exits non-zero when a page answered other than 200, a request failed, or a
// stream did not open with its first event. Writes .lighthouse/bench-live-results.json.
import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { heapOptionsFor } from "./bench-memory.ts";
import { formatTable, loadAverageNow, median, positiveInteger, writeResult } from "./report.ts";
import { buildDirectory, startServer } from "./server.ts";

const BROWSER_HEADERS = {
  "Accept-Encoding": "br, gzip",
  "Accept-Language": "en-CA,en;q=0.9",
  "User-Agent": "Mozilla/5.0 (pub-site bench) AppleWebKit/537.36 (KHTML, like Gecko)",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
};
/** The usual page load: the public pages a visitor opens most. */
const PAGES = ["/", "/menu", "/about", "/events", "/contact"];
/** Quiet seconds before the RSS is read, so what the last step allocated has settled. */
const SETTLE_SECONDS = 3;
const WARM_UP_SECONDS = 3;

// autocannon ships no types: the options and result fields this script uses.
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: Array<{
    path: string;
    headers: Record<string, string>;
    onResponse: (status: number) => void;
  }>;
};
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

type Load = { requestsPerSecond: number; p50Ms: number; p99Ms: number; problems: number };
type Round = {
  round: number;
  without: { rssMb: number; load: Load };
  with: { rssMb: number; load: Load; openMs: number };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round((Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]) / 1024) * 10) / 10;
}

async function pageLoad(url: string, seconds: number, connections: number): Promise<Load> {
  let other = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    requests: PAGES.map((path) => ({
      path,
      headers: BROWSER_HEADERS,
      onResponse: (status: number) => void (status === 200 || other++),
    })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    problems: other + result.errors + result.timeouts,
  };
}

/**
 * Opens `count` streams, each on a connection of its own, and resolves once
 * every one has had its first revision event. Returns a function closing them.
 */
async function openStreams(url: string, count: number): Promise<() => void> {
  const requests: ClientRequest[] = [];
  const opened = Array.from(
    { length: count },
    () =>
      new Promise<void>((resolve, reject) => {
        const request = httpRequest(`${url}/live`, {
          agent: false,
          headers: { Accept: "text/event-stream" },
        });
        requests.push(request);
        request.once("error", reject);
        request.once("response", (response: IncomingMessage) => {
          if (response.statusCode !== 200) {
            reject(new Error(`/live answered ${response.statusCode}`));
            response.resume();
            return;
          }
          let text = "";
          const onData = (chunk: Buffer) => {
            text += chunk.toString();
            if (text.includes("event: revision")) {
              // Idle from here on: read on, as a browser does, without keeping what comes.
              response.off("data", onData);
              response.on("data", () => {});
              resolve();
            }
          };
          response.on("data", onData);
        });
        request.end();
      }),
  );
  await Promise.all(opened);
  return () => {
    for (const request of requests) request.destroy();
  };
}

async function liveStreams(url: string): Promise<number> {
  const health = (await (await fetch(`${url}/healthz`)).json()) as { live?: { streams: number } };
  return health.live?.streams ?? Number.NaN;
}

/**
 * One round, on a server of its own (so a round's streams leave nothing
 * behind for the next to reuse): the page load alone, the RSS when quiet,
 * the streams opened, the RSS when quiet again, then the page load with the
 * streams open. Both RSS readings follow the same page load, so their
 * difference is what the streams cost.
 */
async function round(
  number: number,
  build: string,
  heapOptions: string[],
  settings: { streams: number; duration: number; connections: number },
): Promise<Round> {
  const server = await startServer(build, {
    env: { LIVE_MAX_STREAMS: String(Math.max(2000, settings.streams)) },
    nodeArguments: heapOptions,
  });
  try {
    const { url, pid } = server;
    await pageLoad(url, WARM_UP_SECONDS, settings.connections);
    const loadWithout = await pageLoad(url, settings.duration, settings.connections);
    await sleep(SETTLE_SECONDS * 1_000);
    const rssWithout = rssMb(pid);

    const started = performance.now();
    const close = await openStreams(url, settings.streams);
    const openMs = Math.round(performance.now() - started);
    const open = await liveStreams(url);
    if (open !== settings.streams) throw new Error(`${open} streams open, not ${settings.streams}`);
    await sleep(SETTLE_SECONDS * 1_000);
    const rssWith = rssMb(pid);
    const loadWith = await pageLoad(url, settings.duration, settings.connections);
    close();

    console.log(
      `round ${number}: RSS ${rssWithout} → ${rssWith} MB with ${settings.streams} streams` +
        ` (opened in ${openMs} ms); pages p99 ${loadWithout.p99Ms} → ${loadWith.p99Ms} ms,` +
        ` ${loadWithout.requestsPerSecond.toFixed(0)} → ${loadWith.requestsPerSecond.toFixed(0)} req/s`,
    );
    return {
      round: number,
      without: { rssMb: rssWithout, load: loadWithout },
      with: { rssMb: rssWith, load: loadWith, openMs },
    };
  } finally {
    await server.stop();
  }
}

type Cycle = { cycle: number; beforeMb: number; withMb: number; afterMb: number };

/**
 * `--cycles <n>`: one server, `n` times over: the streams opened, the RSS
 * with them, the streams closed by their clients, the RSS once the server
 * counts none. What closing gives back: the RSS after each cycle against
 * the first (goal: within 20 MB after five), and what the streams cost in
 * each (goal: under 50 MB).
 */
async function cycles(
  count: number,
  build: string,
  heapOptions: string[],
  streams: number,
): Promise<Cycle[]> {
  const server = await startServer(build, {
    env: { LIVE_MAX_STREAMS: String(Math.max(2000, streams)) },
    nodeArguments: heapOptions,
  });
  const done: Cycle[] = [];
  try {
    const { url, pid } = server;
    await pageLoad(url, WARM_UP_SECONDS, 10);
    await sleep(SETTLE_SECONDS * 1_000);
    for (let cycle = 1; cycle <= count; cycle++) {
      const beforeMb = rssMb(pid);
      const close = await openStreams(url, streams);
      await sleep(SETTLE_SECONDS * 1_000);
      const withMb = rssMb(pid);
      close();
      while ((await liveStreams(url)) !== 0) await sleep(100);
      await sleep(SETTLE_SECONDS * 1_000);
      const afterMb = rssMb(pid);
      console.log(
        `cycle ${cycle}: RSS ${beforeMb} → ${withMb} MB with ${streams} streams → ${afterMb} MB once closed`,
      );
      done.push({ cycle, beforeMb, withMb, afterMb });
    }
  } finally {
    await server.stop();
  }
  return done;
}

export async function benchLive(args: string[]): Promise<number> {
  const { values: options } = parseArgs({
    args,
    options: {
      streams: { type: "string" },
      runs: { type: "string" },
      duration: { type: "string" },
      connections: { type: "string" },
      "machine-memory": { type: "string" },
      build: { type: "string" },
      cycles: { type: "string" },
    },
  });
  const settings = {
    streams: positiveInteger("--streams", options.streams, 1000),
    runs: positiveInteger("--runs", options.runs, 3),
    duration: positiveInteger("--duration", options.duration, 10),
    connections: positiveInteger("--connections", options.connections, 50),
  };
  const machineMemory =
    options["machine-memory"] === "0"
      ? 0
      : positiveInteger("--machine-memory", options["machine-memory"], 512);
  const heapOptions = heapOptionsFor(machineMemory);
  const build = buildDirectory(options.build);
  const loadAverage = loadAverageNow();
  if (options.cycles !== undefined) {
    const count = positiveInteger("--cycles", options.cycles, 5);
    console.log(
      `Serving ${build}, V8 heap ${heapOptions.join(" ") || "as this machine sizes it"}; ${count} cycles of ${settings.streams} streams opened and closed on one server. Load average before: ${loadAverage}\n`,
    );
    const measured = await cycles(count, build, heapOptions, settings.streams);
    const first = measured[0]!;
    const last = measured.at(-1)!;
    const cost = median(measured.map((c) => c.withMb - c.beforeMb));
    const kept = Math.round((last.afterMb - first.afterMb) * 10) / 10;
    console.log(
      `\n${cost < 50 ? "✓" : "✗"} ${settings.streams} streams cost ${cost.toFixed(1)} MB (median; goal: under 50 MB)` +
        `\n${Math.abs(kept) <= 20 ? "✓" : "✗"} after ${count} cycles the RSS is ${kept} MB from the first's (goal: within 20 MB)`,
    );
    const file = writeResult(
      "bench-live-cycles-results.json",
      `${JSON.stringify({ measuredAt: new Date().toISOString(), loadAverageBefore: loadAverage, streams: settings.streams, heapOptions, cycles: measured }, null, 2)}\n`,
    );
    console.log(`\nWrote ${file}.`);
    return 0;
  }
  console.log(
    `Serving ${build}, V8 heap ${heapOptions.join(" ") || "as this machine sizes it"}; ${settings.runs} round(s),` +
      ` each on a fresh server: ${settings.duration} s of page load over ${settings.connections} connections` +
      ` (${PAGES.join(", ")}) without, then with ${settings.streams} idle streams open. Load average before: ${loadAverage}\n`,
  );
  const rounds: Round[] = [];
  for (let number = 1; number <= settings.runs; number++) {
    rounds.push(await round(number, build, heapOptions, settings));
  }

  const costs = rounds.map((r) => r.with.rssMb - r.without.rssMb);
  const summary = {
    rssWithoutMb: median(rounds.map((r) => r.without.rssMb)),
    rssWithMb: median(rounds.map((r) => r.with.rssMb)),
    streamsCostMb: Math.round(median(costs) * 10) / 10,
    p99WithoutMs: median(rounds.map((r) => r.without.load.p99Ms)),
    p99WithMs: median(rounds.map((r) => r.with.load.p99Ms)),
    requestsPerSecondWithout: median(rounds.map((r) => r.without.load.requestsPerSecond)),
    requestsPerSecondWith: median(rounds.map((r) => r.with.load.requestsPerSecond)),
    openMs: median(rounds.map((r) => r.with.openMs)),
  };
  console.log(`\nMedians of ${rounds.length} round(s):\n`);
  console.log(
    formatTable(
      ["", "RSS MB", "pages p99 ms", "pages req/s"],
      [
        [
          "without streams",
          String(summary.rssWithoutMb),
          String(summary.p99WithoutMs),
          summary.requestsPerSecondWithout.toFixed(0),
        ],
        [
          `with ${settings.streams} streams`,
          String(summary.rssWithMb),
          String(summary.p99WithMs),
          summary.requestsPerSecondWith.toFixed(0),
        ],
      ],
    ),
  );
  console.log(
    `\n${summary.streamsCostMb < 50 ? "✓" : "✗"} ${settings.streams} idle streams cost ${summary.streamsCostMb} MB more RSS (goal: under 50 MB)` +
      `; pages p99 ${summary.p99WithoutMs} → ${summary.p99WithMs} ms`,
  );
  const file = writeResult(
    "bench-live-results.json",
    `${JSON.stringify({ measuredAt: new Date().toISOString(), loadAverageBefore: loadAverage, settings, heapOptions, summary, rounds }, null, 2)}\n`,
  );
  console.log(`\nWrote ${file}.`);
  const problems = rounds.reduce(
    (sum, r) => sum + r.without.load.problems + r.with.load.problems,
    0,
  );
  if (problems > 0) console.log(`✗ ${problems} page requests answered other than 200 or failed`);
  return problems > 0 ? 1 : 0;
}
