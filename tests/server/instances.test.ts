import { afterEach, describe, expect, test, vi } from "vitest";
import {
  runServerToExit,
  startServer,
  stopAllServers,
  type RunningServer,
} from "../support/built-server";
import { CookieJar } from "../support/staff-requests";
import { drivers, openTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Several instances of the production build on one PostgreSQL database, as
 * on Fly with DATABASE_URL: each has its own DATA_DIR, and still they are one
 * site. Needs TEST_DATABASE_URL (CI sets it).
 */

afterEach(stopAllServers);
// Each test starts two servers and runs a command: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const INBOX_HEADING = /<h1[^>]*>Enquiries<\/h1>/;

/** One browser's cookies, sent to whichever instance it reaches; redirects not followed. */
function browser() {
  const jar = new CookieJar();
  const send = async (server: RunningServer, target: string, init: RequestInit = {}) =>
    jar.take(
      await fetch(new URL(target, server.url), {
        ...init,
        redirect: "manual",
        headers: { ...init.headers, Cookie: jar.header() },
      }),
    );
  return {
    get: (server: RunningServer, target: string) => send(server, target),
    post: (server: RunningServer, target: string, fields: Record<string, string>) =>
      send(server, target, {
        method: "POST",
        headers: { "Sec-Fetch-Site": "same-origin", Origin: server.url },
        body: new URLSearchParams(fields),
      }),
  };
}

describe.runIf(drivers.includes("postgres"))(
  "two instances on one PostgreSQL without Supabase",
  () => {
    let database: TestDatabase | undefined;
    afterEach(async () => {
      stopAllServers();
      await database?.[Symbol.asyncDispose]();
      database = undefined;
    });

    test("a session made on one instance is good on the other", async () => {
      database = await openTestDatabase("postgres");
      const env = { DATABASE_URL: database.url! };
      const email = "owner@example.com";
      const added = await runServerToExit(env, ["staff-add", "--email", email, "--role", "owner"]);
      const password = /Their password, shown this once: (\S+)/.exec(added.output)?.[1];
      expect(password, added.output).toBeDefined();

      // Each server gets a data folder of its own, as each Fly machine has its own volume.
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      const staff = browser();
      const signedIn = await staff.post(a, "/staff/sign-in", {
        email,
        password: password!,
        redirectTo: "/staff",
      });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get("Location")).toBe("/staff");

      const onA = await staff.get(a, "/staff");
      expect(onA.status).toBe(200);
      expect(await onA.text()).toMatch(INBOX_HEADING);
      const onB = await staff.get(b, "/staff");
      expect(onB.status, "the other instance sends the session to sign in").toBe(200);
      expect(await onB.text()).toMatch(INBOX_HEADING);
    });
  },
);
