import type { Route } from "./+types/healthz";
import { QUERY_TIMEOUT_MS, pingDatabase, type Database } from "~/platform/database/database.server";
import { databaseContext, lastGoodContentContext, liveContext } from "~/platform/context";
import { servesWithoutDatabase } from "~/site/site-content.server";
import { buildInfo } from "~/platform/build-info";
import { cacheControl } from "~/platform/cache-control";
import { log } from "~/platform/logger.server";

/**
 * How long the check waits for the database. Fly's and Docker's checks give
 * up after a few seconds; a server still serving pages must answer well
 * before that, whatever the database is doing.
 */
export const HEALTH_CHECK_DATABASE_WAIT_MS = 150;

/** The ping in flight and when it was sent, shared: a stalled database does not pile up one query per check. */
const pings = new WeakMap<() => Promise<Database>, { running: Promise<void>; sentAt: number }>();

/** What the last ping to finish found, and why it failed. */
const lastFound = new WeakMap<
  () => Promise<Database>,
  { up: true } | { up: false; error: unknown }
>();

function ping(database: () => Promise<Database>): { running: Promise<void>; sentAt: number } {
  let sent = pings.get(database);
  if (!sent) {
    const running = database()
      .then(pingDatabase)
      .then(
        () => void lastFound.set(database, { up: true }),
        (error: unknown) => {
          lastFound.set(database, { up: false, error });
          throw error;
        },
      )
      .finally(() => pings.delete(database));
    sent = { running, sentAt: Date.now() };
    pings.set(database, sent);
  }
  return sent;
}

/**
 * For load balancers and `fly.toml`: 200 while the server can serve pages.
 * A database outage (a ping that failed: refused, lost, or no answer within
 * the query time-out) is reported ("degraded", database "down") but still answers 200
 * while pages are served from the last good copy of the content; failing the
 * check would take a working server out of rotation. A server with nothing
 * kept to serve (started during an outage, before it ever read the content)
 * answers 503 ("unavailable"), so the proxy sends visitors elsewhere.
 * `live` says how this server learns of content changes ("listen" or
 * "poll") and how many live streams are open.
 *
 * The check waits at most HEALTH_CHECK_DATABASE_WAIT_MS for its ping; one
 * not answered by then (a busy machine, a query queue) is no outage yet: the
 * check says what the last ping to finish found. The database is reported
 * down once a ping has failed, or has gone unanswered for the query time-out.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const source = context.get(databaseContext);
  let database: "up" | "down" = "up";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<"waited">((resolve) => {
    timer = setTimeout(() => resolve("waited"), HEALTH_CHECK_DATABASE_WAIT_MS);
  });
  try {
    const { running, sentAt } = ping(source);
    const answered = await Promise.race([running, waited]);
    if (answered === "waited") {
      const last = lastFound.get(source);
      const unanswered = Date.now() - sentAt >= QUERY_TIMEOUT_MS;
      if (unanswered || (last && !last.up)) {
        database = "down";
        log.warn("Health check: the database did not answer", {
          error: unanswered
            ? `no answer within ${QUERY_TIMEOUT_MS} ms`
            : last?.up === false && last.error,
        });
      }
    }
  } catch (error) {
    database = "down";
    log.warn("Health check: the database did not answer", { error });
  } finally {
    clearTimeout(timer);
  }
  const serving = database === "up" || servesWithoutDatabase(context.get(lastGoodContentContext));
  return Response.json(
    {
      status: database === "up" ? "ok" : serving ? "degraded" : "unavailable",
      database,
      content: database === "up" ? "current" : serving ? "last good copy" : "none",
      buildId: buildInfo.buildId,
      uptimeSeconds: Math.round(process.uptime()),
      live: context.get(liveContext)?.status(),
    },
    {
      status: serving ? 200 : 503,
      headers: {
        "Cache-Control": cacheControl.noStore,
        ...(serving ? {} : { "Retry-After": "5" }),
      },
    },
  );
}
