import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { openDatabase, type Database } from "~/platform/database/database.server";
import { migrate, seedIfEmpty } from "~/platform/database/migrations.server";
import { purgeOnce, startDailyPurge } from "~/enquiries/retention.server";
import { startDailyPictureSweep } from "~/images/picture-sweep.server";
import { importFolderUploads } from "~/platform/upload-store.server";
import { authBackendFor } from "~/platform/auth-backend.server";
import { addStaff } from "~/staff/add-staff.server";
import { offerFirstOwnerSetup } from "~/staff/first-owner.server";
import { STAFF_ADD_USAGE } from "~/staff/staff-forms";
import { parseStaffAddArguments } from "~/staff/staff-forms.server";
import {
  RETRY_AFTER_FAILURE_MS,
  closeSharedDatabase,
  setPGliteTemplate,
  sharedDatabase,
} from "~/platform/database/connection.server";
import { warmSiteContent } from "~/site/site-content.server";
import { defaultImageStore } from "~/platform/context";
import { env } from "~/platform/env.server";
import { log } from "~/platform/logger.server";
import { answerClientError } from "~/platform/http/client-errors";
import { answerBeforeFetch, createAppHandler, failedOutsideTheApp, type AppHandler } from "./app";
import { gracefulShutdown } from "./shutdown";

/** The React Router build this server runs; tests import it from the built file. */
export const build = serverBuild as unknown as ServerBuild;
export { createAppHandler };

/** The empty embedded database the build makes beside this file, for a first start to copy. */
const PGLITE_TEMPLATE = fileURLToPath(new URL("./pglite-template", import.meta.url));

const MINIMUM_NODE = [22, 22] as const;

function assertNodeVersion() {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1])) return;
  console.error(
    `Node ${MINIMUM_NODE.join(".")} or later is required; this is ${process.versions.node}. ` +
      "Start the site with `npm start`, which uses the Node the project installs.",
  );
  process.exit(1);
}

/**
 * One line per request. A request the client gave up on before its answer
 * was ready is logged as abandoned, whatever the unfinished work returned:
 * it is no failure of the site's.
 */
function withAccessLog(handler: AppHandler): AppHandler {
  return async (request, client) => {
    const started = performance.now();
    const response = await handler(request, client);
    const { pathname } = new URL(request.url);
    const outcome = request.signal.aborted ? "abandoned by the client" : String(response.status);
    const line = `${request.method} ${pathname} ${outcome} ${(performance.now() - started).toFixed(1)}ms`;
    if (pathname.startsWith("/assets/")) log.debug(line);
    else log.info(line);
    return response;
  };
}

/** Opens, migrates and (embedded) seeds the database, or stops the process saying why. */
/**
 * Opens, migrates and (embedded) seeds the database, then reads every page's
 * content so the first visitors find it in memory. When the database cannot
 * be reached, the server starts anyway, serving the last good content kept
 * in DATA_DIR, and tries again every few seconds until it answers.
 * Resolves after the first attempt, whichever way it went.
 */
function prepareDatabase(): Promise<void> {
  return new Promise((firstAttemptDone) => {
    void (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const db = await sharedDatabase();
          log.info(
            db.kind === "pglite"
              ? `Database: embedded (PGlite) in ${env.DATA_DIR}`
              : "Database: PostgreSQL at DATABASE_URL",
          );
          break;
        } catch (error) {
          if (attempt === 0) {
            log.error(
              "The database could not be opened or migrated; serving the last good content and trying again",
              { error },
            );
          }
          firstAttemptDone();
          await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_FAILURE_MS).unref());
        }
      }
      await warmSiteContent().catch((error: unknown) => {
        log.warn("The content could not be read ahead of the first visitors", { error });
      });
      firstAttemptDone();
    })();
  });
}

/**
 * postgres.js (3.4.9) writes small messages from a timer, which can fire
 * after the connection closed when the database goes away, and then throws
 * where no caller can catch it (porsager/postgres#1154, #1208). The query it
 * belonged to has already been failed with CONNECTION_CLOSED, so that error
 * is logged and the server goes on; anything else uncaught stops it, as Node
 * would.
 */
function survivePostgresClosedSocketWrites() {
  process.on("uncaughtException", (error) => {
    const stack = error instanceof Error ? (error.stack ?? "") : "";
    if (
      error instanceof TypeError &&
      /reading 'write'/.test(error.message) &&
      /nextWrite .*postgres[/\\]src[/\\]connection\.js/.test(stack)
    ) {
      log.warn("The database connection closed while a write was queued; carrying on", { error });
      return;
    }
    log.error("Uncaught exception; stopping", { error });
    process.exit(1);
  });
}

async function start() {
  assertNodeVersion();
  survivePostgresClosedSocketWrites();
  setPGliteTemplate(PGLITE_TEMPLATE);
  // A first start makes its database here; a database that does not answer
  // does not keep the server from starting.
  await prepareDatabase();
  const handler = await createAppHandler({
    build,
    mode: env.NODE_ENV,
    clientDirectory: fileURLToPath(new URL("../client", import.meta.url)),
    clientIpHeader: env.CLIENT_IP_HEADER,
  });

  const listener = createRequestListener(log.enabled("info") ? withAccessLog(handler) : handler, {
    trustProxy: env.TRUST_PROXY,
    onError(error) {
      log.error("Request failed outside the app", { error });
      return failedOutsideTheApp();
    },
  });

  const server = createServer(
    {
      requestTimeout: 30_000,
      headersTimeout: 15_000,
      keepAliveTimeout: 5_000,
      // An HTTP/1.1 request without Host is refused by answerBeforeFetch, with the security headers.
      requireHostHeader: false,
    },
    (req, res) => {
      shutdown.handle(res, () => {
        if (answerBeforeFetch(req, res, { trustProxy: env.TRUST_PROXY })) return;
        void listener(req, res);
      });
    },
  );

  // Requests Node's parser refuses get its answer, with the security headers.
  server.on("clientError", answerClientError);

  const shutdown = gracefulShutdown(server, { graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000, log });

  const stopPurge = startDailyPurge({
    database: sharedDatabase,
    retentionDays: env.ENQUIRY_RETENTION_DAYS,
  });
  log.info(`Uploaded pictures are kept in ${defaultImageStore.uploads.description}`);
  if (env.DATABASE_URL && !env.SUPABASE_URL) {
    // An earlier version kept them in DATA_DIR even with a database server.
    importFolderUploads(env.DATA_DIR, sharedDatabase).then(
      (copied) => {
        if (copied > 0)
          log.info(`Copied ${copied} uploaded picture(s) from DATA_DIR into the database`);
      },
      (error: unknown) =>
        log.warn("Pictures in DATA_DIR could not be copied into the database", { error }),
    );
  }
  // Uploaded pictures no page uses, a minute after the start and daily.
  const stopSweep = startDailyPictureSweep({
    database: sharedDatabase,
    images: defaultImageStore,
  });

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    const origin = `http://${env.HOST ?? "localhost"}:${port}`;
    log.info(`Listening on ${origin}`, { mode: env.NODE_ENV, buildId: __BUILD_ID__ });
    offerFirstOwnerSetup(env.SITE_URL ?? origin).catch((error: unknown) => {
      log.error("The first owner's setup link could not be made", { error });
    });
  });

  function stop(signal: NodeJS.Signals) {
    if (shutdown.stopping) return;
    stopPurge();
    stopSweep();
    void shutdown.stop(signal).then(async (code) => {
      await closeSharedDatabase().catch((error: unknown) => {
        log.error("Error while closing the database", { error });
      });
      log.info("Stopped");
      process.exit(code);
    });
  }

  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** Chores for ops: `node build/server/index.js migrate|seed|purge-enquiries|staff-add`. */
const COMMANDS = {
  async migrate(db: Database) {
    const applied = await migrate(db);
    console.log(
      applied.length === 0
        ? "The database is up to date."
        : applied.map((m) => `Applied ${m.version}_${m.name}`).join("\n"),
    );
  },
  async seed(db: Database) {
    await migrate(db);
    console.log(
      (await seedIfEmpty(db))
        ? "Loaded the sample content."
        : "The database already has content; the sample content was not loaded.",
    );
  },
  async "purge-enquiries"(db: Database) {
    await migrate(db);
    const { enquiries } = await purgeOnce(db, env.ENQUIRY_RETENTION_DAYS);
    console.log(
      `Deleted ${enquiries} ${enquiries === 1 ? "enquiry" : "enquiries"} older than ${env.ENQUIRY_RETENTION_DAYS} days.`,
    );
  },
  async "staff-add"(db: Database, args: readonly string[]) {
    const parsed = parseStaffAddArguments(args);
    if (!parsed.ok) throw new UsageError(`${parsed.message}\n${STAFF_ADD_USAGE}`);
    await migrate(db);
    const password = parsed.passwordFromStdin ? await readPassword() : undefined;
    const backend = await authBackendFor(db);
    for (const email of parsed.emails) {
      const added = await addStaff(db, backend, { email, role: parsed.role, password });
      console.log(
        `${added.email} is on the staff list as ${added.role === "owner" ? "an owner" : "an editor"}.`,
      );
      console.log(
        added.password
          ? `Their password, shown this once: ${added.password}`
          : added.created
            ? "They sign in with the password given."
            : "They sign in with the password they already have.",
      );
    }
  },
} satisfies Record<string, (db: Database, args: readonly string[]) => Promise<void>>;

/** A command given the wrong arguments: its message is the usage, and the exit code 2. */
class UsageError extends Error {}

/** The first line of standard input, for a password that should not be in the shell's history. */
async function readPassword(): Promise<string> {
  let input = "";
  for await (const chunk of process.stdin) input += String(chunk);
  const password = input.split(/\r?\n/, 1)[0] ?? "";
  if (!password) throw new UsageError("--password-stdin read no password from standard input.");
  return password;
}

async function runCommand(name: string, args: readonly string[]): Promise<number> {
  if (!Object.hasOwn(COMMANDS, name)) {
    console.error(`Unknown command "${name}". Commands: ${Object.keys(COMMANDS).join(", ")}.`);
    return 2;
  }
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDirectory: env.DATA_DIR,
    pgliteTemplate: { directory: PGLITE_TEMPLATE },
  });
  try {
    await COMMANDS[name as keyof typeof COMMANDS](db, args);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const [command, ...args] = process.argv.slice(2);
  if (command) process.exitCode = await runCommand(command, args);
  else await start();
}
