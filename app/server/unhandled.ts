import { isConnectionFailure } from "~/platform/database/database.server";
import { log } from "~/platform/logger.server";

/**
 * What the server does with a rejection no code waits for: it stops, as
 * Node would (rethrown, it reaches the uncaught-exception handler), unless
 * it is a lost or refused database connection. postgres.js (3.4.9) can
 * leave one of those behind when the database restarts under it. Nobody
 * waited on it, so nothing is lost: it is logged and the server goes on,
 * and every request learns of the connection from its own query.
 */
export function onUnhandledRejection(reason: unknown): void {
  if (isConnectionFailure(reason)) {
    log.warn("A lost database connection was reported where nothing waited for it; carrying on", {
      error: reason,
    });
    return;
  }
  throw reason;
}
