import { describe, expect, vi } from "vitest";
import { routeTest as test } from "../../tests/support/route-test";
import { contextWithDatabase } from "../../tests/support/test-database";
import { pageNotesContext } from "~/platform/context";
import { DatabaseUnavailableError, type Database } from "~/platform/database/database.server";
import { memoryLastGoodStore, type LastGoodStore } from "~/platform/last-good-store.server";
import { readContentRevision } from "~/platform/live/content-revision.server";
import { PageRender } from "~/server/pipeline/page-render";
import { siteContent, warmSiteContent } from "./site-content.server";

/** The revision's own read, told apart from the content's. */
const isRevisionRead = (sql: string) => /select revision::text as revision/.test(sql);

/**
 * `real` as a new Database (so with caches of its own) whose `failing`th
 * content query after the revision is read fails as an unreachable server
 * does; 0 for none. Counts the content queries.
 */
function failingNth(real: Database, failing: number) {
  let queries = 0;
  const database: Database = {
    ...real,
    query(sql, params) {
      if (!isRevisionRead(sql)) {
        queries += 1;
        if (queries === failing) {
          return Promise.reject(new DatabaseUnavailableError("connection reset"));
        }
      }
      return real.query(sql, params);
    },
  };
  return { database, queries: () => queries };
}

/**
 * Everything the public pages read (what a start reads ahead, and when the
 * content last changed), through a fresh render's notes; the notes back.
 */
async function readEverything(database: Database, lastGood: LastGoodStore) {
  const context = contextWithDatabase(database, lastGood);
  const notes = new PageRender();
  context.set(pageNotesContext, notes);
  await Promise.all([warmSiteContent(context), siteContent(context).changedAt()]);
  return notes;
}

describe("content and its revision read as one", () => {
  test("with each content query failing in turn after the revision is read, the page says the revision of the copy it shows, never the new one", async ({
    db,
  }) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Everything read once: the last good copies are of this revision.
    const kept: Record<string, unknown> = {};
    const keeping: LastGoodStore = {
      get: (key) => kept[key],
      set: (key, value) => void (kept[key] = value),
    };
    const before = await readContentRevision(db);
    expect((await readEverything(failingNth(db, 0).database, keeping)).oldestContent()).toBe(
      before,
    );

    // Staff save: the revision moves on.
    await db.query("update public.site_settings set tagline = tagline || ' (updated)'");
    const after = await readContentRevision(db);
    expect(after).not.toBe(before);

    let failing = 1;
    for (; ; failing += 1) {
      const reader = failingNth(db, failing);
      // Each time from the copies of the earlier revision, as a server that
      // read nothing since the save.
      const notes = await readEverything(reader.database, memoryLastGoodStore({ ...kept }));
      if (reader.queries() < failing) {
        // Past the last query: nothing failed, everything is of the new revision.
        expect(notes.oldestContent()).toBe(after);
        break;
      }
      expect(notes.oldestContent(), `content query ${failing} failing`).toBe(before);
    }
    expect(failing).toBeGreaterThan(8);
  });

  test("a last good copy kept before revisions were noted makes the page's revision unknown", async ({
    db,
  }) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const lastGood = memoryLastGoodStore();
    await readEverything(failingNth(db, 0).database, lastGood);
    // As an older server left it: the copy, and no revision beside it.
    const older = memoryLastGoodStore({ menu: lastGood.get("menu") });
    const context = contextWithDatabase(
      { ...db, query: () => Promise.reject(new DatabaseUnavailableError("down")) },
      older,
    );
    const notes = new PageRender();
    context.set(pageNotesContext, notes);
    expect(await siteContent(context).menu(new Date())).toEqual(expect.any(Array));
    expect(notes.oldestContent()).toBeNull();
  });
});
