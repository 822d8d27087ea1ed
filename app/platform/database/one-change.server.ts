import type { Database } from "./database.server";

/**
 * Names a transaction's writes as one change of the log (`app.change`, read
 * by the audit trigger): a step that is one for staff however many rows it
 * writes (a clean slate, a menu from a spreadsheet, a section's new prices)
 * is then listed, and undone, as one. The name is the change's sentence in
 * Recent changes ("Removed the sample menu"); it holds for this transaction only.
 */
export async function asOneChange(tx: Database, words: string): Promise<void> {
  await tx.query("select set_config('app.change', $1, true)", [words]);
}
