import { randomUUID } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, test, vi } from "vitest";
import { PageRender } from "~/server/pipeline/page-render";
import { PageCache, type PageRenderResult } from "./page-cache";

const HTML = `<!DOCTYPE html><title>Menu</title>${"<p>Wings, fries and a pint</p>".repeat(200)}`;

/** A render that counts its calls; each call's page says which call it was. */
function renderer({
  body = HTML,
  sameForEveryone = true,
  status = 200,
  until = Number.POSITIVE_INFINITY,
  headers = {} as Record<string, string>,
  contentRevision = undefined as string | null | undefined,
} = {}) {
  let calls = 0;
  const render = async (): Promise<PageRenderResult> => {
    const call = ++calls;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return {
      response: new Response(`${body}<!-- render ${call} -->`, {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
      }),
      sameForEveryone,
      until,
      contentRevision,
    };
  };
  return { render, calls: () => calls };
}

const get = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://localhost/menu", { method, headers });

async function bodyOf(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  switch (response.headers.get("Content-Encoding")) {
    case "br":
      return zlib.brotliDecompressSync(bytes).toString();
    case "gzip":
      return zlib.gunzipSync(bytes).toString();
    default:
      return bytes.toString();
  }
}

describe("PageCache", () => {
  test("keeps a page read at the revision it is asked at, or later; passes on one read at an older or unknown one", async () => {
    for (const [contentRevision, kept] of [
      [undefined, true],
      ["12", true],
      ["13", true],
      ["11", false],
      ["9", false],
      [null, false],
    ] as const) {
      const cache = new PageCache();
      const { render, calls } = renderer({ contentRevision });
      const first = await cache.serve(get(), "/menu", "12", render);
      expect(await bodyOf(first)).toBe(`${HTML}<!-- render 1 -->`);
      await cache.serve(get(), "/menu", "12", render);
      expect(calls(), `content read at ${contentRevision}`).toBe(kept ? 1 : 2);
      expect(cache.size).toBe(kept ? 1 : 0);
    }
  });

  test("renders a page once for many requests arriving together, and serves it after", async () => {
    const cache = new PageCache();
    const { render, calls } = renderer();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => cache.serve(get(), "/menu", "1", render)),
    );
    const later = await cache.serve(get(), "/menu", "1", render);
    expect(calls()).toBe(1);
    const bodies = await Promise.all([...responses, later].map(bodyOf));
    expect(new Set(bodies)).toEqual(new Set([`${HTML}<!-- render 1 -->`]));
  });

  test("compresses once per encoding, with the length of what is sent", async () => {
    const cache = new PageCache();
    const { render } = renderer();
    const expected = `${HTML}<!-- render 1 -->`;
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["", null],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const response = await cache.serve(get({ "Accept-Encoding": accept }), "/menu", "1", render);
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      expect(response.headers.get("Vary")).toBe("Accept-Encoding");
      const bytes = await response.clone().arrayBuffer();
      expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      expect(await bodyOf(response)).toBe(expected);
    }
    const br = await cache.serve(get({ "Accept-Encoding": "br" }), "/menu", "1", render);
    expect(Number(br.headers.get("Content-Length"))).toBeLessThan(expected.length / 10);
    // Identity, brotli and gzip, all counted.
    expect(cache.bytes).toBeGreaterThan(expected.length);
  });

  test("drops every page when the content's version moves", async () => {
    const cache = new PageCache();
    const { render, calls } = renderer();
    await cache.serve(get(), "/menu", "1", render);
    const after = await cache.serve(get(), "/menu", "2", render);
    expect(calls()).toBe(2);
    expect(await bodyOf(after)).toContain("render 2");
    await cache.serve(get(), "/menu", "2", render);
    expect(calls()).toBe(2);
  });

  test("renders again once what the page shows stops being true", async () => {
    let now = 1_000;
    const cache = new PageCache({ now: () => now });
    const { render, calls } = renderer({ until: 2_000 });
    await cache.serve(get(), "/", "1", render);
    now = 1_999;
    await cache.serve(get(), "/", "1", render);
    expect(calls()).toBe(1);
    now = 2_000;
    await cache.serve(get(), "/", "1", render);
    expect(calls()).toBe(2);
  });

  test("keeps separate copies per key", async () => {
    const cache = new PageCache();
    const { render, calls } = renderer();
    await cache.serve(get(), "/menu light", "1", render);
    await cache.serve(get(), "/menu dark", "1", render);
    await cache.serve(get(), "/menu light", "1", render);
    expect(calls()).toBe(2);
    expect(cache.size).toBe(2);
  });

  test.each([
    ["a page rendered for one visitor", { sameForEveryone: false }],
    ["an error", { status: 503 }],
    ["a response setting a cookie", { headers: { "Set-Cookie": "toast=1" } }],
    ["a page already out of date", { until: 0 }],
  ])("passes %s through, and each request renders its own", async (_, options) => {
    const cache = new PageCache();
    const { render, calls } = renderer(options);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () => cache.serve(get(), "/", "1", render)),
    );
    expect(calls()).toBe(3);
    expect(cache.size).toBe(0);
    const bodies = await Promise.all(responses.map(bodyOf));
    expect(new Set(bodies).size).toBe(3);
  });

  test("answers HEAD from a kept page without a body, and never renders for one", async () => {
    const cache = new PageCache();
    const { render, calls } = renderer();
    const miss = await cache.serve(get({}, "HEAD"), "/", "1", render);
    expect(miss.status).toBe(200);
    expect(cache.size).toBe(0);
    await cache.serve(get(), "/", "1", render);
    const head = await cache.serve(get({ "Accept-Encoding": "gzip" }, "HEAD"), "/", "1", render);
    expect(calls()).toBe(2);
    expect(head.body).toBeNull();
    expect(head.headers.get("Content-Encoding")).toBe("gzip");
    expect(Number(head.headers.get("Content-Length"))).toBeGreaterThan(0);
  });

  test("answers a request naming the page's ETag with 304", async () => {
    const cache = new PageCache();
    const { render } = renderer();
    const first = await cache.serve(get(), "/", "1", render);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    const again = await cache.serve(get({ "If-None-Match": `"other", ${etag}` }), "/", "1", render);
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get("ETag")).toBe(etag);
    const changed = await cache.serve(get({ "If-None-Match": '"other"' }), "/", "1", render);
    expect(changed.status).toBe(200);
  });

  test("holds at most its byte budget, letting the least recently served go first", async () => {
    const size = `${HTML}<!-- render 1 -->`.length;
    const cache = new PageCache({ maxBytes: size * 2 + 100 });
    const { render, calls } = renderer();
    await cache.serve(get(), "a", "1", render);
    await cache.serve(get(), "b", "1", render);
    await cache.serve(get(), "a", "1", render);
    await cache.serve(get(), "c", "1", render);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(size * 2 + 100);
    await cache.serve(get(), "a", "1", render);
    expect(calls()).toBe(3);
    await cache.serve(get(), "b", "1", render);
    expect(calls()).toBe(4);
  });

  test("serves a page too large to keep without keeping it", async () => {
    const cache = new PageCache({ maxPageBytes: 1_000 });
    const { render, calls } = renderer();
    const response = await cache.serve(get(), "/", "1", render);
    expect(await bodyOf(response)).toBe(`${HTML}<!-- render 1 -->`);
    await cache.serve(get(), "/", "1", render);
    expect(calls()).toBe(2);
    expect(cache.size).toBe(0);
  });

  describe("a page with holes", () => {
    /** A form page: its token and nonce are marks, filled in for each response. */
    function formRenderer({ sameForEveryone = true, digits = 1 } = {}) {
      let calls = 0;
      let counter = 0;
      const render = async (): Promise<PageRenderResult> => {
        calls += 1;
        const note = new PageRender({ withHoles: true });
        const token = note.freshEachTime(() => `token-${String(++counter).padStart(digits, "0")}`);
        const nonce = note.freshEachTime(() => `nonce-${String(counter).padStart(digits, "0")}`);
        note.freshEachTime(() => "never shown");
        return {
          response: new Response(
            `${HTML}<input value="${token}"><script nonce="${nonce}">x("${token}")</script>`,
            {
              headers: {
                "Content-Type": "text/html; charset=utf-8",
                "Content-Security-Policy": `script-src 'nonce-${nonce}'`,
              },
            },
          ),
          sameForEveryone,
          until: Number.POSITIVE_INFINITY,
          holes: note.holes,
        };
      };
      return { render, calls: () => calls };
    }

    test("is rendered once and each response gets fresh values, in the body and the headers", async () => {
      const cache = new PageCache();
      const { render, calls } = formRenderer();
      const first = await cache.serve(get(), "/contact", "1", render);
      const second = await cache.serve(get({ "Accept-Encoding": "br" }), "/contact", "1", render);
      expect(calls()).toBe(1);
      const sent = (await second.clone().arrayBuffer()).byteLength;
      const [one, two] = [await bodyOf(first), await bodyOf(second)];
      expect(one).toContain('<input value="token-1"><script nonce="nonce-1">x("token-1")</script>');
      expect(two).toContain('<input value="token-2"><script nonce="nonce-2">x("token-2")</script>');
      expect(first.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-nonce-1'");
      expect(second.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-nonce-2'");
      expect(one).not.toMatch(/hole[0-9a-f]{24}x/);
      // The copy compressed once, with this response's values put in its holes.
      expect(second.headers.get("Content-Encoding")).toBe("br");
      expect(second.headers.get("Content-Length")).toBe(String(sent));
      expect(sent).toBeLessThan(Buffer.byteLength(two) / 10);
      expect(second.headers.get("Vary")).toBe("Accept-Encoding");
      expect(second.headers.has("ETag")).toBe(false);
      expect(first.headers.get("Content-Encoding")).toBeNull();
      expect(first.headers.get("Content-Length")).toBe(String(Buffer.byteLength(one)));
    });

    test("is compressed once per encoding; each response puts its own values in that copy", async () => {
      const cache = new PageCache();
      const { render, calls } = formRenderer({ digits: 3 });
      await cache.serve(get(), "/contact", "1", render);
      const kept = cache.bytes;
      const accepts = ["br, gzip", "gzip", "br;q=0, gzip"];
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          cache.serve(get({ "Accept-Encoding": accepts[index % 3]! }), "/contact", "1", render),
        ),
      );
      expect(calls()).toBe(1);
      const grown = cache.bytes;
      // The two compressed copies, counted once each.
      expect(grown).toBeGreaterThan(kept);
      expect(grown).toBeLessThan(kept * 1.2);
      const bodies = await Promise.all(responses.map(bodyOf));
      const tokens = bodies.map((body) => body.match(/<input value="(token-\d+)">/)?.[1]);
      expect(new Set(tokens).size).toBe(30);
      responses.forEach((response, index) => {
        expect(response.headers.get("Content-Encoding")).toBe(index % 3 === 0 ? "br" : "gzip");
        const token = tokens[index]!;
        const nonce = `nonce-${token.slice(6)}`;
        expect(bodies[index]).toBe(
          `${HTML}<input value="${token}"><script nonce="${nonce}">x("${token}")</script>`,
        );
        expect(response.headers.get("Content-Security-Policy")).toBe(`script-src 'nonce-${nonce}'`);
      });
      await cache.serve(get({ "Accept-Encoding": "br" }), "/contact", "1", render);
      expect(cache.bytes).toBe(grown);
    });

    test("values of another length than the compressed copy's go out plain, for the server to compress", async () => {
      const cache = new PageCache();
      const { render } = formRenderer();
      // token-1 to token-9 are the copy's length; token-10 on are longer.
      for (let response = 1; response <= 9; response++) {
        await bodyOf(await cache.serve(get({ "Accept-Encoding": "br" }), "/contact", "1", render));
      }
      const longer = await cache.serve(get({ "Accept-Encoding": "br" }), "/contact", "1", render);
      expect(longer.headers.get("Content-Encoding")).toBeNull();
      const body = await bodyOf(longer);
      expect(body).toContain(
        '<input value="token-10"><script nonce="nonce-10">x("token-10")</script>',
      );
      expect(longer.headers.get("Content-Length")).toBe(String(Buffer.byteLength(body)));
    });

    test("one that cannot be compressed around its holes goes out plain, for the server to compress, and the log says so", async () => {
      const warnings = vi.spyOn(console, "error").mockImplementation(() => {});
      const cache = new PageCache();
      const note = new PageRender({ withHoles: true });
      const token = note.freshEachTime(() => randomUUID());
      // Every byte value in the page: nothing is left to stand in the hole while it is compressed.
      const everyByte = Uint8Array.from({ length: 256 }, (_, byte) => byte);
      const page = new TextEncoder().encode(`${HTML}<input value="${token}">`);
      const render = async (): Promise<PageRenderResult> => ({
        response: new Response(new Uint8Array([...everyByte, ...page]), {
          headers: { "Content-Type": "text/html; charset=utf-8" },
        }),
        sameForEveryone: true,
        until: Number.POSITIVE_INFINITY,
        holes: note.holes,
      });
      try {
        const tokens = new Set<string>();
        for (let response = 0; response < 2; response++) {
          const sent = await cache.serve(get({ "Accept-Encoding": "br" }), "/contact", "1", render);
          expect(sent.headers.get("Content-Encoding")).toBeNull();
          expect(sent.headers.get("Vary")).toBe("Accept-Encoding");
          const text = Buffer.from(await sent.arrayBuffer())
            .subarray(256)
            .toString();
          const filled = text.match(/^<!DOCTYPE html>.*<input value="([0-9a-f-]{36})">$/s)?.[1];
          expect(filled).toBeDefined();
          tokens.add(filled!);
        }
        expect(tokens.size).toBe(2);
        expect(warnings).toHaveBeenCalledTimes(1);
        expect(String(warnings.mock.calls[0]?.[0])).toContain(
          "could not be compressed around its holes",
        );
      } finally {
        warnings.mockRestore();
      }
    });

    test("passed through, still has its holes filled", async () => {
      const cache = new PageCache();
      const { render } = formRenderer({ sameForEveryone: false });
      const body = await bodyOf(await cache.serve(get(), "/contact", "1", render));
      expect(body).toContain('<input value="token-1"><script nonce="nonce-1">');
      expect(cache.size).toBe(0);
    });

    test("a binary response passed through is left as it came", async () => {
      const cache = new PageCache();
      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]);
      const note = new PageRender({ withHoles: true });
      note.freshEachTime(() => "nonce");
      const response = await cache.serve(get(), "/img/a.png", "1", async () => ({
        response: new Response(bytes, { headers: { "Content-Type": "image/png" } }),
        sameForEveryone: true,
        until: Number.POSITIVE_INFINITY,
        holes: note.holes,
      }));
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
      expect(cache.size).toBe(0);
    });
  });

  test("an event stream (one that never ends) is passed through unread, holes or not", async () => {
    const cache = new PageCache();
    const note = new PageRender({ withHoles: true });
    note.freshEachTime(() => "nonce");
    const encoder = new TextEncoder();
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("retry: 1000\n\n"));
      },
    });
    const response = await cache.serve(get(), "/LIVE/", "1", async () => ({
      response: new Response(endless, {
        headers: {
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store",
        },
      }),
      sameForEveryone: false,
      until: Number.POSITIVE_INFINITY,
      holes: note.holes,
    }));
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("retry: 1000\n\n");
    await reader.cancel();
    expect(cache.size).toBe(0);
  });

  test("keeps nothing that varies on a header its key does not cover", async () => {
    const cache = new PageCache();
    const { render, calls } = renderer({ headers: { Vary: "Accept-Language" } });
    await cache.serve(get(), "/", "1", render);
    await cache.serve(get(), "/", "1", render);
    expect(calls()).toBe(2);
    expect(cache.size).toBe(0);
  });
});
