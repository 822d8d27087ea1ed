// `npm run bench -- --pictures`: whether strangers asking for large pictures
// slow a visitor's small ones. Starts the build with an empty image cache,
// then, over loopback, each client from a loopback address of its own:
//   1. quiet: a visitor asks, one at a time, for small variants never drawn
//      before (the site's pictures at 96 to 640 px, WebP, each shape);
//   2. under load: six strangers each loop over distinct large variants
//      (2,048 to 3,072 px) of the site's pictures, never waiting, while the
//      visitor asks for as many small variants again, also never drawn before.
// Each request is timed from sending it to the last byte. Reports the
// visitor's median and slowest in both, what the strangers got (drawn,
// refused for their address, refused for a full lane) and whether the median
// under load is under 300 ms.
//
// Runs against an existing build (`npm run build` first); starts and stops the
// server itself. Options:
//   --requests <n>    the visitor's measured requests in each part (default 40)
//   --strangers <n>   clients asking for large variants (default 6)
//   --build <dir>     build folder to serve (default build/, or PERF_BUILD_DIR)
// Report only: timing is not a test. Exits non-zero when a visitor's request
// is not answered 200. Writes .lighthouse/bench-pictures-results.json.
import { readdirSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatTable, loadAverageNow, median, positiveInteger, writeResult } from "./report.ts";
import { buildDirectory, root, startServer } from "./server.ts";

const SMALL_WIDTHS = [96, 192, 240, 320, 480, 640];
const LARGE_WIDTHS = [2048, 2560, 3072];
/** The pages' shapes (width / height), as `IMAGE_ASPECT_RATIOS` in app/images/images.ts. */
const SHAPES = [16 / 9, 4 / 3, 1, 1200 / 630];
const GOAL_MS = 300;
const VISITOR_ADDRESS = "127.0.0.2";
/** How long the strangers run before the visitor is measured, so their renders fill the lanes. */
const HEAD_START_MS = 2_000;

/** The site's own pictures, as paths under public/images. */
function sources(): string[] {
  const folder = path.join(root, "public/images");
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".svg"))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

/**
 * Every variant at `widths`, without a height and cropped to each shape, in
 * an order that goes through the widths, then the shapes, then the pictures:
 * any run of them mixes sizes as a page does.
 */
function variants(paths: string[], widths: number[]): string[] {
  return paths.flatMap((source) =>
    [undefined, ...SHAPES].flatMap((shape) =>
      widths.map((width) => {
        const height = shape ? `&h=${Math.max(1, Math.round(width / shape))}` : "";
        return `/img/${source}?w=${width}${height}`;
      }),
    ),
  );
}

type Answer = { status: number; ms: number };

/** GET `url` from `localAddress`, the body read to its end. */
function timedGet(url: string, localAddress: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { localAddress, headers: { Accept: "image/webp,*/*" } },
      (response) => {
        response.on("data", () => {});
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

async function visitor(origin: string, urls: string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const url of urls) answers.push(await timedGet(`${origin}${url}`, VISITOR_ADDRESS));
  return answers;
}

function summary(answers: Answer[]) {
  const times = answers.map((answer) => answer.ms);
  return {
    requests: answers.length,
    medianMs: median(times),
    maxMs: Math.max(...times),
    notOk: answers.filter((answer) => answer.status !== 200).length,
  };
}

export async function benchPictures(argv: string[]): Promise<number> {
  const { values: options } = parseArgs({
    args: argv,
    options: {
      requests: { type: "string" },
      strangers: { type: "string" },
      build: { type: "string" },
    },
  });
  const requests = positiveInteger("--requests", options.requests, 40);
  const strangerCount = positiveInteger("--strangers", options.strangers, 6);
  const build = buildDirectory(options.build);
  const loadAverage = loadAverageNow();
  const paths = sources();
  const small = variants(paths, SMALL_WIDTHS);
  const large = variants(paths, LARGE_WIDTHS);
  if (small.length < requests * 2)
    throw new Error(`Only ${small.length} small variants to ask for`);

  const server = await startServer(build);
  let quiet: Answer[];
  let loaded: Answer[];
  const strangers = new Map<number, number>();
  try {
    console.log(
      `Serving ${build} at ${server.url} with an empty image cache; the visitor asks for` +
        ` ${requests} small variants alone, then ${requests} more while ${strangerCount}` +
        ` strangers loop over large ones. Load average before: ${loadAverage}\n`,
    );
    quiet = await visitor(server.url, small.slice(0, requests));

    let stopping = false;
    const stranger = async (index: number) => {
      const address = `127.0.0.${11 + index}`;
      // Each stranger its own share of the large variants, so no two share a render.
      const own = large.filter((_, position) => position % strangerCount === index);
      for (let turn = 0; !stopping; turn += 1) {
        const answer = await timedGet(`${server.url}${own[turn % own.length]}`, address);
        strangers.set(answer.status, (strangers.get(answer.status) ?? 0) + 1);
      }
    };
    const running = Array.from({ length: strangerCount }, (_, index) => stranger(index));
    await new Promise((resolve) => setTimeout(resolve, HEAD_START_MS));
    loaded = await visitor(server.url, small.slice(requests, requests * 2));
    stopping = true;
    await Promise.all(running);
  } finally {
    await server.stop();
  }

  const rows = [
    { name: "alone", ...summary(quiet) },
    { name: `beside ${strangerCount} strangers`, ...summary(loaded) },
  ];
  console.log(
    formatTable(
      ["visitor's small variants", "requests", "median ms", "max ms", "non-200"],
      rows.map((row) => [
        row.name,
        String(row.requests),
        row.medianMs.toFixed(0),
        row.maxMs.toFixed(0),
        String(row.notOk),
      ]),
    ),
  );
  const statuses = Object.fromEntries([...strangers].sort(([a], [b]) => a - b));
  console.log(`\nThe strangers' large variants, by status: ${JSON.stringify(statuses)}`);
  const underLoad = rows[1]!.medianMs;
  console.log(
    `${underLoad < GOAL_MS ? "✓" : "✗"} median beside the strangers ${underLoad.toFixed(0)} ms` +
      ` (goal: under ${GOAL_MS} ms)`,
  );
  const file = writeResult(
    "bench-pictures-results.json",
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        loadAverageBefore: loadAverage,
        settings: { requests, strangers: strangerCount, headStartMs: HEAD_START_MS },
        visitor: rows,
        strangers: statuses,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWrote ${file}.`);
  return rows.some((row) => row.notOk > 0) ? 1 : 0;
}
