// The yardstick `npm run bench` measures the site against: the smallest React
// Router 8 app (tests/perf/minimal-app, one "Hello" page rendered on the
// server), built with the project's own React Router and served by
// `react-router-serve`, as the framework's templates serve an app.
// Node runs this file directly: erasable TypeScript only.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { freePort, root, type PerfServer } from "./server.ts";

const appDirectory = path.join(root, "tests/perf/minimal-app");
/** Matches `buildDirectory` in the minimal app's react-router.config.ts. */
const buildDirectory = path.join(root, "node_modules/.cache/minimal-app-build");
const READY_WITHIN_MS = 30_000;

/** A package's command-line script (its package.json's single `bin`). */
function binOf(name: string): string {
  const manifest = path.join(root, "node_modules", name, "package.json");
  const { bin } = JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> };
  const [script] = Object.values(bin);
  if (!script) throw new Error(`${name} names no command`);
  return path.join(path.dirname(manifest), script);
}

/** Builds the minimal app (a second or two) so it runs the React Router installed now. */
function build(): void {
  const cli = binOf("@react-router/dev");
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: appDirectory,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`The minimal app did not build:\n${result.stdout}\n${result.stderr}`);
  }
}

/** Builds and starts the minimal app; resolves once its page answers 200. */
export async function startMinimalApp(): Promise<Pick<PerfServer, "url" | "stop">> {
  build();
  const serverEntry = path.join(buildDirectory, "server/index.js");
  if (!existsSync(serverEntry)) throw new Error(`The minimal app's build has no ${serverEntry}`);
  const cli = binOf("@react-router/serve");
  const port = await freePort();
  const child = spawn(process.execPath, [cli, serverEntry], {
    cwd: appDirectory,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!running) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (!running) throw new Error(`The minimal app exited before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The minimal app was not ready within ${READY_WITHIN_MS / 1000} s:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
