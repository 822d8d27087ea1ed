// `npm run bench -- --sign-in`: what a burst of sign-in guesses does to the
// owner's own sign-in and to the rest of the site. Puts an owner and an editor
// on the staff list with the server's `staff-add` command, starts the build
// with Turnstile's keys pointed at the loopback stand-in for siteverify, signs
// the editor in, then in each run sends the guesses all at once, each from a
// loopback address of its own (two thirds on the owner's email, the rest on
// addresses that are no account), and at the same moment: the owner's
// sign-in from a fresh address with a passed human check, `/healthz`, the
// editor's `/staff` and a visitor's `/contact`. Each is timed from sending the
// request to its last byte, and first once with no guesses, as the baseline.
//
// Runs against an existing build (`npm run build` first); starts and stops the
// server itself, on an embedded database of its own, or on DATABASE_URL when
// set (a database the site has migrated; its staff list gets the bench's two
// accounts). bcrypt's cost is the production one (10) unless
// AUTH_PASSWORD_HASH_COST says otherwise. Options:
//   --guesses <n>  guesses sent at once in each run (default 300)
//   --runs <n>     runs, medians reported (default 3)
//   --build <dir>  build folder to serve (default build/, or PERF_BUILD_DIR)
// Report only: timing is not a test. Exits non-zero when the owner is not
// signed in, a guess is answered other than 400 or 429, or a page is not
// answered 200. Writes .lighthouse/bench-sign-in-results.json.
import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startSiteverifyFake } from "../support/siteverify-fake.ts";
import { formatTable, loadAverageNow, median, positiveInteger, writeResult } from "./report.ts";
import { addStaff, buildDirectory, startServer } from "./server.ts";

const OWNER = { email: "owner@bench.example.com", password: "bench owner password, not a secret" };
const EDITOR = {
  email: "editor@bench.example.com",
  password: "bench editor password, not a secret",
};
const TURNSTILE_SITE_KEY = "1x00000000000000000000AA";

type Answer = { status: number; milliseconds: number; location?: string; cookie: string };

/** One request from `localAddress` on a connection of its own; the form posted as a browser does. */
function send(
  origin: string,
  localAddress: string,
  target: string,
  { form, cookie }: { form?: Record<string, string>; cookie?: string } = {},
): Promise<Answer> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(
      new URL(target, origin),
      {
        method: form ? "POST" : "GET",
        localAddress,
        agent: false,
        headers: {
          Accept: "text/html",
          ...(cookie && { Cookie: cookie }),
          ...(form && {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": String(Buffer.byteLength(body!)),
            "Sec-Fetch-Site": "same-origin",
            Origin: origin,
          }),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            milliseconds: performance.now() - started,
            location: response.headers.location,
            cookie: (response.headers["set-cookie"] ?? [])
              .map((header) => header.split(";", 1)[0]!.trim())
              .filter((pair) => !pair.endsWith("="))
              .join("; "),
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The `n`th loopback address of the `block`th /16 (127.<block>.x.y). */
const loopback = (block: number, n: number) => `127.${block}.${n >> 7}.${(n & 127) + 1}`;

type Run = {
  owner: number;
  healthz: number;
  staff: number;
  contact: number;
  slowestGuess: number;
  checked: number;
  refused: number;
};

export async function benchSignIn(argv: string[]): Promise<number> {
  const { values: options } = parseArgs({
    args: argv,
    options: {
      guesses: { type: "string" },
      runs: { type: "string" },
      build: { type: "string" },
    },
  });
  const guesses = positiveInteger("--guesses", options.guesses, 300);
  const runs = positiveInteger("--runs", options.runs, 3);
  const build = buildDirectory(options.build);
  const loadAverage = loadAverageNow();
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "pub-site-sign-in-"));
  const siteverify = await startSiteverifyFake();
  const env = {
    DATA_DIR: dataDirectory,
    AUTH_PASSWORD_HASH_COST: process.env.AUTH_PASSWORD_HASH_COST ?? "10",
    TURNSTILE_SITE_KEY,
    TURNSTILE_SECRET_KEY: siteverify.secret,
    TURNSTILE_VERIFY_URL: siteverify.url,
  };
  const results: { name: string; run: Run }[] = [];
  let failed = false;
  try {
    await addStaff(build, env, OWNER, "owner");
    await addStaff(build, env, EDITOR, "editor");
    const server = await startServer(build, { env });
    try {
      const origin = server.url;
      const editor = await send(origin, "127.0.0.2", "/staff/sign-in", {
        form: { ...EDITOR, redirectTo: "/staff" },
      });
      if (editor.status !== 303) throw new Error(`The editor's sign-in answered ${editor.status}.`);
      console.log(
        `Serving ${build} at ${origin} on ${process.env.DATABASE_URL ? "DATABASE_URL" : "the embedded database"}, bcrypt cost ${env.AUTH_PASSWORD_HASH_COST}; ` +
          `${guesses} guesses at once, ${runs} runs. Load average before: ${loadAverage}\n`,
      );
      for (let index = 0; index <= runs; index += 1) {
        const count = index === 0 ? 0 : guesses;
        const guessing = Array.from({ length: count }, (_, n) =>
          send(origin, loopback(10 + index, n), "/staff/sign-in", {
            form: {
              email: n < (count * 2) / 3 ? OWNER.email : `nobody-${index}-${n}@bench.example.com`,
              password: `guess ${n}`,
            },
          }),
        );
        const [owner, healthz, staff, contact, answered] = await Promise.all([
          send(origin, `127.0.${index}.10`, "/staff/sign-in", {
            form: {
              ...OWNER,
              redirectTo: "/staff",
              "cf-turnstile-response": siteverify.issue({
                action: "sign-in",
                hostname: "127.0.0.1",
              }),
            },
          }),
          send(origin, "127.0.0.3", "/healthz"),
          send(origin, "127.0.0.2", "/staff", { cookie: editor.cookie }),
          send(origin, "127.0.0.4", "/contact"),
          Promise.all(guessing),
        ]);
        if (owner.status !== 303 || owner.location !== "/staff") {
          console.error(`The owner's sign-in answered ${owner.status} in run ${index}.`);
          failed = true;
        }
        for (const [name, page] of Object.entries({ healthz, staff, contact })) {
          if (page.status !== 200) {
            console.error(`${name} answered ${page.status} in run ${index}.`);
            failed = true;
          }
        }
        const odd = answered.filter(({ status }) => status !== 400 && status !== 429);
        if (odd.length > 0) {
          console.error(`${odd.length} guesses answered ${odd[0]!.status} in run ${index}.`);
          failed = true;
        }
        results.push({
          name: index === 0 ? "no guesses" : `run ${index}`,
          run: {
            owner: owner.milliseconds,
            healthz: healthz.milliseconds,
            staff: staff.milliseconds,
            contact: contact.milliseconds,
            slowestGuess: Math.max(0, ...answered.map(({ milliseconds }) => milliseconds)),
            checked: answered.filter(({ status }) => status === 400).length,
            refused: answered.filter(({ status }) => status === 429).length,
          },
        });
      }
    } finally {
      await server.stop();
    }
  } finally {
    await siteverify.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  }

  const measured = results.slice(1).map(({ run }) => run);
  const medianOf = (key: keyof Run) => median(measured.map((run) => run[key]));
  console.log(
    formatTable(
      [
        "",
        "owner signs in ms",
        "/healthz ms",
        "editor's /staff ms",
        "/contact ms",
        "slowest guess ms",
        "checked",
        "refused",
      ],
      [
        ...results.map(({ name, run }) => [
          name,
          run.owner.toFixed(0),
          run.healthz.toFixed(0),
          run.staff.toFixed(0),
          run.contact.toFixed(0),
          run.slowestGuess.toFixed(0),
          String(run.checked),
          String(run.refused),
        ]),
        [
          "median of runs",
          medianOf("owner").toFixed(0),
          medianOf("healthz").toFixed(0),
          medianOf("staff").toFixed(0),
          medianOf("contact").toFixed(0),
          medianOf("slowestGuess").toFixed(0),
          "",
          "",
        ],
      ],
    ),
  );
  const file = writeResult(
    "bench-sign-in-results.json",
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        loadAverageBefore: loadAverage,
        settings: {
          guesses,
          runs,
          database: process.env.DATABASE_URL ? "postgres" : "embedded",
          bcryptCost: env.AUTH_PASSWORD_HASH_COST,
        },
        runs: results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${file}.`);
  return failed ? 1 : 0;
}
