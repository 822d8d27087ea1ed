import { cacheControl } from "~/lib/cache-control";
import { buildInfo } from "~/lib/build-info";

/** For load balancers and `fly.toml`: 200 while the server can serve pages. */
export function loader() {
  return Response.json(
    { status: "ok", buildId: buildInfo.buildId, uptimeSeconds: Math.round(process.uptime()) },
    { headers: { "Cache-Control": cacheControl.noStore } },
  );
}
