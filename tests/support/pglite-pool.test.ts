import { afterEach, describe, expect, test } from "vitest";
import type { Database } from "~/platform/database/database.server";
import { keptEmbeddedDatabases, openTestDatabase, type TestDatabase } from "./test-database";

/** Everything a test could see of a database: each table's rows, each sequence, the session. */
async function contents(db: Database): Promise<string[]> {
  const relations = (kind: string) =>
    db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = $1 and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg\\_toast%'
       order by 1`,
      [kind],
    );
  const seen: string[] = [];
  for (const { name } of await relations("r")) {
    const [table] = await db.query<{ rows: number; digest: string }>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
       from ${name} t`,
    );
    seen.push(`${name}: ${table!.rows} rows ${table!.digest}`);
  }
  for (const { name } of await relations("S")) {
    const [sequence] = await db.query<{ value: string }>(
      `select last_value || ' ' || is_called as value from ${name}`,
    );
    seen.push(`${name}: ${sequence!.value}`);
  }
  const [session] = await db.query<{ value: string }>(
    `select current_user || ' ' || current_setting('TimeZone') || ' ' || current_setting('search_path')
       || ' ' || (select count(*) from pg_locks where locktype = 'advisory') as value`,
  );
  seen.push(`session: ${session!.value}`);
  return seen;
}

/** Databases taken so that none is kept: the next one put back is the only one. */
let held: TestDatabase[] = [];
async function takeEveryKeptOne(): Promise<TestDatabase> {
  held = await Promise.all(
    Array.from({ length: keptEmbeddedDatabases() + 1 }, () => openTestDatabase()),
  );
  expect(keptEmbeddedDatabases()).toBe(0);
  return held[0]!;
}
afterEach(async () => {
  await Promise.all(held.map((db) => db[Symbol.asyncDispose]()));
  held = [];
});

describe("embedded test databases kept for the next test file", () => {
  test("come back as the template, whatever a test did to their rows, sequences and session", async () => {
    const used = await takeEveryKeptOne();
    const template = await contents(used);
    await used.exec(`
      delete from public.specials;
      delete from public.events;
      update public.menu_items set name = name || ' (changed)';
      select nextval('public.menu_items_id_seq');
      set timezone = 'Asia/Tokyo';
      set search_path = auth;
    `);
    await used.query("select pg_advisory_lock(42)");
    expect(await contents(used)).not.toEqual(template);
    await used[Symbol.asyncDispose]();
    expect(keptEmbeddedDatabases()).toBe(1);

    const again = await openTestDatabase();
    held.push(again);
    expect(keptEmbeddedDatabases()).toBe(0);
    expect(await contents(again)).toEqual(template);
  });

  test("are not kept after a change to the schema", async () => {
    const changed = await takeEveryKeptOne();
    await changed.exec("alter table public.events disable row level security");
    await changed[Symbol.asyncDispose]();
    expect(keptEmbeddedDatabases()).toBe(0);
  });

  test("are not kept with a transaction left open", async () => {
    const unfinished = await takeEveryKeptOne();
    await unfinished.exec("begin; delete from public.specials");
    await unfinished[Symbol.asyncDispose]();
    expect(keptEmbeddedDatabases()).toBe(0);
  });

  test("are not kept while still listening", async () => {
    const listening = await takeEveryKeptOne();
    await listening.listen!(
      "content_revision",
      () => {},
      () => {},
    );
    await listening[Symbol.asyncDispose]();
    expect(keptEmbeddedDatabases()).toBe(0);
  });

  test("refuse queries once disposed of", async () => {
    const db = await takeEveryKeptOne();
    await db[Symbol.asyncDispose]();
    expect(() => db.query("select 1")).toThrow("This test database was disposed of");
  });
});
