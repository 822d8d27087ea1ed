import type { Database } from "./database.server";

/**
 * A database for code that must not read it: every query, script and
 * transaction fails. With `listen`, it follows notifications through that.
 */
export function stubDatabase(listen?: Database["listen"]): Database {
  return {
    kind: "postgres",
    query: () => Promise.reject(new Error("not used")),
    exec: () => Promise.reject(new Error("not used")),
    transaction: () => Promise.reject(new Error("not used")),
    close: async () => {},
    ...(listen && { listen }),
  };
}
