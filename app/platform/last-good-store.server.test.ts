import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { fileLastGoodStore } from "./last-good-store.server";

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "last-good-store-"));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(directory, { recursive: true, force: true });
});

test("keeps values in a file a later store reads", async () => {
  const file = path.join(directory, "nested", "content.json");
  const store = fileLastGoodStore(file);
  store.set("menu", [{ name: "Wings" }]);
  store.set("settings", { name: "The pub" });
  expect(store.get("menu")).toEqual([{ name: "Wings" }]);
  await vi.waitFor(
    async () => expect(JSON.parse(await readFile(file, "utf8"))).toHaveProperty("settings"),
    { timeout: 3_000 },
  );
  expect(fileLastGoodStore(file).get("menu")).toEqual([{ name: "Wings" }]);
});

test("a missing file is an empty store, quietly", () => {
  const warned = vi.spyOn(console, "error").mockImplementation(() => {});
  expect(fileLastGoodStore(path.join(directory, "none.json")).get("menu")).toBeUndefined();
  expect(warned).not.toHaveBeenCalled();
});

test("a damaged file is an empty store, with a warning, and is replaced by the next write", async () => {
  const file = path.join(directory, "content.json");
  await writeFile(file, '{"menu": [');
  const warned = vi.spyOn(console, "error").mockImplementation(() => {});
  const store = fileLastGoodStore(file);
  expect(store.get("menu")).toBeUndefined();
  expect(warned).toHaveBeenCalledWith(
    expect.stringMatching(/^warn The last good content could not be read/),
  );
  store.set("menu", []);
  await vi.waitFor(
    async () => expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ menu: [] }),
    { timeout: 3_000 },
  );
});

test("what was kept just before the process exits is written as it exits", async () => {
  const file = path.join(directory, "content.json");
  const before = new Set(process.listeners("exit"));
  const store = fileLastGoodStore(file);
  store.set("menu", [{ name: "Wings" }]);
  const onExit = process.listeners("exit").filter((listener) => !before.has(listener));
  expect(onExit).toHaveLength(1);
  await expect(readFile(file, "utf8")).rejects.toThrow(/ENOENT/);
  process.off("exit", onExit[0]!);
  onExit[0]!.call(process, 0);
  expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ menu: [{ name: "Wings" }] });
  // Later changes are written as before.
  store.set("settings", { name: "The pub" });
  await vi.waitFor(
    async () => expect(JSON.parse(await readFile(file, "utf8"))).toHaveProperty("settings"),
    { timeout: 3_000 },
  );
});
