import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  RENDER_LANES,
  RenderQueueFullError,
  SMALL_VARIANT_PIXELS,
  createRenderLanes,
  describeImage,
  drawnPixels,
  renderCost,
} from "./image-store.server";
import { imageStoreContext } from "~/platform/context";
import { directoryUploadStore } from "~/platform/upload-store.server";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#c33"/></svg>`;

let root: string;
let sourceDirectory: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "image-store-"));
  sourceDirectory = path.join(root, "images");
  await mkdir(path.join(sourceDirectory, "dishes"), { recursive: true });
  await writeFile(path.join(sourceDirectory, "dishes", "wings.svg"), SVG);
  // Stored 300 × 200 but tagged to be shown turned a quarter: 200 × 300 upright.
  await sharp({ create: { width: 300, height: 200, channels: 3, background: "#234" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toFile(path.join(sourceDirectory, "turned.jpg"));
  await writeFile(path.join(root, "secret.png"), "outside");
  await symlink(path.join(root, "secret.png"), path.join(sourceDirectory, "escape.png"));
  await writeFile(path.join(sourceDirectory, "broken.png"), "not an image at all");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function context() {
  const provider = new RouterContextProvider();
  provider.set(imageStoreContext, {
    sourceDirectory,
    cacheDirectory: path.join(root, "cache"),
    uploads: directoryUploadStore(path.join(root, "data")),
  });
  return provider;
}

describe("describeImage", () => {
  test("gives the intrinsic size and a short content hash", async () => {
    expect(await describeImage(context(), "dishes/wings.svg")).toEqual({
      path: "dishes/wings.svg",
      width: 800,
      height: 600,
      version: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
  });

  test("gives the same version while the file is unchanged", async () => {
    const first = await describeImage(context(), "dishes/wings.svg");
    const second = await describeImage(context(), "dishes/wings.svg");
    expect(second?.version).toBe(first?.version);
  });

  test("gives a new version when the file changes, looking again after five seconds", async () => {
    const filePath = path.join(sourceDirectory, "changing.svg");
    await writeFile(filePath, SVG);
    const before = await describeImage(context(), "changing.svg");
    await writeFile(filePath, SVG.replace("#c33", "#3c3"));
    await utimes(filePath, new Date(), new Date(Date.now() + 60_000));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 4_000 });
    try {
      expect((await describeImage(context(), "changing.svg"))?.version).toBe(before?.version);
      vi.setSystemTime(Date.now() + 1_000);
      const after = await describeImage(context(), "changing.svg");
      expect(after?.version).not.toBe(before?.version);
    } finally {
      vi.useRealTimers();
    }
  });

  test("gives a photo's size as it is shown, after EXIF rotation", async () => {
    expect(await describeImage(context(), "turned.jpg")).toMatchObject({ width: 200, height: 300 });
  });

  test.each([
    ["a missing file", "dishes/missing.svg"],
    ["an unreadable file", "broken.png"],
    ["a symlink out of the folder", "escape.png"],
    ["a path out of the folder", "../secret.png"],
  ])("gives null for %s and warns in the log", async (_, imagePath) => {
    const warned = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await describeImage(context(), imagePath)).toBeNull();
    expect(warned).toHaveBeenCalledWith(expect.stringMatching(/^warn /));
  });
});

describe("renderCost", () => {
  const base = { path: "a.svg", version: "v", filePath: "/a.svg" };
  test("is the pixels drawn for an SVG, at the source's shape without a height", () => {
    const svg = { ...base, width: 1600, height: 900, vector: true };
    expect(renderCost(svg, { width: 3072, format: "webp", quality: 75, fit: "cover" })).toBe(
      3072 * 1728,
    );
    expect(
      renderCost(svg, { width: 96, height: 96, format: "webp", quality: 75, fit: "cover" }),
    ).toBe(96 * 96);
  });

  test("counts a bitmap's decoding too, and never more drawn than it has", () => {
    const photo = { ...base, path: "a.jpg", width: 1000, height: 500, vector: false };
    expect(renderCost(photo, { width: 96, format: "webp", quality: 75, fit: "cover" })).toBe(
      96 * 48 + 500_000,
    );
    expect(renderCost(photo, { width: 3072, format: "webp", quality: 75, fit: "cover" })).toBe(
      1_000_000,
    );
  });
});

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("createRenderLanes", () => {
  const svg = { path: "hero.svg", version: "v", filePath: "/hero.svg", vector: true };
  const hero = { ...svg, width: 1600, height: 900 };
  const variant = (width: number, height: number) =>
    ({ width, height, format: "webp", quality: 75, fit: "cover" }) as const;
  /** A 2,048 to 3,072-px picture, as a stranger might ask for many. */
  const large = (width: number, height: number) => ({
    drawn: drawnPixels(hero, variant(width, height)),
    cost: renderCost(hero, variant(width, height)),
  });
  /** What a phone asks for: a 640-px picture at 16:9, and the menu's thumbnail at 2x. */
  const phone = [variant(640, 360), variant(192, 192)].map((each) => ({
    drawn: drawnPixels(hero, each),
    cost: renderCost(hero, each),
  }));

  test("put a page's pictures up to 1536 px in the small lane, 2x pictures of wide screens in the large", () => {
    expect(drawnPixels(hero, variant(1536, 1152))).toBeLessThanOrEqual(SMALL_VARIANT_PIXELS);
    expect(drawnPixels(hero, variant(1280, 1280))).toBeLessThanOrEqual(SMALL_VARIANT_PIXELS);
    expect(drawnPixels(hero, variant(2048, 1152))).toBeGreaterThan(SMALL_VARIANT_PIXELS);
    expect(drawnPixels(hero, variant(1536, 1536))).toBeGreaterThan(SMALL_VARIANT_PIXELS);
  });

  test("start a visitor's small render at once while strangers' large ones run and wait", async () => {
    const run = createRenderLanes(RENDER_LANES);
    const started: string[] = [];
    const gate = deferred();
    const strangers = [
      large(3072, 1728),
      large(3072, 2304),
      large(2560, 1440),
      large(2048, 2048),
      large(3072, 3072),
      large(2560, 2560),
    ].map(({ drawn, cost }, index) =>
      run(
        async () => {
          started.push(`large ${index}`);
          await gate.promise;
        },
        drawn,
        cost,
      ).catch((error: unknown) => {
        if (error instanceof RenderQueueFullError) return "refused";
        throw error;
      }),
    );
    // One large render runs; the others wait their turn (or are refused) behind it.
    await Promise.resolve();
    expect(started).toEqual(["large 0"]);

    for (const [index, { drawn, cost }] of phone.entries()) {
      const small = run(
        async () => {
          started.push(`small ${index}`);
          return "drawn";
        },
        drawn,
        cost,
      );
      // Done while every large render is still running or waiting.
      await expect(small).resolves.toBe("drawn");
    }
    expect(started).toEqual(["large 0", "small 0", "small 1"]);

    gate.resolve();
    await Promise.all(strangers);
    expect(started.filter((name) => name.startsWith("large")).length).toBeGreaterThan(1);
  });

  test("refuse large renders past what their lane holds, and still take small ones", async () => {
    const run = createRenderLanes(RENDER_LANES);
    const gate = deferred();
    const { drawn, cost } = large(3072, 3072);
    const outcomes = Array.from({ length: 12 }, () =>
      run(() => gate.promise, drawn, cost).then(
        () => "drawn",
        (error: unknown) => (error instanceof RenderQueueFullError ? "refused" : "failed"),
      ),
    );
    const [first] = phone;
    await expect(run(async () => "drawn", first!.drawn, first!.cost)).resolves.toBe("drawn");
    gate.resolve();
    const settled = await Promise.all(outcomes);
    expect(settled).toContain("refused");
    expect(settled).not.toContain("failed");
    // The running one and those waiting within the lane's pixels.
    expect(settled.filter((outcome) => outcome === "drawn")).toHaveLength(
      1 + Math.floor(RENDER_LANES.large.waitingPixels / cost),
    );
  });
});
