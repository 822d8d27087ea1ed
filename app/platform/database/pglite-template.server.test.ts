import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { templateDataDirectory } from "../../../tests/support/test-database";
import { copyPGliteTemplate, openPGlite } from "./database.server";

// The test template (migrated and seeded) stands in for the build's empty one:
// what matters is whose files end up in the folder.
const template = path.join(templateDataDirectory, "pglite");

describe("a first start copies the embedded database's template", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(path.join(tmpdir(), "pub-site-template-"));
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  async function siteName(dataDirectory: string, directory: string) {
    const db = await openPGlite(dataDirectory, { directory });
    try {
      const [row] = await db.query<{ name: string }>("select name from public.site_settings");
      return row?.name;
    } finally {
      await db.close();
    }
  }

  test("a folder without a database gets a copy, and nothing is left beside it", async () => {
    const dataDirectory = path.join(folder, "data", "pglite");
    const copied = vi.fn();
    const db = await openPGlite(dataDirectory, { directory: template, onCopied: copied });
    await db.close();
    expect(copied).toHaveBeenCalledOnce();
    expect(await siteName(dataDirectory, template)).toEqual(expect.any(String));
    expect(existsSync(path.join(dataDirectory, "PG_VERSION"))).toBe(true);
    expect(readdirSync(path.dirname(dataDirectory))).toEqual(["pglite"]);
  });

  test("an empty folder gets a copy too", async () => {
    const dataDirectory = path.join(folder, "pglite");
    mkdirSync(dataDirectory);
    expect(await siteName(dataDirectory, template)).toEqual(expect.any(String));
  });

  test("a database already there is opened as it is", async () => {
    const dataDirectory = path.join(folder, "pglite");
    const db = await openPGlite(dataDirectory, { directory: template });
    await db.exec("update public.site_settings set name = 'Kept'");
    await db.close();
    const copied = vi.fn();
    const reopened = await openPGlite(dataDirectory, { directory: template, onCopied: copied });
    await reopened.close();
    expect(copied).not.toHaveBeenCalled();
    expect(await siteName(dataDirectory, template)).toBe("Kept");
  });

  test("a folder holding something else is left as it is", async () => {
    const dataDirectory = path.join(folder, "pglite");
    mkdirSync(dataDirectory);
    writeFileSync(path.join(dataDirectory, "notes.txt"), "mine");
    expect(await copyPGliteTemplate(template, dataDirectory)).toBe(false);
    expect(readdirSync(dataDirectory)).toEqual(["notes.txt"]);
    expect(readdirSync(folder)).toEqual(["pglite"]);
  });
});
