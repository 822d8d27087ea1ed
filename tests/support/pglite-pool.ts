import { readFile } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import {
  createPGlite,
  fromPGlite,
  type Database,
  type Listening,
  type Lost,
  type SqlValue,
} from "~/platform/database/database.server";

/**
 * Embedded test databases, kept for the next test file of the same worker
 * instead of closed. Loading a copy of the template takes half a CPU-second
 * (most of it Postgres starting in WebAssembly); putting a used one back as
 * the template had it takes a tenth of that or less. Test files share a worker
 * one after another (`isolate: false`), so the pool lives on `globalThis`,
 * past the fresh copies of the site's modules each file gets.
 *
 * A database goes back into the pool only when it can be made exactly the
 * template again: its rows, its sequences and its session are restored, and
 * one whose schema, roles or grants changed, that still listens, or that
 * anything fails on is closed instead. pglite-pool.test.ts checks that a
 * database put back holds what a freshly loaded one does.
 */

/** What the template holds, taken from a freshly loaded copy. */
type Template = {
  /** Each table's rows, as COPY writes them (the empty ones left out). */
  tables: { name: string; rows: Blob | undefined }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  catalogs: string;
};

type Pool = { idle: PGlite[]; template?: Promise<Template> };

/** Databases kept per worker: more than a file opens at once is memory for nothing. */
const MAX_IDLE = 2;

const pools = ((globalThis as typeof globalThis & { [key: symbol]: Map<string, Pool> })[
  Symbol.for("site.test.pglite-pools")
] ??= new Map<string, Pool>());

/**
 * The catalogs a test could change the schema, roles or grants through: a
 * change adds, removes or rewrites a row, which shows in the count or in the
 * newest row's transaction id. (Restoring rows changes none of them: rows
 * are deleted and copied back, never truncated.)
 */
const CATALOGS = [
  "pg_namespace",
  "pg_class",
  "pg_attribute",
  "pg_attrdef",
  "pg_constraint",
  "pg_index",
  "pg_type",
  "pg_proc",
  "pg_trigger",
  "pg_rewrite",
  "pg_policy",
  "pg_extension",
  "pg_event_trigger",
  "pg_default_acl",
  "pg_authid",
  "pg_auth_members",
  "pg_db_role_setting",
];

const CATALOG_STATE = `select concat_ws(',', ${CATALOGS.map(
  (catalog) => `(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${catalog})`,
).join(", ")}) as state`;

const RELATIONS = (kind: "r" | "S") => `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = '${kind}' and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_toast%'
  order by 1`;

async function catalogState(pg: PGlite): Promise<string> {
  const { rows } = await pg.query<{ state: string }>(CATALOG_STATE);
  return rows[0]!.state;
}

async function recordTemplate(pg: PGlite): Promise<Template> {
  const tables: Template["tables"] = [];
  for (const { name } of (await pg.query<{ name: string }>(RELATIONS("r"))).rows) {
    tables.push({ name, rows: (await pg.query(`copy ${name} to '/dev/blob'`)).blob });
  }
  const sequences: Template["sequences"] = [];
  for (const { name } of (await pg.query<{ name: string }>(RELATIONS("S"))).rows) {
    const { rows } = await pg.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text, is_called from ${name}`,
    );
    sequences.push({ name, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }
  return { tables, sequences, catalogs: await catalogState(pg) };
}

/** Makes `pg` the template again; false when it cannot be, and must be closed. */
async function restore(pg: PGlite, template: Template): Promise<boolean> {
  try {
    // The session first: role, settings, temporary tables, LISTENs, advisory
    // locks. It fails inside a transaction a test left open.
    await pg.exec("discard all");
    if ((await catalogState(pg)) !== template.catalogs) return false;
    // As a replica applies rows: no triggers (the revision bumps, the audit
    // log), no foreign-key checks while the tables are emptied and refilled.
    await pg.exec(
      `begin; set local session_replication_role = replica; ${template.tables
        .map(({ name }) => `delete from ${name};`)
        .join(" ")}`,
    );
    for (const { name, rows } of template.tables) {
      if (rows?.size) await pg.query(`copy ${name} from '/dev/blob'`, [], { blob: rows });
    }
    await pg.exec(
      `${template.sequences
        .map(
          ({ name, lastValue, isCalled }) => `select setval('${name}', ${lastValue}, ${isCalled});`,
        )
        .join(" ")} commit;`,
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * A copy of the template database file `templateFile` (a `dumpDataDir`
 * tarball): one put back by an earlier test file, or a freshly loaded one.
 * Disposing of it puts it back.
 */
export async function takeEmbeddedDatabase(
  templateFile: string,
): Promise<Database & { [Symbol.asyncDispose](): Promise<void> }> {
  let pool = pools.get(templateFile);
  if (!pool) pools.set(templateFile, (pool = { idle: [] }));
  const pg =
    pool.idle.pop() ??
    (await createPGlite({ loadDataDir: new Blob([await readFile(templateFile)]) }));
  const template = await (pool.template ??= recordTemplate(pg));

  const db = fromPGlite(pg);
  const listening = new Set<Listening>();
  let disposed = false;
  const stillOpen = () => {
    if (disposed) throw new Error("This test database was disposed of");
  };
  return {
    kind: db.kind,
    close: () => db.close(),
    query<Row extends object>(sql: string, params?: readonly SqlValue[]) {
      stillOpen();
      return db.query<Row>(sql, params);
    },
    exec(script: string) {
      stillOpen();
      return db.exec(script);
    },
    transaction<T>(work: (tx: Database) => Promise<T>) {
      stillOpen();
      return db.transaction(work);
    },
    async listen(channel: string, onNotify: (payload: string) => void, onLost: Lost) {
      stillOpen();
      const listen = await db.listen!(channel, onNotify, onLost);
      listening.add(listen);
      return {
        close() {
          listening.delete(listen);
          return listen.close();
        },
      };
    },
    async [Symbol.asyncDispose]() {
      if (disposed) return;
      disposed = true;
      if (pg.closed) return;
      const restored = listening.size === 0 && (await restore(pg, template));
      if (restored && pool.idle.length < MAX_IDLE) pool.idle.push(pg);
      else await pg.close();
    },
  };
}

/** How many copies of `templateFile` are kept for the next test file. */
export function keptDatabases(templateFile: string): number {
  return pools.get(templateFile)?.idle.length ?? 0;
}
