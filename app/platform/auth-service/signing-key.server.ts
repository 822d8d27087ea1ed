import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import { readFile, unlink } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../database/database.server";

/** The public half as the JWKS endpoint publishes it. */
export type PublicSigningJwk = {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
  kid: string;
  alg: "ES256";
  use: "sig";
  key_ops: ["verify"];
};

/** The ES256 key the embedded sign-in service signs access tokens with. */
export type SigningKey = {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: PublicSigningJwk;
};

/**
 * Where earlier versions kept the key, in DATA_DIR. A key found there is
 * moved into the database on the next start, so sessions carry over.
 */
export const SIGNING_KEY_FILE = "auth-signing-key.json";

type EcJwk = { kty: "EC"; crv: "P-256"; x: string; y: string; d?: string };

function fromPrivateKey(privateKey: KeyObject): SigningKey {
  const publicKey = createPublicKey(privateKey);
  const { x, y } = publicKey.export({ format: "jwk" }) as EcJwk;
  // The RFC 7638 thumbprint: the same key always gets the same kid, and a new key a new one.
  const kid = createHash("sha256")
    .update(JSON.stringify({ crv: "P-256", kty: "EC", x, y }))
    .digest("base64url");
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk: {
      kty: "EC",
      crv: "P-256",
      x,
      y,
      kid,
      alg: "ES256",
      use: "sig",
      key_ops: ["verify"],
    },
  };
}

/** A new P-256 key pair, kept only in memory. */
export function generateSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return fromPrivateKey(privateKey);
}

function parseJwk(jwk: Partial<EcJwk> | null, where: string): SigningKey {
  if (jwk?.kty !== "EC" || jwk.crv !== "P-256" || typeof jwk.d !== "string") {
    throw new Error(`${where} does not hold a P-256 private key`);
  }
  return fromPrivateKey(createPrivateKey({ key: jwk as EcJwk, format: "jwk" }));
}

/** The key from an earlier version's file in `dataDirectory`, or null when there is none. */
async function readKeyFile(file: string): Promise<SigningKey | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let jwk: Partial<EcJwk>;
  try {
    jwk = JSON.parse(text) as Partial<EcJwk>;
  } catch (error) {
    throw new Error(`${file} is not JSON`, { cause: error });
  }
  return parseJwk(jwk, file);
}

async function storedKey(db: Database): Promise<SigningKey | null> {
  const [row] = await db.query<{ jwk: string }>(
    "select private_jwk::text as jwk from auth.signing_keys where id",
  );
  return row ? parseJwk(JSON.parse(row.jwk) as Partial<EcJwk>, "auth.signing_keys") : null;
}

/**
 * The signing key, kept in the database (`auth.signing_keys`, which only the
 * server's own connection may read), so that every instance on one database
 * signs with the same key and sessions survive restarts and new machines.
 * Made on first use; several instances starting at once agree on the first
 * one stored. A key file an earlier version left in `dataDirectory` becomes
 * the stored key when the database has none yet; once the database holds a
 * key, such a file is removed.
 */
export async function loadSigningKey(
  db: Database,
  dataDirectory?: string,
  { log }: { log?: (message: string) => void } = {},
): Promise<SigningKey> {
  const file = dataDirectory ? path.join(dataDirectory, SIGNING_KEY_FILE) : undefined;
  let stored = await storedKey(db);
  if (!stored) {
    const fromFile = file ? await readKeyFile(file) : null;
    const candidate = fromFile ?? generateSigningKey();
    const jwk = candidate.privateKey.export({ format: "jwk" }) as EcJwk;
    await db.query(
      "insert into auth.signing_keys (private_jwk) values ($1::jsonb) on conflict (id) do nothing",
      [JSON.stringify({ ...jwk, kid: candidate.kid, alg: "ES256" })],
    );
    stored = await storedKey(db);
    if (!stored) throw new Error("The signing key could not be stored");
    if (fromFile?.kid === stored.kid) {
      log?.(`Moved the sign-in signing key from ${file} into the database`);
    }
  }
  if (file && (await readKeyFile(file).catch(() => null))) await unlink(file).catch(() => {});
  return stored;
}
