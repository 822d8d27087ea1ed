import type { Route } from "./+types/revision-route";
import { liveContext } from "~/platform/context";
import { liveUnavailable, revisionAnswer } from "~/platform/live/live-answers";
import type { RouteHandle } from "~/platform/route-needs";

/**
 * The stream's stand-in, polled by the same script and answered as the
 * stream is: only read, passed on as it comes, no client-router data.
 */
export const handle = { transport: { stream: true, methods: "read" } } satisfies RouteHandle;

/**
 * `GET /live/revision`: `{"revision":"…"}` with its ETag, 304 when the
 * page's `If-None-Match` has it: what a page polls when it has no stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const live = context.get(liveContext);
  if (!live) return liveUnavailable();
  return revisionAnswer(request, await live.revision());
}
