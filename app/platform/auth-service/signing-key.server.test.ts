import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import { drivers, routeTest as test } from "../../../tests/support/route-test";
import { generateSigningKey, loadSigningKey, SIGNING_KEY_FILE } from "./signing-key.server";

const keyFile = (dataDirectory: string) => path.join(dataDirectory, SIGNING_KEY_FILE);

/** An earlier version's key file in `dataDirectory`, as it wrote it. */
async function writeKeyFile(dataDirectory: string) {
  const key = generateSigningKey();
  const jwk = { ...key.privateKey.export({ format: "jwk" }), kid: key.kid, alg: "ES256" };
  await writeFile(keyFile(dataDirectory), `${JSON.stringify(jwk, null, 2)}\n`, { mode: 0o600 });
  return key;
}

describe.each(drivers)("the sign-in service's signing key, on %s", (driver) => {
  test.override({ driver });
  test.beforeEach(async ({ db }) => {
    await db.query("delete from auth.signing_keys");
  });

  test("is made on first use and kept in the database, with its public half published", async ({
    db,
    dataDirectory,
  }) => {
    const key = await loadSigningKey(db, dataDirectory);

    const [row] = await db.query<{ jwk: string }>(
      "select private_jwk::text as jwk from auth.signing_keys",
    );
    expect(JSON.parse(row!.jwk)).toMatchObject({
      kty: "EC",
      crv: "P-256",
      kid: key.kid,
      d: expect.any(String),
    });
    expect(key.publicJwk).toEqual({
      kty: "EC",
      crv: "P-256",
      x: expect.any(String),
      y: expect.any(String),
      kid: key.kid,
      alg: "ES256",
      use: "sig",
      key_ops: ["verify"],
    });
    expect(key.publicJwk).not.toHaveProperty("d");
    // Nothing is written to the data folder: another instance has its own.
    expect(await readdir(dataDirectory)).toEqual([]);
  });

  test("is the same key for every instance on the database, whatever its data folder", async ({
    db,
    dataDirectory,
  }) => {
    const first = await loadSigningKey(db, dataDirectory);
    const elsewhere = await mkdtemp(path.join(tmpdir(), "signing-key-other-"));
    try {
      const second = await loadSigningKey(db, elsewhere);
      expect(second.kid).toBe(first.kid);
      expect(second.publicJwk).toEqual(first.publicJwk);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  test("several first uses at once agree on one key", async ({ db }) => {
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadSigningKey(db)));

    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    expect((await loadSigningKey(db)).kid).toBe(keys[0]!.kid);
    const [count] = await db.query<{ n: number }>(
      "select count(*)::int as n from auth.signing_keys",
    );
    expect(count!.n).toBe(1);
  });

  test("an earlier version's key file becomes the stored key, so sessions carry over, and goes", async ({
    db,
    dataDirectory,
  }) => {
    const old = await writeKeyFile(dataDirectory);
    const said: string[] = [];

    const key = await loadSigningKey(db, dataDirectory, { log: (line) => said.push(line) });

    expect(key.kid).toBe(old.kid);
    expect(said).toEqual([
      `Moved the sign-in signing key from ${keyFile(dataDirectory)} into the database`,
    ]);
    expect(await readdir(dataDirectory)).toEqual([]);
    expect((await loadSigningKey(db)).kid).toBe(old.kid);
  });

  test("once the database holds a key, another instance's old file is removed, not used", async ({
    db,
    dataDirectory,
  }) => {
    const stored = await loadSigningKey(db);
    await writeKeyFile(dataDirectory);

    const key = await loadSigningKey(db, dataDirectory);

    expect(key.kid).toBe(stored.kid);
    expect(await readdir(dataDirectory)).toEqual([]);
  });

  test("a file that holds no private key is refused, not replaced", async ({
    db,
    dataDirectory,
  }) => {
    await writeFile(keyFile(dataDirectory), JSON.stringify(generateSigningKey().publicJwk), {
      mode: 0o600,
    });

    await expect(loadSigningKey(db, dataDirectory)).rejects.toThrow(
      /does not hold a P-256 private key/,
    );
    expect(JSON.parse(await readFile(keyFile(dataDirectory), "utf8"))).not.toHaveProperty("d");
    const [count] = await db.query<{ n: number }>(
      "select count(*)::int as n from auth.signing_keys",
    );
    expect(count!.n).toBe(0);
  });

  test("anon, authenticated and service_role cannot read it", async ({ db }) => {
    await loadSigningKey(db);
    for (const role of ["anon", "authenticated", "service_role"]) {
      const [row] = await db.query<{ allowed: boolean }>(
        "select has_table_privilege($1, 'auth.signing_keys', 'select') as allowed",
        [role],
      );
      expect(row!.allowed, role).toBe(false);
    }
  });
});

test("generated keys differ, and each kid is its key's thumbprint", () => {
  const a = generateSigningKey();
  const b = generateSigningKey();

  expect(a.kid).not.toBe(b.kid);
  expect(a.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
