// Starts the production build for the performance scripts, as `npm run serve`
// would, on a free loopback port with an embedded database of its own (or
// the database the caller names).
// Node runs this file directly: erasable TypeScript only.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "../support/server-options.ts";

export const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** First start migrates and seeds the embedded database, which takes a few seconds. */
const READY_WITHIN_MS = 60_000;
const STOP_WITHIN_MS = 15_000;

export type PerfServer = {
  /** Origin without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The server's own process (Node itself, not a shell or npm). */
  pid: number;
  /** Everything it printed so far. */
  output: () => string;
  /** How it ended ("exited with 1", "killed by SIGKILL"), while it runs undefined. */
  exitStatus: () => string | undefined;
  /** Resolves with how it ended, once it has. */
  exited: Promise<string>;
  /** Set before signalling the server from outside, so its end is not reported as unasked. */
  expectExit: () => void;
  stop: () => Promise<void>;
};

export type ServerOptions = {
  /** Added to the environment the server starts with (DATABASE_URL, say). */
  env?: Record<string, string>;
  /** Node options put before the entry (`--import <file>`, say). */
  nodeArguments?: string[];
  /** Sets SITE_URL to the server's own loopback origin, as production names its own address. */
  ownSiteUrl?: boolean;
};

/**
 * The build folder to serve: `--build <dir>`, else `PERF_BUILD_DIR`, else `build/`.
 * A copy elsewhere must still sit below a folder holding the project's
 * `node_modules` (or a link to it), because the server bundle imports packages.
 */
export function buildDirectory(flag: string | undefined): string {
  return path.resolve(root, flag ?? process.env.PERF_BUILD_DIR ?? "build");
}

/** A port nothing listens on yet, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Starts `<build>/server/index.js` and resolves once `/healthz` answers 200. */
export async function startServer(build: string, options: ServerOptions = {}): Promise<PerfServer> {
  const entry = path.join(build, "server/index.js");
  if (!existsSync(entry)) {
    throw new Error(`No build at ${entry}: run \`npm run build\` first.`);
  }
  const port = await freePort();
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "pub-site-perf-"));
  const nodeArguments = [...SERVER_NODE_OPTIONS, ...(options.nodeArguments ?? [])];
  const child = spawn(process.execPath, [...nodeArguments, entry], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDirectory,
      LOG_LEVEL: "warn",
      ...(options.ownSiteUrl ? { SITE_URL: `http://127.0.0.1:${port}` } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  let stopping = false;
  let exitStatus: string | undefined;
  const exited = new Promise<string>((resolve) =>
    child.once("exit", (code, signal) => {
      running = false;
      exitStatus = signal ? `killed by ${signal}` : `exited with ${code}`;
      // A server that dies under the runs makes every later page fail: say why at once.
      if (!stopping) console.error(`The server ${exitStatus} unasked:\n${output}`);
      resolve(exitStatus);
    }),
  );
  void exited.then(() => rmSync(dataDirectory, { recursive: true, force: true }));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!running) return;
    stopping = true;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_WITHIN_MS);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await healthy(url))) {
    if (!running) throw new Error(`The server exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server was not ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    exitStatus: () => exitStatus,
    exited,
    expectExit: () => {
      stopping = true;
    },
    stop,
  };
}

/** Runs the build's `staff-add` for one account, the password on standard input. */
export function addStaff(
  build: string,
  env: Record<string, string>,
  account: { email: string; password: string },
  role: "owner" | "editor",
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...SERVER_NODE_OPTIONS,
        path.join(build, "server/index.js"),
        "staff-add",
        "--email",
        account.email,
        "--role",
        role,
        "--password-stdin",
      ],
      {
        cwd: root,
        env: { ...process.env, ...SERVER_ENV, ...env, LOG_LEVEL: "warn" },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stdin.end(`${account.password}\n`);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`staff-add exited with ${code}:\n${output}`)),
    );
  });
}
