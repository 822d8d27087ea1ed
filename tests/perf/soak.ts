// `npm run soak`: the built server under mixed traffic for ten minutes while
// its PostgreSQL database goes away and comes back twice. Pages, client-side
// navigation data, images and contact-form posts; every ten seconds a line
// with the requests, the 5xx answers, p99 and the server's memory. At the end
// the database is checked against what the visitors were told: every
// accepted enquiry stored once, every refused one not at all (and its
// answer still holding what was typed). A post the server could not tell
// about (the connection lost while saving it: "we can't tell whether it
// arrived") is sent again at the end, as its visitor is asked to, and must
// then be accepted and stored once.
//
// The server reaches PostgreSQL through a loopback proxy this script runs,
// so an outage is the proxy dropping every connection and refusing new ones,
// which is what the server sees when the database goes down.
//
// Needs a PostgreSQL URL the script may create a database with
// (`--database-url`, or TEST_DATABASE_URL) and a build (`npm run build`).
// Options: --minutes <n> (default 10), --connections <n> (default 16).
// Exits non-zero on any 5xx other than a deliberate 503, a failed request,
// or an enquiry both refused and stored (or accepted and lost).
// Node runs this file directly: erasable TypeScript only.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { connectionOf, databaseProxy } from "../support/database-proxy.ts";
import { formatTable, positiveInteger, writeResult } from "./report.ts";
import { buildDirectory, startServer } from "./server.ts";

const { values: options } = parseArgs({
  options: {
    minutes: { type: "string" },
    connections: { type: "string" },
    "database-url": { type: "string" },
    build: { type: "string" },
  },
});
const minutes = positiveInteger("--minutes", options.minutes, 10);
const connections = positiveInteger("--connections", options.connections, 16);
const serverUrl = options["database-url"] ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("npm run soak needs a PostgreSQL URL: --database-url <url> or TEST_DATABASE_URL.");
  process.exit(2);
}

const DURATION_MS = minutes * 60_000;
/** The two outages, as fractions of the run: each a minute and a half in a ten-minute run. */
const OUTAGES = [
  [0.2, 0.35],
  [0.6, 0.75],
] as const;
const REPORT_EVERY_MS = 10_000;
const CLIENT_IP_HEADER = "X-Soak-Client";

type Outcome = { kind: string; status: number; ms: number; error?: string };

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

async function main() {
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  const name = `pub_site_soak_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(serverUrl!);
  const proxy = await databaseProxy(target);
  const proxied = new URL(serverUrl!);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port());
  proxied.pathname = `/${name}`;

  const server = await startServer(buildDirectory(options.build), {
    env: {
      DATABASE_URL: proxied.href,
      TRUST_PROXY: "true",
      SITE_URL: "https://pub.example",
      CLIENT_IP_HEADER,
      LOG_LEVEL: "warn",
    },
  });
  // The server migrated the new database; the sample content goes in as `npm run db:seed` would.
  const seeding = postgres({
    ...connectionOf(serverUrl!),
    database: name,
    max: 1,
    onnotice: () => {},
  });
  await seeding.file(new URL("../../supabase/seed.sql", import.meta.url).pathname);
  await seeding.end();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const outcomes: Outcome[] = [];
  const accepted = new Set<string>();
  const refused = new Map<string, number>();
  /** Posts answered "we can't tell whether it arrived", to send again at the end. */
  const uncertain = new Map<string, { client: string; body: URLSearchParams }>();
  let resentAndRefused = 0;
  let lostInput = 0;
  const started = Date.now();
  const lines: string[][] = [];

  // Targets read from the pages themselves.
  const home = await (await fetch(`${server.url}/`)).text();
  const images = [...home.replaceAll("&amp;", "&").matchAll(/\/img\/[^\s"',]+v=[^\s"',]+/g)].map(
    ([url]) => url,
  );
  const pages = ["/", "/menu", "/about", "/venue", "/contact", "/menu.data", "/about.data"];

  async function timed(kind: string, work: () => Promise<number>) {
    const begun = performance.now();
    try {
      const status = await work();
      outcomes.push({ kind, status, ms: performance.now() - begun });
    } catch (error) {
      outcomes.push({ kind, status: 0, ms: performance.now() - begun, error: String(error) });
    }
  }

  async function enquiry(): Promise<number> {
    const client = `10.${[...randomBytes(3)].join(".")}`;
    const form = await (
      await fetch(`${server.url}/contact`, { headers: { [CLIENT_IP_HEADER]: client } })
    ).text();
    const token = form.match(/name="submission" value="([^"]+)"/)?.[1] ?? randomUUID();
    const message = `Soak test message ${randomUUID()}: is the patio open on Sundays?`;
    const body = new URLSearchParams({
      submission: token,
      name: "Soak Tester",
      // One visitor each: the forms' limits count per address and per email.
      email: `soak+${randomBytes(4).toString("hex")}@example.com`,
      phone: "",
      topic: "general",
      message,
      consent: "on",
    });
    const response = await postContact(client, body);
    const text = await response.text();
    if (response.status === 303) accepted.add(token);
    else {
      // The connection went while it was being saved: it may have landed.
      if (/tell whether it arrived/.test(text)) uncertain.set(token, { client, body });
      else refused.set(token, response.status);
      if (!text.includes(message.slice(0, 40))) lostInput += 1;
    }
    return response.status;
  }

  /** A contact-form post from `client`, as its browser sends it. */
  function postContact(client: string, body: URLSearchParams) {
    return fetch(`${server.url}/contact`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { [CLIENT_IP_HEADER]: client, Origin: server.url },
    });
  }

  /** Sends a post the server could not tell about again, as its visitor is asked to. */
  async function sendAgain(
    token: string,
    { client, body }: { client: string; body: URLSearchParams },
  ) {
    const response = await postContact(client, body);
    await response.arrayBuffer();
    if (response.status === 303) accepted.add(token);
    else resentAndRefused += 1;
  }

  async function visitor(stop: () => boolean) {
    while (!stop()) {
      const roll = Math.random();
      if (roll < 0.1) await timed("enquiry", enquiry);
      else if (roll < 0.3 && images.length > 0) {
        const image = images[Math.floor(Math.random() * images.length)]!;
        await timed("image", async () => {
          const response = await fetch(`${server.url}${image}`);
          await response.arrayBuffer();
          return response.status;
        });
      } else {
        const page = pages[Math.floor(Math.random() * pages.length)]!;
        await timed("page", async () => {
          const response = await fetch(`${server.url}${page}`, {
            headers: { "Accept-Encoding": "br, gzip" },
          });
          await response.arrayBuffer();
          return response.status;
        });
      }
    }
  }

  let databaseUp = true;
  let reported = 0;
  const done = () => Date.now() - started >= DURATION_MS;
  const reporter = setInterval(() => {
    const window = outcomes.slice(reported);
    reported = outcomes.length;
    const fives = window.filter((o) => o.status >= 500);
    const line = [
      `${Math.round((Date.now() - started) / 1000)} s`,
      databaseUp ? "up" : "DOWN",
      String(window.length),
      String(fives.filter((o) => o.status === 503).length),
      String(
        fives.filter((o) => o.status !== 503).length + window.filter((o) => o.status === 0).length,
      ),
      percentile(
        window.map((o) => o.ms),
        99,
      ).toFixed(0),
      rssMb(server.pid).toFixed(0),
    ];
    lines.push(line);
    console.log(line.join("\t"));
  }, REPORT_EVERY_MS);

  const schedule = (async () => {
    for (const [from, to] of OUTAGES) {
      await new Promise((resolve) =>
        setTimeout(resolve, started + from * DURATION_MS - Date.now()),
      );
      await proxy.down();
      databaseUp = false;
      await new Promise((resolve) => setTimeout(resolve, started + to * DURATION_MS - Date.now()));
      await proxy.up();
      databaseUp = true;
    }
  })();

  console.log("time\tdatabase\trequests\t503\tother 5xx or failed\tp99 ms\tRSS MB");
  await Promise.all([...Array.from({ length: connections }, () => visitor(done)), schedule]);
  clearInterval(reporter);
  // The database is back: what the server could not tell about is sent again.
  for (const [token, post] of uncertain) await sendAgain(token, post);
  await server.stop();
  // The proxy's listener would keep the script from exiting.
  await proxy.down();

  // What was stored, against what the visitors were told.
  const check = postgres({
    ...connectionOf(serverUrl!),
    database: name,
    max: 1,
    onnotice: () => {},
  });
  const rows = await check<{ token: string; copies: number }[]>`
    select submission_token::text as token, count(*)::int as copies
    from public.enquiries group by submission_token`;
  await check.end();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
  const stored = new Map(rows.map((row) => [row.token, row.copies]));
  const refusedAndStored = [...refused.keys()].filter((token) => stored.has(token)).length;
  const acceptedAndLost = [...accepted].filter((token) => stored.get(token) !== 1).length;
  const duplicated = rows.filter((row) => row.copies > 1).length;

  const byKind = ["page", "image", "enquiry"].map((kind) => {
    const of = outcomes.filter((o) => o.kind === kind);
    return [
      kind,
      String(of.length),
      String(of.filter((o) => o.status === 503).length),
      String(
        of.filter((o) => o.status > 500 && o.status !== 503).length +
          of.filter((o) => o.status === 500).length,
      ),
      String(of.filter((o) => o.status === 0).length),
      percentile(
        of.map((o) => o.ms),
        99,
      ).toFixed(0),
    ];
  });
  console.log(
    `\n${formatTable(["kind", "requests", "503", "other 5xx", "failed", "p99 ms"], byKind)}\n`,
  );
  const summary = {
    minutes,
    connections,
    requests: outcomes.length,
    deliberate503: outcomes.filter((o) => o.status === 503).length,
    other5xx: outcomes.filter((o) => o.status >= 500 && o.status !== 503).length,
    failed: outcomes.filter((o) => o.status === 0).length,
    enquiriesAccepted: accepted.size,
    enquiriesRefused: refused.size,
    enquiriesUncertainThenSentAgain: uncertain.size,
    sentAgainAndRefused: resentAndRefused,
    refusedByStatus: Object.fromEntries(
      [...new Set(refused.values())].map((status) => [
        status,
        [...refused.values()].filter((each) => each === status).length,
      ]),
    ),
    refusedAndStored,
    acceptedAndLost,
    duplicated,
    refusedWithoutTheirInput: lostInput,
    peakRssMb: Math.max(...lines.map((line) => Number(line[6]))),
  };
  console.log(JSON.stringify(summary, null, 2));
  console.log(
    `\nWrote ${writeResult("soak-results.json", `${JSON.stringify({ summary, lines }, null, 2)}\n`)}.`,
  );
  if (
    summary.other5xx ||
    summary.failed ||
    refusedAndStored ||
    acceptedAndLost ||
    duplicated ||
    resentAndRefused ||
    lostInput
  ) {
    process.exitCode = 1;
  }
}

await main();
