import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { log } from "./logger.server";

/**
 * The last value read successfully for each key, kept where a restart finds
 * it: what pages fall back to when the database cannot answer and nothing is
 * in memory yet (a server started during an outage, a day not yet read).
 */
export interface LastGoodStore {
  /** The value last kept for `key`, or undefined. */
  get(key: string): unknown;
  /** Keeps `value` (JSON-safe) for `key`. */
  set(key: string, value: unknown): void;
}

/** A store in memory only: for tests, and what a file store holds. */
export function memoryLastGoodStore(initial: Record<string, unknown> = {}): LastGoodStore {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
  };
}

/** How long writes are gathered before the file is written again. */
const WRITE_DELAY_MS = 1_000;

/**
 * A store kept in one JSON file (`file`), read once when first used and
 * written (to a temporary file, then renamed over it, so a crash never leaves
 * half a file) a second after the last change. A missing or unreadable file
 * is an empty store.
 */
export function fileLastGoodStore(file: string): LastGoodStore {
  let values: Map<string, unknown> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function loaded(): Map<string, unknown> {
    if (values) return values;
    try {
      values = new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as object));
    } catch (error) {
      if ((error as { code?: unknown }).code !== "ENOENT") {
        log.warn("The last good content could not be read; starting without it", { file, error });
      }
      values = new Map();
    }
    return values;
  }

  function write() {
    timer = undefined;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(Object.fromEntries(loaded())));
      renameSync(temporary, file);
    } catch (error) {
      log.warn("The last good content could not be saved", { file, error });
    }
  }

  // A server stopped within the delay (a deployment's SIGTERM) still keeps
  // what it read last: the pending write is made as the process exits.
  const writeBeforeExit = () => {
    if (!timer) return;
    clearTimeout(timer);
    write();
  };

  return {
    get: (key) => loaded().get(key),
    set(key, value) {
      loaded().set(key, value);
      if (!timer) {
        timer = setTimeout(() => {
          process.off("exit", writeBeforeExit);
          write();
        }, WRITE_DELAY_MS);
        timer.unref();
        process.once("exit", writeBeforeExit);
      }
    },
  };
}
