import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { prepareTemplates } from "./test-database";

/** Memory-backed on Linux; small in a container (64 MB), absent elsewhere. */
const SHARED_MEMORY = "/dev/shm";
const ENOUGH_ROOM = 2 * 1024 ** 3;

function roomIn(directory: string): number {
  try {
    const { bavail, bsize } = statfsSync(directory);
    return bavail * bsize;
  } catch {
    return 0;
  }
}

/**
 * Vitest's global setup: the template databases every test file copies, and
 * a temporary folder for this run (TMPDIR for the test files and the servers
 * they start), removed with whatever is left in it when the run ends: a
 * server killed as its file ends may not live to remove its data folder.
 *
 * The folder goes in `/dev/shm` when it has room, else in the system's
 * temporary folder. A server the tests start gets a copy of the seeded
 * template database, 42 MB, and Postgres then writes into it: on a disk the
 * copy alone took half a CPU-second of the kernel's time, in memory a tenth
 * of that.
 */
export default async function setup() {
  await prepareTemplates();
  const scratch = roomIn(SHARED_MEMORY) >= ENOUGH_ROOM ? SHARED_MEMORY : tmpdir();
  const run = mkdtempSync(path.join(scratch, "pub-site-tests-"));
  process.env.TMPDIR = run;
  return () => rmSync(run, { recursive: true, force: true });
}
