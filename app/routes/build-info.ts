import { cacheControl } from "~/lib/cache-control";
import { buildInfo } from "~/lib/build-info";

/** The build the server runs; open pages poll it to notice a new deployment. */
export function loader() {
  return Response.json(buildInfo, { headers: { "Cache-Control": cacheControl.noStore } });
}
