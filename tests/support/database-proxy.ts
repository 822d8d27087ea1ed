// A loopback TCP proxy to PostgreSQL that can be cut, for the tests and the
// soak script: `down()` drops every connection and refuses new ones, which
// is what a server sees when its database goes away; `stall()` takes new
// connections and never answers on them, as a database that hangs; `up()`
// listens again on the same port and passes connections through. Node runs
// this file directly too: erasable TypeScript only.
import net from "node:net";

export type DatabaseProxy = {
  port: () => number;
  up: () => Promise<void>;
  down: () => Promise<void>;
  stall: () => Promise<void>;
  /** Connections taken while stalled, and how many of them the client has given up on. */
  stalled: () => { taken: number; givenUp: number };
};

export async function databaseProxy(target: URL): Promise<DatabaseProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let stalled = false;
  const stalledCount = { taken: 0, givenUp: 0 };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      if (server?.listening) return resolve();
      server = net.createServer((client) => {
        if (stalled) {
          stalledCount.taken += 1;
          sockets.add(client);
          client.once("close", () => sockets.delete(client));
          // Its end (a FIN) or a reset: the client stopped waiting.
          client.once("end", () => (stalledCount.givenUp += 1));
          client.on("error", () => {});
          client.resume();
          return;
        }
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once("close", () => sockets.delete(socket));
          socket.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
        client.once("close", () => upstream.destroy());
        upstream.once("close", () => client.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server?.address();
        port = typeof address === "object" && address ? address.port : port;
        resolve();
      });
    });
  const up = () => {
    stalled = false;
    return listen();
  };
  await up();
  return {
    port: () => port,
    up,
    stall() {
      stalled = true;
      stalledCount.taken = 0;
      stalledCount.givenUp = 0;
      return listen();
    },
    stalled: () => ({ ...stalledCount }),
    async down() {
      // Closing waits for open connections, so they are dropped first.
      const closed = new Promise<void>((resolve) =>
        server ? server.close(() => resolve()) : resolve(),
      );
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** The server part of a PostgreSQL URL, for a client to another database on it. */
export function connectionOf(url: string) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    username: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}
