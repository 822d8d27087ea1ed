import { QUERY_TIMEOUT_MS } from "./database.server";
import type { Database } from "./database.server";

/**
 * How long the database itself lets a statement of a write run: a second
 * less than the server waits for it. A write the server gives up on (and
 * tells the visitor or the staff member was not saved) has then already been
 * cancelled and rolled back by the database, so it cannot land later.
 */
export const STATEMENT_TIMEOUT_MS = QUERY_TIMEOUT_MS - 1_000;

/** Within a transaction: statements after this one are cancelled past STATEMENT_TIMEOUT_MS. */
export async function limitStatementTime(tx: Database): Promise<void> {
  await tx.query("select set_config('statement_timeout', $1, true)", [`${STATEMENT_TIMEOUT_MS}ms`]);
}
