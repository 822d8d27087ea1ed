import { afterEach, describe, expect, test as baseTest, vi } from "vitest";
import postgres from "postgres";
import { drivers, openTestDatabase, type Driver } from "../../../tests/support/test-database";
import { openPostgres, type Database, type Lost } from "../database/database.server";
import { stubDatabase } from "../database/database.test-support";
import { ContentRevision, readContentRevision } from "./content-revision.server";
import { POLL_MS, READ_REUSE_MS, REVISION_CHANNEL, RevisionFeed } from "./revision-feed.server";

const quiet = { info() {}, warn() {} };

/** The process's revision, read by `read`. */
const revisionReadBy = (read: () => Promise<string>) => new ContentRevision({ read });

const readRevision = (db: Database) => async () => {
  const [row] = await db.query<{ revision: string }>(
    "select revision::text as revision from public.content_revision",
  );
  return row?.revision;
};

/** Moves the content revision on, as any staff save does (the trigger), and returns it. */
async function touchContent(db: Database): Promise<string> {
  await db.query("update public.site_settings set tagline = tagline");
  return (await readRevision(db)())!;
}

/** LISTEN on the revision channel: what it hears, and when the first payload has come. */
async function listenToRevisions(db: Database) {
  const heard: string[] = [];
  let tell: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (tell = resolve));
  const listening = await db.listen!(
    REVISION_CHANNEL,
    (payload) => {
      heard.push(payload);
      tell();
    },
    () => {},
  );
  return { heard, arrived, close: () => listening.close() };
}

/** Resolves with the first value `subscribe`'s callback gets that satisfies `wanted`. */
function nextRevision(feed: RevisionFeed, wanted: (revision: string) => boolean = () => true) {
  return new Promise<string>((resolve) => {
    const stop = feed.subscribe((revision) => {
      if (!wanted(revision)) return;
      stop();
      resolve(revision);
    });
  });
}

const test = baseTest
  .extend("driver", "pglite" as Driver)
  /** A database of the test's own, closed when it ends. */
  .extend("db", async ({ driver }, { onCleanup }) => {
    const db = await openTestDatabase(driver);
    onCleanup(() => db[Symbol.asyncDispose]());
    return db;
  })
  /** Makes the test's feed, stopped when it ends (before its database closes). */
  .extend("startFeed", ({ db: _db }, { onCleanup }) => {
    let feed: RevisionFeed | undefined;
    onCleanup(() => feed?.stop());
    return (options: ConstructorParameters<typeof RevisionFeed>[0]) =>
      (feed = new RevisionFeed(options));
  });

describe.each(drivers)("the content revision's NOTIFY on %s", (driver) => {
  test.override({ driver });

  test("a content write is heard through LISTEN, with the new revision as its payload", async ({
    db,
  }) => {
    const { heard, arrived, close } = await listenToRevisions(db);
    try {
      const revision = await touchContent(db);
      await arrived;
      expect(heard).toEqual([revision]);
    } finally {
      await close();
    }
  });

  test("a write rolled back says nothing; the next one does", async ({ db }) => {
    const { heard, arrived, close } = await listenToRevisions(db);
    try {
      await db
        .transaction(async (tx) => {
          await tx.query("update public.site_settings set tagline = tagline");
          throw new Error("changed my mind");
        })
        .catch(() => {});
      const revision = await touchContent(db);
      await arrived;
      expect(heard).toEqual([revision]);
    } finally {
      await close();
    }
  });

  test("the feed listens, and passes each new revision on to its subscribers", async ({
    db,
    startFeed,
  }) => {
    const database = db;
    const feed = startFeed({ database: async () => database, log: quiet });
    expect(await feed.start()).toBe("listen");
    const first = await feed.current();
    const heard = nextRevision(feed, (revision) => revision !== first);
    const revision = await touchContent(db);
    expect(await heard).toBe(revision);
    expect(feed.latest).toBe(revision);
    expect(BigInt(revision)).toBeGreaterThan(BigInt(first!));
  });

  test("with a listener that fails, the feed reads the revision while someone follows it", async ({
    db,
    startFeed,
  }) => {
    const database: Database = {
      ...db,
      listen: () => Promise.reject(new Error("LISTEN is not supported")),
    };
    const warnings: string[] = [];
    const feed = startFeed({
      database: async () => database,

      // Short, so the test does not wait two seconds for the poll; the timing is tested below.
      pollMs: 10,
      log: { info() {}, warn: (message) => warnings.push(message) },
    });
    expect(await feed.start()).toBe("poll");
    expect(warnings.join("\n")).toMatch(/not listening for content changes/);
    const first = await feed.current();
    const heard = nextRevision(feed, (revision) => revision !== first);
    const revision = await touchContent(db);
    expect(await heard).toBe(revision);
  });
});

describe("which URLs can LISTEN", () => {
  test("a transaction pooler's URL (port 6543, or pgbouncer=true) offers no LISTEN", () => {
    const pooled = openPostgres("postgres://user:pw@pooler.example.com:6543/postgres");
    const marked = openPostgres("postgres://user:pw@db.example.com:5432/postgres?pgbouncer=true");
    const direct = openPostgres("postgres://user:pw@db.example.com:5432/postgres");
    const listener = openPostgres("postgres://user:pw@pooler.example.com:6543/postgres", {
      listenUrl: "postgres://user:pw@pooler.example.com:5432/postgres",
    });
    const badListener = openPostgres("postgres://user:pw@db.example.com:5432/postgres", {
      listenUrl: "postgres://user:pw@pooler.example.com:6543/postgres",
    });
    expect([pooled, marked, direct, listener, badListener].map((db) => Boolean(db.listen))).toEqual(
      [false, false, true, true, false],
    );
    return Promise.all([pooled, marked, direct, listener, badListener].map((db) => db.close()));
  });
});

describe.runIf(drivers.includes("postgres"))("listening on PostgreSQL", () => {
  test.override({ driver: "postgres" });

  test("on a pooler URL the feed polls, and still delivers revisions", async ({
    db,
    startFeed,
  }) => {
    const url = new URL(db.url!);
    url.port = "6543";
    const pooled = openPostgres(url.href);
    const infos: string[] = [];
    const direct = db;
    const feed = startFeed({
      database: async () => pooled,
      // The pooler's port answers nothing here: the revision is read over the direct URL.
      revision: revisionReadBy(() => readContentRevision(direct)),
      pollMs: 10,
      cannotListen: "DATABASE_URL is a transaction pooler",
      log: { info: (message) => infos.push(message), warn() {} },
    });
    try {
      expect(await feed.start()).toBe("poll");
      expect(infos.join("\n")).toMatch(/reading the content revision every .* transaction pooler/);
      const first = await feed.current();
      const heard = nextRevision(feed, (revision) => revision !== first);
      const revision = await touchContent(db);
      expect(await heard).toBe(revision);
    } finally {
      await pooled.close();
    }
  });

  test("a listener whose connection is cut is told, and the feed listens again", async ({
    db,
    startFeed,
  }) => {
    const database = db;
    const lost: unknown[] = [];
    let tellLost: () => void = () => {};
    const wasLost = new Promise<void>((resolve) => (tellLost = resolve));
    const watched: Database = {
      ...database,
      listen: async (channel, onNotify, onLost: Lost) =>
        database.listen!(channel, onNotify, (error) => {
          lost.push(error);
          tellLost();
          onLost(error);
        }),
    };
    const feed = startFeed({ database: async () => watched, log: quiet });
    expect(await feed.start()).toBe("listen");

    const admin = postgres(db.url!, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'pub-site-listener' and datname = current_database()",
      );
      await wasLost;
      expect(lost).toHaveLength(1);
      expect(feed.mode).toBe("poll");
      // A change is still delivered: read, or heard once listening again (after a second).
      const first = feed.latest;
      const heard = nextRevision(feed, (revision) => revision !== first);
      const revision = await touchContent(db);
      expect(await heard).toBe(revision);
      await vi.waitFor(() => expect(feed.mode).toBe("listen"), { timeout: 15_000, interval: 50 });
      const again = nextRevision(feed, (next) => next !== revision);
      const latest = await touchContent(db);
      expect(await again).toBe(latest);
    } finally {
      await admin.end();
    }
  });
});

describe("polling and listening again (fake clock)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("reads every 2 s while someone follows it, and not at all otherwise", async () => {
    vi.useFakeTimers();
    let revision = 5;
    const read = vi.fn(async () => String(revision));
    const feed = new RevisionFeed({
      database: async () => stubDatabase(),
      revision: revisionReadBy(read),
      log: quiet,
    });
    expect(await feed.start()).toBe("poll");
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(read).not.toHaveBeenCalled();

    const heard: string[] = [];
    const stop = feed.subscribe((next) => heard.push(next));
    revision = 6;
    await vi.advanceTimersByTimeAsync(POLL_MS - 1);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toEqual(["6"]);
    revision = 7;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(heard).toEqual(["6", "7"]);
    // The same revision again is not news.
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(heard).toEqual(["6", "7"]);

    stop();
    const reads = read.mock.calls.length;
    revision = 8;
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(read).toHaveBeenCalledTimes(reads);
    await feed.stop();
  });

  test("not listening, many asking at once cost one read, and a read is reused for a second", async () => {
    vi.useFakeTimers();
    let answer: (revision: string) => void = () => {};
    const read = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const feed = new RevisionFeed({
      database: async () => stubDatabase(),
      revision: revisionReadBy(read),
      log: quiet,
    });
    await feed.start();
    const asking = Promise.all([feed.current(), feed.current(), feed.current()]);
    answer("4");
    expect(await asking).toEqual(["4", "4", "4"]);
    await vi.advanceTimersByTimeAsync(READ_REUSE_MS - 1);
    expect(await feed.current()).toBe("4");
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const again = feed.current();
    answer("5");
    expect(await again).toBe("5");
    expect(read).toHaveBeenCalledTimes(2);
    await feed.stop();
  });

  test("a revision lower than the last (an answer overtaken by a notification) is ignored", async () => {
    const feed = new RevisionFeed({
      database: async () => stubDatabase(),
      revision: revisionReadBy(async () => "1"),
      log: quiet,
    });
    const heard: string[] = [];
    feed.subscribe((next) => heard.push(next), { poll: false });
    feed.publish("10");
    feed.publish("9");
    feed.publish("10");
    feed.publish("11");
    expect(heard).toEqual(["10", "11"]);
    await feed.stop();
  });

  test("a lost listener: polls meanwhile, listens again after 1, 2, 5, then 10 s", async () => {
    vi.useFakeTimers();
    let revision = 1;
    const attempts: number[] = [];
    let failNext = 0;
    let lose: Lost = () => {};
    let notify: (payload: string) => void = () => {};
    const db = stubDatabase(async (_channel, onNotify, onLost) => {
      attempts.push(Date.now());
      if (failNext > 0) {
        failNext--;
        throw new Error("connection refused");
      }
      notify = onNotify;
      lose = onLost;
      return { close: async () => {} };
    });
    const warnings: string[] = [];
    const feed = new RevisionFeed({
      database: async () => db,
      revision: revisionReadBy(async () => String(revision)),
      log: { info() {}, warn: (message) => warnings.push(message) },
    });
    expect(await feed.start()).toBe("listen");
    const heard: string[] = [];
    feed.subscribe((next) => heard.push(next));
    notify("2");
    expect(heard).toEqual(["2"]);

    // Lost: the next three attempts fail too.
    failNext = 3;
    const start = Date.now();
    lose(new Error("connection closed"));
    expect(feed.mode).toBe("poll");
    revision = 3;
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(heard.at(-1)).toBe("3");
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 5_000 + 10_000);
    expect(attempts.slice(1).map((at) => at - start)).toEqual([1_000, 3_000, 8_000, 18_000]);
    expect(feed.mode).toBe("listen");
    expect(warnings).toHaveLength(1);
    // Listening again reads what moved meanwhile.
    revision = 4;
    notify("5");
    expect(heard.at(-1)).toBe("5");
    await feed.stop();
  });
});
