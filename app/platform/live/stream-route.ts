import type { Route } from "./+types/stream-route";
import { liveContext } from "~/platform/context";
import { liveUnavailable } from "~/platform/live/live-answers";
import type { RouteHandle } from "~/platform/route-needs";

/** An endless event stream, only read: the server passes it on as it comes. */
export const handle = { transport: { stream: true, methods: "read" } } satisfies RouteHandle;

/**
 * `GET /live`: Server-Sent Events, the content revision now and each time
 * it moves (see LiveStreams.open). The query string and `Last-Event-ID` are
 * not needed: every stream begins with the current revision, which is how a
 * reconnecting page catches up.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const live = context.get(liveContext);
  return live ? live.open(request) : liveUnavailable();
}
