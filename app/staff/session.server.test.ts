import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  startSupabaseAuthFake,
  type SupabaseAuthFake,
} from "../../tests/support/supabase-auth-fake";
import { supabaseAuthBackend } from "~/platform/auth-backend.server";
import { STAFF_SESSION_COOKIE, createStaffClient } from "./session.server";

let fake: SupabaseAuthFake;
let gateway: Server;
let gatewayUrl: string;
/** How many of the next token requests the gateway answers 503, as a proxy whose backend restarts. */
let failuresAhead = 0;
const tokenRequests: number[] = [];

beforeAll(async () => {
  fake = await startSupabaseAuthFake();
  await fake.service.createUser({ email: "sam@example.com", password: "a long enough password" });
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

test("a Supabase project's 503 is retried, and the sign-in goes through", async () => {
  failuresAhead = 2;
  tokenRequests.length = 0;
  const backend = supabaseAuthBackend({ url: gatewayUrl, publishableKey: fake.publishableKey });
  const { supabase, responseHeaders } = createStaffClient(
    new Request("http://localhost/staff/sign-in", { method: "POST" }),
    backend,
  );
  const { data, error } = await supabase.auth.signInWithPassword({
    email: "sam@example.com",
    password: "a long enough password",
  });
  expect(error).toBeNull();
  expect(data.session?.access_token).toBeTruthy();
  expect(tokenRequests).toEqual([503, 503, 200]);
  expect(responseHeaders().getSetCookie().join("\n")).toContain(`${STAFF_SESSION_COOKIE}=`);
});

test("when the project stays down, the client says so instead of signing anyone in", async () => {
  failuresAhead = 10;
  tokenRequests.length = 0;
  const backend = supabaseAuthBackend({ url: gatewayUrl, publishableKey: fake.publishableKey });
  const { supabase, responseHeaders } = createStaffClient(
    new Request("http://localhost/staff/sign-in", { method: "POST" }),
    backend,
  );
  const { error } = await supabase.auth.signInWithPassword({
    email: "sam@example.com",
    password: "a long enough password",
  });
  expect(error?.status).toBe(503);
  // The first try and three retries.
  expect(tokenRequests).toEqual([503, 503, 503, 503]);
  expect(responseHeaders().getSetCookie()).toEqual([]);
  failuresAhead = 0;
});
