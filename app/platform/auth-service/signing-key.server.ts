import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from "node:crypto";
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

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

export const SIGNING_KEY_FILE = "auth-signing-key.json";

/** Only the owner may read the file: it can sign anyone in. */
const OWNER_ONLY = 0o600;

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

function parseKeyFile(text: string, file: string): SigningKey {
  let jwk: Partial<EcJwk>;
  try {
    jwk = JSON.parse(text) as Partial<EcJwk>;
  } catch (error) {
    throw new Error(`${file} is not JSON`, { cause: error });
  }
  if (jwk?.kty !== "EC" || jwk.crv !== "P-256" || typeof jwk.d !== "string") {
    throw new Error(`${file} does not hold a P-256 private key`);
  }
  return fromPrivateKey(createPrivateKey({ key: jwk as EcJwk, format: "jwk" }));
}

async function readKeyFile(file: string): Promise<SigningKey | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const key = parseKeyFile(text, file);
  // A copy restored from a backup or made by hand may be readable by others.
  if ((await stat(file)).mode & 0o077) await chmod(file, OWNER_ONLY);
  return key;
}

/**
 * The signing key kept in `<dataDirectory>/auth-signing-key.json`, made on
 * first use. Keeping it means sessions survive a restart. The file is written
 * whole under a temporary name and then linked into place, which fails if
 * another process got there first: then that process's key is the one used.
 */
export async function loadSigningKey(dataDirectory: string): Promise<SigningKey> {
  const file = path.join(dataDirectory, SIGNING_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;

  await mkdir(dataDirectory, { recursive: true });
  const key = generateSigningKey();
  const jwk = {
    ...(key.privateKey.export({ format: "jwk" }) as EcJwk),
    kid: key.kid,
    alg: "ES256",
  };
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, `${JSON.stringify(jwk, null, 2)}\n`, {
    mode: OWNER_ONLY,
    flag: "wx",
  });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = await readKeyFile(file);
    if (winner) return winner;
    throw error;
  } finally {
    await unlink(temporary);
  }
  return key;
}
