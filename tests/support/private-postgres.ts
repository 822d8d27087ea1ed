import { execFile, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A PostgreSQL cluster of a test's own, made with the installed server's
 * initdb and run with its pg_ctl, for tests that stop or restart the server
 * itself: the shared test server (TEST_DATABASE_URL) serves other files at
 * the same time. Root cannot run PostgreSQL, so as root the cluster belongs
 * to the `postgres` user the Debian package makes.
 */

const run = promisify(execFile);

/** The newest installed server's programs, or undefined if none is installed. */
export function postgresPrograms(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(base, versions[0], "bin");
}

export type PrivatePostgres = {
  /** A superuser's connection string (trust on loopback: the cluster lives only as long as the test). */
  url: string;
  /** `pg_ctl restart -m fast`: ends every connection; resolves once the server accepts connections again. */
  restart(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a fresh cluster on a free loopback port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresPrograms();
  if (!bin) throw new Error("no PostgreSQL server is installed under /usr/lib/postgresql");
  const asRoot = userInfo().uid === 0;
  // Under /tmp itself: the postgres user cannot enter a test runner's own
  // temporary folder when that sits inside root's home.
  const directory = mkdtempSync("/tmp/site-postgres-");
  const data = path.join(directory, "data");
  const log = path.join(directory, "server.log");
  if (asRoot) chownSync(directory, ...ids("postgres"));
  const port = await freePort();

  const program = (name: string, args: string[]) =>
    asRoot
      ? (["runuser", ["-u", "postgres", "--", path.join(bin, name), ...args]] as const)
      : ([path.join(bin, name), args] as const);
  /**
   * pg_ctl's server keeps the standard streams it was given, so a pipe to it
   * would never end: the streams are closed and the server writes to `log`.
   */
  const pgCtl = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [command, argv] = program("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", ...args]);
      const child = spawn(command, argv, { stdio: "ignore" });
      child.once("error", reject);
      child.once("exit", (code) =>
        code === 0
          ? resolve()
          : reject(
              new Error(
                `pg_ctl ${args.join(" ")} ended with ${code}:\n${existsSync(log) ? readFileSync(log, "utf8") : ""}`,
              ),
            ),
      );
    });

  const [command, argv] = program("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C",
  ]);
  await run(command, [...argv]);
  await pgCtl([
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${directory} -c fsync=off -c max_connections=100`,
    "start",
  ]);

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl(["-m", "fast", "restart"]),
    async [Symbol.asyncDispose]() {
      await pgCtl(["-m", "immediate", "stop"]).catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A user's numeric ids from /etc/passwd. */
function ids(user: string): [number, number] {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith(`${user}:`));
  if (!line) throw new Error(`there is no ${user} user to run PostgreSQL as`);
  const [, , uid, gid] = line.split(":");
  return [Number(uid), Number(gid)];
}
