import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequestListener, type ClientAddress } from "@remix-run/node-fetch-server";
import { startDailyPurge } from "~/enquiries/retention.server";
import { newsletterPurges } from "~/newsletter/subscribers.server";
import { startDailyPictureSweep } from "~/images/picture-sweep.server";
import {
  RETRY_AFTER_FAILURE_MS,
  closeSharedDatabase,
  setPGliteTemplate,
  sharedDatabase,
} from "~/platform/database/connection.server";
import { env } from "~/platform/env.server";
import { answerClientError } from "~/server/pipeline/client-errors";
import { log } from "~/platform/logger.server";
import { startMailSender } from "~/platform/mail/mail-sender.server";
import { smtpTransport } from "~/platform/mail/smtp-transport.server";
import { importFolderUploads } from "~/platform/upload-store.server";
import { warmSiteContent } from "~/site/site-content.server";
import { sendAuthEmailWith } from "~/platform/auth-backend.server";
import { offerFirstOwnerSetup } from "~/staff/accounts/first-owner.server";
import { sendStaffAuthEmail } from "~/staff/accounts/recovery.server";
import { answerBeforeFetch, failedOutsideTheApp, type AppHandler } from "./pipeline/pipeline";
import { serverImageStore, serverRequestContext } from "./pipeline/request-context";
import { gracefulShutdown } from "./pipeline/shutdown";
import { startLive, stopLive } from "~/platform/live/live-process.server";
import { StreamFellBehindError } from "~/platform/live/live-streams.server";
import { listensOn } from "~/platform/site-origin.server";
import { onUnhandledRejection } from "./unhandled";

/**
 * The process around the request pipeline, the same for `npm run serve` and
 * `npm run dev`: the database made ready, the HTTP listener, the daily jobs,
 * and a stop on SIGTERM that drops nothing.
 */

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
  const logged = async (request: Request, client: ClientAddress) => {
    const started = performance.now();
    const response = await handler(request, client);
    const { pathname } = new URL(request.url);
    const outcome = request.signal.aborted ? "abandoned by the client" : String(response.status);
    const line = `${request.method} ${pathname} ${outcome} ${(performance.now() - started).toFixed(1)}ms`;
    if (pathname.startsWith("/assets/")) log.debug(line);
    else log.info(line);
    return response;
  };
  return Object.assign(logged, { allowedMethods: handler.allowedMethods });
}

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
      await warmSiteContent(serverRequestContext()).catch((error: unknown) => {
        log.warn("The content could not be read ahead of the first visitors", { error });
      });
      firstAttemptDone();
    })();
  });
}

/** A rejection nothing waits for: see `onUnhandledRejection`. Anything uncaught is logged before the server stops. */
function stopOnUncaught() {
  process.on("unhandledRejection", onUnhandledRejection);
  process.on("uncaughtException", (error) => {
    log.error("Uncaught exception; stopping", { error });
    process.exit(1);
  });
}

export type ServeOptions = {
  /** The empty embedded database a first start copies (the build's), when there is one. */
  pgliteTemplate?: string;
  /** The request pipeline, made once the database has had its first try. */
  pipeline: () => Promise<AppHandler>;
  /**
   * Answers a request before the pipeline does, or calls `next` (the
   * development server's own files and hot-reload socket).
   */
  before?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** The HTTP server to listen with (the development server shares it with its hot-reload socket). */
  server?: Server;
};

/** Starts the site: see the module's comment. */
export async function serve({
  pgliteTemplate,
  pipeline,
  before,
  server: given,
}: ServeOptions): Promise<void> {
  assertNodeVersion();
  stopOnUncaught();
  if (pgliteTemplate) setPGliteTemplate(pgliteTemplate);
  // A first start makes its database here; a database that does not answer
  // does not keep the server from starting.
  await prepareDatabase();
  const handler = await pipeline();
  // The live channel: listening on the database (or polling), said in the
  // log. Not waited for: a listener host that does not answer must not hold
  // up the start (pages follow by polling meanwhile).
  void startLive();

  const listener = createRequestListener(log.enabled("info") ? withAccessLog(handler) : handler, {
    trustProxy: env.TRUST_PROXY,
    onError(error) {
      if (error instanceof StreamFellBehindError) {
        log.info(error.message);
        return failedOutsideTheApp();
      }
      log.error("Request failed outside the app", { error });
      return failedOutsideTheApp();
    },
  });
  const toPipeline = (req: IncomingMessage, res: ServerResponse) => {
    const options = { trustProxy: env.TRUST_PROXY, allowedMethods: handler.allowedMethods };
    if (answerBeforeFetch(req, res, options)) return;
    void listener(req, res);
  };

  const server = given ?? createServer();
  Object.assign(server, {
    requestTimeout: 30_000,
    headersTimeout: 15_000,
    keepAliveTimeout: 5_000,
    // An HTTP/1.1 request without Host is refused by answerBeforeFetch, with the security headers.
    requireHostHeader: false,
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    shutdown.handle(res, () => {
      if (before) before(req, res, () => toPipeline(req, res));
      else toPipeline(req, res);
    });
  });

  // Requests Node's parser refuses get its answer, with the security headers.
  server.on("clientError", answerClientError);

  const shutdown = gracefulShutdown(server, { graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000, log });

  const stopPurge = startDailyPurge({
    database: sharedDatabase,
    retentionDays: env.ENQUIRY_RETENTION_DAYS,
    others: newsletterPurges,
  });
  log.info(`Uploaded pictures are kept in ${serverImageStore.uploads.description}`);
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
    images: serverImageStore,
  });

  // The outbox's sender: mail is sent as it is queued, and retried while the
  // mail server is down. Without one, it waits in the outbox.
  const transport =
    env.SMTP_URL && env.MAIL_FROM
      ? smtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM })
      : null;
  log.info(
    transport
      ? `Mail is sent through ${transport.description} from ${env.MAIL_FROM?.address ?? ""}`
      : "No mail server is configured (SMTP_URL): mail waits in the outbox, where owners read it at /staff/outbox, and is printed to the log",
  );
  const sender = startMailSender({ database: sharedDatabase, transport });
  // The embedded sign-in service's recovery links go out through the outbox.
  sendAuthEmailWith(sendStaffAuthEmail);

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    listensOn(port);
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
    // Open streams never finish by themselves: ended first, so the grace
    // period is not spent on them, and their browsers reconnect elsewhere.
    const ended = stopLive();
    if (ended > 0) log.info(`${signal}: ended ${ended} live stream(s)`);
    // A mail being handed to the server finishes, and is marked, first.
    const senderStopped = sender.stop().catch((error: unknown) => {
      log.error("Error while stopping the mail sender", { error });
    });
    void shutdown.stop(signal).then(async (code) => {
      await senderStopped;
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
