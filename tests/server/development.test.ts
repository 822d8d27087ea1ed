import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { freshDataDirectory, root } from "../support/built-server";

/**
 * `npm run dev` as a developer starts it from a clone: Vite's development
 * server, with the site's own server and request pipeline around it, so what
 * production does to every response (the page cache, the CSP, compression,
 * the security headers, the method and cross-site checks, body limits) also
 * happens while developing.
 */

// Vite optimises the dependencies and compiles the app on the first request.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let dev: ChildProcess;
let origin: string;
let output = "";
let dataDirectory: string;

beforeAll(async () => {
  dataDirectory = freshDataDirectory();
  // A developer's shell: none of the test runner's own variables (VITEST
  // would leave React Router's plugin out of the Vite config).
  const shell = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
  );
  dev = spawn("npm", ["run", "dev"], {
    cwd: root,
    env: { ...shell, PORT: "0", DATA_DIR: dataDirectory, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  origin = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Listening on http:\/\/[^:\s]+:(\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    dev.stdout!.on("data", collect);
    dev.stderr!.on("data", collect);
    dev.once("exit", (code) => reject(new Error(`npm run dev exited (${code}):\n${output}`)));
  });
});

afterAll(async () => {
  if (dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once("exit", resolve));
    process.kill(-dev.pid!, "SIGTERM");
    await exited;
  }
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe("npm run dev", () => {
  test("serves a page through the pipeline: its nonce CSP, compressed, with the security headers", async () => {
    const response = await fetch(`${origin}/`, { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    // Under development every page keeps a nonce: the hot-reload scripts cannot be hashed.
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("connect-src 'self' ws: wss:");
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).toMatch(/<h1[^>]*>/);

    // The page is kept with the nonce as a hole: the next visitor gets a new one.
    const again = await fetch(`${origin}/`);
    expect(again.headers.get("Content-Security-Policy")).not.toContain(nonce);
  });

  test("keeps what is the same for everyone, with an ETag and 304s", async () => {
    const first = await fetch(`${origin}/robots.txt`);
    expect(first.status).toBe(200);
    const etag = first.headers.get("ETag");
    expect(etag).toBeTruthy();
    const cached = await fetch(`${origin}/robots.txt`, { headers: { "If-None-Match": etag! } });
    expect(cached.status).toBe(304);
  });

  test("answers Vite's own files and leaves the rest to the site", async () => {
    const client = await fetch(`${origin}/@vite/client`);
    expect(client.status).toBe(200);
    expect(client.headers.get("Content-Type")).toMatch(/javascript/);
    const missing = await fetch(`${origin}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  test("refuses as production does: methods, cross-site posts, bodies over the limit", async () => {
    const options = await fetch(`${origin}/`, { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toContain("POST");
    const put = await fetch(`${origin}/`, { method: "PUT" });
    expect(put.status).toBe(405);

    const crossSite = await fetch(`${origin}/contact`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://elsewhere.example" },
      body: new URLSearchParams({ name: "Sam" }),
    });
    expect(crossSite.status).toBe(403);

    const tooLarge = await fetch(`${origin}/contact`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "same-origin", Origin: origin },
      body: new URLSearchParams({ message: "x".repeat(100 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
  });

  test("answers TRACE, which fetch cannot send, with the methods the current build's routes take", async () => {
    const trace = (path: string) =>
      new Promise<{ status?: number; allow: unknown }>((resolve, reject) => {
        const req = httpRequest(`${origin}${path}`, { method: "TRACE" }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode, allow: res.headers["allow"] }));
        });
        req.on("error", reject);
        req.end();
      });
    expect(await trace("/")).toEqual({ status: 405, allow: "GET, HEAD, POST, OPTIONS" });
    expect(await trace("/img/hero/taproom.svg?w=640")).toEqual({
      status: 405,
      allow: "GET, HEAD, OPTIONS",
    });
  });
});
