import { randomBytes } from "node:crypto";
import type { Database } from "./database/database.server";

/**
 * A key the server makes for itself, by name: made once per database (by
 * whichever instance gets there first) and shared, so every instance uses
 * the same. Read once per database and kept; a failure is not kept, so the
 * next call reads again.
 */
export function serverSecret(db: Database, name: string): Promise<string> {
  let known = secrets.get(db);
  if (!known) secrets.set(db, (known = new Map()));
  let secret = known.get(name);
  if (!secret) {
    secret = readServerSecret(db, name);
    known.set(name, secret);
    secret.catch(() => known.delete(name));
  }
  return secret;
}

/** The keys once read, per database: a key never changes once made. */
const secrets = new WeakMap<Database, Map<string, Promise<string>>>();

async function readServerSecret(db: Database, name: string): Promise<string> {
  await db.query(
    "insert into public.server_secrets (name, value) values ($1, $2) on conflict (name) do nothing",
    [name, randomBytes(32).toString("hex")],
  );
  const [row] = await db.query<{ value: string }>(
    "select value from public.server_secrets where name = $1",
    [name],
  );
  if (!row) throw new Error(`The server's key "${name}" could not be read`);
  return row.value;
}
