import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { afterEach, describe, expect, test } from "vitest";
import { PAGE_METHODS, READ_METHODS, answerMethod, answerUnfetchableMethod } from "./methods";

describe("answerMethod", () => {
  test("leaves the allowed methods to the handler", () => {
    for (const method of ["GET", "HEAD", "POST"]) {
      expect(answerMethod(new Request("http://localhost/", { method }), PAGE_METHODS)).toBeNull();
    }
  });

  test("answers OPTIONS with 204, Allow and no body", () => {
    const response = answerMethod(
      new Request("http://localhost/img/a.svg", { method: "OPTIONS" }),
      READ_METHODS,
    );
    expect(response?.status).toBe(204);
    expect(response?.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
    expect(response?.body).toBeNull();
  });

  test.each(["PUT", "DELETE", "PATCH", "PROPFIND", "PURGE"])(
    "refuses %s with 405 and Allow",
    async (method) => {
      const response = answerMethod(new Request("http://localhost/", { method }), PAGE_METHODS);
      expect(response?.status).toBe(405);
      expect(response?.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
      expect(response?.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await response?.text()).toBe("Method Not Allowed");
    },
  );

  test("refuses a post to a resource that is only read", () => {
    const response = answerMethod(
      new Request("http://localhost/img/a.svg", { method: "POST", body: "x" }),
      READ_METHODS,
    );
    expect(response?.status).toBe(405);
    expect(response?.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("answerUnfetchableMethod", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  /** A Node server as the site's: the check first, then the fetch handler. */
  async function listen(trustProxy = false): Promise<number> {
    const listener = createRequestListener(() => new Response("handled"), {
      trustProxy,
      onError: () => new Response("failed outside the handler", { status: 500 }),
    });
    server = createServer((req, res) => {
      const allowedMethods = (url: URL) =>
        url.pathname.startsWith("/img/") ? READ_METHODS : PAGE_METHODS;
      if (answerUnfetchableMethod(req, res, { trustProxy, allowedMethods })) return;
      void listener(req, res);
    });
    await new Promise<void>((done) => server?.listen(0, "127.0.0.1", done));
    return (server.address() as AddressInfo).port;
  }

  function send(port: number, method: string, path: string, headers = {}) {
    return new Promise<{ status?: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const req = httpRequest({ port, host: "127.0.0.1", method, path, headers }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body }));
        });
        req.on("error", reject);
        req.end();
      },
    );
  }

  test("a Fetch request cannot carry TRACE, so it never reaches a fetch handler", () => {
    expect(() => new Request("http://localhost/", { method: "TRACE" })).toThrow(TypeError);
  });

  test("answers TRACE with 405, Allow for the URL and the security headers", async () => {
    const port = await listen();
    const page = await send(port, "TRACE", "/");
    expect(page.status).toBe(405);
    expect(page.headers["allow"]).toBe("GET, HEAD, POST, OPTIONS");
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'self'/);
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    expect(page.body).toBe("Method Not Allowed");

    const image = await send(port, "TRACE", "/img/hero/taproom.svg?w=640");
    expect(image.status).toBe(405);
    expect(image.headers["allow"]).toBe("GET, HEAD, OPTIONS");
  });

  test("adds HSTS when a trusted proxy says the request came over HTTPS", async () => {
    const port = await listen(true);
    const response = await send(port, "TRACE", "/", { "X-Forwarded-Proto": "https" });
    expect(response.status).toBe(405);
    expect(response.headers["strict-transport-security"]).toMatch(/^max-age=/);
  });

  test("leaves every other method to the fetch handler", async () => {
    const port = await listen();
    for (const method of ["GET", "POST", "OPTIONS", "PROPFIND"]) {
      expect((await send(port, method, "/")).body).toBe("handled");
    }
  });
});
