import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * bcrypt for the embedded sign-in service, on a thread of its own. One hash
 * or check is about 70 ms of CPU at cost 10: run on the main thread, or in
 * the embedded Postgres, which runs there too, each would hold up every other
 * request for that long, and a burst of sign-in attempts would stall the
 * site. The thread starts on the first password it is given and stops after
 * `IDLE_MS` without one, so a site nobody signs in to carries none of it.
 *
 * Hashes are bcrypt's `$2a$`, as pgcrypto and Supabase Auth write them (for
 * passwords under 255 bytes the same hash as `$2b$`), so a password set here
 * checks the same after a move to Supabase, and those pgcrypto made check here.
 */

const IDLE_MS = 30_000;

/**
 * The thread's code: bcryptjs, run as it is asked. A check against no hash
 * (an unknown address) hashes the password once with a fresh salt, the same
 * work as a real check, so the time taken does not tell which accounts exist.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require(workerData.bcryptjs);
const salt = (cost) => bcrypt.genSaltSync(cost).replace(/^\\$2b\\$/, "$2a$");
parentPort.on("message", ({ id, task, password, hash, cost }) => {
  try {
    const result =
      task === "hash"
        ? bcrypt.hashSync(password, salt(cost))
        : hash
          ? bcrypt.compareSync(password, hash)
          : (bcrypt.hashSync(password, salt(cost)), false);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Task =
  | { task: "hash"; password: string; cost: number }
  | { task: "check"; password: string; hash: string | null; cost: number };

type Waiting = { resolve: (result: unknown) => void; reject: (error: Error) => void };

let thread: Worker | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/** Ends every job still waiting on a thread that stopped, and forgets the thread. */
function lose(lost: Worker, error: Error) {
  if (thread !== lost) return;
  thread = null;
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

function startThread(): Worker {
  const started = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { bcryptjs: createRequire(import.meta.url).resolve("bcryptjs") },
    name: "password-hash",
  });
  started.on(
    "message",
    ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const job = waiting.get(id);
      if (!job) return;
      waiting.delete(id);
      if (error === undefined) job.resolve(result);
      else job.reject(new Error(`bcrypt: ${error}`));
      if (waiting.size === 0) idle(started);
    },
  );
  started.on("error", (error) => lose(started, error));
  started.on("exit", (code) => lose(started, new Error(`The password thread stopped (${code})`)));
  return started;
}

/**
 * Nothing waiting: the thread no longer keeps the process alive (a command
 * that hashed a password ends when it is done), and stops unless given more.
 */
function idle(current: Worker) {
  current.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (thread === current && waiting.size === 0) {
      thread = null;
      void current.terminate();
    }
  }, IDLE_MS);
  idleTimer.unref();
}

function run<T>(task: Task): Promise<T> {
  clearTimeout(idleTimer);
  thread ??= startThread();
  thread.ref();
  const id = nextId++;
  const current = thread;
  return new Promise<T>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (result: unknown) => void, reject });
    current.postMessage({ id, ...task });
  });
}

/** A bcrypt hash of `password` at `cost`, with a fresh salt. */
export function hashPassword(password: string, cost: number): Promise<string> {
  return run({ task: "hash", password, cost });
}

/**
 * Whether `password` is the one `hash` was made from. With no hash (no such
 * account, or one without a password) it is not, after the same work as a
 * check at `cost`.
 */
export function checkPassword(
  password: string,
  hash: string | null,
  cost: number,
): Promise<boolean> {
  return run({ task: "check", password, hash: hash === "" ? null : hash, cost });
}
