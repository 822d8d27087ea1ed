import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import type { Database } from "~/platform/database/database.server";
import type { PageCache } from "~/server/pipeline/page-cache";
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "./server-options";
import { openTestDatabase, templateDataDirectory, type TestDatabase } from "./test-database";

export const root = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const serverEntry = path.join(root, "build/server/index.js");
export const clientDirectory = path.join(root, "build/client");

/** These tests exercise the production build; `npm test` builds it first. */
export function assertBuilt(): void {
  if (!existsSync(serverEntry)) {
    throw new Error(`No build at ${serverEntry}: run \`npm run build\` first.`);
  }
}

/** The client's address as the server's fetch handler receives it. */
export type ClientAddress = { address: string; family: "IPv4" | "IPv6"; port: number };

/** What the production build's server entry exports, for tests that run its handler in-process. */
export type BuiltServer = {
  build: ServerBuild;
  createAppHandler: (options: {
    build: ServerBuild;
    mode: string;
    clientDirectory: string;
    database?: () => Promise<Database>;
    mayPostLargeBody?: (request: Request) => Promise<boolean>;
    pageCache?: PageCache;
  }) => Promise<(request: Request, client: ClientAddress) => Promise<Response>>;
};

/**
 * Imports the production build's server entry. What it keeps in DATA_DIR
 * (the staff area's embedded database, the last good content) goes to a
 * folder of this test file's own, a copy of the seeded template: opened in
 * a moment instead of made and migrated, and never the checkout's `.data`,
 * which test files running side by side would otherwise share.
 */
export async function importBuiltServer(): Promise<BuiltServer> {
  assertBuilt();
  if (!process.env.DATA_DIR) {
    process.env.DATA_DIR = freshDataDirectory();
    // Removed after the file's tests (tests/support/setup-data-directory.ts).
    process.env.TEST_FILE_DATA_DIR = process.env.DATA_DIR;
  }
  return (await import(/* @vite-ignore */ serverEntry)) as BuiltServer;
}

/** The production build's app handler in this process, and the database it reads. */
export type BuiltApp = {
  built: BuiltServer;
  db: TestDatabase;
  handle: (request: Request, client: ClientAddress) => Promise<Response>;
  [Symbol.asyncDispose](): Promise<void>;
};

/**
 * The production build's app handler in this process, in production mode,
 * over a copy of the seeded database; disposing of it closes the database.
 * Its pages are kept in `pageCache` when one is given.
 */
export async function openBuiltApp({
  pageCache,
}: { pageCache?: PageCache } = {}): Promise<BuiltApp> {
  const built = await importBuiltServer();
  const db = await openTestDatabase();
  const handle = await built.createAppHandler({
    build: built.build,
    mode: "production",
    clientDirectory,
    database: async () => db,
    pageCache,
  });
  return { built, db, handle, [Symbol.asyncDispose]: () => db[Symbol.asyncDispose]() };
}

export type RunningServer = {
  process: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves when the output contains `text`. */
  waitForOutput: (text: string) => Promise<void>;
  exited: Promise<number | null>;
};

const running = new Set<ChildProcess>();

/**
 * A data folder of its own for each server, holding a copy of the seeded
 * template database, so servers never share a database and start quickly.
 * Tests that run several servers or commands on one folder make it with this
 * and pass it as DATA_DIR; removing it is then theirs to do.
 */
export function freshDataDirectory(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "pub-site-server-"));
  cpSync(templateDataDirectory, directory, { recursive: true });
  return directory;
}

/** Removes the server's data folder once it has exited. */
function removeOnExit(child: ChildProcess, directory: string) {
  child.once("exit", () => rmSync(directory, { recursive: true, force: true }));
}

/** Kills servers a test left running (a failed assertion skips its own clean-up). */
export function stopAllServers(): void {
  stopServersBut(undefined);
}

/** Kills every server a test left running but `kept` (one a file's tests share). */
export function stopServersBut(kept: RunningServer | undefined): void {
  for (const child of running) {
    if (child === kept?.process) continue;
    child.kill("SIGKILL");
    running.delete(child);
  }
}

/**
 * Starts the built server on a free port, as `npm run serve` would, on a
 * fresh copy of the template database, or on the folder `env.DATA_DIR`
 * names, which is then left in place.
 */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  assertBuilt();
  const dataDirectory = env.DATA_DIR ?? freshDataDirectory();
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: "0",
      LOG_LEVEL: "info",
      DATA_DIR: dataDirectory,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  if (!env.DATA_DIR) removeOnExit(child, dataDirectory);
  child.once("exit", () => running.delete(child));
  let output = "";
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((w) => output.includes(w.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const waitForOutput = (text: string) =>
    output.includes(text)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiters.push({ text, resolve });
          void exited.then((code) =>
            reject(new Error(`server exited (${code}) before printing "${text}":\n${output}`)),
          );
        });

  return waitForOutput("Listening on http://").then(() => {
    const port = output.match(/Listening on http:\/\/[^:]+:(\d+)/)?.[1];
    return {
      process: child,
      url: `http://127.0.0.1:${port}`,
      output: () => output,
      waitForOutput,
      exited,
    };
  });
}

/**
 * Runs the built server (or one of its commands) expecting it to stop by
 * itself; returns its exit code and output. Its data folder is as startServer's.
 */
export function runServerToExit(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  assertBuilt();
  return new Promise((resolve) => {
    const dataDirectory = env.DATA_DIR ?? freshDataDirectory();
    const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, serverEntry, ...args], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "0",
        DATA_DIR: dataDirectory,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    if (!env.DATA_DIR) removeOnExit(child, dataDirectory);
    child.once("exit", (code) => resolve({ code, output }));
  });
}

/**
 * Runs a server command whose arguments are wrong, on a data folder that does
 * not exist: `opened` says whether it opened the database anyway (which
 * would have made the folder).
 */
export async function runRefusedCommand(
  args: string[],
): Promise<{ code: number | null; output: string; opened: boolean }> {
  const dataDirectory = path.join(tmpdir(), `pub-site-unopened-${randomUUID()}`);
  const ran = await runServerToExit({ DATA_DIR: dataDirectory }, args);
  const opened = existsSync(dataDirectory);
  rmSync(dataDirectory, { recursive: true, force: true });
  return { ...ran, opened };
}
