import type { Route } from "./+types/healthz";
import { pingDatabase } from "~/platform/database/database.server";
import { databaseContext } from "~/platform/context";
import { buildInfo } from "~/platform/build-info";
import { cacheControl } from "~/platform/cache-control";
import { log } from "~/platform/logger.server";

/**
 * For load balancers and `fly.toml`: 200 while the server can serve pages.
 * A database outage is reported ("degraded", database "down") but still
 * answers 200, because pages go on being served from the content cache;
 * failing the check would take a working server out of rotation.
 */
export async function loader({ context }: Route.LoaderArgs) {
  let database: "up" | "down" = "up";
  try {
    await pingDatabase(await context.get(databaseContext)());
  } catch (error) {
    database = "down";
    log.warn("Health check: the database did not answer", { error });
  }
  return Response.json(
    {
      status: database === "up" ? "ok" : "degraded",
      database,
      buildId: buildInfo.buildId,
      uptimeSeconds: Math.round(process.uptime()),
    },
    { headers: { "Cache-Control": cacheControl.noStore } },
  );
}
