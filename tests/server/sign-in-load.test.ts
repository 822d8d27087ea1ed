import { request } from "node:http";
import { performance } from "node:perf_hooks";
import { afterAll, afterEach, beforeAll, describe, expect, vi } from "vitest";
import { startServer, stopAllServers, type RunningServer } from "../support/built-server";
import { addStaffWithCommand, serverTest as test } from "../support/server-test";
import { startSiteverifyFake, type SiteverifyFake } from "../support/siteverify-fake";
import { drivers, openTestDatabase, type TestDatabase } from "../support/test-database";
import { SIGN_IN_LIMITS } from "~/staff/accounts/sign-in.server";

/**
 * Sign-in through the production build under many attempts at once, each
 * from a loopback address of its own (all of 127.0.0.0/8 is the machine's),
 * on both drivers: the limits hold however many arrive together, and the
 * owner and the rest of the site are not held up behind them.
 */

// Hundreds of requests to a server of its own, on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000 });

type Answer = { status: number; body: string; location: string | undefined; ms: number };

/** One request from `localAddress`, on a connection of its own, as a browser there would send it. */
function from(
  server: RunningServer,
  localAddress: string,
  path: string,
  form?: Record<string, string>,
): Promise<Answer> {
  const url = new URL(path, server.url);
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: form ? "POST" : "GET",
        localAddress,
        agent: false,
        headers: form
          ? {
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": Buffer.byteLength(body!),
              "Sec-Fetch-Site": "same-origin",
              Origin: server.url,
            }
          : {},
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text,
            location: response.headers.location,
            ms: performance.now() - started,
          }),
        );
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The `n`th loopback address of the `block`th /16 (127.<block>.x.y). */
const loopback = (block: number, n: number) => `127.${block}.${n >> 7}.${(n & 127) + 1}`;

const count = (answers: Answer[], status: number) =>
  answers.filter((answer) => answer.status === status).length;

describe.each(drivers)("sign-in under parallel attempts on %s", (driver) => {
  let database: TestDatabase | undefined;
  let siteverify: SiteverifyFake;
  beforeAll(async () => {
    siteverify = await startSiteverifyFake();
  });
  afterAll(async () => {
    await siteverify.close();
  });
  afterEach(async () => {
    stopAllServers();
    await database?.[Symbol.asyncDispose]();
    database = undefined;
  });

  /** A server on this driver with an owner on its staff list, and Turnstile's keys set. */
  async function serverWithOwner(dataDirectory: string) {
    if (driver === "postgres") database = await openTestDatabase("postgres");
    const env = {
      ...(database ? { DATABASE_URL: database.url! } : { DATA_DIR: dataDirectory }),
      TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
      TURNSTILE_SECRET_KEY: siteverify.secret,
      TURNSTILE_VERIFY_URL: siteverify.url,
    };
    const email = "owner@example.com";
    const password = await addStaffWithCommand(env, email, "owner");
    return { server: await startServer(env), email, password };
  }

  test("a hundred wrong passwords at once from one address: no more are checked than the limit, the rest wait", async ({
    dataDirectory,
  }) => {
    const { server, email, password } = await serverWithOwner(dataDirectory());
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        from(server, "127.0.0.2", "/staff/sign-in", { email, password: `guess-${n}` }),
      ),
    );
    // A 400 is an attempt whose password the Auth service checked; a 429 was
    // refused by its count, before any check.
    const checked = count(guesses, 400);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.perPair.max);
    expect(count(guesses, 429)).toBe(100 - checked);
    // The right password from there waits too. From elsewhere, past the
    // site's ceiling of checks the guesses reached, it signs in with the
    // human check.
    expect((await from(server, "127.0.0.2", "/staff/sign-in", { email, password })).status).toBe(
      429,
    );
    const owner = await from(server, "127.0.0.3", "/staff/sign-in", {
      email,
      password,
      "cf-turnstile-response": siteverify.issue({ action: "sign-in", hostname: "127.0.0.1" }),
    });
    expect(owner.status).toBe(303);
    expect(owner.location).toBe("/staff");
    expect(server.output()).not.toMatch(/^error /m);
  });

  test("the owner signs in from a fresh address while three hundred others guess, and the health check stays ok", async ({
    dataDirectory,
  }) => {
    const { server, email, password } = await serverWithOwner(dataDirectory());
    // Two hundred addresses guess the owner's password, a hundred guess at
    // addresses that are no account; none has passed the human check.
    const guessing = Array.from({ length: 300 }, (_, n) =>
      from(server, loopback(1, n), "/staff/sign-in", {
        email: n < 200 ? email : `nobody-${n}@example.com`,
        password: `guess-${n}`,
      }),
    );
    const health = from(server, "127.0.0.4", "/healthz");
    // The owner, from an address of their own, past the ceiling the guesses
    // reach: asked for the human check, passes it and is in.
    const token = siteverify.issue({ action: "sign-in", hostname: "127.0.0.1" });
    const owner = from(server, "127.0.0.5", "/staff/sign-in", {
      email,
      password,
      "cf-turnstile-response": token,
    });
    const [signedIn, healthz, guesses] = await Promise.all([owner, health, Promise.all(guessing)]);
    expect(signedIn.status, signedIn.body).toBe(303);
    expect(signedIn.location).toBe("/staff");
    expect(healthz.status).toBe(200);
    expect(JSON.parse(healthz.body)).toMatchObject({ status: "ok" });
    // No guess got an error or a sign-in; the owner's was checked however
    // the guesses were counted.
    expect(guesses.filter(({ status }) => status !== 400 && status !== 429)).toEqual([]);
    // No more passwords were checked than the site's ceiling.
    expect(count(guesses, 400)).toBeLessThanOrEqual(SIGN_IN_LIMITS.perSite.max);
    const slowest = Math.max(...guesses.map(({ ms }) => ms));
    console.log(
      `sign-in on ${driver}: the owner signed in in ${Math.round(signedIn.ms)} ms and /healthz answered in ${Math.round(healthz.ms)} ms during 300 parallel guesses (the slowest answered in ${Math.round(slowest)} ms; ${count(guesses, 400)} checked, ${count(guesses, 429)} refused by their counts)`,
    );
    expect(server.output()).not.toMatch(/^error /m);
  });
});
