import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asRole, createAuthUser, rolledBack } from "../../tests/support/database-roles";
import { drivers, openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import type { Database } from "~/platform/database/database.server";
import { SUPABASE_DIRECTORY } from "~/platform/database/migrations.server";
import { withStaffClaims } from "~/staff/editor/staff-transaction.server";

/**
 * The pictures migration's Storage part runs only where a `storage` schema
 * exists (a Supabase project). Here a small stand-in of Supabase's
 * storage.buckets and storage.objects is made first, then that part is run
 * against it, so its SQL and its policies are checked without a project.
 */
const STAND_IN = `
  create schema storage;
  create table storage.buckets (
    id text primary key, name text not null, public boolean default false,
    file_size_limit bigint, allowed_mime_types text[]
  );
  create table storage.objects (
    id uuid primary key default gen_random_uuid(),
    bucket_id text references storage.buckets (id),
    name text not null,
    owner uuid default auth.uid()
  );
  alter table storage.objects enable row level security;
  grant usage on schema storage to anon, authenticated;
  grant select, insert, update, delete on storage.objects to anon, authenticated;
  insert into storage.buckets (id, name) values ('other', 'other');
`;

async function storagePart(): Promise<string> {
  const sql = await readFile(
    path.join(SUPABASE_DIRECTORY, "migrations", "20261124091000_pictures.sql"),
    "utf8",
  );
  const start = sql.lastIndexOf("do $$");
  expect(start).toBeGreaterThan(0);
  return sql.slice(start);
}

describe.each(drivers)("the pictures bucket on %s, with a stand-in storage schema", (driver) => {
  let db: TestDatabase;
  let staffId: string;
  let strangerId: string;

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    for (const statement of STAND_IN.split(";").filter((part) => part.trim())) {
      await db.query(statement);
    }
    await db.query(await storagePart());
    staffId = await createAuthUser(db, "staff@example.com");
    await db.query(
      "insert into public.staff (user_id, email, role) values ($1::uuid, 'staff@example.com', 'editor')",
      [staffId],
    );
    strangerId = await createAuthUser(db, "stranger@example.com");
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  const addObject = (tx: Database, bucket = "pictures") =>
    tx.query(
      "insert into storage.objects (bucket_id, name) values ($1, 'uploads/0123456789abcdef.png')",
      [bucket],
    );
  const as = (sub: string) => (work: (tx: Database) => Promise<unknown>) =>
    rolledBack((inner) => withStaffClaims(db, { sub, role: "authenticated" }, inner), work);

  test("makes a public bucket of at most 10 MB, for the four picture types", async () => {
    expect(await db.query("select * from storage.buckets where id = 'pictures'")).toEqual([
      {
        id: "pictures",
        name: "pictures",
        public: true,
        file_size_limit: expect.anything(),
        allowed_mime_types: ["image/jpeg", "image/png", "image/webp", "image/avif"],
      },
    ]);
    const [row] = await db.query<{ limit: number }>(
      "select file_size_limit::int as limit from storage.buckets where id = 'pictures'",
    );
    expect(row?.limit).toBe(10 * 1024 * 1024);
  });

  test("anon cannot upload a picture", async () => {
    await expect(asRole(db, "anon", (tx) => addObject(tx))).rejects.toThrow(/row-level security/);
  });

  test("a signed-in user who is not staff cannot", async () => {
    await expect(as(strangerId)((tx) => addObject(tx))).rejects.toThrow(/row-level security/);
  });

  test("staff can, in the pictures bucket only", async () => {
    await expect(as(staffId)((tx) => addObject(tx))).resolves.toEqual([]);
    await expect(as(staffId)((tx) => addObject(tx, "other"))).rejects.toThrow(/row-level security/);
  });

  test("anyone can read the pictures bucket's objects, and only those", async () => {
    await db.query(
      "insert into storage.objects (bucket_id, name) values ('pictures', 'uploads/aaaaaaaaaaaaaaaa.jpg'), ('other', 'secret.txt')",
    );
    expect(
      await asRole(db, "anon", (tx) =>
        tx.query<{ name: string }>("select name from storage.objects"),
      ),
    ).toEqual([{ name: "uploads/aaaaaaaaaaaaaaaa.jpg" }]);
  });
});
