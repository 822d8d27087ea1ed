import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ENV, SERVER_NODE_OPTIONS } from "../support/server-options.ts";
import { E2E_STAFF_PASSWORD, type StaffAccount } from "./fixtures.ts";

/**
 * A built server of a spec's own, on a fresh embedded database (migrated and
 * seeded on its first start, as a new install is), for a spec that changes
 * what every other spec reads (the sample content as a whole): the shared
 * e2e server's database stays as the other specs expect it. Started as the
 * Playwright config starts the shared one, on a free port, with one owner.
 */
export type OwnServer = { url: string; owner: StaffAccount; stop(): Promise<void> };

const SERVER = path.resolve("build/server/index.js");

function run(args: string[], env: NodeJS.ProcessEnv, input?: string) {
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, SERVER, ...args], {
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(input ?? "");
  return { child, output: () => output };
}

/** `env`: more of the server's environment (a mail server, its rate). */
export async function startOwnServer(
  name: string,
  extraEnv: Record<string, string> = {},
): Promise<OwnServer> {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), `e2e-${name}-`));
  const owner = { email: `owner.${name}@staff.example.com`, password: E2E_STAFF_PASSWORD };
  const env = {
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDirectory,
    PORT: "0",
    AUTH_PASSWORD_HASH_COST: "4",
    ...extraEnv,
  };

  const added = run(
    ["staff-add", "--email", owner.email, "--role", "owner", "--password-stdin"],
    env,
    `${owner.password}\n`,
  );
  const code = await new Promise<number | null>((resolve) => added.child.once("exit", resolve));
  if (code !== 0) throw new Error(`staff-add failed (${code}):\n${added.output()}`);

  const server = run([], { ...env, LOG_LEVEL: "info" });
  const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
  const port = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const found = /Listening on http:\/\/[^:]+:(\d+)/.exec(server.output())?.[1];
      if (found) resolve(found);
    };
    server.child.stdout.on("data", look);
    server.child.stderr.on("data", look);
    void exited.then((exit) =>
      reject(new Error(`The server stopped (${exit}):\n${server.output()}`)),
    );
  });
  return {
    url: `http://localhost:${port}`,
    owner,
    async stop() {
      server.child.kill("SIGTERM");
      await exited;
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}
