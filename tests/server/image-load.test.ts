import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, expect, test, vi } from "vitest";
import { freshDataDirectory, startServer, stopAllServers } from "../support/built-server";

/**
 * What the image optimiser does under requests made to keep it busy: huge
 * variants are sent to the nearest served before any work, and large ones
 * beyond what the large render lane holds get 503 with Retry-After instead
 * of waiting minutes.
 */

afterEach(stopAllServers);
vi.setConfig({ testTimeout: 120_000 });

/**
 * Sources to ask distinct variants of, so no two requests share a render.
 * What a render costs the queue is the size asked for, whatever the source;
 * what it costs to draw is not: these are the site's quickest SVGs to draw
 * that large (the hero and the rooms take three to five times as long), so
 * the renders let in finish well inside the render time-out (30 s) on a
 * busy machine.
 */
const SOURCES = [
  "dishes/sticky-toffee-pudding.svg",
  "dishes/veggie-burger.svg",
  "dishes/smash-burger.svg",
  "dishes/club-sandwich.svg",
  "dishes/nachos.svg",
  "dishes/caesar-salad.svg",
  "dishes/perogies.svg",
  "events/open-mic.svg",
  "events/trivia.svg",
  "drinks/stout.svg",
];

async function cachedVariants(dataDirectory: string): Promise<string[]> {
  const entries = await readdir(path.join(dataDirectory, "image-cache"), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

test("eight requests for 4096 × 4096 pictures are sent on at once, PNGs refused, and nothing is drawn", async () => {
  const dataDirectory = freshDataDirectory();
  try {
    const server = await startServer({ DATA_DIR: dataDirectory });
    const started = performance.now();
    const [moved, refused] = await Promise.all(
      ["webp", "png"].map((format) =>
        Promise.all(
          SOURCES.slice(0, 8).map((source) =>
            fetch(`${server.url}/img/${source}?w=4096&h=4096&fm=${format}`, {
              redirect: "manual",
            }),
          ),
        ),
      ),
    );
    const elapsed = performance.now() - started;
    for (const [index, response] of moved!.entries()) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(`/img/${SOURCES[index]}?w=3072&h=3072&fm=webp`);
    }
    for (const response of refused!) {
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("fm must be one of webp, jpeg");
    }
    expect(elapsed).toBeLessThan(5_000);
    expect(await cachedVariants(dataDirectory)).toEqual([]);
    server.process.kill("SIGTERM");
    await server.exited;
  } finally {
    await rm(dataDirectory, { recursive: true, force: true });
  }
});

test("large renders beyond what the queue holds are refused with 503 and Retry-After", async () => {
  const server = await startServer();
  // The largest variants there are: 3072 × 3072, about nine megapixels each.
  const responses = await Promise.all(
    SOURCES.map(async (source) => {
      const response = await fetch(`${server.url}/img/${source}?w=3072&h=3072&fit=cover`);
      const body = Buffer.from(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, body };
    }),
  );
  const statuses = responses.map((response) => response.status);
  expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  expect(statuses).toContain(503);
  expect(statuses).toContain(200);
  for (const { status, headers, body } of responses) {
    if (status === 503) {
      expect(headers.get("Retry-After")).toBe("5");
      expect(body.toString()).toBe("Too many images are being processed; try again shortly");
    } else {
      expect(headers.get("Content-Type")).toBe("image/webp");
      expect(body.length).toBe(Number(headers.get("Content-Length")));
    }
  }
  server.process.kill("SIGTERM");
  await server.exited;
});
