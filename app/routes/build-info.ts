import { cacheControl } from "~/platform/cache-control";
import { buildInfo } from "~/platform/build-info";

/** The build the server runs; open pages poll it to notice a new deployment. */
export function loader() {
  return Response.json(buildInfo, { headers: { "Cache-Control": cacheControl.noStore } });
}
