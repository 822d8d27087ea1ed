// `npm run bench -- --memory`: the server's memory under load. Rounds of
// autocannon over every public page, an image variant and the client-side
// navigation (`.data`) requests, each round followed by a quiet spell, while
// the server's RSS is read from /proc every second. Reports the peak RSS of
// each round, the RSS left when the round's load has stopped, and how that
// moves from round to round; with the embedded database (created by this
// first start) and with PostgreSQL.
//
// Runs against an existing build (`npm run build` first); starts and stops the
// server itself. Options:
//   --rounds <n>            rounds of load (default 5)
//   --duration <s>          seconds of load per round (default 60)
//   --connections <n>       concurrent connections (default 100)
//   --idle <s>              quiet seconds after each round (default 10)
//   --database <which>      embedded, postgres or both (default: both when a
//                           PostgreSQL URL is known, else embedded)
//   --database-url <url>    a PostgreSQL server to make a fresh database on (a
//                           superuser's URL; default TEST_DATABASE_URL)
//   --machine-memory <MB>   size the server's V8 heap as Node does by itself on a
//                           machine with this much memory (default 512, the
//                           machine the site is deployed to; 0: this machine's)
//   --build <dir>           build folder to serve (default build/, or PERF_BUILD_DIR)
// Report only: no thresholds. Exits non-zero when any response is not a 200
// or a request fails (a response may take up to 30 s: on a busy machine a
// hundred connections queue). Writes .lighthouse/bench-memory-results.json.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { SERVER_NODE_OPTIONS } from "../support/server-options.ts";
import { formatTable, loadAverageNow, positiveInteger, writeResult } from "./report.ts";
import { buildDirectory, root, startServer, type PerfServer } from "./server.ts";

const MB = 1024 * 1024;

/** What a browser sends, so the server picks the encodings and image format it would in production. */
const BROWSER_HEADERS = {
  "Accept-Encoding": "br, gzip",
  "Accept-Language": "en-CA,en;q=0.9",
  "User-Agent": "Mozilla/5.0 (pub-site bench) AppleWebKit/537.36 (KHTML, like Gecko)",
};
const ACCEPT = {
  page: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  image: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8",
  data: "*/*",
};
/** How long a response may take before it counts as failed. */
const RESPONSE_TIMEOUT_SECONDS = 30;
const PAGES = ["/", "/menu", "/about", "/venue", "/contact", "/accessibility"];
/** The client router's requests when it navigates to a page (`/_.data` is the home page's). */
const DATA = ["/_.data", "/menu.data", "/about.data", "/venue.data", "/contact.data"];

// autocannon ships no types: the options and result fields this script uses.
type AutocannonRequest = {
  path: string;
  headers: Record<string, string>;
  onResponse: (status: number) => void;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: AutocannonRequest[];
};
type AutocannonResult = {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

type Target = { path: string; headers: Record<string, string> };

/** The server's memory at one moment: from /proc, and (when the probe answered) from Node. */
type Sample = {
  seconds: number;
  rssMb: number;
  hwmMb: number;
  rssAnonMb: number;
  rssFileMb: number;
  heapUsedMb?: number;
  heapTotalMb?: number;
  externalMb?: number;
  arrayBuffersMb?: number;
};

type Round = {
  round: number;
  peak: Sample;
  idle: Sample;
  requestsPerSecond: number;
  requests: number;
  statusCodes: Record<string, Record<string, number>>;
  errors: number;
  timeouts: number;
  load: Sample[];
  quiet: Sample[];
};

type Run = {
  database: "embedded" | "postgres";
  started: Sample;
  primed: Sample;
  rounds: Round[];
  problems: number;
};

const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** VmRSS, VmHWM, RssAnon and RssFile of a process, from /proc/<pid>/status. */
function readStatus(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return {
    rssMb: megabytes(kilobytes("VmRSS") * 1024),
    hwmMb: megabytes(kilobytes("VmHWM") * 1024),
    rssAnonMb: megabytes(kilobytes("RssAnon") * 1024),
    rssFileMb: megabytes(kilobytes("RssFile") * 1024),
  };
}

type ProbeReading = {
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
};

function readProbe(file: string): Partial<Sample> {
  try {
    const reading = JSON.parse(readFileSync(file, "utf8")) as ProbeReading;
    return {
      heapUsedMb: megabytes(reading.heapUsed),
      heapTotalMb: megabytes(reading.heapTotal),
      externalMb: megabytes(reading.external),
      arrayBuffersMb: megabytes(reading.arrayBuffers),
    };
  } catch {
    // Not written yet, or caught mid-write: the /proc figures stand alone.
    return {};
  }
}

function sampleNow(pid: number, probeFile: string, since: number): Sample {
  return {
    seconds: Math.round((performance.now() - since) / 100) / 10,
    ...readStatus(pid),
    ...readProbe(probeFile),
  };
}

/** Samples the server every second until stopped; fails then if the server had gone. */
function startSampling(server: PerfServer, probeFile: string) {
  const since = performance.now();
  const samples: Sample[] = [sampleNow(server.pid, probeFile, since)];
  let gone: unknown;
  const timer = setInterval(() => {
    try {
      samples.push(sampleNow(server.pid, probeFile, since));
    } catch (error) {
      gone ??= error;
    }
  }, 1_000);
  return () => {
    clearInterval(timer);
    const status = server.exitStatus();
    if (gone || status) {
      throw new Error(`The server ${status ?? "stopped answering"}:\n${server.output()}`, {
        cause: gone,
      });
    }
    samples.push(sampleNow(server.pid, probeFile, since));
    return samples;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pages, their `.data` requests, and a versioned image variant named by the home page's srcset. */
async function findTargets(origin: string): Promise<Target[]> {
  const response = await fetch(`${origin}/`, { headers: BROWSER_HEADERS });
  if (response.status !== 200) throw new Error(`/ answered ${response.status}`);
  const html = (await response.text()).replaceAll("&amp;", "&");
  const images = [...html.matchAll(/\/img\/[^\s"',]+[?&]v=[^\s"',]+/g)].map(([url]) => url);
  const image = images.find((url) => /[?&]w=640\b/.test(url)) ?? images[0];
  if (!image) throw new Error("The home page names no versioned /img/ URL.");
  return [
    ...PAGES.map((page) => ({ path: page, headers: { ...BROWSER_HEADERS, Accept: ACCEPT.page } })),
    { path: image, headers: { ...BROWSER_HEADERS, Accept: ACCEPT.image } },
    ...DATA.map((data) => ({ path: data, headers: { ...BROWSER_HEADERS, Accept: ACCEPT.data } })),
  ];
}

/** Requests each target once, so every page is rendered and the image variant is on disk before the load. */
async function prime(origin: string, targets: Target[]): Promise<void> {
  for (const target of targets) {
    const response = await fetch(`${origin}${target.path}`, { headers: target.headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
    const type = response.headers.get("content-type") ?? "?";
    const encoding = response.headers.get("content-encoding") ?? "identity";
    console.log(`  ${target.path}  (${type}; ${encoding})`);
  }
}

type Settings = {
  rounds: number;
  duration: number;
  connections: number;
  idle: number;
  /** V8 heap options for the server (empty: V8 sizes the heap by this machine). */
  heapOptions: string[];
};

/**
 * The heap limits Node's V8 sets by itself on a machine with `megabytes` of
 * memory (V8's HeapSizeFromPhysicalMemory, 64-bit without pointer
 * compression, as Node is built): an old generation of half the memory, up to
 * 4 GB, and semi-spaces of 1/256 of that up to 256 MB (1/128 above), from 1 to
 * 64 MB. Left to size itself here, V8 lets the young generation alone grow to
 * 128 MB under load, where on the deployed machine it stays at 3 MB.
 */
export function heapOptionsFor(megabytes: number): string[] {
  if (megabytes === 0) return [];
  const old = Math.min(4096, Math.floor(megabytes / 2));
  const semi = Math.min(64, Math.max(1, Math.floor(old / (old <= 256 ? 256 : 128))));
  return [`--max-old-space-size=${old}`, `--max-semi-space-size=${semi}`];
}

async function measure(
  database: Run["database"],
  build: string,
  settings: Settings,
  env: Record<string, string>,
): Promise<Run> {
  const probeDirectory = mkdtempSync(path.join(tmpdir(), "pub-site-memory-"));
  const probeFile = path.join(probeDirectory, "memory.json");
  let server: PerfServer | undefined;
  try {
    server = await startServer(build, {
      env: { ...env, MEMORY_PROBE_FILE: probeFile },
      nodeArguments: [
        ...settings.heapOptions,
        "--import",
        path.join(root, "tests/perf/memory-probe.ts"),
      ],
    });
    const { pid, url } = server;
    const started = sampleNow(pid, probeFile, performance.now());
    console.log(
      `\n${database}: serving ${build} at ${url} (pid ${pid}); ready with RSS ${started.rssMb} MB,` +
        ` peak so far ${started.hwmMb} MB`,
    );
    const targets = await findTargets(url);
    await prime(url, targets);
    const primed = sampleNow(pid, probeFile, performance.now());

    const rounds: Round[] = [];
    for (let round = 1; round <= settings.rounds; round += 1) {
      const statusCodes: Record<string, Record<string, number>> = {};
      const requests = targets.map((target) => ({
        ...target,
        onResponse: (status: number) => {
          const codes = (statusCodes[target.path] ??= {});
          codes[status] = (codes[status] ?? 0) + 1;
        },
      }));
      const stopLoadSampling = startSampling(server, probeFile);
      const result = await autocannon({
        url,
        connections: settings.connections,
        duration: settings.duration,
        timeout: RESPONSE_TIMEOUT_SECONDS,
        requests,
      });
      const load = stopLoadSampling();
      const stopQuietSampling = startSampling(server, probeFile);
      await sleep(settings.idle * 1_000);
      const quiet = stopQuietSampling();
      const peak = load.reduce((highest, sample) =>
        sample.rssMb > highest.rssMb ? sample : highest,
      );
      const idle = quiet.at(-1)!;
      rounds.push({
        round,
        peak,
        idle,
        requestsPerSecond: result.requests.average,
        requests: result.requests.total,
        statusCodes,
        errors: result.errors,
        timeouts: result.timeouts,
        load,
        quiet,
      });
      console.log(
        `round ${round}/${settings.rounds}  peak ${peak.rssMb} MB  idle ${idle.rssMb} MB` +
          `  (heap ${idle.heapUsedMb ?? "?"}/${idle.heapTotalMb ?? "?"}, external ${idle.externalMb ?? "?"},` +
          ` array buffers ${idle.arrayBuffersMb ?? "?"} MB)  ${result.requests.average.toFixed(0)} req/s` +
          `  errors ${result.errors}`,
      );
    }
    const problems = rounds.reduce((sum, round) => sum + roundProblems(round), 0);
    return { database, started, primed, rounds, problems };
  } finally {
    await server?.stop();
    rmSync(probeDirectory, { recursive: true, force: true });
  }
}

/** Responses other than 200, and requests that failed or timed out. */
function roundProblems(round: Round): number {
  // A request that failed is in `errors` (timeouts too) and, without a status, in the counts.
  const other = Object.values(round.statusCodes)
    .flatMap((codes) => Object.entries(codes))
    .filter(([code]) => code !== "200" && code !== "undefined")
    .reduce((sum, [, count]) => sum + count, 0);
  return other + round.errors;
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}

/** Runs `<build>/server/index.js <command>` to the end, failing with its output. */
function runCommand(build: string, command: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = path.join(build, "server/index.js");
    const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, entry, command], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`\`${command}\` exited with ${code}:\n${output}`)),
    );
  });
}

/** A fresh database on the PostgreSQL server, migrated and seeded by the build's own command, dropped after. */
async function withFreshPostgres<T>(
  build: string,
  serverUrl: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const name = `pub_site_bench_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
    const url = databaseUrl(serverUrl, name);
    try {
      await runCommand(build, "seed", { DATABASE_URL: url });
      return await work(url);
    } finally {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

function report(run: Run): void {
  const rows: string[][] = [
    ["started", "", "", String(run.started.rssMb), "", String(run.started.hwmMb), "", "", "", ""],
  ];
  let previous: Round | undefined;
  for (const round of run.rounds) {
    const change = (now: number, before: number | undefined) =>
      before === undefined ? "" : (now - before).toFixed(1);
    rows.push([
      `round ${round.round}`,
      String(round.peak.rssMb),
      change(round.peak.rssMb, previous?.peak.rssMb),
      String(round.idle.rssMb),
      change(round.idle.rssMb, previous?.idle.rssMb),
      String(round.idle.hwmMb),
      `${round.idle.heapUsedMb ?? "?"}/${round.idle.heapTotalMb ?? "?"}`,
      String(round.idle.externalMb ?? "?"),
      String(round.idle.arrayBuffersMb ?? "?"),
      String(roundProblems(round)),
    ]);
    previous = round;
  }
  console.log(
    `\n${run.database}: RSS in MB (heap, external and array buffers as Node sees them when idle)\n`,
  );
  console.log(
    formatTable(
      [
        "",
        "peak",
        "peak Δ",
        "idle",
        "idle Δ",
        "VmHWM",
        "heap used/total",
        "external",
        "array buffers",
        "non-200/err",
      ],
      rows,
    ),
  );
}

export async function benchMemory(args: string[]): Promise<number> {
  const { values: options } = parseArgs({
    args,
    options: {
      rounds: { type: "string" },
      duration: { type: "string" },
      connections: { type: "string" },
      idle: { type: "string" },
      database: { type: "string" },
      "database-url": { type: "string" },
      "machine-memory": { type: "string" },
      build: { type: "string" },
    },
  });
  const machineMemory =
    options["machine-memory"] === "0"
      ? 0
      : positiveInteger("--machine-memory", options["machine-memory"], 512);
  const settings: Settings = {
    rounds: positiveInteger("--rounds", options.rounds, 5),
    duration: positiveInteger("--duration", options.duration, 60),
    connections: positiveInteger("--connections", options.connections, 100),
    idle: positiveInteger("--idle", options.idle, 10),
    heapOptions: heapOptionsFor(machineMemory),
  };
  const serverUrl = options["database-url"] ?? process.env.TEST_DATABASE_URL;
  const which = options.database ?? (serverUrl ? "both" : "embedded");
  if (!["embedded", "postgres", "both"].includes(which)) {
    throw new Error(`--database must be embedded, postgres or both, not "${which}".`);
  }
  if (which !== "embedded" && !serverUrl) {
    throw new Error("PostgreSQL needs --database-url <url> or TEST_DATABASE_URL.");
  }
  const build = buildDirectory(options.build);
  if (!existsSync(path.join(build, "server/index.js"))) {
    throw new Error(`No build at ${build}: run \`npm run build\` first.`);
  }
  const loadAverage = loadAverageNow();
  console.log(
    `${settings.rounds} round(s) of ${settings.duration} s at ${settings.connections} connections,` +
      ` ${settings.idle} s quiet after each; RSS read every second. Load average before: ${loadAverage}`,
  );
  console.log(
    machineMemory
      ? `V8 heap as on a ${machineMemory} MB machine: ${settings.heapOptions.join(" ")}`
      : "V8 heap sized by this machine",
  );

  const runs: Run[] = [];
  if (which !== "postgres") runs.push(await measure("embedded", build, settings, {}));
  if (which !== "embedded") {
    runs.push(
      await withFreshPostgres(build, serverUrl!, (url) =>
        measure("postgres", build, settings, { DATABASE_URL: url }),
      ),
    );
  }

  for (const run of runs) report(run);
  const file = writeResult(
    "bench-memory-results.json",
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        loadAverageBefore: loadAverage,
        settings,
        headers: BROWSER_HEADERS,
        runs,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${file}.`);

  const failed = runs.filter((run) => run.problems > 0);
  for (const run of failed) {
    const codes = run.rounds.map((round) => JSON.stringify(round.statusCodes)).join("\n  ");
    console.log(`✗ ${run.database}: ${run.problems} non-200 responses or errors\n  ${codes}`);
  }
  return failed.length ? 1 : 0;
}
