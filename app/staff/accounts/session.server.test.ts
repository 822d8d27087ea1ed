import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  startSupabaseAuthFake,
  type SupabaseAuthFake,
} from "../../../tests/support/supabase-auth-fake";
import { supabaseAuthBackend } from "~/platform/auth-backend.server";
import { addStaffMember, removeStaffMember } from "./staff.server";
import { STAFF_SESSION_COOKIE, carriesLiveSession, createStaffClient } from "./session.server";

let fake: SupabaseAuthFake;
let samId: string;

/** Sam on the staff list, since yesterday: sessions from before a member is added do not count. */
async function putSamOnTheList() {
  await addStaffMember(fake.db, { userId: samId, email: "sam@example.com", role: "editor" });
  await fake.db.query(
    "update public.staff set added_at = now() - interval '1 day' where user_id = $1",
    [samId],
  );
}
let gateway: Server;
let gatewayUrl: string;
/** How many of the next token requests the gateway answers 503, as a proxy whose backend restarts. */
let failuresAhead = 0;
const tokenRequests: number[] = [];

beforeAll(async () => {
  fake = await startSupabaseAuthFake();
  const sam = await fake.service.createUser({
    email: "sam@example.com",
    password: "a long enough password",
  });
  samId = sam.id;
  await putSamOnTheList();
  // A gateway in front of the Auth service, as Supabase's is.
  gateway = createServer(
    createRequestListener(async (request) => {
      const url = new URL(request.url);
      if (url.pathname === "/auth/v1/token" && failuresAhead > 0) {
        failuresAhead -= 1;
        tokenRequests.push(503);
        return new Response("upstream restarting", { status: 503 });
      }
      if (url.pathname === "/auth/v1/token") tokenRequests.push(200);
      const body = request.method === "GET" ? undefined : await request.text();
      return fetch(new URL(`${url.pathname}${url.search}`, fake.url), {
        method: request.method,
        headers: request.headers,
        body,
      });
    }),
  );
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
  await fake?.close();
});

/**
 * Sam signing in through the gateway while the project answers 503 to its
 * next `failures` token requests: the answer, and the cookies the sign-in set.
 */
async function signInWhileDown(failures: number) {
  failuresAhead = failures;
  tokenRequests.length = 0;
  const backend = supabaseAuthBackend({ url: gatewayUrl, publishableKey: fake.publishableKey });
  const { supabase, responseHeaders } = createStaffClient(
    new Request("http://localhost/staff/sign-in", { method: "POST" }),
    backend,
  );
  const answer = await supabase.auth.signInWithPassword({
    email: "sam@example.com",
    password: "a long enough password",
  });
  return { ...answer, responseHeaders };
}

test("a Supabase project's 503 is retried, and the sign-in goes through", async () => {
  const { data, error, responseHeaders } = await signInWhileDown(2);
  expect(error).toBeNull();
  expect(data.session?.access_token).toBeTruthy();
  expect(tokenRequests).toEqual([503, 503, 200]);
  expect(responseHeaders().getSetCookie().join("\n")).toContain(`${STAFF_SESSION_COOKIE}=`);
});

test("when the project stays down, the client says so instead of signing anyone in", async () => {
  const { error, responseHeaders } = await signInWhileDown(10);
  expect(error?.status).toBe(503);
  // The first try and three retries.
  expect(tokenRequests).toEqual([503, 503, 503, 503]);
  expect(responseHeaders().getSetCookie()).toEqual([]);
  failuresAhead = 0;
});

describe("whether a post may carry a picture-sized body", () => {
  const backend = () => supabaseAuthBackend({ url: fake.url, publishableKey: fake.publishableKey });

  /** The Cookie header of a browser that has just signed in as Sam. */
  async function signedInCookies(): Promise<string> {
    const { supabase, responseHeaders } = createStaffClient(
      new Request("http://localhost/staff/sign-in", { method: "POST" }),
      backend(),
    );
    const { error } = await supabase.auth.signInWithPassword({
      email: "sam@example.com",
      password: "a long enough password",
    });
    expect(error).toBeNull();
    return responseHeaders()
      .getSetCookie()
      .map((cookie) => cookie.split(";", 1)[0])
      .join("; ");
  }

  const post = (cookie?: string) =>
    new Request("http://localhost/staff/menu/items/new", {
      method: "POST",
      headers: cookie === undefined ? {} : { Cookie: cookie },
    });

  const database = () => Promise.resolve(fake.db);

  test("a live session of a member may, and nothing is refreshed or set for it", async () => {
    const cookie = await signedInCookies();
    tokenRequests.length = 0;
    expect(await carriesLiveSession(post(cookie), backend(), database)).toBe(true);
    expect(tokenRequests).toEqual([]);
  });

  test("so may one whose access token has expired: the staff area refreshes it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() - 3 * 60 * 60 * 1000);
      const cookie = await signedInCookies();
      vi.useRealTimers();
      expect(await carriesLiveSession(post(cookie), backend(), database)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  test("a session that has ended may not, nor one whose user is off the staff list", async () => {
    const cookie = await signedInCookies();
    expect(await carriesLiveSession(post(cookie), backend(), database)).toBe(true);
    await fake.db.query("delete from auth.sessions where user_id = $1", [samId]);
    expect(await carriesLiveSession(post(cookie), backend(), database)).toBe(false);

    const other = await signedInCookies();
    await removeStaffMember(fake.db, samId);
    try {
      expect(await carriesLiveSession(post(other), backend(), database)).toBe(false);
    } finally {
      await putSamOnTheList();
    }
  });

  test("a database that cannot be asked answers no", async () => {
    const cookie = await signedInCookies();
    const down = () => Promise.reject(new Error("the database is down"));
    expect(await carriesLiveSession(post(cookie), backend(), down)).toBe(false);
  });

  test.each([
    ["no cookie", undefined],
    ["another cookie", "theme=dark"],
    ["a cookie that is not a session", `${STAFF_SESSION_COOKIE}=base64-bm90IGpzb24`],
    ["a session without a token", `${STAFF_SESSION_COOKIE}=${JSON.stringify({ user: {} })}`],
  ])("%s may not", async (_, cookie) => {
    expect(await carriesLiveSession(post(cookie), backend(), database)).toBe(false);
  });

  test("a token that is not signed by the service may not, however it is dressed", async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const claims = {
      sub: "00000000-0000-4000-8000-000000000000",
      role: "authenticated",
      exp: Math.floor(Date.now() / 1000) + 3600,
    };
    const jwks = (await (await fetch(`${fake.url}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    const kid = jwks.keys[0]!.kid;
    const forged = [
      `${encode({ alg: "none", typ: "JWT", kid })}.${encode(claims)}.`,
      `${encode({ alg: "ES256", typ: "JWT", kid })}.${encode(claims)}.${encode({ sig: 1 })}`,
      `${encode({ alg: "RS256", typ: "JWT", kid })}.${encode(claims)}.c2ln`,
      "not.a.jwt",
    ];
    for (const token of forged) {
      const session = `base64-${Buffer.from(JSON.stringify({ access_token: token })).toString("base64url")}`;
      expect(
        await carriesLiveSession(post(`${STAFF_SESSION_COOKIE}=${session}`), backend(), database),
      ).toBe(false);
    }
  });
});
