import { readFileSync } from "node:fs";
import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import postgres from "postgres";
import { afterEach, describe, expect, test } from "vitest";
import { mendPostgresConnection, POSTGRES_JS_FIXED_VERSION } from "./postgres-js-fix";

const installed = readFileSync("node_modules/postgres/src/connection.js", "utf8");

/** A PostgreSQL wire-protocol message: type byte, length, body. */
function message(type: string, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, "latin1");
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}
const authenticationOk = message("R", Buffer.from([0, 0, 0, 0]));
const readyForQuery = message("Z", Buffer.from("I"));
const selectDone = Buffer.concat([message("C", Buffer.from("SELECT 0\0")), readyForQuery]);

/**
 * Just enough of a PostgreSQL server for simple queries. `startups` counts
 * the StartupMessages that reached it.
 */
function fakeServer() {
  let startups = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const offset = started ? 1 : 0;
        if (buffer.length < offset + 4) return;
        const length = buffer.readInt32BE(offset);
        if (buffer.length < offset + length) return;
        const type = started ? String.fromCharCode(buffer[0]!) : "startup";
        buffer = buffer.subarray(offset + length);
        if (type === "startup") {
          started = true;
          startups += 1;
          socket.write(Buffer.concat([authenticationOk, readyForQuery]));
        } else if (type === "Q") {
          socket.write(selectDone);
        } else if (type === "X") socket.end();
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
      ),
    startups: () => startups,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe("the postgres.js fix", () => {
  let cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  test(`applies to the installed postgres.js ${POSTGRES_JS_FIXED_VERSION}, each change where it was written for`, () => {
    const mended = mendPostgresConnection(installed);
    expect(mended.match(/nextWriteTimer = chunk = null/g)).toHaveLength(2);
    expect(mended).toMatch(/function nextWrite\(fn\) \{\n\s+if \(!socket\) \{/);
  });

  test("refuses, naming the version, a release where the code has moved", () => {
    const moved = installed.replace("function nextWrite(fn) {", "function nextWrite(fn, x) {");
    expect(() => mendPostgresConnection(moved)).toThrow(
      /postgres\.js is not the 3\.4\.9 this fix was written for \(a write with no socket fails as a closed connection: found 0 places, expected 1\)/,
    );
  });

  test("a connection closed with a write batched connects again and answers, instead of hanging until its connect time-out", async () => {
    const server = fakeServer();
    const port = await server.listen();
    cleanup.push(() => server.close());
    // The client's sockets, so the test can close one as a restart would.
    const sockets: Socket[] = [];
    const sql = postgres({
      socket: async () => {
        const socket = connect(port, "127.0.0.1");
        await once(socket, "connect");
        sockets.push(socket);
        return socket;
      },
      user: "site",
      database: "site",
      max: 1,
      fetch_types: false,
      prepare: false,
      // Long past anything this test waits for: the fault shows as this time-out.
      connect_timeout: 30,
      onnotice: () => {},
    } as postgres.Options<Record<string, never>>);
    cleanup.push(() => sql.end({ timeout: 0 }));

    await sql.unsafe("select 1").simple();
    expect(sockets).toHaveLength(1);

    // A query is written, batched until the event loop's check phase, and
    // the connection's close is handled first: in a restart, when another
    // connection's close (handled in the same turn) makes its caller send
    // again on this one.
    const lost = sql
      .unsafe("select 2")
      .simple()
      .catch((error: { code?: string }) => error);
    // postgres.js sends a query a few promise jobs later; still before the check phase.
    for (let job = 0; job < 10; job += 1) await null;
    sockets[0]!.destroy();
    sockets[0]!.emit("close", false);
    expect(await lost).toMatchObject({ code: "CONNECTION_CLOSED" });

    // The connection opens again: its StartupMessage is written, and the query answered.
    await expect(sql.unsafe("select 3").simple()).resolves.toHaveLength(0);
    expect(server.startups()).toBe(2);
  });
});
