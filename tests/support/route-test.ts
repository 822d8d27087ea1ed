import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import { test } from "vitest";
import type { Database } from "~/platform/database/database.server";
import { sendStaffAuthEmail } from "~/staff/accounts/recovery.server";
import type { StaffClaims } from "~/staff/editor/staff-transaction.server";
import { asRole, asUser, editorAndStranger } from "./database-roles";
import { formPost, routeArgs } from "./route-args";
import { signedInContext as signInFor, type SignedIn } from "./staff-context";
import { staffHarness, testImageStore } from "./staff-session";
import { contextWithDatabase, openTestDatabase, type Driver } from "./test-database";

export { caught, formPost, routeArgs } from "./route-args";
export { drivers, type Driver } from "./test-database";

/**
 * What one file's tests share on one database: each part made when a test
 * first asks for it, and undone, last made first, when the file ends.
 */
class Shared {
  private readonly made = new Map<string, Promise<unknown>>();
  private readonly undo: (() => Promise<void>)[] = [];

  once<T>(key: string, make: () => T | Promise<T>, dispose?: (value: T) => unknown): Promise<T> {
    let value = this.made.get(key) as Promise<T> | undefined;
    if (!value) {
      value = Promise.resolve().then(make);
      this.made.set(key, value);
      if (dispose) {
        const made = value;
        this.undo.push(async () => void (await dispose(await made)));
      }
    }
    return value;
  }

  async close(): Promise<void> {
    const failures: unknown[] = [];
    for (const step of this.undo.reverse()) await step().catch((error) => failures.push(error));
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, "Undoing a file's set-up failed");
  }
}

/** A request's URL on the site. */
const onSite = (path: string) => new URL(path, "http://localhost");

type Params = Record<string, string>;

/** Runs work as `who` (a user's claims, or a visitor), in a transaction that is rolled back. */
const runAs =
  (db: Database, who: StaffClaims | "anon") =>
  <T>(work: (tx: Database) => Promise<T>) =>
    who === "anon" ? asRole(db, who, work) : asUser(db, who, work);

/**
 * Route tests: a test names what it needs and gets it.
 *
 * - `db`: a copy of the seeded database on the test's driver, shared by the
 *   file's tests on that driver (opened by the first that asks for it, closed
 *   when the file ends), as a `beforeAll` would; a `describe` whose tests need
 *   one of their own names them with `databaseFor`;
 * - `context`: a request context reading from it, new for each test;
 * - `get` and `post`: the arguments a loader or action gets for a GET or a
 *   form post of `path` in that context;
 * - `staff`: the staff area over `db` (`staffHarness`), with its pictures in a
 *   folder of the file's own (`imageRoot`) and its recovery and invitation
 *   mails queued as the server queues them;
 * - `dataDirectory`: an empty folder of the test's own, removed when it ends;
 * - `editor` and `owner`: a browser signed in as an editor or an owner, one of
 *   each for the file's tests on each driver;
 * - `signedInContext(role)`: a request context as the staff middleware leaves
 *   it for someone with `role` (`null`: signed in, not on the staff list), one
 *   for each role;
 * - `once(key, make, dispose?)`: a value of the file's own made once for each
 *   database, for set-up the tests on it share (rows they read, ids they need);
 * - `claims`: claims of an editor and of a signed-in user not on the staff
 *   list, made in `db` once, for queries run under row level security; and
 *   `asEditor`, `asStranger` and `asAnon`, which run work as the editor, the
 *   stranger or a visitor (the anon role) in a transaction that is rolled back.
 *
 * The driver is PGlite unless a `describe` says otherwise:
 *
 *     describe.each(drivers)("the hours editor's routes on %s", (driver) => {
 *       routeTest.override({ driver });
 *       routeTest("...", async ({ staff, editor }) => { ... });
 *     });
 *
 * and one whose tests need a database of their own names them:
 *
 *     routeTest.override({ driver, databaseFor: "the mail server's tests" });
 */
export const routeTest = test
  .extend("driver", "pglite" as Driver)
  .extend("databaseFor", "the file's tests")
  .extend(
    "shared",
    { scope: "file" },
    // Vitest reads a fixture's dependencies from its first parameter's pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, { onCleanup }) => {
      const byDatabase = new Map<string, Shared>();
      onCleanup(async () => {
        for (const shared of byDatabase.values()) await shared.close();
      });
      return {
        on(driver: Driver, tests: string): Shared {
          const key = `${tests} on ${driver}`;
          let shared = byDatabase.get(key);
          if (!shared) byDatabase.set(key, (shared = new Shared()));
          return shared;
        },
      };
    },
  )
  .extend("once", ({ shared, driver, databaseFor }) => {
    const on = shared.on(driver, databaseFor);
    return <T>(key: string, make: () => T | Promise<T>, dispose?: (value: T) => unknown) =>
      on.once(key, make, dispose);
  })
  .extend("db", ({ once, driver }) =>
    once(
      "db",
      () => openTestDatabase(driver),
      (db) => db[Symbol.asyncDispose](),
    ),
  )
  .extend("context", ({ db }): RouterContextProvider => contextWithDatabase(db))
  .extend(
    "get",
    ({ context }) =>
      <P extends Params = Params>(
        path: string,
        { params = {} as P, on = context }: { params?: P; on?: RouterContextProvider } = {},
      ) =>
        routeArgs<P>(new Request(onSite(path)), { params, context: on }),
  )
  .extend(
    "post",
    ({ context }) =>
      <P extends Params = Params>(
        path: string,
        fields: Record<string, string>,
        {
          params = {} as P,
          headers = {},
          on = context,
        }: { params?: P; headers?: Record<string, string>; on?: RouterContextProvider } = {},
      ) =>
        routeArgs<P>(formPost(path, fields, headers), { params, context: on }),
  )
  .extend("imageRoot", ({ once }) =>
    once(
      "imageRoot",
      () => mkdtemp(path.join(tmpdir(), "route-test-")),
      (root) => rm(root, { recursive: true, force: true }),
    ),
  )
  // eslint-disable-next-line no-empty-pattern
  .extend("dataDirectory", async ({}, { onCleanup }) => {
    const directory = await mkdtemp(path.join(tmpdir(), "route-test-data-"));
    onCleanup(() => rm(directory, { recursive: true, force: true }));
    return directory;
  })
  .extend("staff", ({ once, db, imageRoot }) =>
    once("staff", () =>
      staffHarness(db, { imageStore: testImageStore(imageRoot), sendEmail: sendStaffAuthEmail }),
    ),
  )
  .extend("editor", ({ once, staff }) => once("editor", () => staff.signedIn("editor")))
  .extend("owner", ({ once, staff }) => once("owner", () => staff.signedIn("owner")))
  .extend(
    "signedInContext",
    ({ once, db, staff }) =>
      (role: "owner" | "editor" | null): Promise<SignedIn> =>
        once(`signed in as ${role ?? "no one on the staff list"}`, () =>
          signInFor(db, staff.backend, role),
        ),
  )
  .extend("claims", ({ once, db }) => once("claims", () => editorAndStranger(db, "queries")))
  .extend("asEditor", ({ db, claims }) => runAs(db, claims.editor))
  .extend("asStranger", ({ db, claims }) => runAs(db, claims.stranger))
  .extend("asAnon", ({ db }) => runAs(db, "anon"));
