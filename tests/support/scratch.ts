// Where the Vitest run keeps its temporary files (database-templates.ts
// makes the run's folder in it).
import { statfsSync } from "node:fs";
import { tmpdir } from "node:os";

/** Memory-backed on Linux; on a machine without it, or where it is small (a container's 64 MB), the system's own. */
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
 * Where a test run's temporary folder goes (TMPDIR for the test processes
 * and the servers they start): `/dev/shm` when it has room, else the
 * system's temporary folder. A server the tests start gets a copy of the
 * seeded template database, 42 MB, and Postgres then writes into it: on a
 * disk the copy alone took half a CPU-second of the kernel's time, in memory
 * a tenth of that.
 */
export const scratchDirectory = roomIn(SHARED_MEMORY) >= ENOUGH_ROOM ? SHARED_MEMORY : tmpdir();
