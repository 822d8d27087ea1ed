import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider, matchRoutes } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { loader } from "./image";
import { describeImage } from "~/images/image-store.server";
import { heightsFor } from "~/images/images";
import { clientAddressContext, imageStoreContext } from "~/platform/context";
import { directoryUploadStore } from "~/platform/upload-store.server";
import { routeArgs } from "../../tests/support/route-args";

/** 40 × 30, left half black and right half white: an edge that blurs if upscaled. */
const HALVES_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
  <rect width="20" height="30" fill="#000"/><rect x="20" width="20" height="30" fill="#fff"/>
</svg>`;

let root: string;
let sourceDirectory: string;
let cacheDirectory: string;
let cacheMaxBytes: number | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "image-route-"));
  sourceDirectory = path.join(root, "images");
  await mkdir(path.join(sourceDirectory, "dishes"), { recursive: true });
  await mkdir(path.join(root, "outside"));
  await writeFile(path.join(sourceDirectory, "dishes", "wings.svg"), HALVES_SVG);
  // 200 × 100: the left half opaque red, the right half transparent.
  const red = await sharp({
    create: { width: 100, height: 100, channels: 4, background: "#ff0000" },
  })
    .png()
    .toBuffer();
  await sharp({
    create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toFile(path.join(sourceDirectory, "plate.png"));
  await writeFile(
    path.join(root, "outside", "secret.png"),
    await readFile(path.join(sourceDirectory, "plate.png")),
  );
  await symlink(path.join(root, "outside", "secret.png"), path.join(sourceDirectory, "escape.png"));
  await writeFile(path.join(sourceDirectory, "broken.png"), "not an image at all");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  // Each test starts with an empty cache, in a folder of its own.
  cacheDirectory = await mkdtemp(path.join(root, "cache-"));
  cacheMaxBytes = undefined;
});

function store(address: string | null = null) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address);
  context.set(imageStoreContext, {
    sourceDirectory,
    cacheDirectory,
    cacheMaxBytes,
    uploads: directoryUploadStore(path.join(root, "data")),
  });
  return context;
}

/** Calls the loader as the router would for `url`, with the splat decoded the router's way. */
async function get(
  url: string,
  init: RequestInit = {},
  splat?: string,
  address: string | null = null,
): Promise<Response> {
  const request = new Request(new URL(url, "http://localhost"), init);
  const matched = matchRoutes([{ path: "/img/*" }], new URL(request.url).pathname);
  const params = { "*": splat ?? matched?.[0]?.params["*"] ?? "" };
  return loader(routeArgs(request, { params, context: store(address) }));
}

/** Calls the loader for `url` as a client at `address`. */
function getFrom(address: string, url: string): Promise<Response> {
  return get(url, {}, undefined, address);
}

async function cachedFiles(): Promise<string[]> {
  const entries = await readdir(cacheDirectory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function pictureOf(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

async function pixel(response: Response, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + info.channels)];
}

async function version(imagePath: string): Promise<string> {
  const source = await describeImage(store(), imagePath);
  if (!source) throw new Error(`no test image ${imagePath}`);
  return source.version;
}

const WIDTHS =
  "w must be one of 96, 192, 240, 320, 480, 640, 768, 1024, 1200, 1280, 1536, 2048, 2560, 3072";
const HEIGHTS_640 = "h with w=640 must be one of 336, 360, 480, 640";
const PARAMETERS = "Unknown parameter; use w, h, fm, q, fit, v";
const FORMATS = "fm must be one of webp, jpeg";
const FITS = "fit must be cover, or left out";

describe("GET /img/* refuses bad requests with 400 and caches nothing", () => {
  test.each([
    [
      "a path climbing out with ../",
      "/img/x.png",
      "../outside/secret.png",
      "Image path is outside the image folder",
    ],
    [
      "an encoded ../",
      "/img/%2e%2e%2foutside%2fsecret.png",
      undefined,
      "Image path is outside the image folder",
    ],
    [
      "a doubly encoded ../",
      "/img/%252e%252e%252fsecret.png",
      undefined,
      "Image path is outside the image folder",
    ],
    [
      "backslashes",
      "/img/dishes%5c..%5c..%5csecret.png",
      undefined,
      "Image path is outside the image folder",
    ],
    [
      "an absolute path",
      "/img/%2Fetc%2Fsecret.png",
      undefined,
      "Image path is outside the image folder",
    ],
    [
      "a symlink out of the folder",
      "/img/escape.png?w=640",
      undefined,
      "Image path is outside the image folder",
    ],
    ["a remote URL", "/img/https://example.com/a.png", undefined, "Remote images are not served"],
    [
      "a protocol-relative URL",
      "/img//example.com/a.png",
      undefined,
      "Image path is outside the image folder",
    ],
    [
      "an unknown extension",
      "/img/dishes/wings.gif",
      undefined,
      "Image type must be one of svg, png, jpg, jpeg, webp, avif",
    ],
    ["no w", "/img/plate.png?fm=webp", undefined, WIDTHS],
    ["w=0", "/img/plate.png?w=0", undefined, WIDTHS],
    ["a fractional w", "/img/plate.png?w=640.5", undefined, WIDTHS],
    ["h=0", "/img/plate.png?w=640&h=0", undefined, HEIGHTS_640],
    ["a word for h", "/img/plate.png?w=640&h=tall", undefined, HEIGHTS_640],
    ["fm=gif", "/img/plate.png?w=640&fm=gif", undefined, FORMATS],
    ["a format no page asks for", "/img/plate.png?w=640&fm=png", undefined, FORMATS],
    ["AVIF, which no page asks for", "/img/plate.png?w=640&fm=avif", undefined, FORMATS],
    ["a huge PNG", "/img/plate.png?w=4096&h=4096&fm=png", undefined, FORMATS],
    ["fit=stretch", "/img/plate.png?w=640&fit=stretch", undefined, FITS],
    ["a fit no page asks for", "/img/plate.png?w=96&h=96&fit=contain", undefined, FITS],
    ["q=0", "/img/plate.png?w=640&q=0", undefined, "q with fm=webp must be 75, or left out"],
    [
      "a quality other than the format's",
      "/img/plate.png?w=640&fm=jpeg&q=100",
      undefined,
      "q with fm=jpeg must be 75, or left out",
    ],
    ["a background", "/img/plate.png?w=640&bg=ffffff", undefined, PARAMETERS],
    ["an unknown parameter", "/img/plate.png?w=640&blur=5", undefined, PARAMETERS],
  ])("%s", async (_, url, splat, reason) => {
    const response = await get(url, {}, splat);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe(reason);
    expect(await cachedFiles()).toEqual([]);
  });
});

describe("GET /img/*", () => {
  test.each([
    [
      "a name over 255 bytes",
      `/img/${"a".repeat(300)}.png?w=640`,
      "Image names are at most 255 characters",
    ],
    [
      "a path over 1024 bytes",
      `/img/${Array.from({ length: 20 }, () => "a".repeat(200)).join("/")}.png?w=640`,
      "Image paths are at most 1024 characters",
    ],
  ])("answers 400, not a failure, for %s", async (_, url, reason) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await get(url);
    expect(response.status).toBe(400);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe(reason);
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });

  test("answers 404 for an image that does not exist", async () => {
    const response = await get("/img/dishes/missing.svg?w=96");
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe("Image not found");
  });

  test("serves WebP by default, at the requested width", async () => {
    const response = await get("/img/plate.png?w=96");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const body = Buffer.from(await response.clone().arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(body.length));
    expect(await pictureOf(response)).toMatchObject({ format: "webp", width: 96, height: 48 });
  });

  test.each([
    ["webp", 96, "image/webp", { format: "webp", width: 96, height: 48 }],
    // The share images' width; the 200-px bitmap is never enlarged.
    ["jpeg", 1200, "image/jpeg", { format: "jpeg", width: 200, height: 100 }],
  ])("encodes fm=%s", async (format, width, contentType, decoded) => {
    const response = await get(`/img/plate.png?w=${width}&fm=${format}`);
    expect(response.headers.get("Content-Type")).toBe(contentType);
    expect(await pictureOf(response)).toMatchObject(decoded);
  });

  test("puts JPEG's missing transparency on white", async () => {
    const response = await get("/img/plate.png?w=1200&fm=jpeg");
    const [r = 0, g = 0, b = 0] = await pixel(response, 150, 50);
    expect(Math.min(r, g, b)).toBeGreaterThan(245);
  });

  test("crops to both sides with fit=cover", async () => {
    const response = await get("/img/plate.png?w=96&h=96");
    expect(await pictureOf(response)).toMatchObject({ width: 96, height: 96 });
  });

  test("never enlarges a bitmap", async () => {
    const response = await get("/img/plate.png?w=768");
    expect(await pictureOf(response)).toMatchObject({ width: 200, height: 100 });
  });

  test("keeps the requested shape when the box is larger than the bitmap", async () => {
    const response = await get("/img/plate.png?w=480&h=480");
    expect(await pictureOf(response)).toMatchObject({ width: 100, height: 100 });
  });

  test("draws an SVG at the requested width rather than upscaling it", async () => {
    const response = await get("/img/dishes/wings.svg?w=1200");
    expect(await pictureOf(response.clone())).toMatchObject({ width: 1200, height: 900 });
    // Upscaled from 40 px wide, the edge at 600 would blur over dozens of pixels.
    const [dark = 255] = await pixel(response.clone(), 596, 450);
    const [light = 0] = await pixel(response, 603, 450);
    expect(dark).toBeLessThan(10);
    expect(light).toBeGreaterThan(245);
  });

  test("serves a variant rendered before from the disk cache", async () => {
    await get("/img/plate.png?w=192");
    const [file] = await cachedFiles();
    if (!file) throw new Error("expected the first request to fill the cache");
    // Bytes no render would produce: if they come back, the cache answered.
    await writeFile(file, "cached bytes");
    const written = await stat(file);

    const response = await get("/img/plate.png?w=192");
    expect(await response.text()).toBe("cached bytes");
    expect((await stat(file)).mtimeMs).toBe(written.mtimeMs);
    expect(await cachedFiles()).toEqual([file]);
  });

  test("shares one render between concurrent requests for a variant", async () => {
    const responses = await Promise.all([1, 2, 3].map(() => get("/img/plate.png?w=240")));
    const bodies = await Promise.all(responses.map((response) => response.arrayBuffer()));
    expect(new Set(bodies.map((body) => Buffer.from(body).toString("base64"))).size).toBe(1);
    const files = await cachedFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toMatch(/\.tmp$/);
  });

  test("stores equivalent URLs as one variant", async () => {
    await get("/img/plate.png?w=320");
    await get("/img/plate.png?fm=webp&q=75&w=320&fit=cover");
    expect(await cachedFiles()).toHaveLength(1);
  });

  test("answers 304 when the client has the variant", async () => {
    const first = await get("/img/plate.png?w=480");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const again = await get("/img/plate.png?w=480", {
      headers: { "If-None-Match": `"other", ${etag}` },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get("ETag")).toBe(etag);
    expect(again.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
  });

  test("gives different variants different ETags", async () => {
    const small = await get("/img/plate.png?w=480");
    const large = await get("/img/plate.png?w=640");
    expect(small.headers.get("ETag")).not.toBe(large.headers.get("ETag"));
  });

  test("lets a URL with the current version be cached for a year", async () => {
    const response = await get(`/img/plate.png?w=96&v=${await version("plate.png")}`);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  test.each([
    ["without a version", "/img/plate.png?w=96"],
    ["with an outdated version", "/img/plate.png?w=96&v=0123456789ab"],
  ])("serves the current image briefly cached %s", async (_, url) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(
      "public, max-age=300, stale-while-revalidate=86400",
    );
  });

  test("answers HEAD with the headers and no body", async () => {
    const response = await get("/img/plate.png?w=96", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(Number(response.headers.get("Content-Length"))).toBeGreaterThan(0);
    expect(response.body).toBeNull();
  });

  test("answers OPTIONS with what it allows, rendering nothing", async () => {
    const response = await get("/img/plate.png?w=640", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(response.body).toBeNull();
    expect(await cachedFiles()).toEqual([]);
  });

  test("refuses other methods with 405, rendering nothing", async () => {
    const response = await get("/img/plate.png?w=640", { method: "PROPFIND" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(await cachedFiles()).toEqual([]);
  });

  test("answers 500 without details when the source cannot be processed", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await get("/img/broken.png?w=96");
    expect(response.status).toBe(500);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe("Image could not be processed");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("Image could not be processed"));
  });
});

describe("GET /img/* for a size no page asks for", () => {
  test.each([
    ["a width between two served", "/img/plate.png?w=641&v=abc", "/img/plate.png?w=640&v=abc"],
    ["a width past the largest", "/img/plate.png?w=4096", "/img/plate.png?w=3072"],
    ["a height of no shape", "/img/plate.png?w=640&h=400", "/img/plate.png?w=640&h=360"],
    [
      "a huge square",
      "/img/dishes/wings.svg?w=4096&h=4096&fit=cover",
      "/img/dishes/wings.svg?w=3072&h=3072&fit=cover",
    ],
    ["JPEG at a page's width", "/img/plate.png?w=640&fm=jpeg", "/img/plate.png?w=1200&fm=jpeg"],
  ])("sends %s on to the nearest variant served, rendering nothing", async (_, url, location) => {
    const response = await get(url);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(location);
    expect(response.body).toBeNull();
    expect(await cachedFiles()).toEqual([]);

    const served = await get(location);
    expect(served.status).toBe(200);
  });
});

describe("GET /img/* renders per client address", () => {
  /** Distinct large variants of one SVG, 5 to 9 megapixels each: past the budget within eight. */
  const LARGE = [3072, 2560].flatMap((width) =>
    [undefined, ...heightsFor(width)].map(
      (height) => `/img/dishes/wings.svg?w=${width}${height ? `&h=${height}` : ""}`,
    ),
  );

  test("are limited: past its share an address gets 429 with Retry-After, then renders again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const address = "198.51.100.7";
      const served: string[] = [];
      let refused: Response | undefined;
      for (const url of LARGE) {
        const response = await getFrom(address, url);
        if (response.status === 429) {
          refused = response;
          break;
        }
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        served.push(url);
      }
      if (!refused) throw new Error("expected the address to run out of renders");
      const url = LARGE[served.length]!;
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await refused.text()).toBe(
        "Too many pictures drawn for this address; try again shortly",
      );
      expect(await cachedFiles()).toHaveLength(served.length);

      // Asking again changes nothing; another client's render goes ahead.
      expect((await getFrom(address, url)).status).toBe(429);
      expect((await getFrom("198.51.100.8", "/img/plate.png?w=96")).status).toBe(200);
      // What is already drawn costs nothing.
      expect((await getFrom(address, served[0]!)).status).toBe(200);

      vi.setSystemTime(Date.now() + retryAfter * 1000);
      expect((await getFrom(address, url)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  test("count an IPv6 client's whole /64 as one address", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      let refused: string | undefined;
      for (const url of LARGE) {
        if ((await getFrom("2001:db8:5:6::1", url)).status === 429) {
          refused = url;
          break;
        }
      }
      if (!refused) throw new Error("expected the address to run out of renders");
      expect((await getFrom("2001:db8:5:6:ffff::2", refused)).status).toBe(429);
      expect((await getFrom("2001:db8:5:7::1", refused)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the disk cache", () => {
  test("stays within its cap, deleting the least recently served variants first", async () => {
    // Each variant's size, from a cache without a cap.
    const size = new Map<number, number>();
    for (const width of [96, 192, 240]) {
      const response = await get(`/img/plate.png?w=${width}`);
      size.set(width, Number(response.headers.get("Content-Length")));
    }
    const [small = 0, middle = 0, large = 0] = [96, 192, 240].map((width) => size.get(width));
    cacheDirectory = await mkdtemp(path.join(root, "cache-"));
    // Room for the smallest and the largest, with a tenth to spare, but not for all three.
    cacheMaxBytes = Math.ceil((small + large) / 0.9);
    expect(small + middle + large).toBeGreaterThan(cacheMaxBytes);

    const fileOf = async (url: string) => {
      const response = await get(url);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const etag = response.headers.get("ETag")?.replaceAll('"', "") ?? "";
      return path.join(cacheDirectory, etag.slice(0, 2), `${etag}.webp`);
    };
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      const first = await fileOf("/img/plate.png?w=96");
      vi.setSystemTime(Date.now() + 60_000);
      const second = await fileOf("/img/plate.png?w=192");
      vi.setSystemTime(Date.now() + 60_000);
      // Served again: now the second is the least recently served.
      expect(await fileOf("/img/plate.png?w=96")).toBe(first);
      vi.setSystemTime(Date.now() + 60_000);
      const third = await fileOf("/img/plate.png?w=240");

      await expect.poll(cachedFiles).toHaveLength(2);
      expect((await cachedFiles()).sort()).toEqual([first, third].sort());
      expect(await cachedFiles()).not.toContain(second);
      const sizes = await Promise.all(
        (await cachedFiles()).map(async (file) => (await stat(file)).size),
      );
      expect(sizes.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThanOrEqual(cacheMaxBytes);
    } finally {
      vi.useRealTimers();
    }
  });
});
