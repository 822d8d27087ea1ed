import { sign, verify } from "node:crypto";
import type { SigningKey } from "./signing-key.server";

/** The claims Supabase Auth puts in an access token, in its order. */
export type AccessTokenClaims = {
  aud: string;
  exp: number;
  iat: number;
  iss: string;
  sub: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: Array<{ method: string; timestamp: number }>;
  session_id: string;
  is_anonymous: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** An ES256 signature in JOSE form: r and s, 32 bytes each. */
const SIGNATURE_BYTES = 64;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An ES256 JWT as Supabase Auth issues them, with the key's kid in the header. */
export function signAccessToken(key: SigningKey, claims: AccessTokenClaims): string {
  const signed = `${encode({ alg: "ES256", kid: key.kid, typ: "JWT" })}.${encode(claims)}`;
  const signature = sign("sha256", Buffer.from(signed), {
    key: key.privateKey,
    dsaEncoding: "ieee-p1363",
  });
  return `${signed}.${signature.toString("base64url")}`;
}

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export type VerifiedToken =
  { valid: true; claims: AccessTokenClaims } | { valid: false; problem: string };

/**
 * The claims of a token this service signed that is still good at
 * `nowSeconds`, or what is wrong with it (for the `bad_jwt` message).
 */
export function verifyAccessToken(
  key: SigningKey,
  token: string,
  { issuer, nowSeconds }: { issuer: string; nowSeconds: number },
): VerifiedToken {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
    return { valid: false, problem: "token is malformed" };
  }
  const [rawHeader, rawPayload, rawSignature] = parts as [string, string, string];
  const header = decodeJson(rawHeader);
  if (!isRecord(header)) return { valid: false, problem: "token is malformed" };
  if (header.alg !== "ES256") return { valid: false, problem: "signing method is invalid" };
  if (header.kid !== key.kid) return { valid: false, problem: "signing key is unknown" };

  const signature = Buffer.from(rawSignature, "base64url");
  const authentic =
    signature.length === SIGNATURE_BYTES &&
    verify(
      "sha256",
      Buffer.from(`${rawHeader}.${rawPayload}`),
      { key: key.publicKey, dsaEncoding: "ieee-p1363" },
      signature,
    );
  if (!authentic) return { valid: false, problem: "token signature is invalid" };

  const claims = decodeJson(rawPayload);
  if (!isRecord(claims)) return { valid: false, problem: "token is malformed" };
  if (typeof claims.exp !== "number" || claims.exp <= nowSeconds) {
    return { valid: false, problem: "token has invalid claims: token is expired" };
  }
  if (claims.iss !== issuer) return { valid: false, problem: "token has invalid issuer" };
  if (
    typeof claims.sub !== "string" ||
    !UUID.test(claims.sub) ||
    typeof claims.session_id !== "string" ||
    !UUID.test(claims.session_id)
  ) {
    return { valid: false, problem: "token has invalid claims: sub and session_id must be UUIDs" };
  }
  return { valid: true, claims: claims as AccessTokenClaims };
}
