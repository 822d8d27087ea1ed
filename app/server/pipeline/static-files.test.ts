import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { precompressDirectory } from "./precompress";
import { StaticFiles } from "./static-files";

let root: string;
let files: StaticFiles;
const css = "body { color: black; }\n".repeat(200);
// Larger than what is kept in memory, so it and its copies are streamed.
const bigScript = `export const data = ${JSON.stringify("la".repeat(400_000))};\n`;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "static-files-"));
  await mkdir(path.join(root, "assets"));
  await writeFile(path.join(root, "assets/app-abc123.css"), css);
  await writeFile(path.join(root, "assets/big-def456.js"), bigScript);
  await writeFile(path.join(root, "favicon.svg"), "<svg/>");
  await writeFile(path.join(root, "photo.webp"), Buffer.from([0x52, 0x49, 0x46, 0x46]));
  await precompressDirectory(root);
  files = await StaticFiles.load(root);
});

afterAll(() => rm(root, { recursive: true, force: true }));

const get = (pathname: string, headers: Record<string, string> = {}) =>
  files.serve(new Request(`http://localhost${pathname}`, { headers }));

describe("StaticFiles", () => {
  test("hashed assets are immutable, other files cached for an hour", () => {
    expect(get("/assets/app-abc123.css")?.headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(get("/favicon.svg")?.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  test("serves the brotli copy to a client that accepts it", async () => {
    const response = get("/assets/app-abc123.css", { "Accept-Encoding": "gzip, br" })!;
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get("Content-Length"))).toBe(body.byteLength);
    expect(body.byteLength).toBeLessThan(css.length / 10);
  });

  test("serves the gzip copy, or the file itself, to clients that accept only those", async () => {
    const gzip = get("/assets/app-abc123.css", { "Accept-Encoding": "gzip" })!;
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(css);

    const plain = get("/assets/app-abc123.css", { "Accept-Encoding": "br;q=0, gzip;q=0" })!;
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(css);
  });

  test("large files are streamed from disk, their copies too", async () => {
    const response = get("/assets/big-def456.js", { "Accept-Encoding": "gzip" })!;
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(bigScript);
    const plain = get("/assets/big-def456.js")!;
    expect(await plain.text()).toBe(bigScript);
  });

  test("files that do not compress are served as they are", () => {
    const response = get("/photo.webp", { "Accept-Encoding": "br, gzip" })!;
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Vary")).toBeNull();
    expect(response.headers.get("Content-Type")).toBe("image/webp");
  });

  test("answers 304 when the client has the same version", () => {
    const etag = get("/favicon.svg")!.headers.get("ETag")!;
    expect(get("/favicon.svg", { "If-None-Match": etag })?.status).toBe(304);
  });

  test("HEAD gets the headers without a body", async () => {
    const response = files.serve(new Request("http://localhost/favicon.svg", { method: "HEAD" }))!;
    expect(response.headers.get("Content-Length")).toBe("6");
    expect(await response.text()).toBe("");
  });

  test.each([
    "/assets",
    "/assets/",
    "/assets/app-abc123.css.br",
    "/../static-files.ts",
    "/%2e%2e/static-files.ts",
    "/nothing-here.js",
    "/%E0%A4%A",
  ])("%s is not a file it serves", (pathname) => {
    expect(get(pathname)).toBeNull();
  });

  test("only GET and HEAD are answered", () => {
    expect(files.serve(new Request("http://localhost/favicon.svg", { method: "POST" }))).toBeNull();
  });
});
