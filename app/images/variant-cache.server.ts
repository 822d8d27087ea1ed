import type { Stats } from "node:fs";
import { readdir, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { log } from "~/platform/logger.server";

/** The cap when none is configured: 512 MB of rendered variants. */
export const DEFAULT_CACHE_MAX_BYTES = 512 * 1024 * 1024;

/** A rendered variant, relative to the cache folder: `ab/<32 hex digits>.<ext>`. */
const VARIANT_FILE = /^[0-9a-f]{2}[\\/][0-9a-f]{32}\.(?:webp|avif|jpg|png)$/;
/** A variant's file being written (or left behind by a process that stopped mid-write). */
const PARTIAL_FILE = /^[0-9a-f]{2}[\\/][0-9a-f]{32}\.(?:webp|avif|jpg|png)\.[0-9a-f]+\.tmp$/;
const PARTIAL_FILE_MAX_AGE_MS = 60 * 60 * 1000;

/** Eviction goes this far below the cap, so it runs once every several renders, not after each. */
const LOW_WATER = 0.9;

/** Last use is written to a file's access time at most this often, so the order survives a restart. */
const PERSIST_USE_MS = 60_000;

export type VariantCacheOptions = {
  /** The most bytes of variants kept; past it the least recently used are deleted. */
  maxBytes: number;
  /** A file used this recently may still be being read, so it is never deleted. */
  inUseMs?: number;
};

type Entry = { size: number; usedAt: number };

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

/**
 * The rendered variants on disk, least recently used first, and their total
 * size. Past the cap, the least recently used are deleted until the total is
 * a tenth under it. The order is known from a scan of the folder when the
 * cache is first used (by each file's access time, which serving a file
 * updates) and kept in memory after.
 */
export class VariantCache {
  readonly directory: string;
  readonly maxBytes: number;
  readonly #inUseMs: number;
  /** Map order is use order: the first entry is the least recently used. */
  readonly #files = new Map<string, Entry>();
  #bytes = 0;
  #loaded: Promise<void> | undefined;
  #evicting: Promise<void> = Promise.resolve();

  constructor(directory: string, { maxBytes, inUseMs = 30_000 }: VariantCacheOptions) {
    this.directory = directory;
    this.maxBytes = maxBytes;
    this.#inUseMs = inUseMs;
  }

  /** Bytes of variants kept. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The files kept, least recently used first. */
  files(): string[] {
    return [...this.#files.keys()];
  }

  /** Resolves once the folder has been scanned (once per cache). */
  ready(): Promise<void> {
    return (this.#loaded ??= this.#load());
  }

  /** Resolves once any eviction under way has finished. */
  settled(): Promise<void> {
    return this.#evicting;
  }

  async #load(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.directory, { recursive: true });
    } catch (error) {
      if (!isMissing(error)) log.warn("The image cache could not be read", { error });
      return;
    }
    const found: Array<{ filePath: string } & Entry> = [];
    for (const name of names) {
      const filePath = path.join(this.directory, name);
      if (VARIANT_FILE.test(name)) {
        const stats = await stat(filePath).catch(() => undefined);
        if (!stats?.isFile()) continue;
        found.push({
          filePath,
          size: stats.size,
          usedAt: Math.max(stats.atimeMs, stats.mtimeMs),
        });
      } else if (PARTIAL_FILE.test(name)) {
        const stats = await stat(filePath).catch(() => undefined);
        if (stats && Date.now() - stats.mtimeMs > PARTIAL_FILE_MAX_AGE_MS) {
          await rm(filePath, { force: true }).catch(() => {});
        }
      }
    }
    found.sort((a, b) => a.usedAt - b.usedAt);
    for (const { filePath, size, usedAt } of found) this.#set(filePath, { size, usedAt });
    await this.#evictIfFull();
  }

  #set(filePath: string, entry: Entry): void {
    const known = this.#files.get(filePath);
    if (known) {
      this.#bytes -= known.size;
      this.#files.delete(filePath);
    }
    this.#files.set(filePath, entry);
    this.#bytes += entry.size;
  }

  /** A variant found on disk is being served: it becomes the most recently used. */
  used(filePath: string, stats: Pick<Stats, "size" | "atimeMs" | "mtime">): void {
    const now = Date.now();
    const known = this.#files.has(filePath);
    this.#set(filePath, { size: stats.size, usedAt: now });
    if (now - stats.atimeMs > PERSIST_USE_MS) {
      utimes(filePath, new Date(now), stats.mtime).catch(() => {});
    }
    if (!known) void this.#evictIfFull();
  }

  /** A variant was just written: it counts towards the cap, which may evict others. */
  added(filePath: string, size: number): Promise<void> {
    this.#set(filePath, { size, usedAt: Date.now() });
    return this.#evictIfFull();
  }

  /** A variant found missing from the disk. */
  forget(filePath: string): void {
    const known = this.#files.get(filePath);
    if (!known) return;
    this.#files.delete(filePath);
    this.#bytes -= known.size;
  }

  #evictIfFull(): Promise<void> {
    if (this.#bytes > this.maxBytes) {
      this.#evicting = this.#evicting.then(() => this.#evict());
    }
    return this.#evicting;
  }

  async #evict(): Promise<void> {
    const target = this.maxBytes * LOW_WATER;
    let deleted = 0;
    let freed = 0;
    for (const [filePath, entry] of this.#files) {
      if (this.#bytes <= target) break;
      // In use order: once one is too recent to delete, so are all after it.
      if (Date.now() - entry.usedAt < this.#inUseMs) break;
      this.forget(filePath);
      try {
        await rm(filePath, { force: true });
        deleted++;
        freed += entry.size;
      } catch (error) {
        log.warn("A cached image could not be deleted", { filePath, error });
      }
    }
    if (deleted > 0) {
      log.debug("Image cache: deleted the least recently used variants", {
        deleted,
        freedBytes: freed,
        keptBytes: this.#bytes,
      });
    }
  }
}

const caches = new Map<string, VariantCache>();

/** The one cache of `directory` in this process, made with `options` the first time. */
export function variantCacheFor(directory: string, options: VariantCacheOptions): VariantCache {
  let cache = caches.get(directory);
  if (!cache || cache.maxBytes !== options.maxBytes) {
    cache = new VariantCache(directory, options);
    caches.set(directory, cache);
  }
  return cache;
}
