import type { Database } from "./database.server";

/** What a move came to: the row's name, and whether it moved (not at either end); null when there is no such row. */
export type MoveResult = { name: string; moved: boolean } | null;

/**
 * A table's rows kept in order by `sort_order`: `table` and, where the table
 * holds several lists (a section's items, a weekday's specials), the column
 * that tells them apart (`within`); `name` is the column that names a row.
 */
export type OrderedRows = { table: string; name: string; within?: string };

/**
 * Moves a row one place up or down its list, in the transaction staff write
 * in: the list is locked while it is read, the two rows swap their numbers,
 * and only when numbers repeat is the list numbered afresh in tens. Only rows
 * whose place changed are written, so the recent changes list no others.
 */
export async function moveRow(
  tx: Database,
  { table, name, within }: OrderedRows,
  id: number,
  direction: "up" | "down",
): Promise<MoveResult> {
  const sameList = within
    ? `where ${within} is not distinct from (select ${within} from public.${table} where id = $1)`
    : "where $1::bigint is not null";
  const rows = await tx.query<{ id: number; name: string; sortOrder: number }>(
    `select id::int as id, ${name} as name, sort_order as "sortOrder"
     from public.${table} ${sameList} order by sort_order, id for update`,
    [id],
  );
  const index = rows.findIndex((row) => row.id === id);
  const row = rows[index];
  if (!row) return null;
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= rows.length) return { name: row.name, moved: false };
  const order = rows.map((entry) => entry.id);
  [order[index], order[target]] = [order[target]!, order[index]!];
  const distinct = new Set(rows.map((entry) => entry.sortOrder)).size === rows.length;
  const wanted = distinct
    ? // Keep the numbers there are: the two rows swap theirs.
      new Map(order.map((rowId, position) => [rowId, rows[position]!.sortOrder]))
    : new Map(order.map((rowId, position) => [rowId, (position + 1) * 10]));
  for (const entry of rows) {
    const sortOrder = wanted.get(entry.id)!;
    if (sortOrder === entry.sortOrder) continue;
    await tx.query(`update public.${table} set sort_order = $2, updated_at = now() where id = $1`, [
      entry.id,
      sortOrder,
    ]);
  }
  return { name: row.name, moved: true };
}
