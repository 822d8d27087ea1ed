import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { generateSigningKey, loadSigningKey, SIGNING_KEY_FILE } from "./signing-key.server";

let dataDirectory: string;
const keyFile = () => path.join(dataDirectory, SIGNING_KEY_FILE);
const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

beforeEach(async () => {
  dataDirectory = await mkdtemp(path.join(tmpdir(), "signing-key-"));
});
afterEach(async () => {
  await rm(dataDirectory, { recursive: true, force: true });
});

describe("the sign-in service's signing key", () => {
  test("is made on first use in a file only its owner can read", async () => {
    const key = await loadSigningKey(path.join(dataDirectory, "new-folder"));

    const file = path.join(dataDirectory, "new-folder", SIGNING_KEY_FILE);
    expect(await modeOf(file)).toBe(0o600);
    const stored = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    expect(stored).toMatchObject({ kty: "EC", crv: "P-256", kid: key.kid, d: expect.any(String) });
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
  });

  test("is the same key the next time, with the same kid", async () => {
    const first = await loadSigningKey(dataDirectory);
    const second = await loadSigningKey(dataDirectory);

    expect(second.kid).toBe(first.kid);
    expect(second.publicJwk).toEqual(first.publicJwk);
  });

  test("several first uses at once agree on one key", async () => {
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadSigningKey(dataDirectory)));

    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
    expect((await loadSigningKey(dataDirectory)).kid).toBe(keys[0]!.kid);
  });

  test("a key file others can read is made private", async () => {
    const { kid } = await loadSigningKey(dataDirectory);
    await chmod(keyFile(), 0o644);

    const key = await loadSigningKey(dataDirectory);

    expect(key.kid).toBe(kid);
    expect(await modeOf(keyFile())).toBe(0o600);
  });

  test("a file that holds no private key is refused, not replaced", async () => {
    await writeFile(keyFile(), JSON.stringify(generateSigningKey().publicJwk), { mode: 0o600 });

    await expect(loadSigningKey(dataDirectory)).rejects.toThrow(
      /does not hold a P-256 private key/,
    );
    expect(JSON.parse(await readFile(keyFile(), "utf8"))).not.toHaveProperty("d");
  });

  test("generated keys differ, and each kid is its key's thumbprint", () => {
    const a = generateSigningKey();
    const b = generateSigningKey();

    expect(a.kid).not.toBe(b.kid);
    expect(a.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
