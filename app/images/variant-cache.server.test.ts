import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { VariantCache } from "./variant-cache.server";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "variant-cache-"));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A variant's file of `size` bytes, last used `minutesAgo`; its path. */
async function variant(name: string, size: number, minutesAgo = 0): Promise<string> {
  const key = name.padEnd(32, "0");
  const filePath = path.join(directory, key.slice(0, 2), `${key}.webp`);
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, Buffer.alloc(size));
  const when = new Date(Date.now() - minutesAgo * 60_000);
  await utimes(filePath, when, when);
  return filePath;
}

async function onDisk(): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

describe("VariantCache", () => {
  test("finds what is on disk, least recently used first, with its size", async () => {
    const older = await variant("aa", 100, 30);
    const newer = await variant("ab", 200, 10);
    const oldest = await variant("ba", 300, 60);
    const cache = new VariantCache(directory, { maxBytes: 10_000 });
    await cache.ready();
    expect(cache.files()).toEqual([oldest, older, newer]);
    expect(cache.bytes).toBe(600);
  });

  test("leaves out what is not a rendered variant: uploads' copies, other files", async () => {
    await mkdir(path.join(directory, "uploads"), { recursive: true });
    await writeFile(path.join(directory, "uploads", "0123456789abcdef.jpg"), "upload");
    await writeFile(path.join(directory, "notes.txt"), "not a variant");
    const kept = await variant("aa", 100);
    const cache = new VariantCache(directory, { maxBytes: 10 });
    await cache.ready();
    expect(cache.files()).toEqual([kept]);
    expect(await onDisk()).toContain(path.join(directory, "uploads", "0123456789abcdef.jpg"));
  });

  test("deletes the parts of writes left behind an hour ago", async () => {
    const kept = await variant("aa", 100);
    const left = `${kept}.0123456789ab.tmp`;
    const writing = `${kept}.ba9876543210.tmp`;
    await writeFile(left, "partial");
    await writeFile(writing, "partial");
    const hourAgo = new Date(Date.now() - 61 * 60_000);
    await utimes(left, hourAgo, hourAgo);
    await new VariantCache(directory, { maxBytes: 10_000 }).ready();
    expect(await onDisk()).toEqual([kept, writing].sort());
  });

  test("past the cap, deletes the least recently used until a tenth under it", async () => {
    const a = await variant("aa", 400, 50);
    const b = await variant("ab", 400, 40);
    const c = await variant("ac", 400, 30);
    const cache = new VariantCache(directory, { maxBytes: 1_500, inUseMs: 0 });
    await cache.ready();
    expect(cache.bytes).toBe(1_200);

    const d = await variant("ad", 400);
    await cache.added(d, 400);
    // 1600 is past 1500: the least recently used goes, which leaves 1200, under 1350.
    expect(cache.files()).toEqual([b, c, d]);
    expect(await onDisk()).toEqual([b, c, d].sort());
    expect(await onDisk()).not.toContain(a);
    expect(cache.bytes).toBe(1_200);
  });

  test("a variant served becomes the most recently used, and its file says so", async () => {
    const a = await variant("aa", 400, 50);
    const b = await variant("ab", 400, 40);
    const cache = new VariantCache(directory, { maxBytes: 1_000, inUseMs: 0 });
    await cache.ready();
    cache.used(a, await stat(a));
    expect(cache.files()).toEqual([b, a]);
    await cache.settled();
    await expect.poll(async () => Date.now() - (await stat(a)).atimeMs).toBeLessThan(10_000);

    // Written after a was used: a second after, so that the two times never
    // fall in the same millisecond (which would leave their order to chance).
    const c = await variant("ac", 400);
    const writtenAt = new Date((await stat(a)).atimeMs + 1_000);
    await utimes(c, writtenAt, writtenAt);
    await cache.added(c, 400);
    expect(cache.files()).toEqual([a, c]);
    expect(await onDisk()).toEqual([a, c].sort());

    // After a restart the order comes from the files: a was used after b.
    const restarted = new VariantCache(directory, { maxBytes: 1_000 });
    await restarted.ready();
    expect(restarted.files()).toEqual([a, c]);
  });

  test("is over the cap at the start: deletes the least recently used there and then", async () => {
    await variant("aa", 400, 50);
    const b = await variant("ab", 400, 40);
    const c = await variant("ac", 400, 30);
    const cache = new VariantCache(directory, { maxBytes: 1_000, inUseMs: 0 });
    await cache.ready();
    expect(cache.files()).toEqual([b, c]);
    expect(await onDisk()).toEqual([b, c].sort());
  });

  test("never deletes a variant used moments ago, which may still be being read", async () => {
    const a = await variant("aa", 400, 50);
    const b = await variant("ab", 400);
    const cache = new VariantCache(directory, { maxBytes: 500, inUseMs: 60_000 });
    await cache.ready();
    expect(cache.files()).toEqual([b]);
    expect(await onDisk()).not.toContain(a);
    // Over the cap for now: b and c are both in use; the next render tries again.
    const c = await variant("ac", 400);
    await cache.added(c, 400);
    expect(cache.files()).toEqual([b, c]);
    expect(await onDisk()).toEqual([b, c].sort());
  });

  test("forgets a variant found missing", async () => {
    const a = await variant("aa", 400);
    const cache = new VariantCache(directory, { maxBytes: 1_000 });
    await cache.ready();
    cache.forget(a);
    expect(cache.files()).toEqual([]);
    expect(cache.bytes).toBe(0);
  });

  test("starts empty when there is no folder yet", async () => {
    const cache = new VariantCache(path.join(directory, "none"), { maxBytes: 1_000 });
    await cache.ready();
    expect(cache.files()).toEqual([]);
  });
});
