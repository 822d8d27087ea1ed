import { createHash } from "node:crypto";
import type { Database } from "~/platform/database/database.server";
import { AuthServiceError } from "./auth-error.server";
import { checkPassword, hashPassword } from "./password-hash.server";

/** An email identity as Supabase Auth lists it under `identities`. */
export type AuthIdentity = {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: {
    email: string;
    email_verified: boolean;
    phone_verified: boolean;
    sub: string;
  };
  provider: "email";
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email: string;
};

/** A user as Supabase Auth's API answers it; unset times are left out, as there. */
export type AuthUser = {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: AuthIdentity[];
  created_at: string;
  updated_at: string;
  banned_until?: string;
  is_anonymous: boolean;
};

/** A row of auth.users as the service reads it, times in epoch milliseconds. */
export type UserRow = {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_ms: number | null;
  last_sign_in_ms: number | null;
  banned_until_ms: number | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  is_anonymous: boolean;
  created_ms: number;
  updated_ms: number;
};

const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** The columns of a UserRow, from auth.users aliased `u`. */
export const USER_COLUMNS = `
  u.id::text as id, u.aud, u.role, u.email,
  ${epochMs("u.email_confirmed_at")} as email_confirmed_ms,
  ${epochMs("u.last_sign_in_at")} as last_sign_in_ms,
  ${epochMs("u.banned_until")} as banned_until_ms,
  u.raw_app_meta_data as app_metadata,
  u.raw_user_meta_data as user_metadata,
  u.is_anonymous,
  ${epochMs("u.created_at")} as created_ms,
  ${epochMs("u.updated_at")} as updated_ms`;

/** Supabase Auth's default minimum password length. */
const MIN_PASSWORD_LENGTH = 6;
/** bcrypt reads no further than this many bytes. */
const MAX_PASSWORD_BYTES = 72;
const MAX_EMAIL_LENGTH = 255;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrAbsent = (ms: number | null) => (ms === null ? undefined : iso(ms));

/**
 * The identity's own id. This schema keeps no identities table, so it is
 * derived from the user's id: stable across requests, as a stored one is.
 */
function identityId(userId: string): string {
  const bytes = createHash("sha256").update(`email identity ${userId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: custom
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function userJson(row: UserRow): AuthUser {
  const confirmedAt = isoOrAbsent(row.email_confirmed_ms);
  const lastSignInAt = isoOrAbsent(row.last_sign_in_ms);
  return {
    id: row.id,
    aud: row.aud,
    role: row.role,
    email: row.email,
    ...(confirmedAt && { email_confirmed_at: confirmedAt }),
    phone: "",
    ...(confirmedAt && { confirmed_at: confirmedAt }),
    ...(lastSignInAt && { last_sign_in_at: lastSignInAt }),
    app_metadata: row.app_metadata,
    user_metadata: row.user_metadata,
    identities: [
      {
        identity_id: identityId(row.id),
        id: row.id,
        user_id: row.id,
        identity_data: {
          email: row.email,
          email_verified: confirmedAt !== undefined,
          phone_verified: false,
          sub: row.id,
        },
        provider: "email",
        ...(lastSignInAt && { last_sign_in_at: lastSignInAt }),
        created_at: iso(row.created_ms),
        updated_at: iso(row.updated_ms),
        email: row.email,
      },
    ],
    created_at: iso(row.created_ms),
    updated_at: iso(row.updated_ms),
    ...(row.banned_until_ms !== null && { banned_until: iso(row.banned_until_ms) }),
    is_anonymous: row.is_anonymous,
  };
}

export function isBanned(row: UserRow, nowMs: number): boolean {
  return row.banned_until_ms !== null && row.banned_until_ms > nowMs;
}

/** The address as stored (trimmed, lower case, as Supabase Auth keeps it), or a refusal. */
export function normalizeEmail(email: unknown): string {
  if (typeof email !== "string" || email.trim() === "") {
    throw new AuthServiceError(400, "validation_failed", "An email address is required");
  }
  const normalized = email.trim().toLowerCase();
  if (normalized.length > MAX_EMAIL_LENGTH) {
    throw new AuthServiceError(400, "validation_failed", "An email address is too long");
  }
  if (!EMAIL.test(normalized)) {
    throw new AuthServiceError(
      400,
      "validation_failed",
      "Unable to validate email address: invalid format",
    );
  }
  return normalized;
}

function checkNewPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthServiceError(
      422,
      "weak_password",
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      { weak_password: { reasons: ["length"] } },
    );
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw new AuthServiceError(
      422,
      "validation_failed",
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    );
  }
}

export type NewUser = {
  email: string;
  password: string;
  userMetadata?: Record<string, unknown>;
  emailConfirmed: boolean;
};

/** bcrypt's cost for new hashes, as Supabase Auth's. */
export const DEFAULT_PASSWORD_HASH_COST = 10;

/** Stores a user with a bcrypt hash of the password, of the given cost. */
export async function insertUser(
  db: Database,
  user: NewUser,
  nowMs: number,
  hashCost: number,
): Promise<UserRow> {
  const email = normalizeEmail(user.email);
  checkNewPassword(user.password);
  const [row] = await db.query<UserRow>(
    `insert into auth.users as u
       (email, encrypted_password, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
     select $1, $2,
       case when $3::boolean then to_timestamp($4::float8 / 1000) end,
       $5::text::jsonb, to_timestamp($4::float8 / 1000), to_timestamp($4::float8 / 1000)
     on conflict ((lower(email))) do nothing
     returning ${USER_COLUMNS}`,
    [
      email,
      await hashPassword(user.password, hashCost),
      user.emailConfirmed,
      nowMs,
      JSON.stringify(user.userMetadata ?? {}),
    ],
  );
  if (!row) {
    throw new AuthServiceError(
      422,
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where u.id = $1::uuid`,
    [id],
  );
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where lower(u.email) = lower($1)`,
    [email.trim()],
  );
  return row ?? null;
}

/**
 * The user whose password this is, or null. An unknown address costs the
 * same bcrypt work as a known one (a hash at `hashCost`, the cost the known
 * ones were hashed at), so the time taken does not tell which addresses have
 * accounts.
 */
export async function findUserByPassword(
  db: Database,
  email: string,
  password: string,
  hashCost: number,
): Promise<UserRow | null> {
  const [row] = await db.query<UserRow & { hash: string | null }>(
    `select ${USER_COLUMNS}, u.encrypted_password as hash
     from auth.users u where lower(u.email) = lower($1)`,
    [email.trim()],
  );
  if (!(await checkPassword(password, row?.hash ?? null, hashCost)) || !row) return null;
  const { hash: _hash, ...user } = row;
  return user;
}

/**
 * Sets the user's password (a bcrypt hash, as insertUser); the user, or null
 * when there is none. Any recovery link issued before stops working, as on
 * Supabase: a link mailed earlier must not set the password again.
 */
export async function setUserPassword(
  db: Database,
  id: string,
  password: string,
  nowMs: number,
  hashCost: number,
): Promise<UserRow | null> {
  checkNewPassword(password);
  const [row] = await db.query<UserRow>(
    `with spent as (delete from auth.one_time_tokens where user_id = $1::uuid)
     update auth.users as u
     set encrypted_password = $2, updated_at = to_timestamp($3::float8 / 1000)
     where u.id = $1::uuid
     returning ${USER_COLUMNS}`,
    [id, await hashPassword(password, hashCost), nowMs],
  );
  return row ?? null;
}

/** Whether `password` is the user's password now (Supabase refuses a "new" password that is). */
export async function isUsersPassword(
  db: Database,
  id: string,
  password: string,
  hashCost: number,
): Promise<boolean> {
  const [row] = await db.query<{ hash: string | null }>(
    "select u.encrypted_password as hash from auth.users u where u.id = $1::uuid",
    [id],
  );
  return checkPassword(password, row?.hash ?? null, hashCost);
}

/** Removes the user, and with them their sessions and refresh tokens. Whether there was one. */
export async function deleteUserById(db: Database, id: string): Promise<boolean> {
  const rows = await db.query("delete from auth.users where id = $1::uuid returning id", [id]);
  return rows.length > 0;
}

/** One page of users, newest first (Supabase Auth's order), and how many there are in all. */
export async function listUsers(
  db: Database,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ users: UserRow[]; total: number }> {
  const users = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u
     order by u.created_at desc, u.id
     limit $1::int offset $2::int`,
    [perPage, (page - 1) * perPage],
  );
  const [count] = await db.query<{ total: number }>(
    "select count(*)::int as total from auth.users",
  );
  return { users, total: count?.total ?? 0 };
}
