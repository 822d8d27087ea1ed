import zlib, { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import {
  ONE_REQUEST_BROTLI_QUALITY,
  compressForOneRequest,
  compressResponse,
  negotiateEncoding,
} from "./compression";

describe("negotiateEncoding", () => {
  test.each([
    ["br, gzip", ["br", "gzip"], "br"],
    ["gzip, deflate", ["br", "gzip"], "gzip"],
    ["br;q=0, gzip", ["br", "gzip"], "gzip"],
    ["*", ["br", "gzip"], "br"],
    ["identity", ["br", "gzip"], null],
    [null, ["br", "gzip"], null],
    ["br, gzip", ["gzip"], "gzip"],
    ["br", ["gzip"], null],
  ] as const)("%s with %j available chooses %s", (accept, available, expected) => {
    expect(negotiateEncoding(accept, available)).toBe(expected);
  });
});

const page = "<!DOCTYPE html><p>" + "The pub is open until 2 am. ".repeat(200);

function request(acceptEncoding?: string, method = "GET") {
  return new Request("http://localhost/", {
    method,
    headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {},
  });
}

function html(body: BodyInit, headers: Record<string, string> = {}) {
  return new Response(body, {
    headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
  });
}

describe("compressResponse", () => {
  test("a streamed page is compressed as it streams", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(page));
        controller.close();
      },
    });
    const response = await compressResponse(request("br"), html(stream));
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Content-Length")).toBeNull();
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(page);
  });

  test("a streamed body larger than the stream's window comes back whole", async () => {
    // Several times the 64 KB window, in chunks as a render sends them.
    const long = page.repeat(60);
    const bytes = new TextEncoder().encode(long);
    const stream = new ReadableStream({
      start(controller) {
        for (let start = 0; start < bytes.length; start += 8192) {
          controller.enqueue(bytes.slice(start, start + 8192));
        }
        controller.close();
      },
    });
    const response = await compressResponse(request("br"), html(stream));
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(long);
  });

  test("a whole document keeps a Content-Length", async () => {
    const response = await compressResponse(
      request("gzip"),
      html(page, { "Content-Length": String(page.length) }),
    );
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(body.byteLength));
    expect(gunzipSync(body).toString()).toBe(page);
  });

  test("a page made for one request (not kept) is compressed at the cheap levels: brotli 4, gzip 6", async () => {
    expect(ONE_REQUEST_BROTLI_QUALITY).toBe(4);
    const body = Buffer.from(page.repeat(20));
    const cheap = brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    });
    const best = brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    });
    expect(cheap.equals(best)).toBe(false);

    const br = await compressResponse(
      request("br"),
      html(body, { "Content-Length": String(body.byteLength) }),
    );
    expect(Buffer.from(await br.arrayBuffer()).equals(cheap)).toBe(true);
    expect((await compressForOneRequest("br", body)).equals(cheap)).toBe(true);
    expect((await compressForOneRequest("gzip", body)).equals(gzipSync(body, { level: 6 }))).toBe(
      true,
    );
  });

  test("varies on Accept-Encoding even when the client takes none", async () => {
    const response = await compressResponse(request(), html(page));
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await response.text()).toBe(page);
  });

  test.each([
    ["a small body", html("<p>hi</p>", { "Content-Length": "9" })],
    ["an image", new Response(new Uint8Array(4096), { headers: { "Content-Type": "image/webp" } })],
    ["an encoded body", html(page, { "Content-Encoding": "br" })],
    ["a no-transform body", html(page, { "Cache-Control": "no-transform" })],
    ["a redirect", new Response(null, { status: 303, headers: { Location: "/" } })],
    [
      "an event stream",
      new Response(page.repeat(2), {
        headers: { "Content-Type": "text/event-stream; charset=utf-8" },
      }),
    ],
  ])("leaves %s alone", async (_, response) => {
    const result = await compressResponse(request("br, gzip"), response);
    expect(result).toBe(response);
  });
});
