import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import postgres from "postgres";
import { UNSAFE_decodeViaTurboStream } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import {
  openBuiltApp,
  runServerToExit,
  startServer,
  stopAllServers,
  type BuiltApp,
  type ClientAddress,
  type RunningServer,
} from "../support/built-server";
import { addStaffWithCommand, signedInOn } from "../support/server-test";
import {
  postgresPrograms,
  startPrivatePostgres,
  type PrivatePostgres,
} from "../support/private-postgres";
import { drivers, openTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The live channel of the production build: what the pipeline does with
 * `/live` and `/live/revision` (in-process), several instances on one
 * PostgreSQL (a save on one reaches a stream open on the other, listening
 * or polling), and SIGTERM ending streams at once.
 */

vi.setConfig({ testTimeout: 60_000 });

type LiveEvent = { id?: string; event?: string; data?: string };

/**
 * Reads Server-Sent Events from a response as they come: `next(wanted)`
 * resolves with the first event (after those already taken) that `wanted`
 * accepts; comments and `retry:` are kept in `raw`.
 */
function eventsOf(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let raw = "";
  const events: LiveEvent[] = [];
  let ended = false;

  async function more(): Promise<boolean> {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    const text = decoder.decode(value, { stream: true });
    raw += text;
    buffer += text;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: LiveEvent = {};
      for (const line of block.split("\n")) {
        const [field, ...rest] = line.split(": ");
        if (field === "id" || field === "event" || field === "data") event[field] = rest.join(": ");
      }
      if (event.event) events.push(event);
    }
    return true;
  }

  return {
    raw: () => raw,
    async next(wanted: (event: LiveEvent) => boolean = () => true): Promise<LiveEvent> {
      for (;;) {
        const index = events.findIndex(wanted);
        if (index !== -1) return events.splice(0, index + 1).at(-1)!;
        events.length = 0;
        if (!(await more())) throw new Error(`the stream ended:\n${raw}`);
      }
    },
    /** Resolves once the server has ended the stream. */
    async end(): Promise<void> {
      while (!ended) await more();
    },
    cancel: () => reader.cancel(),
  };
}

const laterThan = (revision: string) => (event: LiveEvent) =>
  event.event === "revision" && BigInt(event.id!) > BigInt(revision);

/** Rejects if `work` takes longer than `ms`: the bound the issue sets, not a wait. */
function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The menu page's data on `server`, as an open page revalidating asks for
 * it: the content revisions its loaders named, and its dishes.
 */
async function menuDataOf(server: RunningServer) {
  const response = await fetch(`${server.url}/menu.data`);
  expect(response.status).toBe(200);
  const decoded = await UNSAFE_decodeViaTurboStream(response.body!, globalThis);
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: Record<string, unknown> }>;
  const data = Object.values(routes).flatMap((route) => (route.data ? [route.data] : []));
  const revisions = data.flatMap((loaded) =>
    typeof loaded.contentRevision === "string" ? [loaded.contentRevision] : [],
  );
  const sections = data.find((loaded) => Array.isArray(loaded.sections))?.sections as
    { items: { name: string; available: boolean }[] }[] | undefined;
  const items = (sections ?? []).flatMap((section) => section.items);
  return {
    revisions,
    names: items.map((item) => item.name),
    /** Whether the dish named `name` shows as not available today. */
    notToday: (name: string) => items.find((item) => item.name === name)?.available === false,
  };
}

/**
 * `table` locked in `mode` by a connection of its own, in a transaction held
 * open until `release()`, which resolves once the lock is let go. `pid` is
 * the holding connection's backend.
 */
async function holdLock(sql: postgres.Sql, table: string, mode: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked = (_pid: number) => {};
  const holding = new Promise<number>((resolve) => (locked = resolve));
  const lock = sql.begin(async (tx) => {
    const [own] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
    await tx.unsafe(`lock table ${table} in ${mode} mode`);
    locked(own!.pid);
    await released;
  });
  const pid = await holding;
  return {
    pid,
    release: async () => {
      release();
      await lock;
    },
  };
}

describe("the pipeline and the live channel", () => {
  const client: ClientAddress = { address: "203.0.113.7", family: "IPv4", port: 50000 };
  let app: BuiltApp;
  beforeAll(async () => {
    app = await openBuiltApp();
  });
  afterAll(async () => {
    await app?.[Symbol.asyncDispose]();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.handle(new Request(new URL(path, "http://localhost"), { headers }), client);

  test("/live: an uncompressed, unstored event stream, one of its own for each request", async () => {
    const headers = { "Accept-Encoding": "br, gzip", Accept: "text/event-stream" };
    const [first, second] = await Promise.all([get("/live", headers), get("/live", headers)]);
    for (const response of [first!, second!]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
      expect(response.headers.get("Content-Encoding")).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Accel-Buffering")).toBe("no");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
    const streams = [eventsOf(first!), eventsOf(second!)];
    const [a, b] = await Promise.all(streams.map((stream) => stream.next()));
    expect(a).toEqual(b);
    expect(a).toMatchObject({ event: "revision", id: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse(a!.data!)).toEqual({ revision: a!.id });
    expect(streams[0]!.raw().startsWith("retry: 1000\n\n")).toBe(true);
    await Promise.all(streams.map((stream) => stream.cancel()));
  });

  test("/live/revision: uncompressed, no-cache, 304 for its ETag", async () => {
    const response = await get("/live/revision", { "Accept-Encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const { revision } = (await response.json()) as { revision: string };
    expect(response.headers.get("ETag")).toBe(`"${revision}"`);
    const again = await get("/live/revision?t=1", { "If-None-Match": `"${revision}"` });
    expect(again.status).toBe(304);
  });

  test.each(["POST", "PUT", "DELETE", "PATCH"])(
    "%s /live and /live/revision: 405 with Allow",
    async (method) => {
      for (const path of ["/live", "/live/revision"]) {
        const response = await app.handle(
          new Request(new URL(path, "http://localhost"), {
            method,
            headers: { "Sec-Fetch-Site": "same-origin", Origin: "http://localhost" },
            body: method === "DELETE" ? null : "x=1",
          }),
          client,
        );
        expect(response.status).toBe(405);
        expect(response.headers.get("Allow")).toBe("GET, HEAD, OPTIONS");
      }
    },
  );

  test("HEAD /live: the headers, no stream left open", async () => {
    const response = await app.handle(
      new Request("http://localhost/live", { method: "HEAD" }),
      client,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const health = await (await get("/healthz")).json();
    expect(health).toMatchObject({ live: { streams: 0 } });
  });

  test.each(["/LIVE", "/live/", "/Live/"])(
    "%s is the stream too (React Router matches any case and a trailing slash), uncompressed",
    async (path) => {
      const response = await get(path, { "Accept-Encoding": "br, gzip" });
      expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
      expect(response.headers.get("Content-Encoding")).toBeNull();
      const stream = eventsOf(response);
      expect(await stream.next()).toMatchObject({ event: "revision" });
      await stream.cancel();
    },
  );

  test("/LIVE/REVISION/ is the revision", async () => {
    const response = await get("/LIVE/REVISION/", { "Accept-Encoding": "br, gzip" });
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(await response.json()).toEqual({ revision: expect.stringMatching(/^\d+$/) });
  });

  test.each([
    "/live.data",
    "/LIVE.data",
    "/live/_.data",
    "/live/revision.data",
    "/live/revision/_.data",
  ])("%s (a client-router data request, which no page makes) gets 404 at once", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toMatch(/\/live/);
  });

  test.each([
    ["/live?x=1", { "Last-Event-ID": "x".repeat(2_000) }],
    ["/live?%ZZ", { "Last-Event-ID": "-5" }],
    ["/live?lastEventId=abc&lastEventId=3", {}],
  ])("odd input to %s still opens the stream with the current revision", async (path, headers) => {
    const stream = eventsOf(await get(path, headers));
    expect(await stream.next()).toMatchObject({ event: "revision" });
    await stream.cancel();
  });
});

describe.runIf(drivers.includes("postgres"))("two instances on one PostgreSQL", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    stopAllServers();
    await database?.[Symbol.asyncDispose]();
    database = undefined;
  });

  /** Signs an owner in on `server` and returns a post function carrying the session. */
  async function staffOn(server: RunningServer, env: Record<string, string>) {
    const email = "owner@example.com";
    const password = await addStaffWithCommand(env, email, "owner");
    return (await signedInOn(server, email, password)).post;
  }

  test("listening: a staff save on A is an event on a stream open on B within 3 s", async () => {
    database = await openTestDatabase("postgres");
    const env = { DATABASE_URL: database.url! };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    await b.waitForOutput('Live updates: listening on "content_revision"');
    expect(await (await fetch(`${b.url}/healthz`)).json()).toMatchObject({
      live: { mode: "listen", streams: 0 },
    });
    const post = await staffOn(a, env);
    const [item] = await database.query<{ id: number }>(
      "select id from public.menu_items where available order by id limit 1",
    );

    const stream = eventsOf(await fetch(`${b.url}/live`));
    const first = await stream.next();
    expect(await (await fetch(`${b.url}/healthz`)).json()).toMatchObject({
      live: { mode: "listen", streams: 1 },
    });
    const saved = await post("/staff/menu", { intent: "mark-not-today", item: String(item!.id) });
    expect(saved.status).toBe(303);
    const event = await within(3_000, stream.next(laterThan(first.id!)), "the event on B");
    expect(JSON.parse(event.data!)).toEqual({ revision: event.id });

    // And B's pages show the change straight away: its content cache was told too.
    const revision = (await (await fetch(`${b.url}/live/revision`)).json()) as { revision: string };
    expect(BigInt(revision.revision)).toBeGreaterThanOrEqual(BigInt(event.id!));
    await stream.cancel();
  });

  test("polling (the listener unavailable): a staff save on A reaches a stream on B within 3 s", async () => {
    database = await openTestDatabase("postgres");
    const pooler = new URL(database.url!);
    pooler.port = "6543";
    const env = { DATABASE_URL: database.url!, LIVE_LISTEN_DATABASE_URL: pooler.href };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    await b.waitForOutput(
      "Live updates: reading the content revision every 2 s while pages follow it (LIVE_LISTEN_DATABASE_URL is a transaction pooler",
    );
    expect(await (await fetch(`${b.url}/healthz`)).json()).toMatchObject({
      live: { mode: "poll" },
    });
    const post = await staffOn(a, env);
    const [item] = await database.query<{ id: number }>(
      "select id from public.menu_items where available order by id limit 1",
    );

    const stream = eventsOf(await fetch(`${b.url}/live`));
    const first = await stream.next();
    const saved = await post("/staff/menu", { intent: "mark-not-today", item: String(item!.id) });
    expect(saved.status).toBe(303);
    const event = await within(3_000, stream.next(laterThan(first.id!)), "the event on B");
    expect(JSON.parse(event.data!)).toEqual({ revision: event.id });

    // A write from elsewhere (the SQL editor, say) is seen the same way.
    await database.query("update public.site_settings set tagline = tagline || ' '");
    const next = await within(3_000, stream.next(laterThan(event.id!)), "the next event on B");
    expect(JSON.parse(next.data!)).toEqual({ revision: next.id });
    await stream.cancel();
  });
});

describe.runIf(drivers.includes("postgres"))("a table locked while staff save", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    stopAllServers();
    await database?.[Symbol.asyncDispose]();
    database = undefined;
  });

  test("B never pairs the new revision with the old menu, and shows the new one within 2 s of the lock ending", async () => {
    database = await openTestDatabase("postgres");
    const env = { DATABASE_URL: database.url! };
    const server = await startServer(env);
    await server.waitForOutput('Live updates: listening on "content_revision"');
    const [item] = await database.query<{ id: number; name: string }>(
      "select id, name from public.menu_items where available order by id limit 1",
    );
    const before = await menuDataOf(server);
    expect(before.names).toContain(item!.name);
    const [oldRevision] = before.revisions;

    // One connection holds the menu's sections; another renames a dish,
    // which moves the revision (B hears it at once).
    const locker = postgres(database.url!, { max: 1, onnotice: () => {} });
    const lock = await holdLock(locker, "public.menu_sections", "access exclusive");
    try {
      const renamed = `Renamed while locked ${Date.now()}`;
      await database.query("update public.menu_items set name = $1 where id = $2", [
        renamed,
        item!.id,
      ]);
      const [{ revision: newRevision }] = (await database.query<{ revision: string }>(
        "select revision::text as revision from public.content_revision",
      )) as [{ revision: string }];
      expect(newRevision).not.toBe(oldRevision);

      // While the lock holds, the menu cannot be read: the last good copy,
      // with the revision it was read at.
      const during = await menuDataOf(server);
      expect(during.names).toContain(item!.name);
      expect(during.revisions).toContain(oldRevision);

      await lock.release();
      const endedAt = performance.now();
      for (;;) {
        const after = await menuDataOf(server);
        if (after.names.includes(renamed)) {
          expect(Math.min(...after.revisions.map(Number))).toBe(Number(newRevision));
          break;
        }
        // Never the new revision with the old menu.
        expect(after.revisions).toContain(oldRevision);
        expect(performance.now() - endedAt, "the new menu within 2 s").toBeLessThan(2_000);
      }
    } finally {
      await lock.release().catch(() => undefined);
      await locker.end();
    }
  });
});

describe.runIf(drivers.includes("postgres"))(
  "two instances while PostgreSQL ends every connection",
  () => {
    let database: TestDatabase | undefined;
    const spinners: ChildProcess[] = [];
    afterEach(async () => {
      for (const spinner of spinners.splice(0)) spinner.kill("SIGKILL");
      stopAllServers();
      await database?.[Symbol.asyncDispose]();
      database = undefined;
    });

    test("ten times on a busy machine, a save on A held in its transaction as they end: each is taken the first time, and B never names a revision newer than the menu it shows", async () => {
      database = await openTestDatabase("postgres");
      const env = { DATABASE_URL: database.url! };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      await b.waitForOutput('Live updates: listening on "content_revision"');
      const email = "owner@example.com";
      const password = await addStaffWithCommand(env, email, "owner");
      const { post } = await signedInOn(a, email, password);
      const [item] = await database.query<{ id: number; name: string }>(
        "select id, name from public.menu_items where available order by id limit 1",
      );
      // Every core kept busy, as on a crowded host.
      for (let core = 0; core < availableParallelism(); core += 1) {
        spinners.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
      }
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      const locker = postgres(database.url!, { max: 1, onnotice: () => {} });
      const databaseName = new URL(database.url!).pathname.slice(1);
      try {
        for (let round = 1; round <= 10; round += 1) {
          const intent = round % 2 === 1 ? "mark-not-today" : "mark-available";
          // The save is held inside its transaction (the dishes locked by
          // another connection) while every connection to the database is
          // ended, as a restart ends them: A's pool and listener, B's, and
          // the save's own, before it reached COMMIT.
          const lock = await holdLock(locker, "public.menu_items", "share row exclusive");
          const saving = post("/staff/menu", { intent, item: String(item!.id) });
          await vi.waitFor(
            async () => {
              const [waiting] = await admin<{ count: number }[]>`
                select count(*)::int as count from pg_stat_activity
                where datname = ${databaseName} and wait_event_type = 'Lock'`;
              expect(waiting!.count).toBeGreaterThan(0);
            },
            { timeout: 4_000, interval: 20 },
          );
          await admin`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = ${databaseName} and pid <> pg_backend_pid() and pid <> ${lock.pid}`;
          await lock.release();
          const saved = await saving;
          expect(
            saved.status,
            `round ${round}: the save on A, the first time\n${a.output().slice(-4000)}`,
          ).toBe(303);
          const [{ available }] = (await database.query<{ available: boolean }>(
            "select unavailable_until is null or unavailable_until <= now() as available from public.menu_items where id = $1",
            [item!.id],
          )) as [{ available: boolean }];
          expect(available, `round ${round}: the save landed`).toBe(intent === "mark-available");

          // B, as an open page asks on the event: never a revision its menu is older than.
          const [{ revision }] = (await database.query<{ revision: string }>(
            "select revision::text as revision from public.content_revision",
          )) as [{ revision: string }];
          const shown = await menuDataOf(b);
          const shownRevision = shown.revisions.map(BigInt).reduce((x, y) => (x < y ? x : y));
          if (shownRevision >= BigInt(revision)) {
            expect(shown.notToday(item!.name), `round ${round}: B's menu at ${revision}`).toBe(
              intent === "mark-not-today",
            );
          }
        }
      } finally {
        await admin.end();
        await locker.end();
      }
    });
  },
);

describe.runIf(drivers.includes("postgres") && postgresPrograms())(
  "two instances while PostgreSQL restarts",
  () => {
    let cluster: PrivatePostgres | undefined;
    const spinners: ChildProcess[] = [];
    afterEach(async () => {
      for (const spinner of spinners.splice(0)) spinner.kill("SIGKILL");
      stopAllServers();
      await cluster?.[Symbol.asyncDispose]();
      cluster = undefined;
    });

    /** Asks `servers` for what open pages and health checks ask, over and over until `work` ends. */
    async function visitWhile(work: Promise<void>, servers: RunningServer[]): Promise<void> {
      let done = false;
      const finished = work.finally(() => (done = true));
      const visitor = async (server: RunningServer) => {
        for (const target of ["/menu.data", "/healthz", "/live/revision", "/contact"]) {
          if (done) return;
          await fetch(`${server.url}${target}`)
            .then((response) => response.arrayBuffer())
            .catch(() => undefined);
        }
        if (!done) await visitor(server);
      };
      await Promise.all([
        finished,
        ...servers.flatMap((server) => [visitor(server), visitor(server)]),
      ]);
    }

    test("pg_ctl restart -m fast ten times on a busy machine, a save on A right after each: each is taken the first time, and B never names a revision newer than the menu it shows", async () => {
      cluster = await startPrivatePostgres();
      const env = { DATABASE_URL: cluster.url };
      const seeded = await runServerToExit(env, ["seed"]);
      expect(seeded.code, seeded.output).toBe(0);
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      await b.waitForOutput('Live updates: listening on "content_revision"');
      const email = "owner@example.com";
      const password = await addStaffWithCommand(env, email, "owner");
      const { post } = await signedInOn(a, email, password);
      const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
      const read = async () => {
        const [row] = await sql<
          { id: number; name: string; available: boolean; revision: string }[]
        >`
          select i.id, i.name, i.unavailable_until is null or i.unavailable_until <= now() as available,
            (select revision::text from public.content_revision) as revision
          from public.menu_items i where i.id = ${item!.id}`;
        return row!;
      };
      const [item] = await sql<{ id: number; name: string }[]>`
        select id, name from public.menu_items where available order by id limit 1`;
      for (let core = 0; core < availableParallelism(); core += 1) {
        spinners.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
      }
      try {
        for (let round = 1; round <= 10; round += 1) {
          const intent = round % 2 === 1 ? "mark-not-today" : "mark-available";
          // Resolves once the server accepts connections again: every
          // connection A and B held was ended by the restart, while
          // visitors kept asking both for pages and their health.
          const visiting = visitWhile(cluster.restart(), [a, b]);
          await visiting;
          const saved = await post("/staff/menu", { intent, item: String(item!.id) });
          expect(
            saved.status,
            `round ${round}: the save on A, the first time\n${a.output().slice(-4000)}`,
          ).toBe(303);
          const now = await read();
          expect(now.available, `round ${round}: the save landed`).toBe(
            intent === "mark-available",
          );

          // B, as an open page asks on the event: never a revision its menu
          // is older than, and the saved menu once it names the save's revision.
          const startedAt = performance.now();
          for (;;) {
            const shown = await menuDataOf(b);
            const shownRevision = shown.revisions.map(BigInt).reduce((x, y) => (x < y ? x : y));
            if (shownRevision >= BigInt(now.revision)) {
              expect(
                shown.notToday(item!.name),
                `round ${round}: B's menu at ${now.revision}`,
              ).toBe(intent === "mark-not-today");
              break;
            }
            expect(
              performance.now() - startedAt,
              `round ${round}: B shows revision ${now.revision} within 5 s (shows ${shown.revisions.join()})\n${b.output().slice(-4000)}`,
            ).toBeLessThan(5_000);
          }
        }
      } finally {
        await sql.end();
      }
    }, 240_000);
  },
);

describe("SIGTERM", () => {
  afterEach(stopAllServers);

  test("ends every open stream at once, and the server stops without waiting out its grace", async () => {
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: "10" });
    const streams = await Promise.all(
      [1, 2, 3].map(async () => eventsOf(await fetch(`${server.url}/live`))),
    );
    await Promise.all(streams.map((stream) => stream.next()));
    const signalled = Date.now();
    server.process.kill("SIGTERM");
    await Promise.all(streams.map((stream) => stream.end()));
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain("SIGTERM: ended 3 live stream(s)");
    expect(server.output()).not.toMatch(/still open after the .* grace period/);
  });
});
