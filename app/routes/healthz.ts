import type { Route } from "./+types/healthz";
import { pingDatabase, type Database } from "~/platform/database/database.server";
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

/** The ping in flight, shared: a stalled database does not pile up one query per check. */
const pings = new WeakMap<() => Promise<Database>, Promise<void>>();

function ping(database: () => Promise<Database>): Promise<void> {
  let running = pings.get(database);
  if (!running) {
    running = database()
      .then(pingDatabase)
      .finally(() => pings.delete(database));
    pings.set(database, running);
  }
  return running;
}

/**
 * For load balancers and `fly.toml`: 200 while the server can serve pages.
 * A database outage (down, or slower than HEALTH_CHECK_DATABASE_WAIT_MS to
 * answer) is reported ("degraded", database "down") but still answers 200
 * while pages are served from the last good copy of the content; failing the
 * check would take a working server out of rotation. A server with nothing
 * kept to serve (started during an outage, before it ever read the content)
 * answers 503 ("unavailable"), so the proxy sends visitors elsewhere.
 * `live` says how this server learns of content changes ("listen" or
 * "poll") and how many live streams are open.
 */
export async function loader({ context }: Route.LoaderArgs) {
  let database: "up" | "down" = "up";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_CHECK_DATABASE_WAIT_MS} ms`)),
      HEALTH_CHECK_DATABASE_WAIT_MS,
    );
  });
  try {
    await Promise.race([ping(context.get(databaseContext)), tooSlow]);
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
