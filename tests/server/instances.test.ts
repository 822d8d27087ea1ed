import { afterEach, describe, expect, vi } from "vitest";
import { startServer, stopAllServers } from "../support/built-server";
import { addStaffWithCommand, serverTest as test, signedInOn } from "../support/server-test";
import { drivers, openTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Several instances of the production build on one PostgreSQL database, as
 * on Fly with DATABASE_URL: each has its own DATA_DIR, and still they are one
 * site. Needs TEST_DATABASE_URL (CI sets it).
 */

// Each test starts two servers and runs a command: seconds apiece on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const INBOX_HEADING = /<h1[^>]*>Enquiries<\/h1>/;

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
      const password = await addStaffWithCommand(env, email, "owner");

      // Each server gets a data folder of its own, as each Fly machine has its own volume.
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      const staff = await signedInOn(a, email, password);

      const onA = await staff.get("/staff");
      expect(onA.status).toBe(200);
      expect(await onA.text()).toMatch(INBOX_HEADING);
      const onB = await staff.at(b).get("/staff");
      expect(onB.status, "the other instance sends the session to sign in").toBe(200);
      expect(await onB.text()).toMatch(INBOX_HEADING);
    });
  },
);
