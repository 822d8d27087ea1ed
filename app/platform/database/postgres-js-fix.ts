import type { Plugin } from "vite";

/**
 * A Vite plugin that mends one fault of postgres.js 3.4.9, which the server
 * bundles (vite.config.ts) so that the fix holds wherever the site runs:
 * the built server, `npm run dev` and the tests.
 *
 * A connection batches small writes behind a `setImmediate`, armed only
 * while `nextWriteTimer` is null. When the socket closes (a PostgreSQL
 * restart, a pooler dropping it) with a write still batched, `closed()`
 * cancels the timer but leaves the variable set and the bytes in `chunk`.
 * The connection object is reused, so its next StartupMessage is appended
 * to the dead connection's bytes and never written: the query waiting on
 * it hangs until the connect time-out, on every reconnect of that
 * connection (porsager/postgres#1208; LanternOps/breeze#3225 traced it).
 * And a write scheduled after the close ran `socket.write` on null, an
 * exception no caller could catch, leaving its query unanswered
 * (porsager/postgres#1154).
 *
 * Mended: closing drops the batched bytes and disarms the timer; a write
 * with no socket fails the connection's queries as a closed connection,
 * which the site sends again where that is safe (`onceMoreIfLost`).
 * Each change must apply exactly once, so a new postgres.js release that
 * moves this code fails the build instead of shipping unmended.
 */
export const POSTGRES_JS_FIXED_VERSION = "3.4.9";

const CONNECTION_MODULE = /[\\/]node_modules[\\/]postgres[\\/]src[\\/]connection\.js$/;

type Change = { what: string; find: RegExp; replace: string; times: number };

const CHANGES: Change[] = [
  {
    what: "closing and ending drop the batched write",
    find: /^( +)clearImmediate\(nextWriteTimer\)$/gm,
    replace: "$1clearImmediate(nextWriteTimer)\n$1nextWriteTimer = chunk = null",
    times: 2,
  },
  {
    what: "a write with no socket fails as a closed connection",
    find: /^( +)function nextWrite\(fn\) \{\n/gm,
    replace:
      "$1function nextWrite(fn) {\n" +
      "$1  if (!socket) {\n" +
      "$1    chunk = nextWriteTimer = null\n" +
      "$1    error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      "$1    return false\n" +
      "$1  }\n",
    times: 1,
  },
];

/** postgres.js's connection module with the changes above, or an error naming what no longer matches. */
export function mendPostgresConnection(source: string): string {
  let mended = source;
  for (const change of CHANGES) {
    const found = source.match(change.find)?.length ?? 0;
    if (found !== change.times) {
      throw new Error(
        `postgres.js is not the ${POSTGRES_JS_FIXED_VERSION} this fix was written for (${change.what}: ` +
          `found ${found} places, expected ${change.times}); see app/platform/database/postgres-js-fix.ts`,
      );
    }
    mended = mended.replace(change.find, change.replace);
  }
  return mended;
}

export function postgresJsFix(): Plugin {
  return {
    name: "site:postgres-js-fix",
    enforce: "pre",
    transform(code, id) {
      if (!CONNECTION_MODULE.test(id.split("?")[0]!)) return null;
      return { code: mendPostgresConnection(code), map: null };
    },
  };
}
