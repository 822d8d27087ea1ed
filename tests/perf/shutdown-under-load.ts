// `npx node tests/perf/shutdown-under-load.ts`: what clients see when the
// built server is stopped while it is busy. autocannon keeps its keep-alive
// connections busy on one page; some seconds in, the server's own process
// gets SIGTERM, and the load goes on until the server has exited. Each run
// counts the answers by status and the failures by error code.
//
// A connection refused once the server has stopped listening (ECONNREFUSED)
// is expected: a proxy tries another instance. A connection reset under a
// request (ECONNRESET) or any other failure is not, and neither is an exit
// code other than 0 (some request cut short by the grace period). The script
// exits non-zero when any run had either.
//
// Runs against an existing build (`npm run build` first). Options:
//   --runs <n>          runs, each on a server of its own (default 3)
//   --connections <n>   concurrent connections (default 50)
//   --signal-after <s>  seconds of load before SIGTERM (default 4)
//   --path <path>       the page to load (default /)
//   --build <dir>       build folder to serve (default build/, or PERF_BUILD_DIR)
// Node runs this file directly: erasable TypeScript only.
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { formatTable, positiveInteger } from "./report.ts";
import { buildDirectory, startServer } from "./server.ts";

// autocannon ships no types: the options, events and result this script uses.
type AutocannonOptions = { url: string; connections: number; duration: number };
type AutocannonRun = PromiseLike<unknown> & {
  on(event: "reqError", listener: (error: Error & { code?: string }) => void): AutocannonRun;
  on(event: "response", listener: (client: unknown, status: number) => void): AutocannonRun;
  stop(): void;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (
  options: AutocannonOptions,
) => AutocannonRun;

const { values: options } = parseArgs({
  options: {
    runs: { type: "string" },
    connections: { type: "string" },
    "signal-after": { type: "string" },
    path: { type: "string" },
    build: { type: "string" },
  },
});
const runs = positiveInteger("--runs", options.runs, 3);
const connections = positiveInteger("--connections", options.connections, 50);
const signalAfterSeconds = positiveInteger("--signal-after", options["signal-after"], 4);
const page = options.path ?? "/";

type Run = {
  /** Failures by error code, ECONNREFUSED counted until the server exited. */
  errors: Map<string, number>;
  /** Answers by status, before and after the signal. */
  before: Map<number, number>;
  after: Map<number, number>;
  exit: string;
  /** From the signal to the process's exit. */
  stoppedInMs: number;
  /** What the server said about stopping. */
  shutdownLog: string[];
};

function add<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function errorCode(error: Error & { code?: string }): string {
  if (error.code) return error.code;
  return error.message === "request timed out" ? "timeout" : error.message;
}

async function measure(build: string): Promise<Run> {
  const server = await startServer(build, { env: { LOG_LEVEL: "info" } });
  try {
    const primed = await fetch(`${server.url}${page}`);
    await primed.arrayBuffer();
    if (primed.status !== 200) throw new Error(`${page} answered ${primed.status}`);

    const run: Run = {
      errors: new Map(),
      before: new Map(),
      after: new Map(),
      exit: "",
      stoppedInMs: 0,
      shutdownLog: [],
    };
    let signalled = false;
    let exited = false;
    const load = autocannon({
      url: `${server.url}${page}`,
      connections,
      // Stopped once the server has exited; this only bounds a server that never does.
      duration: signalAfterSeconds + 60,
    });
    load.on("response", (_client, status) => add(signalled ? run.after : run.before, status));
    load.on("reqError", (error) => {
      const code = errorCode(error);
      // Once the process is gone every reconnection is refused, as fast as
      // the clients retry: those say nothing about the shutdown.
      if (code === "ECONNREFUSED" && exited) return;
      add(run.errors, code);
    });

    let signalledAt = 0;
    await new Promise((resolve) => setTimeout(resolve, signalAfterSeconds * 1000));
    server.expectExit();
    signalled = true;
    signalledAt = performance.now();
    process.kill(server.pid, "SIGTERM");
    run.exit = await server.exited;
    exited = true;
    run.stoppedInMs = performance.now() - signalledAt;
    load.stop();
    await load;
    const lines = server.output().split("\n");
    // From the signal on, without the line per request.
    run.shutdownLog = lines
      .slice(lines.findIndex((line) => line.includes("SIGTERM")))
      .filter((line) => line && !/^info (GET|HEAD|POST) /.test(line));
    return run;
  } finally {
    await server.stop();
  }
}

function describeCounts<K>(counts: Map<K, number>): string {
  if (counts.size === 0) return "none";
  return [...counts]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([key, count]) => `${key}: ${count}`)
    .join(", ");
}

async function main() {
  const build = buildDirectory(options.build);
  console.log(
    `${runs} run(s): ${connections} connections on ${page}, SIGTERM after ${signalAfterSeconds} s, ` +
      `load until the server has exited.\n`,
  );
  const results: Run[] = [];
  for (let index = 1; index <= runs; index++) {
    const run = await measure(build);
    results.push(run);
    console.log(`Run ${index}: ${run.exit} ${(run.stoppedInMs / 1000).toFixed(1)} s after SIGTERM`);
    for (const line of run.shutdownLog) console.log(`  ${line}`);
  }

  const others = (run: Run) =>
    new Map([...run.errors].filter(([code]) => code !== "ECONNRESET" && code !== "ECONNREFUSED"));
  console.log(
    "\n" +
      formatTable(
        [
          "run",
          "ECONNRESET",
          "ECONNREFUSED",
          "other errors",
          "answers before SIGTERM",
          "answers after",
          "exit",
        ],
        results.map((run, index) => [
          String(index + 1),
          String(run.errors.get("ECONNRESET") ?? 0),
          String(run.errors.get("ECONNREFUSED") ?? 0),
          describeCounts(others(run)),
          describeCounts(run.before),
          describeCounts(run.after),
          run.exit,
        ]),
      ),
  );
  console.log(
    "\nECONNREFUSED is counted until the server exited; after that every retry is refused.",
  );

  const failed = results.filter(
    (run) =>
      [...run.errors.keys()].some((code) => code !== "ECONNREFUSED") ||
      run.exit !== "exited with 0",
  );
  if (failed.length > 0) {
    console.error(
      `\n${failed.length} of ${runs} run(s) reset or failed a request, or exited other than 0.`,
    );
    process.exitCode = 1;
  }
}

await main();
