import { createHash } from "node:crypto";
import { AuthApiError, createClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { env } from "~/platform/env.server";
import { startSupabaseAuthFake } from "../../../tests/support/supabase-auth-fake";
import { drivers, openTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { signAccessToken, type AccessTokenClaims } from "./access-token.server";
import { createAuthService, type AuthService, type AuthUser } from "./auth-service.server";
import { generateSigningKey } from "./signing-key.server";

const BASE_URL = "http://127.0.0.1:54321";
const ISSUER = `${BASE_URL}/auth/v1`;
const KEYS = { publishable: "sb_publishable_contract-test", secret: "sb_secret_contract-test" };
const PASSWORD = "a pint of the usual, please";
const VERSION_HEADER = "x-supabase-api-version";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

type Session = {
  access_token: string;
  token_type: string;
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUser;
};

describe.each(drivers)("the embedded Supabase Auth service on %s", (driver) => {
  let db: TestDatabase;
  let service: AuthService;
  let staff: AuthUser;
  /** Moves the service's clock, for expiry and the reuse window. */
  let clockOffset = 0;
  const signingKey = generateSigningKey();

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    service = createAuthService({
      db,
      signingKey,
      url: BASE_URL,
      apiKeys: KEYS,
      now: () => Date.now() + clockOffset,
      passwordHashCost: env.AUTH_PASSWORD_HASH_COST,
    });
    staff = await service.createUser({
      email: "Sam.Okafor@Example.com",
      password: PASSWORD,
      userMetadata: { display_name: "Sam" },
    });
  });
  afterEach(() => {
    clockOffset = 0;
  });
  afterAll(async () => {
    await db?.[Symbol.asyncDispose]();
  });

  /** supabase-js as the site uses it, on the service's fetch. */
  const client = (key = KEYS.publishable) =>
    createClient(BASE_URL, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: service.fetch },
    });

  type Call = {
    method?: string;
    apikey?: string | null;
    bearer?: string | null;
    body?: unknown;
  };

  /** A raw request with the headers supabase-js sends, for the exact shapes. */
  async function call(path: string, { method = "GET", apikey, bearer, body }: Call = {}) {
    const key = apikey === undefined ? KEYS.publishable : apikey;
    const token = bearer === undefined ? key : bearer;
    const headers: Record<string, string> = { "X-Supabase-Api-Version": "2024-01-01" };
    if (key !== null) headers.apikey = key;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json;charset=UTF-8";
    const response = await service.fetch(`${ISSUER}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      json: (text ? JSON.parse(text) : null) as Record<string, unknown> & Session,
    };
  }

  const signIn = (email = "sam.okafor@example.com", password = PASSWORD) =>
    call("/token?grant_type=password", { method: "POST", body: { email, password } });
  const refresh = (refreshToken: string) =>
    call("/token?grant_type=refresh_token", {
      method: "POST",
      body: { refresh_token: refreshToken },
    });
  const getUser = (accessToken: string) => call("/user", { bearer: accessToken });

  describe("password sign-in", () => {
    test("answers a session with a signed access token and the user with their identity", async () => {
      const before = Math.floor(Date.now() / 1000);
      const { status, headers, json } = await signIn("SAM.OKAFOR@example.com");

      expect(status).toBe(200);
      expect(headers.get(VERSION_HEADER)).toBe("2024-01-01");
      expect(json).toEqual({
        access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        token_type: "bearer",
        expires_in: 3600,
        expires_at: expect.any(Number),
        refresh_token: expect.stringMatching(/^[\w-]{43}$/),
        user: {
          id: staff.id,
          aud: "authenticated",
          role: "authenticated",
          email: "sam.okafor@example.com",
          email_confirmed_at: expect.any(String),
          phone: "",
          confirmed_at: expect.any(String),
          last_sign_in_at: expect.any(String),
          app_metadata: { provider: "email", providers: ["email"] },
          user_metadata: { display_name: "Sam" },
          identities: [
            {
              identity_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
              id: staff.id,
              user_id: staff.id,
              identity_data: {
                email: "sam.okafor@example.com",
                email_verified: true,
                phone_verified: false,
                sub: staff.id,
              },
              provider: "email",
              last_sign_in_at: expect.any(String),
              created_at: staff.created_at,
              updated_at: staff.updated_at,
              email: "sam.okafor@example.com",
            },
          ],
          created_at: staff.created_at,
          updated_at: staff.updated_at,
          is_anonymous: false,
        },
      });
      expect(json.expires_at - before).toBeGreaterThanOrEqual(3600);
      expect(json.expires_at - before).toBeLessThanOrEqual(3602);
    });

    test("keeps refresh tokens only as SHA-256 hashes and records the sign-in", async () => {
      const { json } = await signIn();

      const stored = await db.query<{ token_hash: string }>(
        "select token_hash from auth.refresh_tokens where token_hash in ($1, $2)",
        [json.refresh_token, sha256(json.refresh_token)],
      );
      expect(stored).toEqual([{ token_hash: sha256(json.refresh_token) }]);
      const [user] = await db.query<{ signed_in: boolean }>(
        "select last_sign_in_at > now() - interval '1 minute' as signed_in from auth.users where id = $1::uuid",
        [staff.id],
      );
      expect(user?.signed_in).toBe(true);
    });

    test("works through supabase-js", async () => {
      const { data, error } = await client().auth.signInWithPassword({
        email: "sam.okafor@example.com",
        password: PASSWORD,
      });

      expect(error).toBeNull();
      expect(data.user?.id).toBe(staff.id);
      expect(data.session?.refresh_token).toMatch(/^[\w-]{43}$/);
    });

    test("gives a wrong password and an unknown address the same answer", async () => {
      const wrongPassword = await signIn("sam.okafor@example.com", "not the password");
      const unknownEmail = await signIn("nobody@example.com", PASSWORD);

      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.json).toEqual({
        code: "invalid_credentials",
        message: "Invalid login credentials",
      });
      expect(unknownEmail.status).toBe(wrongPassword.status);
      expect(unknownEmail.json).toEqual(wrongPassword.json);
      expect(unknownEmail.headers.get(VERSION_HEADER)).toBe("2024-01-01");

      const { error } = await client().auth.signInWithPassword({
        email: "nobody@example.com",
        password: PASSWORD,
      });
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials" });
    });

    test("refuses an unconfirmed address and a banned user, but only with the right password", async () => {
      await service.createUser({
        email: "new.starter@example.com",
        password: PASSWORD,
        emailConfirmed: false,
      });
      const unconfirmed = await signIn("new.starter@example.com");
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.json.code).toBe("email_not_confirmed");

      await db.query(
        "update auth.users set email_confirmed_at = now(), banned_until = now() + interval '1 day' where email = $1",
        ["new.starter@example.com"],
      );
      expect((await signIn("new.starter@example.com")).json).toEqual({
        code: "user_banned",
        message: "User is banned",
      });
      expect((await signIn("new.starter@example.com", "a guess")).json.code).toBe(
        "invalid_credentials",
      );
    });
  });

  describe("access tokens", () => {
    test("verify with getClaims against the key set, carrying Supabase's claims", async () => {
      const { json } = await signIn();

      const { data, error } = await client().auth.getClaims(json.access_token);

      expect(error).toBeNull();
      expect(data?.header).toEqual({ alg: "ES256", kid: signingKey.kid, typ: "JWT" });
      expect(data?.claims).toEqual({
        aud: "authenticated",
        exp: json.expires_at,
        iat: json.expires_at - 3600,
        iss: ISSUER,
        sub: staff.id,
        email: "sam.okafor@example.com",
        phone: "",
        app_metadata: { provider: "email", providers: ["email"] },
        user_metadata: { display_name: "Sam" },
        role: "authenticated",
        aal: "aal1",
        amr: [{ method: "password", timestamp: json.expires_at - 3600 }],
        session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        is_anonymous: false,
      });
    });

    test("signed by another key or altered after signing are refused", async () => {
      const { json } = await signIn();
      const [header, payload, signature] = json.access_token.split(".") as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as AccessTokenClaims;
      const altered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: "service_role" })).toString("base64url")}.${signature}`;
      const impostor = generateSigningKey();
      const sameKid = signAccessToken({ ...impostor, kid: signingKey.kid }, claims);
      const ownKid = signAccessToken(impostor, claims);

      for (const token of [altered, sameKid]) {
        const { data, error } = await client().auth.getClaims(token);
        expect(data).toBeNull();
        expect(error?.message).toBe("Invalid JWT signature");
      }
      // An unknown kid sends getClaims to the server, which refuses it as well.
      const unknownKid = await client().auth.getClaims(ownKid);
      expect(unknownKid.error).toMatchObject({ status: 403, code: "bad_jwt" });

      for (const token of [altered, sameKid, ownKid, "not-a-jwt"]) {
        const { status, json: body } = await getUser(token);
        expect(status).toBe(403);
        expect(body.code).toBe("bad_jwt");
      }
    });

    test("expire after the hour", async () => {
      const { json } = await signIn();
      clockOffset = 3601_000;

      const { status, json: body } = await getUser(json.access_token);

      expect(status).toBe(403);
      expect(body).toEqual({
        code: "bad_jwt",
        message:
          "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
      });
    });
  });

  describe("the user endpoint", () => {
    test("answers the signed-in user, as getUser reads it", async () => {
      const { json } = await signIn();

      const { data, error } = await client().auth.getUser(json.access_token);

      expect(error).toBeNull();
      expect(data.user).toEqual({ ...json.user });
      expect((await getUser(json.access_token)).json).toEqual(json.user);
    });

    test("wants a bearer token", async () => {
      const { status, json } = await call("/user", { bearer: null });

      expect(status).toBe(401);
      expect(json).toEqual({
        code: "no_authorization",
        message: "This endpoint requires a valid Bearer token",
      });
    });

    test("refuses a user banned after signing in", async () => {
      await service.createUser({ email: "barred@example.com", password: PASSWORD });
      const { json } = await signIn("barred@example.com");
      await db.query(
        "update auth.users set banned_until = now() + interval '1 day' where email = $1",
        ["barred@example.com"],
      );

      const { status, json: body } = await getUser(json.access_token);

      expect(status).toBe(403);
      expect(body.code).toBe("user_banned");
      expect((await refresh(json.refresh_token)).json.code).toBe("user_banned");
    });
  });

  describe("refresh tokens", () => {
    test("rotate: each refresh answers a new session and retires the token it used", async () => {
      const first = (await signIn()).json;

      const second = await refresh(first.refresh_token);

      expect(second.status).toBe(200);
      expect(second.json.refresh_token).toMatch(/^[\w-]{43}$/);
      expect(second.json.refresh_token).not.toBe(first.refresh_token);
      expect(second.json.user.id).toBe(staff.id);
      const rows = await db.query<{
        token_hash: string;
        parent_hash: string | null;
        revoked: boolean;
      }>(
        "select token_hash, parent_hash, revoked from auth.refresh_tokens where token_hash in ($1, $2) order by id",
        [sha256(first.refresh_token), sha256(second.json.refresh_token)],
      );
      expect(rows).toEqual([
        { token_hash: sha256(first.refresh_token), parent_hash: null, revoked: true },
        {
          token_hash: sha256(second.json.refresh_token),
          parent_hash: sha256(first.refresh_token),
          revoked: false,
        },
      ]);
      expect((await getUser(second.json.access_token)).status).toBe(200);
      // The same session, as supabase-js sees it.
      const claims = async (token: string) => (await client().auth.getClaims(token)).data?.claims;
      expect((await claims(second.json.access_token))?.session_id).toBe(
        (await claims(first.access_token))?.session_id,
      );

      const { data, error } = await client().auth.refreshSession({
        refresh_token: second.json.refresh_token,
      });
      expect(error).toBeNull();
      expect(data.session?.refresh_token).not.toBe(second.json.refresh_token);
    });

    test("a retired token presented again within ten seconds gets the session's current token", async () => {
      const first = (await signIn()).json;
      const second = (await refresh(first.refresh_token)).json;
      const third = (await refresh(second.refresh_token)).json;
      clockOffset = 9_000;

      const again = await refresh(first.refresh_token);

      expect(again.status).toBe(200);
      expect(again.json.refresh_token).toBe(third.refresh_token);
      expect((await getUser(again.json.access_token)).status).toBe(200);
    });

    test("two refreshes at once with one token both get the same new token", async () => {
      const { json } = await signIn();

      const results = await Promise.all([refresh(json.refresh_token), refresh(json.refresh_token)]);

      expect(results.map((result) => result.status)).toEqual([200, 200]);
      expect(results[0]!.json.refresh_token).toBe(results[1]!.json.refresh_token);
      const [count] = await db.query<{ live: number }>(
        `select count(*)::int as live from auth.refresh_tokens
         where session_id = (select session_id from auth.refresh_tokens where token_hash = $1)
           and not revoked`,
        [sha256(json.refresh_token)],
      );
      expect(count?.live).toBe(1);
    });

    test("a retired token presented after the window ends the whole session", async () => {
      const first = (await signIn()).json;
      const second = (await refresh(first.refresh_token)).json;
      clockOffset = 11_000;

      const reused = await refresh(first.refresh_token);

      expect(reused.status).toBe(400);
      expect(reused.json).toEqual({
        code: "refresh_token_already_used",
        message: "Invalid Refresh Token: Already Used",
      });
      expect((await refresh(second.refresh_token)).json.code).toBe("refresh_token_not_found");
      expect((await getUser(second.access_token)).json.code).toBe("session_not_found");
    });

    test("an unknown token is not found", async () => {
      const { status, json } = await refresh("made-up-refresh-token");

      expect(status).toBe(400);
      expect(json).toEqual({
        code: "refresh_token_not_found",
        message: "Invalid Refresh Token: Refresh Token Not Found",
      });
      const { error } = await client().auth.refreshSession({ refresh_token: "made-up" });
      expect(error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
    });
  });

  describe("sign-out", () => {
    test("signOut ends the user's sessions: getUser then finds no session", async () => {
      const supabase = client();
      const { data } = await supabase.auth.signInWithPassword({
        email: "sam.okafor@example.com",
        password: PASSWORD,
      });
      const session = data.session!;

      expect((await supabase.auth.signOut()).error).toBeNull();

      const raw = await getUser(session.access_token);
      expect(raw.status).toBe(403);
      expect(raw.json).toEqual({
        code: "session_not_found",
        message: "Session from session_id claim in JWT does not exist",
      });
      const { error } = await client().auth.getUser(session.access_token);
      expect(error?.name).toBe("AuthSessionMissingError");
      expect((await refresh(session.refresh_token)).json.code).toBe("refresh_token_not_found");
    });

    test("scope local ends only this session, others only the rest", async () => {
      await service.createUser({ email: "three.devices@example.com", password: PASSWORD });
      const [a, b, c] = [
        (await signIn("three.devices@example.com")).json,
        (await signIn("three.devices@example.com")).json,
        (await signIn("three.devices@example.com")).json,
      ] as [Session, Session, Session];

      const others = await call("/logout?scope=others", { method: "POST", bearer: a.access_token });
      expect(others.status).toBe(204);
      expect(others.headers.get(VERSION_HEADER)).toBe("2024-01-01");
      expect((await getUser(a.access_token)).status).toBe(200);
      expect((await getUser(b.access_token)).json.code).toBe("session_not_found");
      expect((await getUser(c.access_token)).json.code).toBe("session_not_found");

      const local = await call("/logout?scope=local", { method: "POST", bearer: a.access_token });
      expect(local.status).toBe(204);
      expect((await getUser(a.access_token)).json.code).toBe("session_not_found");

      const unknown = await call("/logout?scope=everywhere", {
        method: "POST",
        bearer: a.access_token,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.json.code).toBe("validation_failed");
    });
  });

  describe("managing users in process", () => {
    test("hashes passwords with bcrypt at the cost given, Supabase Auth's 10 unless told", async () => {
      const storedHash = async (email: string) =>
        (
          await db.query<{ hash: string }>(
            "select encrypted_password as hash from auth.users where email = $1",
            [email],
          )
        )[0]?.hash;
      const at = (passwordHashCost?: number) =>
        createAuthService({ db, signingKey, url: BASE_URL, apiKeys: KEYS, passwordHashCost });

      await at().createUser({ email: "cost-default@example.com", password: PASSWORD });
      await at(5).createUser({ email: "cost-five@example.com", password: PASSWORD });

      expect(await storedHash("cost-default@example.com")).toMatch(/^\$2a\$10\$[./\w]{53}$/);
      expect(await storedHash("cost-five@example.com")).toMatch(/^\$2a\$05\$[./\w]{53}$/);
      // A hash keeps its own cost: a service hashing at another still signs its holder in.
      expect((await signIn("cost-default@example.com")).status).toBe(200);
      expect((await signIn("cost-five@example.com")).status).toBe(200);
    });

    test("deleting a user signs them out everywhere; an address is taken once", async () => {
      const user = await service.createUser({ email: "leaving@example.com", password: PASSWORD });
      await expect(
        service.createUser({ email: "Leaving@Example.com", password: PASSWORD }),
      ).rejects.toMatchObject({ status: 422, code: "email_exists" });
      const { json } = await signIn("leaving@example.com");

      await service.deleteUser(user.id);

      expect(await service.findUserByEmail("leaving@example.com")).toBeNull();
      expect((await getUser(json.access_token)).json.code).toBe("session_not_found");
      expect((await refresh(json.refresh_token)).json.code).toBe("refresh_token_not_found");
      await expect(service.deleteUser(user.id)).resolves.toBeUndefined();
    });
  });

  describe("the key set", () => {
    test("publishes the public key, cacheably and without an API key", async () => {
      const response = await service.fetch(`${ISSUER}/.well-known/jwks.json`);

      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=600");
      expect(await response.json()).toEqual({
        keys: [
          {
            kty: "EC",
            crv: "P-256",
            x: signingKey.publicJwk.x,
            y: signingKey.publicJwk.y,
            kid: signingKey.kid,
            alg: "ES256",
            use: "sig",
            key_ops: ["verify"],
          },
        ],
      });
    });
  });

  describe("the admin API", () => {
    test("refuses the publishable key", async () => {
      const admin = client(KEYS.publishable).auth.admin;

      const created = await admin.createUser({ email: "sneaky@example.com", password: PASSWORD });
      expect(created.error).toMatchObject({ status: 403, code: "not_admin" });
      const listed = await admin.listUsers();
      expect(listed.error).toMatchObject({ status: 403, code: "not_admin" });

      const halfSecret = await call("/admin/users", {
        apikey: KEYS.publishable,
        bearer: KEYS.secret,
      });
      expect(halfSecret.status).toBe(403);
      const userToken = (await signIn()).json.access_token;
      const asUser = await call("/admin/users", { apikey: KEYS.secret, bearer: userToken });
      expect(asUser.status).toBe(403);
      expect(asUser.json).toEqual({ code: "not_admin", message: "User not allowed" });
      expect(await service.findUserByEmail("sneaky@example.com")).toBeNull();
    });

    test("creates, lists and deletes users with the secret key", async () => {
      const admin = client(KEYS.secret).auth.admin;

      const { data, error } = await admin.createUser({
        email: "Alex@Example.com",
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { display_name: "Alex" },
      });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({
        email: "alex@example.com",
        user_metadata: { display_name: "Alex" },
        email_confirmed_at: expect.any(String),
        identities: [expect.objectContaining({ provider: "email" })],
      });
      expect(await service.findUserByEmail("ALEX@example.com")).toEqual(data.user);

      const duplicate = await admin.createUser({ email: "alex@example.com", password: PASSWORD });
      expect(duplicate.error).toMatchObject({ status: 422, code: "email_exists" });
      const weak = await admin.createUser({ email: "weak@example.com", password: "12345" });
      expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });

      const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
        "select count(*)::int as total from auth.users",
      );
      const perPage = Math.ceil(total / 2);
      const raw = await call(`/admin/users?page=1&per_page=${perPage}`, {
        apikey: KEYS.secret,
        bearer: KEYS.secret,
      });
      expect(raw.headers.get("X-Total-Count")).toBe(String(total));
      expect(raw.headers.get("Link")).toBe(
        `</auth/v1/admin/users?page=2&per_page=${perPage}>; rel="next", </auth/v1/admin/users?page=2&per_page=${perPage}>; rel="last"`,
      );
      expect(raw.json).toEqual({ users: expect.any(Array), aud: "authenticated" });
      const listed = await admin.listUsers({ page: 1, perPage });
      expect(listed.error).toBeNull();
      expect(listed.data).toMatchObject({ total, nextPage: 2, lastPage: 2 });
      expect(listed.data.users).toHaveLength(perPage);
      expect(listed.data.users[0]?.email).toBe("alex@example.com");

      const session = (await signIn("alex@example.com")).json;
      const deleted = await admin.deleteUser(data.user!.id);
      expect(deleted.error).toBeNull();
      expect(deleted.data.user?.id).toBe(data.user!.id);
      expect(await service.findUserByEmail("alex@example.com")).toBeNull();
      expect((await getUser(session.access_token)).json.code).toBe("session_not_found");
      const gone = await admin.getUserById(data.user!.id);
      expect(gone.error).toMatchObject({ status: 404, code: "user_not_found" });
    });
  });

  describe("requests it cannot serve", () => {
    test("without an API key, or with a wrong one, are refused as Supabase's gateway does", async () => {
      const missing = await call("/user", { apikey: null, bearer: null });
      const wrong = await call("/user", { apikey: "sb_publishable_guess" });

      expect(missing.status).toBe(401);
      expect(missing.json).toMatchObject({ code: "no_api_key" });
      expect(wrong.status).toBe(401);
      expect(wrong.json).toMatchObject({ code: "invalid_api_key", message: "Invalid API key" });
      expect(wrong.headers.get(VERSION_HEADER)).toBe("2024-01-01");
    });

    test("answer with Supabase's error codes", async () => {
      const notFound = await call("/magiclink", { method: "POST", body: {} });
      expect(notFound.status).toBe(404);
      expect(notFound.json).toEqual({ code: "not_found", message: "Not Found" });

      const wrongMethod = await call("/token?grant_type=password");
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("Allow")).toBe("POST");
      expect(wrongMethod.json.code).toBe("method_not_allowed");

      const badJson = await call("/token?grant_type=password", { method: "POST", body: "{nope" });
      expect(badJson.status).toBe(400);
      expect(badJson.json.code).toBe("bad_json");

      const missingField = await call("/token?grant_type=password", {
        method: "POST",
        body: { email: "sam.okafor@example.com" },
      });
      expect(missingField.status).toBe(400);
      expect(missingField.json).toEqual({ code: "validation_failed", message: "missing password" });

      const grant = await call("/token?grant_type=magic", { method: "POST", body: {} });
      expect(grant.status).toBe(400);
      expect(grant.json.code).toBe("validation_failed");

      for (const response of [notFound, wrongMethod, badJson, missingField, grant]) {
        expect(response.headers.get(VERSION_HEADER)).toBe("2024-01-01");
        expect(response.headers.get("Content-Type")).toBe("application/json");
      }
    });

    test("addressed to another host are not answered", async () => {
      const response = await service.fetch("http://example.com/auth/v1/user", {
        headers: { apikey: KEYS.publishable },
      });

      expect(response.status).toBe(404);
    });
  });
});

describe("the Supabase Auth fake", () => {
  test("serves the service over loopback HTTP to supabase-js's own fetch", async () => {
    const fake = await startSupabaseAuthFake();
    try {
      expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      await fake.service.createUser({ email: "pat@example.com", password: PASSWORD });
      const supabase = createClient(fake.url, fake.publishableKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      });

      const signedIn = await supabase.auth.signInWithPassword({
        email: "pat@example.com",
        password: PASSWORD,
      });
      expect(signedIn.error).toBeNull();
      const claims = await supabase.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.claims.iss).toBe(`${fake.url}/auth/v1`);
      expect((await supabase.auth.getUser()).data.user?.email).toBe("pat@example.com");
      const refreshed = await supabase.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token);

      const admin = createClient(fake.url, fake.secretKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      }).auth.admin;
      const listed = await admin.listUsers();
      expect(listed.data.users.map((user) => user.email)).toContain("pat@example.com");

      expect((await supabase.auth.signOut()).error).toBeNull();
      const afterSignOut = await supabase.auth.getUser(signedIn.data.session!.access_token);
      expect(afterSignOut.error?.name).toBe("AuthSessionMissingError");
    } finally {
      await fake.close();
    }
  });
});
