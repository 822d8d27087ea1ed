import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect } from "vitest";
import { connectionOf, databaseProxy } from "../support/database-proxy";
import { startServer, stopAllServers } from "../support/built-server";
import { serverTest as test } from "../support/server-test";

// The built server with PostgreSQL behind a loopback proxy the test can cut:
// what a server started during an outage does, and what it does when the
// database comes back.

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * An empty database of the test's own, reached through a loopback proxy the
 * test can cut; disposing of it stops the servers, then drops it.
 */
async function databaseBehindProxy() {
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  const name = `pub_site_outage_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const proxy = await databaseProxy(new URL(serverUrl!));
  const url = new URL(serverUrl!);
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port());
  url.pathname = `/${name}`;
  return {
    name,
    proxy,
    url: url.href,
    async [Symbol.asyncDispose]() {
      await proxy.down();
      stopAllServers();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

describe.runIf(serverUrl)("a PostgreSQL outage", () => {
  test("a server started during one serves the last good content, then connects when the database returns", async ({
    dataDirectory,
  }) => {
    await using outage = await databaseBehindProxy();
    const { name, proxy, url } = outage;
    const env = { DATABASE_URL: url, DATA_DIR: dataDirectory() };
    // A first server migrates, is given content, reads it, and stops.
    const first = await startServer(env);
    const seeded = postgres({ ...connectionOf(serverUrl!), database: name, max: 1 });
    await seeded.file("supabase/seed.sql");
    await seeded.end();
    // The server sees the new content at its next look at the content revision.
    let menu = "";
    await expect
      .poll(
        async () => {
          const before = await fetch(`${first.url}/menu`);
          menu = await before.text();
          return before.status === 200 && menu.includes("Squire Nachos");
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // Stopped at once: what it read is kept in DATA_DIR as it exits.
    first.process.kill("SIGTERM");
    await first.exited;

    // The database goes away; a server starts anyway.
    await proxy.down();
    const second = await startServer(env);
    const health = await fetch(`${second.url}/healthz`);
    expect(await health.json()).toMatchObject({ status: "degraded", database: "down" });
    // A database that hangs instead of refusing: the health check still
    // answers (Fly's and Docker's checks give up after a few seconds), and
    // before any connection to the database was given up on, so it waited
    // neither for the database's answer nor for a connection's time-out.
    await proxy.stall();
    const stalledHealth = await fetch(`${second.url}/healthz`);
    expect(await stalledHealth.json()).toMatchObject({ status: "degraded", database: "down" });
    expect(proxy.stalled().givenUp).toBe(0);
    await proxy.down();
    const during = await fetch(`${second.url}/menu`);
    expect(during.status).toBe(200);
    const title = menu.match(/<h1[^>]*>[^<]*<\/h1>/)?.[0];
    expect(await during.text()).toContain(title);

    // It comes back: the server connects on its own.
    await proxy.up();
    await expect
      .poll(async () => (await (await fetch(`${second.url}/healthz`)).json()).database, {
        timeout: 15_000,
        interval: 500,
      })
      .toBe("up");
  }, 90_000);

  test("a server started during one with nothing kept says so to the health check, until the database answers", async () => {
    await using outage = await databaseBehindProxy();
    const { name, proxy, url } = outage;
    await proxy.down();
    // A new machine: an empty data folder, no last good copy of the content.
    const server = await startServer({ DATABASE_URL: url });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(health.headers.get("Retry-After")).toBe("5");
    expect(await health.json()).toMatchObject({
      status: "unavailable",
      database: "down",
      content: "none",
    });
    expect((await fetch(`${server.url}/`)).status).toBe(503);

    await proxy.up();
    const seeded = postgres({ ...connectionOf(serverUrl!), database: name, max: 1 });
    await expect
      .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 30_000 })
      .toBe(200);
    await seeded.file("supabase/seed.sql");
    await seeded.end();
    await expect
      .poll(async () => (await fetch(`${server.url}/`)).status, { timeout: 30_000 })
      .toBe(200);
  }, 90_000);
});
