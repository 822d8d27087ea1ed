// `npm run bench -- --staff-menu`: how long the server takes to answer the
// staff menu page, the page staff open most on a busy night. Puts a staff
// member on the list with the server's own `staff-add` command, starts the
// build on the sample content (89 items), signs in through the sign-in form,
// then asks for /staff/menu one request at a time over loopback: a few
// requests to warm up, then the measured ones, each timed from sending the
// request to the last byte of the page. Reports the median, the fastest and
// the slowest, for the whole page and for its client-side navigation data
// (`/staff/menu.data`), and the page with a search (`?q=wings`) and in
// reorder mode (`?reorder=1`).
//
// Runs against an existing build (`npm run build` first); starts and stops the
// server itself. Options:
//   --requests <n>  measured requests per address (default 20)
//   --warm-up <n>   requests before them, not measured (default 5)
//   --build <dir>   build folder to serve (default build/, or PERF_BUILD_DIR)
// Report only: timing is not a test. Exits non-zero when a request is not
// answered 200 with the page. Writes .lighthouse/bench-staff-menu-results.json.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatTable, loadAverageNow, median, positiveInteger, writeResult } from "./report.ts";
import { addStaff, buildDirectory, startServer } from "./server.ts";

const EMAIL = "bench@staff.example.com";
const PASSWORD = "bench staff password, not a secret";

const BROWSER_HEADERS = {
  "Accept-Encoding": "br, gzip",
  "Accept-Language": "en-CA,en;q=0.9",
  "User-Agent": "Mozilla/5.0 (pub-site bench) AppleWebKit/537.36 (KHTML, like Gecko)",
};

const TARGETS = [
  { name: "page", path: "/staff/menu", accept: "text/html", expect: /<h1[^>]*>Menu<\/h1>/ },
  { name: "data", path: "/staff/menu.data", accept: "*/*", expect: /Wings/ },
  { name: "search", path: "/staff/menu?q=wings", accept: "text/html", expect: /Wings/ },
  { name: "reorder", path: "/staff/menu?reorder=1", accept: "text/html", expect: /Move/ },
] as const;

/** The cookies a response sets, as a Cookie header (the session and nothing expired). */
function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";", 1)[0]!.trim())
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/staff/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Sec-Fetch-Site": "same-origin", Origin: origin },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo: "/staff/menu" }),
  });
  await response.arrayBuffer();
  const cookie = cookiesFrom(response);
  if (response.status !== 303 || !cookie.includes("sb-staff-auth-token")) {
    throw new Error(`Signing in answered ${response.status} without a session.`);
  }
  return cookie;
}

/** One request's time in milliseconds, from sending it to the page's last byte. */
async function timed(origin: string, target: (typeof TARGETS)[number], cookie: string) {
  const started = performance.now();
  const response = await fetch(`${origin}${target.path}`, {
    redirect: "manual",
    headers: { ...BROWSER_HEADERS, Accept: target.accept, Cookie: cookie },
  });
  const body = await response.text();
  const milliseconds = performance.now() - started;
  if (response.status !== 200 || !target.expect.test(body)) {
    throw new Error(`${target.path} answered ${response.status}: ${body.slice(0, 300)}`);
  }
  return { milliseconds, bytes: body.length };
}

export async function benchStaffMenu(argv: string[]): Promise<number> {
  const { values: options } = parseArgs({
    args: argv,
    options: {
      requests: { type: "string" },
      "warm-up": { type: "string" },
      build: { type: "string" },
    },
  });
  const requests = positiveInteger("--requests", options.requests, 20);
  const warmUp = positiveInteger("--warm-up", options["warm-up"], 5);
  const build = buildDirectory(options.build);
  const loadAverage = loadAverageNow();
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "pub-site-staff-menu-"));
  const rows: { name: string; path: string; times: number[]; bytes: number }[] = [];
  try {
    await addStaff(
      build,
      { DATA_DIR: dataDirectory },
      { email: EMAIL, password: PASSWORD },
      "editor",
    );
    const server = await startServer(build, { env: { DATA_DIR: dataDirectory } });
    try {
      const cookie = await signIn(server.url);
      console.log(
        `Serving ${build} at ${server.url}; ${warmUp} warm-up and ${requests} measured` +
          ` requests per address, one at a time. Load average before: ${loadAverage}\n`,
      );
      for (const target of TARGETS) {
        for (let index = 0; index < warmUp; index += 1) await timed(server.url, target, cookie);
        const times: number[] = [];
        let bytes = 0;
        for (let index = 0; index < requests; index += 1) {
          const result = await timed(server.url, target, cookie);
          times.push(result.milliseconds);
          bytes = result.bytes;
        }
        rows.push({ name: target.name, path: target.path, times, bytes });
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDirectory, { recursive: true, force: true });
  }

  console.log(
    formatTable(
      ["address", "median ms", "fastest ms", "slowest ms", "bytes"],
      rows.map((row) => [
        row.path,
        median(row.times).toFixed(1),
        Math.min(...row.times).toFixed(1),
        Math.max(...row.times).toFixed(1),
        String(row.bytes),
      ]),
    ),
  );
  const file = writeResult(
    "bench-staff-menu-results.json",
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        loadAverageBefore: loadAverage,
        settings: { requests, warmUp },
        targets: rows.map((row) => ({ ...row, medianMs: median(row.times) })),
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${file}.`);
  return 0;
}
